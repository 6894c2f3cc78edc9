// The admin hides a buyer's review, with a reason, or shows it again (issue 42): one machine per review on the
// Reviews screen. A hidden review counts nowhere; the list loads again after each change.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { reviewLimits, reviewTexts } from '../domain/reviews';
import { errorOf, inputOf } from './actor-events';
import { failureOf } from './call-failure';

export interface ReviewVisibilityInput {
  id: number;
  hidden: boolean;
}

export interface ReviewVisibilityContext {
  id: number;
  startsHidden: boolean;
  /** Why the admin hides it: required before Hide. */
  reason: string;
  /** The last change's refusal or failure, in the server's words when it gave some. */
  error: string | null;
}

export type ReviewVisibilityEvent = { type: 'reason.change'; value: string } | { type: 'review.hide' } | { type: 'review.show' };

export type VisibilityChange = { id: number; hidden: true; reason: string } | { id: number; hidden: false };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const reviewVisibilitySetup = setup({
  types: {} as { context: ReviewVisibilityContext; events: ReviewVisibilityEvent; input: ReviewVisibilityInput },
  actors: {
    /** POST admin/reviews/{id}/visibility */
    changeVisibility: fromPromise<{ message: string }, VisibilityChange>(unprovided),
  },
  actions: {
    /** The view loads the list again: the server's word on which reviews show. */
    reviewChanged: () => {},
    logError: (_, _params: { error: unknown }) => {},
    takeInput: assign(({ event }) => {
      const { id, hidden } = inputOf<ReviewVisibilityInput>(event);
      return { id, startsHidden: hidden };
    }),
    changeReason: assign(({ event }) => {
      assertEvent(event, 'reason.change');
      return { reason: event.value.slice(0, reviewLimits.reasonMax), error: null };
    }),
    clearError: assign({ error: null }),
    clearReason: assign({ reason: '' }),
    takeFailure: assign(({ event }) => ({ error: failureOf(errorOf(event, 'changeVisibility')).serverMessage ?? reviewTexts.saveFailed })),
  },
  guards: {
    startsHidden: ({ context }) => context.startsHidden,
    hasReason: ({ context }) => context.reason.trim() !== '',
  },
});

export const reviewVisibilityMachine = reviewVisibilitySetup.extend({
  actions: {
    logCallError: reviewVisibilitySetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'changeVisibility') } });
    }),
  },
}).createMachine({
  id: 'reviewVisibility',
  context: { id: 0, startsHidden: false, reason: '', error: null },
  entry: 'takeInput',
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'startsHidden', target: 'hidden' }, { target: 'visible' }] },
    visible: {
      on: {
        'reason.change': { actions: 'changeReason' },
        'review.hide': { guard: 'hasReason', target: 'hiding', actions: 'clearError' },
      },
    },
    hiding: {
      invoke: {
        id: 'changeVisibility',
        src: 'changeVisibility',
        input: ({ context }) => ({ id: context.id, hidden: true, reason: context.reason.trim() }),
        onDone: { target: 'hidden', actions: ['clearReason', 'reviewChanged'] },
        onError: { target: 'visible', actions: ['takeFailure', 'logCallError'] },
      },
    },
    hidden: { on: { 'review.show': { target: 'showing', actions: 'clearError' } } },
    showing: {
      invoke: {
        id: 'changeVisibility',
        src: 'changeVisibility',
        input: ({ context }) => ({ id: context.id, hidden: false }),
        onDone: { target: 'visible', actions: 'reviewChanged' },
        onError: { target: 'hidden', actions: ['takeFailure', 'logCallError'] },
      },
    },
  },
});
