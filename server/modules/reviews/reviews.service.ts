/**
 * Reviews (issue 42): who may write one (a signed-in buyer whose order holding the product was delivered), the save
 * (one per product per buyer, editable), the admin's hide and unhide, and the public figures. Every change rewrites
 * the product's ratings row in its transaction and forgets the catalogue, which shows those figures in its grid.
 */
import { reviewAuthor, reviewLimits, reviewTexts } from '../../../domain/reviews';
import type {
  AdminReviewsQuery,
  AdminReviewsReply,
  MyReviewReply,
  OwnReview,
  ProductRating,
  ProductReviewsReply,
  RatingSummary,
  ReviewRequest,
  ReviewVisibilityRequest,
  SaveReviewReply,
} from '../../../domain/reviews';
import type { Database } from '../../db/client';
import { Forbidden, NotFound } from '../../errors';
import { cachedReviews, invalidateCatalogCache, notifyCatalogChanged } from '../catalog/catalog.cache';
import {
  lockRatings,
  recountRatings,
  selectAdminReviews,
  selectLiveProductId,
  selectOwnReview,
  selectPurchaseStanding,
  selectReviewProduct,
  selectStarCounts,
  selectUserId,
  selectVisibleReviews,
  setReviewHidden,
  upsertReview,
} from './reviews.queries';
import type { StarCounts } from './reviews.queries';

/** The average (to one decimal, 0 without reviews) and count of five star counts. */
export function ratingOf(stars: readonly number[]): ProductRating {
  const count = stars.reduce((sum, n) => sum + n, 0);
  const total = stars.reduce((sum, n, index) => sum + n * (index + 1), 0);
  return { average: count === 0 ? 0 : Math.round((total * 10) / count) / 10, count };
}

/** A product card's stars: only products with visible reviews carry them (the category grid, search results). */
export function cardRating(stars: readonly number[] | null): { rating?: ProductRating } {
  const rating = stars ? ratingOf(stars) : null;
  return rating && rating.count > 0 ? { rating } : {};
}

const summaryOf = (stars: StarCounts): RatingSummary => ({ ...ratingOf(stars), stars });

async function liveProductId(db: Database, externalId: string): Promise<number> {
  const productId = await selectLiveProductId(db, externalId);
  if (productId === undefined) throw new NotFound(reviewTexts.productNotFound);
  return productId;
}

/** A page of the product's visible reviews with its summary; cached with the catalogue, which a review change clears. */
export function productReviews(db: Database, externalId: string, page: number): Promise<ProductReviewsReply> {
  return cachedReviews(db, JSON.stringify([externalId, page]), async () => {
    const productId = await liveProductId(db, externalId);
    const { pageSize } = reviewLimits;
    const [stars, rows] = [await selectStarCounts(db, productId), await selectVisibleReviews(db, productId, { limit: pageSize, offset: (page - 1) * pageSize })];
    return {
      summary: summaryOf(stars),
      page,
      pageSize,
      reviews: rows.map((row) => ({
        id: row.id,
        stars: row.stars,
        text: row.text,
        author: reviewAuthor(row.firstName, row.lastName),
        createdAt: row.createdAt.toISOString(),
        editedAt: row.editedAt?.toISOString() ?? null,
      })),
    };
  });
}

type OwnRow = { stars: number; text: string; createdAt: Date; editedAt: Date | null; hiddenAt: Date | null };
const ownReviewOf = (row: OwnRow): OwnReview => ({
  stars: row.stars,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt?.toISOString() ?? null,
  hidden: row.hiddenAt !== null,
});

const refusalOf = { 'on its way': reviewTexts.notDelivered, none: reviewTexts.notBought } as const;

/** The caller's review of the product (to fill the form) and whether she may write or edit one. */
export async function myReview(db: Database, callerExternalId: string, productExternalId: string): Promise<MyReviewReply> {
  const productId = await liveProductId(db, productExternalId);
  const userId = await selectUserId(db, callerExternalId);
  if (userId === undefined) return { canReview: false, reason: reviewTexts.signIn, review: null };
  const standing = await selectPurchaseStanding(db, productId, userId);
  const own = await selectOwnReview(db, productId, userId);
  return {
    canReview: standing === 'delivered',
    reason: standing === 'delivered' ? null : refusalOf[standing],
    review: own ? ownReviewOf(own) : null,
  };
}

/**
 * Creates or replaces the caller's review, once her order holding the product was delivered (403 with the reason
 * otherwise). A hidden review stays hidden when edited: the admin decides whether it shows again.
 */
export async function saveReview(db: Database, callerExternalId: string, productExternalId: string, request: ReviewRequest, now = new Date()): Promise<SaveReviewReply> {
  const productId = await liveProductId(db, productExternalId);
  const userId = await selectUserId(db, callerExternalId);
  if (userId === undefined) throw new Forbidden(reviewTexts.signIn);
  const saved = await db.transaction(async (tx) => {
    const standing = await selectPurchaseStanding(tx, productId, userId);
    if (standing !== 'delivered') throw new Forbidden(refusalOf[standing]);
    await lockRatings(tx, productId);
    const row = await upsertReview(tx, { productId, userId, stars: request.stars, text: request.text }, now);
    await recountRatings(tx, productId);
    await notifyCatalogChanged(tx);
    return row;
  });
  invalidateCatalogCache(db);
  return { message: saved.editedAt === null ? reviewTexts.created : reviewTexts.updated, review: ownReviewOf(saved) };
}

export async function adminReviews(db: Database, query: AdminReviewsQuery): Promise<AdminReviewsReply> {
  const pageSize = reviewLimits.adminPageSize;
  const rows = await selectAdminReviews(db, query.status, { limit: pageSize, offset: (query.page - 1) * pageSize });
  return {
    total: rows[0]?.total ?? 0,
    page: query.page,
    pageSize,
    reviews: rows.map((row) => ({
      id: row.id,
      productExternalId: row.productExternalId,
      productName: row.productName,
      buyerName: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email,
      buyerEmail: row.email,
      stars: row.stars,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      editedAt: row.editedAt?.toISOString() ?? null,
      hiddenAt: row.hiddenAt?.toISOString() ?? null,
      hiddenReason: row.hiddenReason,
    })),
  };
}

/** Hides a review with its reason, or shows it again; the product's figures follow in the same commit. */
export async function setReviewVisibility(db: Database, reviewId: number, change: ReviewVisibilityRequest, now = new Date()): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const productId = await selectReviewProduct(tx, reviewId);
    if (productId === undefined) throw new NotFound(reviewTexts.notFound);
    await lockRatings(tx, productId);
    await setReviewHidden(tx, reviewId, { hidden: change.hidden, reason: change.reason }, now);
    await recountRatings(tx, productId);
    await notifyCatalogChanged(tx);
  });
  invalidateCatalogCache(db);
  return { message: change.hidden ? 'Review hidden' : 'Review shown' };
}
