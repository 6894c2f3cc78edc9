// The place-order machine, model-based: every state and transition walked with fake calls, checking the calls made in
// order (stock → invoice for the chosen address → key → dialog → verify), the 10 s toasts and the alerts of SPEC.md §8,
// the "processing" screen in every busy state, that a click while busy never starts a second order, and that a verify
// call that got no answer is asked again after 1, 2 and 4 s before the shopper is told.
import { giftMessageRequest, giftMessages } from '../../domain/gift-message';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AnyEventObject, EventFrom } from 'xstate';
import { placeOrderMachine } from '../../machines/place-order.machine';
import { processingLine, shortfallLine } from '../../machines/place-order.selectors';
import type { OpenPaymentDialogInput } from '../../machines/place-order.machine';
import type { Notice } from '../../domain/notice';
import type { CheckQuantityListReply } from '../../domain/checkout';
import type { CheckoutInvoiceReply, VerifyPaymentRequest } from '../../domain/payment';
import { deliveryChoiceMessages } from '../../domain/payment';
import { machineCoverage } from './machine-graph';
import { heldCalls, startMachine, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof placeOrderMachine>;

const invoice: CheckoutInvoiceReply = { invoiceId: 'inv_1', orderValueId: 'order_ABC123', amount: 1249.5, currency: 'INR', paymentTimeoutSeconds: 900 };
const payment: VerifyPaymentRequest = {
  razorpay_order_id: 'order_ABC123',
  razorpay_payment_id: 'pay_XYZ789',
  razorpay_signature: 'f00d',
};
const shortfall = [
  { product_name: 'Red Roses', product_size: 'Large', Product_available: 2 },
  { product_name: 'Jasmine Garland', product_size: 'Small', Product_available: 0 },
];
const failure = (status: number | null) => ({ status, code: null, serverMessage: null });

const texts = {
  selectAddress: 'Please select an address or create an address',
  shortfall: 'Thank you for your interest. Please reduce your order based on the stock level below',
  verificationFailed: 'Payment verification failed. Please try again.',
  callFailed: 'An error occurred. Please try again.',
  dismissed: 'Payment failed please try again.',
  processing: 'Processing Payment...',
  confirming: 'Confirming your payment…',
};
const verifyRetryBackoff = 'xstate.after.verifyRetryBackoff.placeOrder.confirmingPayment';
/** The waits between verify's asks, as a shopper would time them. */
const backoffs = [1000, 2000, 4000];

const midnight = { kind: 'hand', date: '2026-12-04', slotId: 9 };
const staleText = 'The midnight slot on 4 December is no longer available. Please choose another.';
const couponGone = 'This coupon has been fully used.';
const card = { occasion: 'Birthday', message: 'Happy birthday 🎂', senderName: 'Asha', hideSenderName: false };
const modelEvents = [
  { type: 'order.place', addressId: 7, bagLines: 2 },
  { type: 'order.place', addressId: 7, bagLines: 2, gift: card, deliveries: [midnight] },
  // With the coupon the coupon box applied: the invoice checks it again.
  { type: 'order.place', addressId: 7, bagLines: 2, couponCode: 'DIWALI10' },
  // A delivery without its date or slot yet: refused before any call.
  { type: 'order.place', addressId: 7, bagLines: 2, deliveries: null },
  // 251 characters: refused before any call, as the server would refuse it.
  { type: 'order.place', addressId: 7, bagLines: 2, gift: { message: 'x'.repeat(251) } },
  { type: 'order.place', addressId: null, bagLines: 2 },
  { type: 'order.place', addressId: 7, bagLines: 0 },
  { type: 'xstate.done.actor.checkStock', output: { outOfStock: [] } },
  { type: 'xstate.done.actor.checkStock', output: { outOfStock: shortfall } },
  { type: 'xstate.error.actor.checkStock', error: failure(500) },
  { type: 'xstate.done.actor.createInvoice', output: invoice },
  { type: 'xstate.error.actor.createInvoice', error: failure(409) },
  { type: 'xstate.error.actor.createInvoice', error: { status: 409, code: 'DELIVERY_STALE', serverMessage: staleText } },
  { type: 'xstate.error.actor.createInvoice', error: { status: 409, code: 'COUPON_REFUSED', serverMessage: couponGone } },
  { type: 'xstate.done.actor.fetchPaymentKey', output: 'rzp_test_key' },
  { type: 'xstate.error.actor.fetchPaymentKey', error: failure(503) },
  { type: 'xstate.done.actor.openPaymentDialog', output: payment },
  { type: 'xstate.error.actor.openPaymentDialog', error: 'dismissed' },
  { type: 'xstate.done.actor.verifyPayment', output: { message: 'success' } },
  { type: 'xstate.done.actor.verifyPayment', output: { message: 'Payment verification failed' } },
  { type: 'xstate.error.actor.verifyPayment', error: new TypeError('Failed to fetch') },
  { type: 'xstate.error.actor.verifyPayment', error: failure(502) },
  { type: 'xstate.error.actor.verifyPayment', error: failure(403) },
  { type: verifyRetryBackoff },
  { type: 'xstate.done.actor.reportFailure', output: { message: 'ok' } },
  { type: 'xstate.error.actor.reportFailure', error: failure(500) },
] as unknown as ModelEvent[];

const busyStates = ['checkingStock', 'creatingInvoice', 'fetchingKey', 'paying', 'verifying', 'confirmingPayment', 'reportingFailure'];
const isUnanswered = (error: unknown) => {
  const status = (error as { status?: number | null }).status;
  return status === undefined || status === null || status >= 500;
};


function harness() {
  const seen = {
    calls: [] as string[],
    invoices: [] as { addressId: number; gift: unknown; deliveries: unknown[]; couponCode: string | null }[],
    stale: [] as string[],
    couponRefusals: [] as string[],
    dialogs: [] as OpenPaymentDialogInput[],
    verifications: [] as VerifyPaymentRequest[],
    notices: [] as Notice[],
    alerts: [] as string[],
    errors: [] as unknown[],
    thankYou: 0,
    cart: 0,
  };
  const calls = heldCalls();
  const { pending, settle } = calls;
  const hold = (id: string) => {
    seen.calls.push(id);
    return calls.hold(id);
  };
  const { actor, clock } = startMachine(
    placeOrderMachine.provide({
      actors: {
        checkStock: fromPromise(() => hold('checkStock') as Promise<CheckQuantityListReply>),
        createInvoice: fromPromise(({ input }) => {
          seen.invoices.push(input);
          return hold('createInvoice');
        }),
        fetchPaymentKey: fromPromise(() => hold('fetchPaymentKey') as Promise<string>),
        openPaymentDialog: fromPromise(({ input }) => {
          seen.dialogs.push(input);
          return hold('openPaymentDialog');
        }),
        verifyPayment: fromPromise(({ input }) => {
          seen.verifications.push(input);
          return hold('verifyPayment');
        }),
        reportFailure: fromPromise(() => hold('reportFailure') as Promise<unknown>),
      },
      actions: {
        notify: (_, notice) => void seen.notices.push(notice),
        alert: (_, { message }) => void seen.alerts.push(message),
        logError: (_, { error }) => void seen.errors.push(error),
        goToThankYou: () => void (seen.thankYou += 1),
        goToCart: () => void (seen.cart += 1),
        showStaleChoice: (_, { message }) => void seen.stale.push(message),
        showCouponRefused: (_, { message }) => void seen.couponRefusals.push(message),
      },
    }),
    coverage,
  );
  return { actor, seen, settle, pending, clock };
}

const coverage = machineCoverage();

walkModel('place-order machine (model-based)', {
  machine: placeOrderMachine,
  coverage,
  events: modelEvents,
  morePathsThan: 5,
  harness,
  state: (actual) => {
    // "Please wait / Processing Payment..." in every busy state, and a click there is not handled.
    const busy = busyStates.includes(actual.value as string);
    expect(actual.hasTag('processing')).toBe(busy);
    if (busy) expect(actual.can({ type: 'order.place', addressId: 7, bagLines: 2 })).toBe(false);
    // Once verify went unanswered the busy screen says the payment is being confirmed.
    const confirming = actual.matches('confirmingPayment') || (actual.matches('verifying') && actual.context.verifyRetries > 0);
    if (busy) expect(processingLine(actual.context)).toBe(confirming ? texts.confirming : texts.processing);
  },
  steps: (h) => {
    let before = { calls: 0, notices: 0, alerts: 0 };
    const mark = () => (before = { calls: h.seen.calls.length, notices: h.seen.notices.length, alerts: h.seen.alerts.length });
    const newCalls = () => h.seen.calls.slice(before.calls);
    const newNotices = () => h.seen.notices.slice(before.notices);
    const newAlerts = () => h.seen.alerts.slice(before.alerts);
    /** Answers the call in flight, then checks the next call, the toasts and the alerts it led to. */
    const answer = async (event: AnyEventObject, next: string[], alerts: string[] = []) => {
      mark();
      await h.settle(event);
      expect(newCalls()).toEqual(next);
      expect(newNotices()).toEqual([]);
      expect(newAlerts()).toEqual(alerts);
    };
    return {
      'order.place': ({ event }) => {
        const click = event as ModelEvent;
        mark();
        h.actor.send(click);
        if (click.addressId === null) {
          expect(newCalls()).toEqual([]);
          expect(newNotices()).toEqual([{ message: texts.selectAddress, lines: [], kind: 'error', duration: 10000 }]);
        } else if (click.deliveries === null) {
          expect(newCalls()).toEqual([]);
          expect(newNotices()).toEqual([{ message: deliveryChoiceMessages.choose, lines: [], kind: 'error', duration: 10000 }]);
        } else if (click.gift && !giftMessageRequest.safeParse(click.gift).success) {
          expect(newCalls()).toEqual([]);
          expect(newNotices()).toEqual([{ message: giftMessages.checkCard, lines: [], kind: 'error', duration: 10000 }]);
        } else {
          expect(newCalls()).toEqual(['checkStock']);
          expect(newNotices()).toEqual([]);
        }
      },
      'xstate.done.actor.checkStock': async ({ event }) => {
        mark();
        await h.settle(event);
        const lines = (event.output as { outOfStock: typeof shortfall }).outOfStock;
        if (lines.length > 0) {
          expect(newCalls()).toEqual([]);
          expect(newNotices()).toEqual([
            {
              message: texts.shortfall,
              lines: ['Red Roses, Large, 2 left', 'Jasmine Garland, Small, 0 left'],
              kind: 'warning',
              duration: 10000,
            },
          ]);
        } else {
          expect(newCalls()).toEqual(['createInvoice']);
          // The card clicked with goes with the invoice; none is null.
          const { gift, deliveries, couponCode } = h.actor.getSnapshot().context;
          expect(h.seen.invoices.at(-1)).toEqual({ addressId: 7, gift, deliveries, couponCode });
          // The coupon clicked with goes with the invoice; none is null.
          expect([null, 'DIWALI10']).toContain(couponCode);
          expect([[], [midnight]]).toContainEqual(deliveries);
          expect([null, card]).toContainEqual(h.seen.invoices.at(-1)?.gift);
        }
      },
      // A failed stock check is only logged.
      'xstate.error.actor.checkStock': async ({ event }) => {
        await answer(event, []);
        expect(h.seen.errors.at(-1)).toEqual(event.error);
      },
      'xstate.done.actor.createInvoice': (({ event }) => answer(event, ['fetchPaymentKey'])),
      // The loading state ends silently, but for a stale delivery choice, which the pickers are told of.
      'xstate.error.actor.createInvoice': async ({ event }) => {
        const stale = h.seen.stale.length;
        const refusals = h.seen.couponRefusals.length;
        await answer(event, []);
        const code = (event.error as { code: string | null }).code;
        expect(h.seen.stale.slice(stale)).toEqual(code === 'DELIVERY_STALE' ? [staleText] : []);
        // A refused coupon's reason goes to the coupon box; no payment dialog opens (no further call above).
        expect(h.seen.couponRefusals.slice(refusals)).toEqual(code === 'COUPON_REFUSED' ? [couponGone] : []);
      },
      'xstate.done.actor.fetchPaymentKey': async ({ event }) => {
        await answer(event, ['openPaymentDialog']);
        expect(h.seen.dialogs.at(-1)).toEqual({ key: 'rzp_test_key', invoice });
      },
      'xstate.error.actor.fetchPaymentKey': ({ event }) =>
        answer(event, [], [texts.callFailed]),
      'xstate.done.actor.openPaymentDialog': async ({ event }) => {
        await answer(event, ['verifyPayment']);
        // What the dialog handed back is verified as it came.
        expect(h.seen.verifications.at(-1)).toEqual(payment);
      },
      'xstate.error.actor.openPaymentDialog': ({ event }) =>
        answer(event, ['reportFailure']),
      'xstate.done.actor.verifyPayment': async ({ event }) => {
        const paid = (event.output as { message: string }).message === 'success';
        await answer(event, [], paid ? [] : [texts.verificationFailed]);
        expect(h.seen.thankYou).toBe(paid ? 1 : 0);
        expect(h.actor.getSnapshot().status).toBe(paid ? 'done' : 'active');
      },
      'xstate.error.actor.verifyPayment': async ({ event }) => {
        const retries = h.actor.getSnapshot().context.verifyRetries;
        const retried = isUnanswered(event.error) && retries < backoffs.length;
        await answer(event, [], retried ? [] : [texts.callFailed]);
        expect(h.actor.getSnapshot().value).toBe(retried ? 'confirmingPayment' : 'idle');
        expect(h.seen.thankYou).toBe(0);
      },
      // Verify is asked again once the backoff has run out, not a moment before.
      [verifyRetryBackoff]: () => {
        const wait = backoffs[h.actor.getSnapshot().context.verifyRetries - 1]!;
        mark();
        h.clock.increment(wait - 1);
        expect(newCalls()).toEqual([]);
        h.clock.increment(1);
        expect(newCalls()).toEqual(['verifyPayment']);
        expect(h.seen.verifications.at(-1)).toEqual(payment);
      },
      'xstate.done.actor.reportFailure': async ({ event }) => {
        await answer(event, [], [texts.dismissed]);
        expect(h.seen.cart).toBe(1);
      },
      'xstate.error.actor.reportFailure': async ({ event }) => {
        await answer(event, [], [texts.dismissed]);
        expect(h.seen.cart).toBe(1);
      },
    };
  },
  end: (h) => {
    // Never both destinations, and never the thank-you page without a verified payment.
    expect(h.seen.thankYou + h.seen.cart).toBeLessThanOrEqual(1);
  },
});

/** A harness whose order is paid in the dialog and waits on its first verify call. */
async function paidAndVerifying() {
  const h = harness();
  h.actor.send({ type: 'order.place', addressId: 7, bagLines: 2 });
  await h.settle({ type: 'xstate.done.actor.checkStock', output: { outOfStock: [] } });
  await h.settle({ type: 'xstate.done.actor.createInvoice', output: invoice });
  await h.settle({ type: 'xstate.done.actor.fetchPaymentKey', output: 'rzp_test_key' });
  await h.settle({ type: 'xstate.done.actor.openPaymentDialog', output: payment });
  return h;
}

describe('place-order machine rules', () => {
  it('does not allow Place Order with an empty bag, with or without an address', () => {
    const h = harness();
    expect(h.actor.getSnapshot().can({ type: 'order.place', addressId: 7, bagLines: 0 })).toBe(false);
    expect(h.actor.getSnapshot().can({ type: 'order.place', addressId: null, bagLines: 0 })).toBe(false);
    h.actor.send({ type: 'order.place', addressId: 7, bagLines: 0 });
    expect(h.seen.calls).toEqual([]);
    expect(h.seen.notices).toEqual([]);
  });

  it('creates one invoice however often Place Order is clicked while an order is under way', async () => {
    const h = harness();
    const click = { type: 'order.place', addressId: 7, bagLines: 2 } as const;
    h.actor.send(click);
    h.actor.send(click);
    await h.settle({ type: 'xstate.done.actor.checkStock', output: { outOfStock: [] } });
    h.actor.send(click);
    await h.settle({ type: 'xstate.done.actor.createInvoice', output: invoice });
    h.actor.send(click);
    await h.settle({ type: 'xstate.done.actor.fetchPaymentKey', output: 'rzp_test_key' });
    h.actor.send(click);
    await h.settle({ type: 'xstate.done.actor.openPaymentDialog', output: payment });
    h.actor.send(click);
    expect(h.seen.calls).toEqual(['checkStock', 'createInvoice', 'fetchPaymentKey', 'openPaymentDialog', 'verifyPayment']);
    expect(h.seen.invoices).toEqual([{ addressId: 7, gift: null, deliveries: [], couponCode: null }]);
    await h.settle({ type: 'xstate.done.actor.verifyPayment', output: { message: 'success' } });
    expect(h.seen.thankYou).toBe(1);
    expect(h.actor.getSnapshot().value).toBe('paid');
  });

  it('asks verify four times in all on a server that does not answer, then tells the shopper and releases nothing', async () => {
    const h = await paidAndVerifying();
    for (const wait of backoffs) {
      await h.settle({ type: 'xstate.error.actor.verifyPayment', error: failure(503) });
      expect(h.seen.alerts).toEqual([]);
      h.clock.increment(wait);
    }
    await h.settle({ type: 'xstate.error.actor.verifyPayment', error: failure(null) });
    expect(h.seen.calls.filter((id) => id === 'verifyPayment')).toHaveLength(4);
    expect(h.seen.alerts).toEqual([texts.callFailed]);
    expect(h.seen.calls).not.toContain('reportFailure');
    expect(h.actor.getSnapshot().value).toBe('idle');
  });

  it('goes to /thankyou when a repeated verify is answered', async () => {
    const h = await paidAndVerifying();
    await h.settle({ type: 'xstate.error.actor.verifyPayment', error: new TypeError('Failed to fetch') });
    h.clock.increment(1000);
    await h.settle({ type: 'xstate.done.actor.verifyPayment', output: { message: 'success' } });
    expect(h.seen.thankYou).toBe(1);
    expect(h.seen.alerts).toEqual([]);
  });

  it('uses the address chosen at the click for the invoice', async () => {
    const h = harness();
    h.actor.send({ type: 'order.place', addressId: 12, bagLines: 1 });
    await h.settle({ type: 'xstate.done.actor.checkStock', output: { outOfStock: [] } });
    expect(h.seen.invoices).toEqual([{ addressId: 12, gift: null, deliveries: [], couponCode: null }]);
  });

  it('writes a shortfall line as product name, size and quantity left', () => {
    expect(shortfallLine({ product_name: 'Lilies', product_size: 'Medium', Product_available: 3 })).toBe('Lilies, Medium, 3 left');
  });
});
