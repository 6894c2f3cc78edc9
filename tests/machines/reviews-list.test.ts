// A product's reviews list (issue 42), model-based: every state and transition walked with held calls, checking the
// page asked for, the summary and reviews shown, "Show more" appending the next page (never a review twice, never
// asking when all show), Try again after a failed first load, and a reload after her own review was saved.
import { expect } from 'vitest';
import type { EventFrom } from 'xstate';
import type { ProductReviewsReply, PublicReview } from '../../domain/reviews';
import { reviewsListMachine } from '../../machines/reviews-list.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, startMachine, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof reviewsListMachine>;

const aReview = (id: number): PublicReview => ({ id, stars: 5, text: `Review ${id}`, author: 'Priya S.', createdAt: '2026-12-03T10:00:00.000Z', editedAt: null });
const summary = { average: 4.6, count: 7, stars: [0, 0, 1, 1, 5] as [number, number, number, number, number] };
const firstPage: ProductReviewsReply = { summary, page: 1, pageSize: 5, reviews: [1, 2, 3, 4, 5].map(aReview) };
// A review written meanwhile pushed review 5 onto page 2: it is not shown twice.
const secondPage: ProductReviewsReply = { summary, page: 2, pageSize: 5, reviews: [5, 6, 7].map(aReview) };

const modelEvents = [
  { type: 'xstate.done.actor.loadReviews', output: firstPage },
  { type: 'xstate.done.actor.loadReviews', output: secondPage },
  { type: 'xstate.error.actor.loadReviews', error: new TypeError('Failed to fetch') },
  { type: 'more.load' },
  { type: 'list.retry' },
  { type: 'list.reload' },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

function harness(input: { externalId: string }) {
  const seen = { asked: [] as { externalId: string; page: number }[], logged: [] as unknown[] };
  const { holding, settle } = heldCalls();
  const { actor } = startMachine(
    reviewsListMachine.provide({
      actors: { loadReviews: holding('loadReviews', seen.asked) },
      actions: { logError: (_, { error }) => void seen.logged.push(error) },
    }),
    coverage,
    input,
  );
  return { actor, seen, settle };
}

walkModel('reviews-list machine (model-based)', {
  machine: reviewsListMachine,
  coverage,
  input: { externalId: 'p_rose' },
  // The first load answers the first page, "Show more" the second.
  events: (snapshot) =>
    modelEvents.filter((event) => {
      if (!snapshot.can(event)) return false;
      const output = (event as unknown as { output?: ProductReviewsReply }).output;
      if (output === firstPage) return snapshot.matches('loading');
      if (output === secondPage) return snapshot.matches('loadingMore');
      return true;
    }),
  morePathsThan: 3,
  harness,
  state: (snapshot) => {
    const ids = snapshot.context.reviews.map((review) => review.id);
    expect(new Set(ids).size).toBe(ids.length);
  },
  steps: (h) => ({
    'xstate.done.actor.loadReviews': async ({ event }) => {
      const reply = (event as unknown as { output: ProductReviewsReply }).output;
      expect(h.seen.asked.at(-1)).toEqual({ externalId: 'p_rose', page: reply.page });
      await h.settle(event);
      const { context } = h.actor.getSnapshot();
      expect(context.summary).toEqual(summary);
      expect(context.reviews.map((review) => review.id)).toEqual(reply.page === 1 ? [1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 6, 7]);
    },
    'xstate.error.actor.loadReviews': async ({ event }) => {
      const shown = h.actor.getSnapshot().context.reviews;
      await h.settle(event);
      expect(h.seen.logged.at(-1)).toBe((event as unknown as { error: unknown }).error);
      // A failed further page keeps what shows, and says so.
      expect(h.actor.getSnapshot().context.reviews).toEqual(shown);
      if (h.actor.getSnapshot().matches('showing')) expect(h.actor.getSnapshot().context.moreFailed).toBe(true);
    },
    'more.load': () => {
      const asked = h.seen.asked.length;
      const { context } = h.actor.getSnapshot();
      h.actor.send({ type: 'more.load' });
      if ((context.summary?.count ?? 0) > context.reviews.length) expect(h.seen.asked.at(-1)).toEqual({ externalId: 'p_rose', page: context.page + 1 });
      else expect(h.seen.asked.length).toBe(asked);
    },
    'list.retry': () => {
      h.actor.send({ type: 'list.retry' });
      expect(h.seen.asked.at(-1)).toEqual({ externalId: 'p_rose', page: 1 });
    },
    'list.reload': () => {
      h.actor.send({ type: 'list.reload' });
      expect(h.seen.asked.at(-1)).toEqual({ externalId: 'p_rose', page: 1 });
    },
  }),
});
