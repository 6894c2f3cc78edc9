// A buyer's review of one product (issue 42): whether she may write one (her order holding it was delivered), then the
// form ("Rate this" / "Edit your review"): stars and an optional text, saved once; a refusal shows the server's reason,
// a failed call keeps what she wrote and offers Try again.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { reviewLimits, reviewTexts } from '../domain/reviews';
import type { MyReviewReply, OwnReview, ReviewRequest, SaveReviewReply } from '../domain/reviews';
import { errorOf, inputOf, outputOf } from './actor-events';
import { failureOf } from './call-failure';

export interface ReviewFormInput {
  externalId: string;
  /** Opens the form as soon as she may write (My Account's "Rate this"), rather than waiting for `form.open`. */
  openAtOnce: boolean;
}

export interface ReviewFormContext {
  externalId: string;
  openAtOnce: boolean;
  /** Her saved review, or null before the first save. */
  review: OwnReview | null;
  /** Why she may not review, in the server's words; null while she may (or before the answer). */
  reason: string | null;
  /** The form: 0 stars until she picks. */
  stars: number;
  text: string;
  /** The last save's answer: thanks, or why it was refused or failed. */
  message: string | null;
}

export type ReviewFormEvent =
  | { type: 'form.open' }
  | { type: 'stars.choose'; stars: number }
  | { type: 'text.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'save.retry' }
  | { type: 'form.edit' }
  | { type: 'form.close' };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const reviewFormSetup = setup({
  types: {} as { context: ReviewFormContext; events: ReviewFormEvent; input: ReviewFormInput },
  actors: {
    /** GET myreview/{id} */
    loadMyReview: fromPromise<MyReviewReply, { externalId: string }>(unprovided),
    /** PUT myreview/{id} */
    saveReview: fromPromise<SaveReviewReply, { externalId: string; review: ReviewRequest }>(unprovided),
  },
  actions: {
    /** The product's reviews changed: the page's list and figures load again. */
    reviewSaved: () => {},
    logError: (_, _params: { error: unknown }) => {},
    takeInput: assign(({ event }) => {
      const { externalId, openAtOnce } = inputOf<ReviewFormInput>(event);
      return { externalId, openAtOnce };
    }),
    takeStanding: assign(({ event }) => {
      const reply = outputOf<MyReviewReply>(event, 'loadMyReview');
      return { review: reply.review, reason: reply.reason, stars: reply.review?.stars ?? 0, text: reply.review?.text ?? '' };
    }),
    fillForm: assign(({ context }) => ({ stars: context.review?.stars ?? 0, text: context.review?.text ?? '', message: null })),
    chooseStars: assign(({ event }) => {
      assertEvent(event, 'stars.choose');
      return { stars: Math.min(5, Math.max(1, Math.round(event.stars))) };
    }),
    changeText: assign(({ event }) => {
      assertEvent(event, 'text.change');
      return { text: event.value.slice(0, reviewLimits.textMax) };
    }),
    takeSaved: assign(({ event }) => {
      const reply = outputOf<SaveReviewReply>(event, 'saveReview');
      return { review: reply.review, stars: reply.review.stars, text: reply.review.text, message: reply.message };
    }),
    takeRefusal: assign(({ event }) => ({ message: failureOf(errorOf(event, 'saveReview')).serverMessage ?? reviewTexts.saveFailed })),
    takeFailure: assign({ message: reviewTexts.saveFailed }),
  },
  guards: {
    mayOpenAtOnce: ({ context, event }) => context.openAtOnce && outputOf<MyReviewReply>(event, 'loadMyReview').canReview,
    mayReview: ({ event }) => outputOf<MyReviewReply>(event, 'loadMyReview').canReview,
    hasStars: ({ context }) => context.stars >= 1,
    /** The server answered with a reason (not delivered, too long, gone): she can read it, not retry it. */
    isRefusal: ({ event }) => {
      const { status } = failureOf(errorOf(event, 'saveReview'));
      return status !== null && status >= 400 && status < 500;
    },
  },
});

export const reviewFormMachine = reviewFormSetup.extend({
  actions: {
    logCallError: reviewFormSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'loadMyReview', 'saveReview') } });
    }),
  },
}).createMachine({
  id: 'reviewForm',
  context: { externalId: '', openAtOnce: false, review: null, reason: null, stars: 0, text: '', message: null },
  entry: 'takeInput',
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'loadMyReview',
        src: 'loadMyReview',
        input: ({ context }) => ({ externalId: context.externalId }),
        onDone: [
          { guard: 'mayOpenAtOnce', target: 'editing', actions: 'takeStanding' },
          { guard: 'mayReview', target: 'ready', actions: 'takeStanding' },
          { target: 'unavailable', actions: 'takeStanding' },
        ],
        // No button then: the reviews themselves still show.
        onError: { target: 'unavailable', actions: 'logCallError' },
      },
    },
    /** Not hers to review (not delivered, not bought) or not known: the reason, if any, shows instead of the button. */
    unavailable: {},
    /** "Rate this" or "Edit your review". */
    ready: { on: { 'form.open': { target: 'editing', actions: 'fillForm' } } },
    editing: {
      on: {
        'stars.choose': { actions: 'chooseStars' },
        'text.change': { actions: 'changeText' },
        'form.submit': { guard: 'hasStars', target: 'saving' },
        'form.close': 'ready',
      },
    },
    saving: {
      invoke: {
        id: 'saveReview',
        src: 'saveReview',
        input: ({ context }) => ({ externalId: context.externalId, review: { stars: context.stars, text: context.text } }),
        onDone: { target: 'saved', actions: ['takeSaved', 'reviewSaved'] },
        onError: [
          { guard: 'isRefusal', target: 'refused', actions: 'takeRefusal' },
          { target: 'failed', actions: ['takeFailure', 'logCallError'] },
        ],
      },
    },
    saved: { on: { 'form.close': 'ready' } },
    /** The server's reason shows; she may change what she wrote and send again. */
    refused: { on: { 'form.edit': 'editing', 'form.close': 'ready' } },
    /** No answer or a server fault: what she wrote is kept. */
    failed: { on: { 'save.retry': 'saving', 'form.close': 'ready' } },
  },
});
