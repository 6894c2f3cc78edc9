import { z } from 'zod/mini';
import { rowIdOf } from './fields';
import { indiaDateOf, indiaDateParts } from './india-time';

/**
 * Reviews' contract (issue 42): `GET flowerreviews/{id}` (public: the summary and a page of the newest visible
 * reviews), `GET myreview/{id}` and `PUT myreview/{id}` (the signed-in buyer's own review and whether she may write
 * one), `GET admin/reviews` and `POST admin/reviews/{id}/visibility` (the admin hides or shows one).
 *
 * Who may review: a signed-in account with an order holding the product that was delivered. A guest checkout's orders
 * belong to the account of its e-mail, so a guest who later sets a password (or signs up) with that e-mail may review
 * what was delivered to her then. Stars are required and the text is optional, as the big Indian shops ask: a rating
 * alone still helps the next shopper.
 */
export const reviewLimits = { textMax: 1000, pageSize: 5, adminPageSize: 50, pageMax: 1000, reasonMax: 200 } as const;

export const reviewTexts = {
  signIn: 'Please sign in to review this product.',
  notDelivered: 'You can review this after your order is delivered.',
  notBought: 'Only buyers can review this product, once their order is delivered.',
  productNotFound: 'Product not found',
  stars: 'Please choose from 1 to 5 stars',
  textTooLong: `Your review can be at most ${reviewLimits.textMax} characters`,
  controlCharacters: 'Your review cannot contain control characters',
  page: `Page must be a whole number from 1 to ${reviewLimits.pageMax}`,
  idInvalid: 'id must be a review id',
  notFound: 'Review not found',
  hiddenInvalid: 'hidden must be true or false',
  reasonRequired: 'Please say why the review is hidden',
  reasonTooLong: `The reason can be at most ${reviewLimits.reasonMax} characters`,
  visibilityInvalid: 'status must be all, visible or hidden',
  created: 'Thank you! Your review is published.',
  updated: 'Your review is updated.',
  saveFailed: 'Your review could not be saved. Please try again.',
  loadFailed: 'Reviews could not be loaded.',
  hiddenByShop: 'The shop has hidden this review.',
} as const;

// C0 and C1 controls other than the line break a review may hold (a pasted "\r\n" is kept as "\n").
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** The review text as stored: line endings as "\n", trimmed; empty when there is none. */
export const reviewText = z
  .string({ error: reviewTexts.textTooLong })
  .check(
    z.overwrite((text: string) => text.replace(/\r\n?/g, '\n')),
    z.refine((text: string) => !controlCharacter.test(text), { error: reviewTexts.controlCharacters }),
    z.trim(),
    z.maxLength(reviewLimits.textMax, { error: reviewTexts.textTooLong }),
  );

export const reviewStars = z
  .number({ error: reviewTexts.stars })
  .check(z.int({ error: reviewTexts.stars }), z.minimum(1, { error: reviewTexts.stars }), z.maximum(5, { error: reviewTexts.stars }));

/** `PUT myreview/{id}` body: creates the caller's review or replaces its stars and text. */
export const reviewRequest = z.object({ stars: reviewStars, text: z._default(reviewText, '') });
export type ReviewRequest = z.infer<typeof reviewRequest>;

const pageField = z._default(
  z.coerce
    .number({ error: reviewTexts.page })
    .check(z.int({ error: reviewTexts.page }), z.positive({ error: reviewTexts.page }), z.maximum(reviewLimits.pageMax, { error: reviewTexts.page })),
  1,
);
export const reviewPageQuery = z.object({ page: pageField });

const count = z.number().check(z.int(), z.nonnegative());

/** A product's visible figures: the average to one decimal (0 with no review), the count, and counts for 1..5 stars. */
export const ratingSummary = z.object({ average: z.number(), count, stars: z.tuple([count, count, count, count, count]) });
export type RatingSummary = z.infer<typeof ratingSummary>;
/** What the catalogue and the product reply carry: the average and count only. */
export const productRating = z.object({ average: z.number(), count });
export type ProductRating = z.infer<typeof productRating>;

export const publicReview = z.object({
  id: z.number().check(z.int()),
  stars: z.number().check(z.int()),
  text: z.string(),
  /** "Priya S.": the buyer's first name and last initial, as her account now reads. */
  author: z.string(),
  /** ISO 8601: when first written; an edit keeps it. */
  createdAt: z.string(),
  /** ISO 8601 of the last edit; null when never edited. */
  editedAt: z.nullable(z.string()),
});
export type PublicReview = z.infer<typeof publicReview>;

/** `GET flowerreviews/{id}?page=` */
export const productReviewsReply = z.object({
  summary: ratingSummary,
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  reviews: z.array(publicReview),
});
export type ProductReviewsReply = z.infer<typeof productReviewsReply>;

export const ownReview = z.object({
  stars: z.number().check(z.int()),
  text: z.string(),
  createdAt: z.string(),
  editedAt: z.nullable(z.string()),
  /** Hidden by the shop: it counts nowhere; an edit keeps it hidden. */
  hidden: z.boolean(),
});
export type OwnReview = z.infer<typeof ownReview>;

/** `GET myreview/{id}`: her review if any, whether she may write or edit one, and if not, why (in words). */
export const myReviewReply = z.object({ canReview: z.boolean(), reason: z.nullable(z.string()), review: z.nullable(ownReview) });
export type MyReviewReply = z.infer<typeof myReviewReply>;

/** `PUT myreview/{id}` answer. */
export const saveReviewReply = z.object({ message: z.string(), review: ownReview });
export type SaveReviewReply = z.infer<typeof saveReviewReply>;

export const reviewVisibilities = ['all', 'visible', 'hidden'] as const;
export type ReviewVisibility = (typeof reviewVisibilities)[number];

/** `GET admin/reviews?status=&page=` */
export const adminReviewsQuery = z.object({
  status: z._default(z.enum(reviewVisibilities, { error: reviewTexts.visibilityInvalid }), 'all'),
  page: pageField,
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuery>;

export const adminReview = z.object({
  id: z.number().check(z.int()),
  productExternalId: z.string(),
  productName: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  stars: z.number().check(z.int()),
  text: z.string(),
  createdAt: z.string(),
  editedAt: z.nullable(z.string()),
  hiddenAt: z.nullable(z.string()),
  hiddenReason: z.string(),
});
export type AdminReview = z.infer<typeof adminReview>;
export const adminReviewsReply = z.object({
  total: count,
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  reviews: z.array(adminReview),
});
export type AdminReviewsReply = z.infer<typeof adminReviewsReply>;

export const reviewIdParams = z.object({ id: rowIdOf(reviewTexts.idInvalid) });

/** `POST admin/reviews/{id}/visibility` body: hide with a reason, or show again. */
export const reviewVisibilityRequest = z
  .object({
    hidden: z.boolean({ error: reviewTexts.hiddenInvalid }),
    reason: z._default(
      z.string({ error: reviewTexts.reasonRequired }).check(
        z.refine((text: string) => !controlCharacter.test(text), { error: reviewTexts.reasonRequired }),
        z.trim(),
        z.maxLength(reviewLimits.reasonMax, { error: reviewTexts.reasonTooLong }),
      ),
      '',
    ),
  })
  .check(z.refine((body) => !body.hidden || body.reason.length > 0, { error: reviewTexts.reasonRequired, path: ['reason'] }));
export type ReviewVisibilityRequest = z.infer<typeof reviewVisibilityRequest>;

/** "Priya S." from her names; "A buyer" when the account has none. */
export function reviewAuthor(firstName: string | null, lastName: string | null): string {
  const first = (firstName ?? '').trim();
  const initial = (lastName ?? '').trim().charAt(0).toUpperCase();
  if (!first) return initial ? `${initial}.` : 'A buyer';
  return initial ? `${first} ${initial}.` : first;
}

/** "3 December 2026": the day in India a review was written. */
export function reviewDate(iso: string): string {
  const date = indiaDateOf(new Date(iso));
  const { day, month } = indiaDateParts(date);
  return `${day} ${month} ${date.slice(0, 4)}`;
}

/** The stars shown for an average: 4.3 → "4.3 out of 5". */
export const averageLabel = (average: number) => `${average.toFixed(1)} out of 5`;
