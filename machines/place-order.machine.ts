// Place Order (SPEC.md §4 "Place Order sequence", §8 stock and payment messages): check the bag's stock, create the
// invoice for the chosen address, fetch the payment key, open the card dialog, verify what it hands back, then
// /thankyou. One order at a time: from the first click until the machine is idle again, clicks are not handled, so a
// double click never creates two invoices.
//
// A declined card stays in the payment dialog, which shows the decline and lets the shopper try another card (the
// sandbox dialog and Razorpay's checkout.js both do): `openPaymentDialog` only settles on a payment or when the dialog
// is closed. Any rejection of it is therefore a dismissal: payment/failed, "Payment failed please try again.", /cart.
//
// The card has been charged by the time verify is called, so a verify call that got no answer (network, time-out, 5xx)
// is asked again a few times, "Confirming your payment…", before the shopper is told to try again: verify settles an
// order once, however often it is asked.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CheckQuantityListReply } from '../domain/checkout';
import { checkoutMessages } from '../domain/checkout';
import { toastDurations } from '../domain/limits';
import type { CheckoutInvoiceReply, DeliveryChoiceRequest, VerifyPaymentRequest } from '../domain/payment';
import { deliveryChoiceMessages } from '../domain/payment';
import { couponTexts } from '../domain/coupons';
import { giftMessageRequest, giftMessages } from '../domain/gift-message';
import type { GiftMessageRequest } from '../domain/gift-message';
import { paymentMessages, verifyRetryDelays } from '../domain/payment';
import type { Notice } from '../domain/notice';
import { errorOf, outputOf } from './actor-events';
import { failureOf } from './call-failure';
import { shortfallNotice } from './place-order.selectors';


export interface PlaceOrderContext {
  addressId: number | null;
  /** The gift card sent with the invoice (the gift-message machine's); null: none. */
  gift: GiftMessageRequest | null;
  /** A date (and slot) per delivery of the bag, as the delivery pickers hold them. */
  deliveries: DeliveryChoiceRequest[];
  /** The coupon applied in the coupon box, checked again by the invoice; null: none. */
  couponCode: string | null;
  invoice: CheckoutInvoiceReply | null;
  paymentKey: string | null;
  payment: VerifyPaymentRequest | null;
  /** Verify calls repeated for this payment after a failed one (0 on the first ask). */
  verifyRetries: number;
}

/**
 * The click on Place Order, with the address the checkout-address machine has selected, the bag's line count, the
 * gift card the gift-message machine holds (absent or null: none) and the deliveries' choices (null while one of them
 * has no date or slot yet; absent: the page asks for none).
 */
export type PlaceOrderEvent = {
  type: 'order.place';
  addressId: number | null;
  bagLines: number;
  gift?: GiftMessageRequest | null;
  deliveries?: DeliveryChoiceRequest[] | null;
  couponCode?: string | null;
};

export interface CreateInvoiceInput {
  addressId: number;
  gift: GiftMessageRequest | null;
  deliveries: DeliveryChoiceRequest[];
  couponCode: string | null;
}

export interface OpenPaymentDialogInput {
  key: string;
  invoice: CheckoutInvoiceReply;
}

const unprovided = () => Promise.reject(new Error('provided by the view'));

const placeOrderSetup = setup({
  types: {} as { context: PlaceOrderContext; events: PlaceOrderEvent },
  actors: {
    /** checkquantitylist: the caller's stored bag against stock. */
    checkStock: fromPromise<CheckQuantityListReply>(unprovided),
    /** user/{id}/checkoutinvoice: amounts from the database, stock reserved, the provider order created. */
    createInvoice: fromPromise<CheckoutInvoiceReply, CreateInvoiceInput>(unprovided),
    /** payment/key */
    fetchPaymentKey: fromPromise<string>(unprovided),
    /** The card dialog: resolves with the provider's ids and signature, rejects when the dialog is closed. */
    openPaymentDialog: fromPromise<VerifyPaymentRequest, OpenPaymentDialogInput>(unprovided),
    /** payment/verify: `message` is 'success' when the order is paid. */
    verifyPayment: fromPromise<{ message: string }, VerifyPaymentRequest>(unprovided),
    /** payment/failed: releases the reservation. */
    reportFailure: fromPromise<unknown>(unprovided),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    alert: (_, _params: { message: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
    goToThankYou: () => {},
    goToCart: () => {},
    /** The server found a delivery choice stale (DELIVERY_STALE): the pickers show its message and load afresh. */
    showStaleChoice: (_, _params: { message: string }) => {},
    /** The invoice refused the coupon (COUPON_REFUSED): the coupon box shows the reason, the bill loses the discount. */
    showCouponRefused: (_, _params: { message: string }) => {},
    startOrder: assign(({ event }) => {
      assertEvent(event, 'order.place');
      return {
        addressId: event.addressId,
        gift: event.gift ?? null,
        deliveries: event.deliveries ?? [],
        couponCode: event.couponCode ?? null,
        invoice: null,
        paymentKey: null,
        payment: null,
        verifyRetries: 0,
      };
    }),
    keepInvoice: assign({ invoice: ({ event }) => outputOf<CheckoutInvoiceReply>(event, 'createInvoice') }),
    keepPaymentKey: assign({ paymentKey: ({ event }) => outputOf<string>(event, 'fetchPaymentKey') }),
    keepPayment: assign({ payment: ({ event }) => outputOf<VerifyPaymentRequest>(event, 'openPaymentDialog') }),
    countVerifyRetry: assign({ verifyRetries: ({ context }) => context.verifyRetries + 1 }),
    forget: assign({ invoice: null, paymentKey: null, payment: null, verifyRetries: 0 }),
  },
  delays: {
    /** Longer after each failed ask: a server on its way back up gets a moment. */
    verifyRetryBackoff: ({ context }) => verifyRetryDelays[context.verifyRetries - 1] ?? verifyRetryDelays.at(-1)!,
  },
  guards: {
    lacksAddress: ({ event }) => event.bagLines > 0 && event.addressId === null,
    canPlaceOrder: ({ event }) => event.bagLines > 0 && event.addressId !== null,
    /** A delivery still without its date (or slot): the server would refuse the order, so it is not sent. */
    lacksDelivery: ({ event }) => event.bagLines > 0 && event.addressId !== null && event.deliveries === null,
    isStaleChoice: ({ event }) => failureOf(errorOf(event, 'createInvoice')).code === 'DELIVERY_STALE',
    isCouponRefused: ({ event }) => failureOf(errorOf(event, 'createInvoice')).code === 'COUPON_REFUSED',
    /** A card that breaks domain/gift-message.ts's rules: the server would refuse it, so it is not sent. */
    giftInvalid: ({ event }) => event.bagLines > 0 && event.gift != null && !giftMessageRequest.safeParse(event.gift).success,
    hasShortfall: ({ event }) => outputOf<CheckQuantityListReply>(event, 'checkStock').outOfStock.length > 0,
    isPaid: ({ event }) => outputOf<{ message: string }>(event, 'verifyPayment').message === paymentMessages.success,
    /** No answer, a time-out or a server error, with asks left; a refusal (401, 403, 404) is final. */
    canRetryVerify: ({ context, event }) => {
      const { status } = failureOf(errorOf(event, 'verifyPayment'));
      const unanswered = status === null || status === 408 || status >= 500;
      return unanswered && context.verifyRetries < verifyRetryDelays.length;
    },
  },
});

export const placeOrderMachine = placeOrderSetup.extend({
  actions: {
    notifyShortfall: placeOrderSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: shortfallNotice(outputOf<CheckQuantityListReply>(event, 'checkStock').outOfStock) });
    }),
    staleChoice: placeOrderSetup.enqueueActions(({ event, enqueue }) => {
      const { serverMessage } = failureOf(errorOf(event, 'createInvoice'));
      enqueue({ type: 'showStaleChoice', params: { message: serverMessage ?? deliveryChoiceMessages.choose } });
    }),
    couponRefused: placeOrderSetup.enqueueActions(({ event, enqueue }) => {
      const { serverMessage } = failureOf(errorOf(event, 'createInvoice'));
      enqueue({ type: 'showCouponRefused', params: { message: serverMessage ?? couponTexts.unknown } });
    }),
    logCallError: placeOrderSetup.enqueueActions(({ event, enqueue }) => {
      const error = errorOf(event, 'checkStock', 'createInvoice', 'fetchPaymentKey', 'verifyPayment', 'reportFailure');
      enqueue({ type: 'logError', params: { error } });
    }),
  },
}).createMachine({
  id: 'placeOrder',
  context: { addressId: null, gift: null, deliveries: [], couponCode: null, invoice: null, paymentKey: null, payment: null, verifyRetries: 0 },
  initial: 'idle',
  states: {
    // An empty bag handles no click at all: the view disables the button with snapshot.can().
    idle: {
      on: {
        'order.place': [
          {
            guard: 'lacksAddress',
            actions: {
              type: 'notify',
              params: { message: checkoutMessages.selectAddress, lines: [], kind: 'error', duration: toastDurations.placeOrder },
            },
          },
          {
            guard: 'giftInvalid',
            actions: {
              type: 'notify',
              params: { message: giftMessages.checkCard, lines: [], kind: 'error', duration: toastDurations.placeOrder },
            },
          },
          {
            guard: 'lacksDelivery',
            actions: {
              type: 'notify',
              params: { message: deliveryChoiceMessages.choose, lines: [], kind: 'error', duration: toastDurations.placeOrder },
            },
          },
          { guard: 'canPlaceOrder', target: 'checkingStock', actions: 'startOrder' },
        ],
      },
    },
    checkingStock: {
      tags: ['processing'],
      invoke: {
        id: 'checkStock',
        src: 'checkStock',
        onDone: [{ guard: 'hasShortfall', target: 'idle', actions: 'notifyShortfall' }, { target: 'creatingInvoice' }],
        // SPEC.md §7: only logged.
        onError: { target: 'idle', actions: 'logCallError' },
      },
    },
    creatingInvoice: {
      tags: ['processing'],
      invoke: {
        id: 'createInvoice',
        src: 'createInvoice',
        input: ({ context }) => ({ addressId: context.addressId!, gift: context.gift, deliveries: context.deliveries, couponCode: context.couponCode }),
        onDone: { target: 'fetchingKey', actions: 'keepInvoice' },
        onError: [
          // A date or slot gone since the page loaded: said, and chosen again.
          { guard: 'isStaleChoice', target: 'idle', actions: ['logCallError', 'staleChoice'] },
          // The coupon ran out or no longer holds: the reason shows in the coupon box, and the payment does not open.
          { guard: 'isCouponRefused', target: 'idle', actions: ['logCallError', 'couponRefused'] },
          // SPEC.md §8: the loading state ends silently.
          { target: 'idle', actions: 'logCallError' },
        ],
      },
    },
    fetchingKey: {
      tags: ['processing'],
      invoke: {
        id: 'fetchPaymentKey',
        src: 'fetchPaymentKey',
        onDone: { target: 'paying', actions: 'keepPaymentKey' },
        // Not in the spec: said like a failed call; the unpaid invoice's stock is released after 15 minutes.
        onError: {
          target: 'idle',
          actions: ['logCallError', { type: 'alert', params: { message: paymentMessages.verifyCallFailedAlert } }, 'forget'],
        },
      },
    },
    paying: {
      tags: ['processing'],
      invoke: {
        id: 'openPaymentDialog',
        src: 'openPaymentDialog',
        input: ({ context }) => ({ key: context.paymentKey!, invoice: context.invoice! }),
        onDone: { target: 'verifying', actions: 'keepPayment' },
        onError: { target: 'reportingFailure' },
      },
    },
    reportingFailure: {
      tags: ['processing'],
      invoke: {
        id: 'reportFailure',
        src: 'reportFailure',
        onDone: { target: 'leftForCart' },
        // The reservation is released after 15 minutes anyway: the shopper is told the same.
        onError: { target: 'leftForCart', actions: 'logCallError' },
      },
    },
    leftForCart: {
      type: 'final',
      entry: [{ type: 'alert', params: { message: paymentMessages.dismissedAlert } }, 'goToCart'],
    },
    verifying: {
      tags: ['processing'],
      invoke: {
        id: 'verifyPayment',
        src: 'verifyPayment',
        input: ({ context }) => context.payment!,
        onDone: [
          { guard: 'isPaid', target: 'paid' },
          {
            target: 'idle',
            actions: [{ type: 'alert', params: { message: paymentMessages.verificationFailedAlert } }, 'forget'],
          },
        ],
        onError: [
          { guard: 'canRetryVerify', target: 'confirmingPayment', actions: ['logCallError', 'countVerifyRetry'] },
          {
            target: 'idle',
            actions: ['logCallError', { type: 'alert', params: { message: paymentMessages.verifyCallFailedAlert } }, 'forget'],
          },
        ],
      },
    },
    // "Confirming your payment…" between verify's asks.
    confirmingPayment: {
      tags: ['processing'],
      after: { verifyRetryBackoff: { target: 'verifying' } },
    },
    paid: {
      type: 'final',
      entry: 'goToThankYou',
    },
  },
});
