// A buyer's review form (issue 42), model-based: every state and transition walked with held calls, from the product
// page (the button waits for `form.open`) and from My Account (the form opens as soon as she may write), checking what
// she sees at each step: the reason she may not review, her saved stars and text filled in, the thanks, the server's
// reason for a refusal, and Try again after a failed call with what she wrote kept.
import { expect } from 'vitest';
import type { EventFrom } from 'xstate';
import type { MyReviewReply, OwnReview, ReviewRequest, SaveReviewReply } from '../../domain/reviews';
import { reviewTexts } from '../../domain/reviews';
import { reviewFormMachine } from '../../machines/review-form.machine';
import type { ReviewFormInput } from '../../machines/review-form.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, retryStep, startMachine, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof reviewFormMachine>;

const saved: OwnReview = { stars: 4, text: 'Fresh roses, right on time.', createdAt: '2026-12-03T10:00:00.000Z', editedAt: null, hidden: false };
const mayWrite: MyReviewReply = { canReview: true, reason: null, review: null };
const mayEdit: MyReviewReply = { canReview: true, reason: null, review: saved };
const notYet: MyReviewReply = { canReview: false, reason: reviewTexts.notDelivered, review: null };
const thanks: SaveReviewReply = { message: reviewTexts.created, review: { ...saved, stars: 5, text: 'Lovely' } };
const refusal = Object.assign(new Error('Forbidden'), { status: 403, code: 'FORBIDDEN', serverMessage: reviewTexts.notDelivered });

const modelEvents = [
  { type: 'xstate.done.actor.loadMyReview', output: mayWrite },
  { type: 'xstate.done.actor.loadMyReview', output: mayEdit },
  { type: 'xstate.done.actor.loadMyReview', output: notYet },
  { type: 'xstate.error.actor.loadMyReview', error: new TypeError('Failed to fetch') },
  { type: 'form.open' },
  { type: 'stars.choose', stars: 5 },
  { type: 'text.change', value: 'Lovely' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.saveReview', output: thanks },
  { type: 'xstate.error.actor.saveReview', error: refusal },
  { type: 'xstate.error.actor.saveReview', error: new TypeError('Failed to fetch') },
  { type: 'form.edit' },
  { type: 'save.retry' },
  { type: 'form.close' },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

function harness(input: ReviewFormInput) {
  const seen = { loads: [] as { externalId: string }[], saves: [] as { externalId: string; review: ReviewRequest }[], reloads: 0, logged: [] as unknown[] };
  const { holding, settle } = heldCalls();
  const { actor } = startMachine(
    reviewFormMachine.provide({
      actors: { loadMyReview: holding('loadMyReview', seen.loads), saveReview: holding('saveReview', seen.saves) },
      actions: {
        reviewSaved: () => void (seen.reloads += 1),
        logError: (_, { error }) => void seen.logged.push(error),
      },
    }),
    coverage,
    input,
  );
  return { actor, seen, settle };
}

const outputOf = (event: unknown) => (event as { output: unknown }).output;

walkModel('review-form machine (model-based)', {
  machine: reviewFormMachine,
  coverage,
  situations: {
    'on the product page': { externalId: 'p_rose', openAtOnce: false },
    "from My Account's orders": { externalId: 'p_rose', openAtOnce: true },
  },
  events: modelEvents,
  morePathsThan: 8,
  harness,
  state: (snapshot) => {
    // Stars are none or 1..5; the text never passes the limit.
    expect([0, 1, 2, 3, 4, 5]).toContain(snapshot.context.stars);
    expect(snapshot.context.text.length).toBeLessThanOrEqual(1000);
  },
  steps: (h) => ({
    'xstate.done.actor.loadMyReview': async ({ event }) => {
      expect(h.seen.loads.at(-1)).toEqual({ externalId: 'p_rose' });
      await h.settle(event);
      const reply = outputOf(event) as MyReviewReply;
      const { context } = h.actor.getSnapshot();
      expect(context.reason).toBe(reply.reason);
      // Her saved review fills the form.
      expect([context.stars, context.text]).toEqual([reply.review?.stars ?? 0, reply.review?.text ?? '']);
      if (!reply.canReview) expect(h.actor.getSnapshot().matches('unavailable')).toBe(true);
    },
    'xstate.error.actor.loadMyReview': async ({ event }) => {
      await h.settle(event);
      expect(h.seen.logged.at(-1)).toBe((event as unknown as { error: unknown }).error);
      expect(h.actor.getSnapshot().matches('unavailable')).toBe(true);
    },
    'form.open': () => {
      h.actor.send({ type: 'form.open' });
      expect(h.actor.getSnapshot().matches('editing')).toBe(true);
      expect(h.actor.getSnapshot().context.message).toBeNull();
    },
    'stars.choose': () => {
      h.actor.send({ type: 'stars.choose', stars: 5 });
      expect(h.actor.getSnapshot().context.stars).toBe(5);
    },
    'text.change': () => {
      h.actor.send({ type: 'text.change', value: 'Lovely' });
      expect(h.actor.getSnapshot().context.text).toBe('Lovely');
    },
    'form.submit': () => {
      const { stars, text } = h.actor.getSnapshot().context;
      const saves = h.seen.saves.length;
      h.actor.send({ type: 'form.submit' });
      // Without stars nothing is sent.
      if (stars === 0) expect(h.seen.saves.length).toBe(saves);
      else expect(h.seen.saves.at(-1)).toEqual({ externalId: 'p_rose', review: { stars, text } });
    },
    'xstate.done.actor.saveReview': async ({ event }) => {
      const reloads = h.seen.reloads;
      await h.settle(event);
      expect(h.actor.getSnapshot().context).toMatchObject({ message: reviewTexts.created, review: thanks.review, stars: 5, text: 'Lovely' });
      expect(h.seen.reloads).toBe(reloads + 1);
    },
    'xstate.error.actor.saveReview': async ({ event }) => {
      const { text } = h.actor.getSnapshot().context;
      await h.settle(event);
      const refused = (event as unknown as { error: unknown }).error === refusal;
      expect(h.actor.getSnapshot().context.message).toBe(refused ? reviewTexts.notDelivered : reviewTexts.saveFailed);
      expect(h.actor.getSnapshot().matches(refused ? 'refused' : 'failed')).toBe(true);
      expect(h.actor.getSnapshot().context.text).toBe(text);
    },
    'form.edit': () => {
      h.actor.send({ type: 'form.edit' });
      expect(h.actor.getSnapshot().matches('editing')).toBe(true);
    },
    'save.retry': retryStep(h.actor, 'save.retry', () => h.seen.saves.length),
    'form.close': () => {
      h.actor.send({ type: 'form.close' });
      expect(h.actor.getSnapshot().matches('ready')).toBe(true);
    },
  }),
});
