/**
 * Reviews' reads and writes (issue 42): one product's visible reviews, a buyer's own review and whether her order was
 * delivered, the admin's list, and the product_ratings row each save or hide rewrites in its transaction.
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ReviewVisibility } from '../../../domain/reviews';
import type { Database, Transaction } from '../../db/client';
import { orderItems, orders, productRatings, productReviews, products, users } from '../../db/schema';

type Reader = Database | Transaction;

/** A product that is not removed, by its external id. */
export async function selectLiveProductId(db: Reader, externalId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.externalId, externalId), eq(products.isRemoved, false)))
    .limit(1);
  return row?.id;
}

export async function selectUserId(db: Reader, externalId: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.externalId, externalId)).limit(1);
  return row?.id;
}

export type StarCounts = [number, number, number, number, number];

/** How many visible reviews give 1..5 stars; zeros for a product nobody reviewed. */
export async function selectStarCounts(db: Reader, productId: number): Promise<StarCounts> {
  const [row] = await db.select().from(productRatings).where(eq(productRatings.productId, productId)).limit(1);
  return row ? [row.oneStar, row.twoStars, row.threeStars, row.fourStars, row.fiveStars] : [0, 0, 0, 0, 0];
}

/** A page of a product's visible reviews, newest first, with the buyer's names as her account now reads. */
export function selectVisibleReviews(db: Reader, productId: number, { limit, offset }: { limit: number; offset: number }) {
  return db
    .select({
      id: productReviews.id,
      stars: productReviews.stars,
      text: productReviews.text,
      createdAt: productReviews.createdAt,
      editedAt: productReviews.editedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(and(eq(productReviews.productId, productId), isNull(productReviews.hiddenAt)))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(limit)
    .offset(offset);
}

export async function selectOwnReview(db: Reader, productId: number, userId: number) {
  const [row] = await db
    .select({
      stars: productReviews.stars,
      text: productReviews.text,
      createdAt: productReviews.createdAt,
      editedAt: productReviews.editedAt,
      hiddenAt: productReviews.hiddenAt,
    })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Where the buyer stands with the product: an order holding it that was delivered (she may review), one that was paid
 * and is on its way (not yet), or none.
 */
export async function selectPurchaseStanding(db: Reader, productId: number, userId: number): Promise<'delivered' | 'on its way' | 'none'> {
  const [row] = await db
    .select({
      delivered: sql<boolean>`bool_or(${orders.status} = 'Delivered')`,
      paid: sql<boolean>`bool_or(${orders.paymentState} not in ('pending', 'failed', 'expired') and ${orders.status} <> 'Cancelled')`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId)));
  if (row?.delivered) return 'delivered';
  if (row?.paid) return 'on its way';
  return 'none';
}

/** Creates her review or replaces its stars and text (the first date stays, the edit's time is kept); true if created. */
export async function upsertReview(tx: Transaction, values: { productId: number; userId: number; stars: number; text: string }, now: Date) {
  const [row] = await tx
    .insert(productReviews)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({
      target: [productReviews.productId, productReviews.userId],
      set: { stars: values.stars, text: values.text, editedAt: now },
    })
    .returning({
      stars: productReviews.stars,
      text: productReviews.text,
      createdAt: productReviews.createdAt,
      editedAt: productReviews.editedAt,
      hiddenAt: productReviews.hiddenAt,
    });
  return row!;
}

/**
 * Takes the product's ratings row for the rest of the transaction (creating it when missing), so that two saves for
 * one product count each other: the second waits here, and its recount then sees the first's review.
 */
export async function lockRatings(tx: Transaction, productId: number): Promise<void> {
  await tx
    .insert(productRatings)
    .values({ productId })
    .onConflictDoUpdate({ target: productRatings.productId, set: { oneStar: sql`${productRatings.oneStar}` } });
}

/** Recounts the product's visible reviews into its ratings row; call after lockRatings in the same transaction. */
export async function recountRatings(tx: Transaction, productId: number): Promise<void> {
  const stars = (n: number) => sql<number>`(count(*) filter (where ${productReviews.stars} = ${n}))::integer`;
  const [counts] = await tx
    .select({ one: stars(1), two: stars(2), three: stars(3), four: stars(4), five: stars(5) })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), isNull(productReviews.hiddenAt)));
  await tx
    .update(productRatings)
    .set({ oneStar: counts!.one, twoStars: counts!.two, threeStars: counts!.three, fourStars: counts!.four, fiveStars: counts!.five })
    .where(eq(productRatings.productId, productId));
}

const visibilityFilters: Record<ReviewVisibility, SQL | undefined> = {
  all: undefined,
  visible: isNull(productReviews.hiddenAt),
  hidden: isNotNull(productReviews.hiddenAt),
};

/** The admin's list, newest first, with each review's product and buyer, and how many match in all. */
export function selectAdminReviews(db: Reader, status: ReviewVisibility, { limit, offset }: { limit: number; offset: number }) {
  return db
    .select({
      id: productReviews.id,
      productExternalId: products.externalId,
      productName: products.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      stars: productReviews.stars,
      text: productReviews.text,
      createdAt: productReviews.createdAt,
      editedAt: productReviews.editedAt,
      hiddenAt: productReviews.hiddenAt,
      hiddenReason: productReviews.hiddenReason,
      total: sql<number>`(count(*) over ())::integer`,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .innerJoin(users, eq(users.id, productReviews.userId))
    .where(visibilityFilters[status])
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(limit)
    .offset(offset);
}

export async function selectReviewProduct(tx: Transaction, reviewId: number): Promise<number | undefined> {
  const [row] = await tx.select({ productId: productReviews.productId }).from(productReviews).where(eq(productReviews.id, reviewId)).limit(1);
  return row?.productId;
}

/** Hides (keeping the first hiding's time when hidden again, with the new reason) or shows a review. */
export async function setReviewHidden(tx: Transaction, reviewId: number, change: { hidden: boolean; reason: string }, now: Date): Promise<void> {
  await tx
    .update(productReviews)
    .set(
      change.hidden
        ? { hiddenAt: sql`coalesce(${productReviews.hiddenAt}, ${now.toISOString()}::timestamptz)`, hiddenReason: change.reason }
        : { hiddenAt: null, hiddenReason: '' },
    )
    .where(eq(productReviews.id, reviewId));
}
