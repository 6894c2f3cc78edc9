// The sandbox's card dialog (DESIGN.md §4 Payments): card number, expiry and CVV, paid through payment/sandbox/pay.
// Like Razorpay's checkout, a declined card stays in the dialog to try another; only a payment or closing ends it.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { paymentMessages, sandboxPayRequest } from '../domain/payment';
import type { VerifyPaymentRequest } from '../domain/payment';
import { inputOf, outputOf } from './actor-events';
import { filterSandboxCardField } from './sandbox-payment.selectors';
import type { SandboxCardField } from './sandbox-payment.selectors';

export type { SandboxCardField } from './sandbox-payment.selectors';

export interface SandboxPaymentInput {
  /** The provider order id (the invoice's orderValueId) the card pays. */
  orderId: string;
}

export interface SandboxPaymentContext {
  orderId: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
  /** After a refused submit every field shows its message, not only the non-empty ones. */
  submitted: boolean;
  /** Why the last attempt did not pay: the provider's decline, or a failed call. */
  decline: string | null;
  /** The provider's ids and signature once paid: the machine's output. */
  payment: VerifyPaymentRequest | null;
}

export type SandboxPaymentEvent =
  | { type: 'field.change'; field: SandboxCardField; value: string }
  | { type: 'form.submit' }
  | { type: 'dialog.close' };

/** What payment/sandbox/pay answers: a decline (402) is an outcome the dialog shows, not a failed call. */
export type SandboxPayOutcome =
  | { kind: 'paid'; payment: VerifyPaymentRequest }
  | { kind: 'declined'; description: string };

export type SandboxPayBody = { orderId: string; cardNumber: string; expiry: string; cvv: string };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const payOutcomeOf = (event: { type: string }) => outputOf<SandboxPayOutcome>(event, 'payWithCard');

const sandboxPaymentSetup = setup({
  types: {} as {
    context: SandboxPaymentContext;
    events: SandboxPaymentEvent;
    input: SandboxPaymentInput;
    output: VerifyPaymentRequest | null;
  },
  actors: {
    /** payment/sandbox/pay with the card as the server reads it (spaces dropped). */
    payWithCard: fromPromise<SandboxPayOutcome, SandboxPayBody>(unprovided),
  },
  actions: {
    /** Hands the outcome to whoever opened the dialog: the provider's ids when paid, null when closed. */
    settle: (_, _params: { payment: VerifyPaymentRequest | null }) => {},
    takeInput: assign(({ event }) => ({ orderId: inputOf<SandboxPaymentInput>(event).orderId })),
    changeField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { [event.field]: filterSandboxCardField(event.field, event.value) };
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
    isCardValid: ({ context }) => sandboxPayRequest.safeParse(context).success,
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
    cardNumber: '',
    expiry: '',
    cvv: '',
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
        'field.change': { actions: 'changeField' },
        'form.submit': [{ guard: 'isCardValid', target: 'paying', actions: 'startAttempt' }, { actions: 'showAllErrors' }],
        'dialog.close': { target: 'dismissed' },
      },
    },
    // One charge per click: submit, typing and closing are not handled until the provider has answered.
    paying: {
      invoke: {
        id: 'payWithCard',
        src: 'payWithCard',
        input: ({ context }) => sandboxPayRequest.parse(context),
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
