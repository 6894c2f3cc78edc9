// The sandbox's card dialog (DESIGN.md §4 Payments): card number, expiry and CVV, paid through payment/sandbox/pay.
// Like Razorpay's checkout, a declined card stays in the dialog to try another; only a payment or closing ends it.
import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../domain/fields';
import { fieldErrors, typingFilters } from '../domain/fields';
import { paymentMessages, sandboxCardFields, sandboxPayRequest } from '../domain/payment';
import type { VerifyPaymentRequest } from '../domain/payment';

export type SandboxCardField = 'cardNumber' | 'expiry' | 'cvv';

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

/** Card numbers run to 19 digits (ISO/IEC 7812). */
const cardDigitsMax = 19;

/** Typing filters: the card number in groups of four, the expiry as MM/YY, the CVV three or four digits. */
const filters: Record<SandboxCardField, (value: string) => string> = {
  cardNumber: (value) => typingFilters.digits(value, cardDigitsMax).replace(/(\d{4})(?=\d)/g, '$1 '),
  // The slash comes with the third digit, so that deleting back over it is not undone at once.
  expiry: (value) => typingFilters.digits(value, 4).replace(/^(\d{2})(\d)/, '$1/$2'),
  cvv: (value) => typingFilters.digits(value, 4),
};

export function filterSandboxCardField(field: SandboxCardField, value: string): string {
  return filters[field](value);
}

/** The dialog's field messages (domain/payment.ts sandboxCardFields' words); the view shows them per SPEC.md §5. */
export function sandboxCardErrors(context: Pick<SandboxPaymentContext, SandboxCardField>): FieldErrors<SandboxCardField> {
  return fieldErrors(sandboxCardFields, { cardNumber: context.cardNumber, expiry: context.expiry, cvv: context.cvv });
}

const unprovided = () => Promise.reject(new Error('provided by the view'));

export const sandboxPaymentMachine = setup({
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
    changeField: assign(({ event }) =>
      event.type === 'field.change' ? { [event.field]: filterSandboxCardField(event.field, event.value) } : {},
    ),
    showAllErrors: assign({ submitted: true }),
    startAttempt: assign({ submitted: true, decline: null }),
    showDecline: assign({ decline: (_, params: { message: string }) => params.message }),
    keepPayment: assign({ payment: (_, params: { payment: VerifyPaymentRequest }) => params.payment }),
  },
  guards: {
    isCardValid: ({ context }) => sandboxPayRequest.safeParse(context).success,
    isPaid: (_, outcome: SandboxPayOutcome) => outcome.kind === 'paid',
  },
}).createMachine({
  id: 'sandboxPayment',
  context: ({ input }) => ({
    orderId: input.orderId,
    cardNumber: '',
    expiry: '',
    cvv: '',
    submitted: false,
    decline: null,
    payment: null,
  }),
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
          {
            guard: { type: 'isPaid', params: ({ event }) => event.output },
            target: 'paid',
            actions: {
              type: 'keepPayment',
              params: ({ event }) => ({ payment: (event.output as Extract<SandboxPayOutcome, { kind: 'paid' }>).payment }),
            },
          },
          {
            target: 'editing',
            actions: {
              type: 'showDecline',
              params: ({ event }) => ({ message: (event.output as Extract<SandboxPayOutcome, { kind: 'declined' }>).description }),
            },
          },
        ],
        onError: { target: 'editing', actions: { type: 'showDecline', params: { message: paymentMessages.verifyCallFailedAlert } } },
      },
    },
    paid: { type: 'final' },
    dismissed: { type: 'final' },
  },
});
