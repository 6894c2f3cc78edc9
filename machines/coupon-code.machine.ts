// The checkout's coupon box (issue 42): she types a code, the shop checks it against her bag, and the discount shows
// in the bill; a refusal shows the server's reason until she edits the code; a check that got no answer offers Try
// again. A malformed code is refused here, before any call. While a coupon is applied, a changed bag is checked again
// (a minimum order or a category may no longer hold), and the invoice's own check may still refuse it
// (`coupon.refused`, sent by the place-order flow on a 409 COUPON_REFUSED).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { couponCode, couponTexts } from '../domain/coupons';
import type { ApplyCouponReply } from '../domain/coupons';
import { errorOf, inputOf, outputOf } from './actor-events';
import { failureOf } from './call-failure';

export interface CouponCodeInput {
  /** Whose bag the code is checked against: the buyer, or the account a guest checkout linked. */
  userExtId: string;
}

export interface CouponCodeContext {
  userExtId: string;
  /** What she typed. */
  code: string;
  /** The server's answer while a coupon is applied: code, discount, each line's share, the message; else null. */
  applied: ApplyCouponReply | null;
  /** Why the code is not applied: malformed, the server's reason, or a failed check; null when there is nothing to say. */
  message: string | null;
  /** The check under way is a second one, because the bag changed under an applied coupon. */
  rechecking: boolean;
}

export type CouponCodeEvent =
  | { type: 'code.change'; value: string }
  | { type: 'code.apply' }
  | { type: 'check.retry' }
  | { type: 'coupon.remove' }
  /** The bag changed: an applied coupon is checked again. */
  | { type: 'bag.change' }
  /** The invoice refused the code (409 COUPON_REFUSED) with this reason. */
  | { type: 'coupon.refused'; message: string };

const unprovided = () => Promise.reject(new Error('provided by the view'));

/** Long enough for any code with room to show what was pasted wrong; the rule itself is couponCode's. */
const typedMax = 40;

const couponCodeSetup = setup({
  types: {} as { context: CouponCodeContext; events: CouponCodeEvent; input: CouponCodeInput },
  actors: {
    /** POST user/{id}/applycoupon */
    applyCoupon: fromPromise<ApplyCouponReply, { userExtId: string; code: string }>(unprovided),
  },
  actions: {
    logError: (_, _params: { error: unknown }) => {},
    takeInput: assign(({ event }) => ({ userExtId: inputOf<CouponCodeInput>(event).userExtId })),
    changeCode: assign(({ event }) => {
      assertEvent(event, 'code.change');
      return { code: event.value.slice(0, typedMax), message: null };
    }),
    refuseMalformed: assign({ message: couponTexts.codeInvalid }),
    /** The code as the server will read it: trimmed, upper-cased. */
    normaliseCode: assign(({ context }) => ({ code: context.code.trim().toUpperCase(), message: null, rechecking: false })),
    markRecheck: assign({ rechecking: true }),
    startCheck: assign({ applied: null, message: null }),
    takeApplied: assign(({ event }) => {
      const reply = outputOf<ApplyCouponReply>(event, 'applyCoupon');
      return { applied: reply, code: reply.code, message: null, rechecking: false };
    }),
    takeRefusal: assign(({ event }) => ({ applied: null, message: failureOf(errorOf(event, 'applyCoupon')).serverMessage ?? couponTexts.checkFailed })),
    takeInvoiceRefusal: assign(({ event }) => {
      assertEvent(event, 'coupon.refused');
      return { applied: null, message: event.message };
    }),
    takeFailure: assign({ applied: null, message: couponTexts.checkFailed }),
    clearCoupon: assign({ applied: null, code: '', message: null }),
  },
  guards: {
    isMalformed: ({ context }) => !couponCode.safeParse(context.code).success,
    /** The server answered with a reason (409 COUPON_REFUSED, or a 400 on the code): she reads it, she does not retry it. */
    isRefusal: ({ event }) => {
      const { status, serverMessage } = failureOf(errorOf(event, 'applyCoupon'));
      return status !== null && status >= 400 && status < 500 && serverMessage !== null;
    },
  },
});

export const couponCodeMachine = couponCodeSetup.extend({
  actions: {
    logCallError: couponCodeSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'applyCoupon') } });
    }),
  },
}).createMachine({
  id: 'couponCode',
  context: { userExtId: '', code: '', applied: null, message: null, rechecking: false },
  entry: 'takeInput',
  initial: 'entering',
  states: {
    /** Typing; Apply checks the code's shape first. */
    entering: {
      on: {
        'code.change': { actions: 'changeCode' },
        'code.apply': [{ guard: 'isMalformed', actions: 'refuseMalformed' }, { target: 'checking', actions: 'normaliseCode' }],
      },
    },
    checking: {
      entry: 'startCheck',
      invoke: {
        id: 'applyCoupon',
        src: 'applyCoupon',
        input: ({ context }) => ({ userExtId: context.userExtId, code: context.code }),
        onDone: { target: 'applied', actions: 'takeApplied' },
        onError: [
          { guard: 'isRefusal', target: 'refused', actions: 'takeRefusal' },
          { target: 'failed', actions: ['takeFailure', 'logCallError'] },
        ],
      },
      // The bag changed under the check: it is asked again about the bag as it is now.
      on: { 'bag.change': { target: 'checking', reenter: true } },
    },
    /** The discount is in the bill; Remove takes it out. */
    applied: {
      on: {
        'coupon.remove': { target: 'entering', actions: 'clearCoupon' },
        'bag.change': { target: 'checking', actions: 'markRecheck' },
        'coupon.refused': { target: 'refused', actions: 'takeInvoiceRefusal' },
      },
    },
    /** The server's reason shows until she edits the code; nothing is applied. */
    refused: {
      on: { 'code.change': { target: 'entering', actions: 'changeCode' } },
    },
    /** No answer: Try again asks once more; editing the code starts over. */
    failed: {
      on: {
        'check.retry': 'checking',
        'code.change': { target: 'entering', actions: 'changeCode' },
      },
    },
  },
});
