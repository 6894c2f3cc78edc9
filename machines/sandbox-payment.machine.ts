// The sandbox's payment dialog (DESIGN.md §4 Payments): a card (number, expiry, CVV) or UPI (a VPA to collect from),
// as Razorpay's checkout offers, paid through payment/sandbox/pay. Like Razorpay's checkout, a declined card or UPI
// collect stays in the dialog to try again, by either method; only a payment or closing ends it.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { paymentMessages, sandboxPayRequest } from '../domain/payment';
import type { SandboxPayBody, SandboxPayMethod, SandboxPayOutcome, VerifyPaymentRequest } from '../domain/payment';
import { inputOf, outputOf } from './actor-events';
import { filterSandboxPaymentField, sandboxPayBodyOf } from './sandbox-payment.selectors';
import type { SandboxPaymentField } from './sandbox-payment.selectors';

export type { SandboxPaymentField } from './sandbox-payment.selectors';
export type { SandboxPayBody, SandboxPayOutcome } from '../domain/payment';

export interface SandboxPaymentInput {
  /** The provider order id (the invoice's orderValueId) the card pays. */
  orderId: string;
}

export interface SandboxPaymentContext {
  orderId: string;
  /** The form shown and paid with: Razorpay's checkout opens on cards too. */
  method: SandboxPayMethod;
  cardNumber: string;
  expiry: string;
  cvv: string;
  /** The UPI ID collected from. */
  vpa: string;
  /** After a refused submit every field shows its message, not only the non-empty ones. */
  submitted: boolean;
  /** Why the last attempt did not pay: the provider's decline, or a failed call. */
  decline: string | null;
  /** The provider's ids and signature once paid: the machine's output. */
  payment: VerifyPaymentRequest | null;
}

export type SandboxPaymentEvent =
  | { type: 'method.select'; method: SandboxPayMethod }
  | { type: 'field.change'; field: SandboxPaymentField; value: string }
  | { type: 'form.submit' }
  | { type: 'dialog.close' };


const unprovided = () => Promise.reject(new Error('provided by the view'));

const payOutcomeOf = (event: { type: string }) => outputOf<SandboxPayOutcome>(event, 'pay');

const sandboxPaymentSetup = setup({
  types: {} as {
    context: SandboxPaymentContext;
    events: SandboxPaymentEvent;
    input: SandboxPaymentInput;
    output: VerifyPaymentRequest | null;
  },
  actors: {
    /** payment/sandbox/pay with the card or VPA as the server reads it (spaces dropped). */
    pay: fromPromise<SandboxPayOutcome, SandboxPayBody>(unprovided),
  },
  actions: {
    /** Hands the outcome to whoever opened the dialog: the provider's ids when paid, null when closed. */
    settle: (_, _params: { payment: VerifyPaymentRequest | null }) => {},
    takeInput: assign(({ event }) => ({ orderId: inputOf<SandboxPaymentInput>(event).orderId })),
    // A new form to fill: its messages wait for its own submit, and the last decline belongs to the other method.
    selectMethod: assign(({ event }) => {
      assertEvent(event, 'method.select');
      return { method: event.method, submitted: false, decline: null };
    }),
    changeField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { [event.field]: filterSandboxPaymentField(event.field, event.value) };
    }),
    showAllErrors: assign({ submitted: true }),
    startAttempt: assign({ submitted: true, decline: null }),
    showDecline: assign({
      decline: ({ event }) => {
        const outcome = payOutcomeOf(event);
        return outcome.kind === 'declined' ? outcome.description : null;
      },
    }),
    showCallFailure: assign({ decline: paymentMessages.verifyCallFailedAlert }),
    keepPayment: assign({
      payment: ({ event }) => {
        const outcome = payOutcomeOf(event);
        return outcome.kind === 'paid' ? outcome.payment : null;
      },
    }),
  },
  guards: {
    isFormValid: ({ context }) => sandboxPayRequest.safeParse(context).success,
    isOtherMethod: ({ context, event }) => {
      assertEvent(event, 'method.select');
      return event.method !== context.method;
    },
    isPaid: ({ event }) => payOutcomeOf(event).kind === 'paid',
  },
});

export const sandboxPaymentMachine = sandboxPaymentSetup.extend({
  actions: {
    settleWithPayment: sandboxPaymentSetup.enqueueActions(({ context, enqueue }) => {
      enqueue({ type: 'settle', params: { payment: context.payment } });
    }),
  },
}).createMachine({
  id: 'sandboxPayment',
  context: {
    orderId: '',
    method: 'card',
    cardNumber: '',
    expiry: '',
    cvv: '',
    vpa: '',
    submitted: false,
    decline: null,
    payment: null,
  },
  entry: 'takeInput',
  initial: 'editing',
  output: ({ context }) => context.payment,
  states: {
    editing: {
      on: {
        'method.select': { guard: 'isOtherMethod', actions: 'selectMethod' },
        'field.change': { actions: 'changeField' },
        'form.submit': [{ guard: 'isFormValid', target: 'paying', actions: 'startAttempt' }, { actions: 'showAllErrors' }],
        'dialog.close': { target: 'dismissed' },
      },
    },
    // One charge per click: submit, typing, another method and closing are not handled until the provider has answered.
    paying: {
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => sandboxPayBodyOf(context),
        onDone: [
          { guard: 'isPaid', target: 'paid', actions: 'keepPayment' },
          { target: 'editing', actions: 'showDecline' },
        ],
        onError: { target: 'editing', actions: 'showCallFailure' },
      },
    },
    paid: { type: 'final', entry: 'settleWithPayment' },
    dismissed: { type: 'final', entry: { type: 'settle', params: { payment: null } } },
  },
});
