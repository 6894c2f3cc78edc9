// A product's reviews on its page (issue 42): the summary and the newest reviews, then "Show more" a page at a time. A
// failed first load offers Try again; a failed further page keeps what shows, says so, and "Show more" asks again.
import { assign, fromPromise, setup } from 'xstate';
import type { ProductReviewsReply, PublicReview, RatingSummary } from '../domain/reviews';
import { errorOf, inputOf, outputOf } from './actor-events';

export interface ReviewsListContext {
  externalId: string;
  summary: RatingSummary | null;
  reviews: PublicReview[];
  /** The last page shown. */
  page: number;
  /** The last "Show more" failed: what shows stays, and "Show more" asks again. */
  moreFailed: boolean;
}

export type ReviewsListEvent = { type: 'more.load' } | { type: 'list.retry' } | { type: 'list.reload' };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const reviewsListSetup = setup({
  types: {} as { context: ReviewsListContext; events: ReviewsListEvent; input: { externalId: string } },
  actors: {
    /** GET flowerreviews/{id}?page= */
    loadReviews: fromPromise<ProductReviewsReply, { externalId: string; page: number }>(unprovided),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    takeInput: assign(({ event }) => ({ externalId: inputOf<{ externalId: string }>(event).externalId })),
    clearMoreFailed: assign({ moreFailed: false }),
    markMoreFailed: assign({ moreFailed: true }),
    takeFirstPage: assign(({ event }) => {
      const reply = outputOf<ProductReviewsReply>(event, 'loadReviews');
      return { summary: reply.summary, reviews: reply.reviews, page: reply.page, moreFailed: false };
    }),
    appendPage: assign(({ context, event }) => {
      const reply = outputOf<ProductReviewsReply>(event, 'loadReviews');
      // A review written meanwhile shifts the pages: one already shown is not shown twice.
      const shown = new Set(context.reviews.map((review) => review.id));
      return { summary: reply.summary, reviews: [...context.reviews, ...reply.reviews.filter((review) => !shown.has(review.id))], page: reply.page };
    }),
  },
  guards: {
    hasMore: ({ context }) => (context.summary?.count ?? 0) > context.reviews.length,
  },
});

export const reviewsListMachine = reviewsListSetup.extend({
  actions: {
    logCallError: reviewsListSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'loadReviews') } });
    }),
  },
}).createMachine({
  id: 'reviewsList',
  context: { externalId: '', summary: null, reviews: [], page: 0, moreFailed: false },
  entry: 'takeInput',
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadReviews',
        src: 'loadReviews',
        input: ({ context }) => ({ externalId: context.externalId, page: 1 }),
        onDone: { target: 'showing', actions: 'takeFirstPage' },
        onError: { target: 'failed', actions: 'logCallError' },
      },
    },
    failed: { on: { 'list.retry': 'loading' } },
    showing: {
      on: {
        'more.load': { guard: 'hasMore', target: 'loadingMore', actions: 'clearMoreFailed' },
        'list.reload': 'loading',
      },
    },
    loadingMore: {
      invoke: {
        id: 'loadReviews',
        src: 'loadReviews',
        input: ({ context }) => ({ externalId: context.externalId, page: context.page + 1 }),
        onDone: { target: 'showing', actions: 'appendPage' },
        onError: { target: 'showing', actions: ['markMoreFailed', 'logCallError'] },
      },
    },
  },
});
