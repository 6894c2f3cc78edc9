// The admin's hide / show of a review (issue 42), model-based: every state and transition walked with held calls,
// checking that Hide waits for a reason and sends it trimmed, Show sends no reason, the list is told to load again
// only after the server agreed, and a refusal or failure keeps the review as it was with the reason to read.
import { expect } from 'vitest';
import type { EventFrom } from 'xstate';
import { reviewTexts } from '../../domain/reviews';
import { reviewVisibilityMachine } from '../../machines/review-visibility.machine';
import type { VisibilityChange } from '../../machines/review-visibility.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, startMachine, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof reviewVisibilityMachine>;

const refusal = { status: 400, code: 'BAD_REQUEST', serverMessage: reviewTexts.reasonRequired };
const modelEvents = [
  { type: 'reason.change', value: '  Names a rival shop ' },
  { type: 'reason.change', value: '   ' },
  { type: 'review.hide' },
  { type: 'review.show' },
  { type: 'xstate.done.actor.changeVisibility', output: { message: 'Done' } },
  { type: 'xstate.error.actor.changeVisibility', error: refusal },
  { type: 'xstate.error.actor.changeVisibility', error: new TypeError('Failed to fetch') },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

function harness(input: { id: number; hidden: boolean }) {
  const seen = { sent: [] as VisibilityChange[], changed: 0, logged: [] as unknown[] };
  const { holding, settle } = heldCalls();
  const { actor } = startMachine(
    reviewVisibilityMachine.provide({
      actors: { changeVisibility: holding('changeVisibility', seen.sent) },
      actions: {
        reviewChanged: () => void (seen.changed += 1),
        logError: (_, { error }) => void seen.logged.push(error),
      },
    }),
    coverage,
    input,
  );
  return { actor, seen, settle };
}

walkModel('review-visibility machine (model-based)', {
  machine: reviewVisibilityMachine,
  coverage,
  situations: { 'a visible review': { id: 4, hidden: false }, 'a hidden review': { id: 4, hidden: true } },
  events: (snapshot) => modelEvents.filter((event) => snapshot.can(event)),
  morePathsThan: 3,
  harness,
  steps: (h) => ({
    'reason.change': ({ event }) => {
      const { value } = event as unknown as { value: string };
      h.actor.send({ type: 'reason.change', value });
      expect(h.actor.getSnapshot().context.reason).toBe(value);
    },
    'review.hide': () => {
      const { reason } = h.actor.getSnapshot().context;
      const sent = h.seen.sent.length;
      h.actor.send({ type: 'review.hide' });
      if (reason.trim() === '') expect(h.seen.sent.length).toBe(sent);
      else expect(h.seen.sent.at(-1)).toEqual({ id: 4, hidden: true, reason: reason.trim() });
    },
    'review.show': () => {
      h.actor.send({ type: 'review.show' });
      expect(h.seen.sent.at(-1)).toEqual({ id: 4, hidden: false });
    },
    'xstate.done.actor.changeVisibility': async ({ event }) => {
      const changed = h.seen.changed;
      const wasHiding = h.actor.getSnapshot().matches('hiding');
      await h.settle(event);
      expect(h.seen.changed).toBe(changed + 1);
      expect(h.actor.getSnapshot().matches(wasHiding ? 'hidden' : 'visible')).toBe(true);
      expect(h.actor.getSnapshot().context.error).toBeNull();
    },
    'xstate.error.actor.changeVisibility': async ({ event }) => {
      const changed = h.seen.changed;
      const wasHiding = h.actor.getSnapshot().matches('hiding');
      await h.settle(event);
      expect(h.seen.changed).toBe(changed);
      expect(h.actor.getSnapshot().matches(wasHiding ? 'visible' : 'hidden')).toBe(true);
      const error = (event as unknown as { error: unknown }).error;
      expect(h.actor.getSnapshot().context.error).toBe(error === refusal ? reviewTexts.reasonRequired : reviewTexts.saveFailed);
      expect(h.seen.logged.at(-1)).toBe(error);
    },
  }),
});
