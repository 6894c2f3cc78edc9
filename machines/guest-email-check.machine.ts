// The guest's details at checkout (SPEC.md §2 Checkout, §4 "Guest e-mail check" and "Guest checkout creation", §5
// "Guest checkout form", §8): leaving the e-mail field asks whether the e-mail is known, submitting creates the guest
// checkout with its first address, and the "Enter Email OTP" modal proves the e-mail before addresses load.
import { assign, fromPromise, setup } from 'xstate';
import { addressFields, emptyAddressForm, filterAddressField } from '../domain/address';
import type { AddressField, AddressFormValues } from '../domain/address';
import { authMessages, otp as otpRule, signUpDetails } from '../domain/auth';
import type { MessageReply, SignUpDetails } from '../domain/auth';
import { checkoutMessages } from '../domain/checkout';
import type {
  CheckEmailAvailabilityReply,
  CreateGuestCheckoutReply,
  CreateGuestCheckoutRequest,
} from '../domain/checkout';
import { fieldErrors, typingFilters } from '../domain/fields';
import { limits, toastDurations } from '../domain/limits';
import { failureOf } from './call-failure';

export type GuestDetailsField = keyof SignUpDetails;
export type GuestField = GuestDetailsField | 'otp';
export type EmailAvailabilityResponse = CheckEmailAvailabilityReply['response'];

export interface GuestEmailCheckInput {
  /** The guest session that holds the bag (sessionStorage guestSessionId). */
  sessionId: string;
  /** Where the address form starts (empty unless given). */
  address?: AddressFormValues;
}

export interface GuestEmailCheckContext extends GuestEmailCheckInput {
  details: SignUpDetails;
  /** The first delivery address, typed under the details: createguestcheckout needs one. */
  address: AddressFormValues;
  /** The e-mail whose availability answered, and its answer: the buttons shown are derived from it. */
  checkedEmail: string | null;
  response: EmailAvailabilityResponse | null;
  /** The guest account createguestcheckout linked to the session. */
  userExtId: string | null;
  otp: string;
  /** After a refused submit every field shows its message (SPEC.md §5). */
  submitted: boolean;
}

export type GuestEmailCheckEvent =
  | { type: 'field.change'; field: GuestField; value: string }
  | { type: 'field.blur'; field: GuestField }
  | { type: 'address.change'; field: AddressField; value: string }
  | { type: 'form.submit' }
  | { type: 'otp.verify' }
  | { type: 'otp.cancel' };

export interface CheckoutNotice {
  message: string;
  kind: 'success' | 'error' | 'info';
  duration: number;
}

/** The checkout e-mail step's snackbars stay 5 s (SPEC.md §9). */
export const checkoutNotice = (message: string, kind: CheckoutNotice['kind']): CheckoutNotice => ({
  message,
  kind,
  duration: toastDurations.checkoutEmail,
});

/** SPEC.md §5 typing filters: e-mail 40 typed, names letters and spaces (50), mobile 10 digits, OTP 6 digits. */
const filters: Record<GuestField, (value: string) => string> = {
  email: (value) => typingFilters.maxLength(value, limits.guestEmailTypingMax),
  mobileNumber: (value) => typingFilters.digits(value, limits.mobileLength),
  firstName: (value) => typingFilters.lettersAndSpaces(value, limits.nameMax),
  lastName: (value) => typingFilters.lettersAndSpaces(value, limits.nameMax),
  otp: (value) => typingFilters.digits(value, limits.otpLength),
};

export function filterGuestField(field: GuestField, value: string): string {
  return filters[field](value);
}

export const emptyGuestDetails: SignUpDetails = { email: '', mobileNumber: '', firstName: '', lastName: '' };

/** Field messages of the guest form and the OTP modal, in the spec's words; the view shows them once non-empty. */
export function guestFieldErrors(context: Pick<GuestEmailCheckContext, 'details' | 'otp'>) {
  const errors: Partial<Record<GuestField, string>> = fieldErrors(signUpDetails, context.details);
  const otpResult = otpRule.safeParse(context.otp);
  if (!otpResult.success) errors.otp = otpResult.error.issues[0]?.message;
  return errors;
}

/** SPEC.md §8: a refused code shows the server's words (or "Failed to verify OTP"); no answer at all the network text. */
export function guestOtpFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === null) return checkoutMessages.otpVerifyError;
  return failure.serverMessage ?? checkoutMessages.otpVerifyFailed;
}

const notify = (message: string, kind: CheckoutNotice['kind']) => ({
  type: 'notify' as const,
  params: checkoutNotice(message, kind),
});

const unprovided = () => Promise.reject(new Error('provided by the view'));

export const guestEmailCheckMachine = setup({
  types: {} as { context: GuestEmailCheckContext; events: GuestEmailCheckEvent; input: GuestEmailCheckInput },
  actors: {
    checkEmailAvailability: fromPromise<CheckEmailAvailabilityReply, { email: string }>(unprovided),
    createGuestCheckout: fromPromise<CreateGuestCheckoutReply, CreateGuestCheckoutRequest>(unprovided),
    verifyOtp: fromPromise<MessageReply, { email: string; otp: string }>(unprovided),
  },
  actions: {
    notify: (_, _params: CheckoutNotice) => {},
    /** The guest is verified: reload the guest's addresses, show the address card and enable Place Order. */
    addressesChanged: () => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const value = filterGuestField(event.field, event.value);
      if (event.field === 'otp') return { otp: value };
      // SPEC.md §4: once the e-mail has been checked, changing it clears every other field and hides the buttons.
      if (event.field === 'email' && value !== context.details.email && context.checkedEmail !== null) {
        return { details: { ...emptyGuestDetails, email: value }, checkedEmail: null, response: null };
      }
      return { details: { ...context.details, [event.field]: value } };
    }),
    answerEmailCheck: assign(({ context }, params: { reply: CheckEmailAvailabilityReply }) => {
      const { data, response } = params.reply;
      // Prefill only what the reply holds: a registered e-mail's reply holds nothing.
      const known = (value: string | null | undefined, typed: string) => (value ? value : typed);
      return {
        checkedEmail: context.details.email,
        response,
        details: {
          ...context.details,
          firstName: known(data.firstName, context.details.firstName),
          lastName: known(data.lastName, context.details.lastName),
          mobileNumber: known(data.mobileNumber, context.details.mobileNumber),
        },
      };
    }),
    changeAddress: assign({
      address: ({ context, event }) =>
        event.type === 'address.change'
          ? { ...context.address, [event.field]: filterAddressField(event.field, event.value) }
          : context.address,
    }),
    showAllErrors: assign({ submitted: true }),
    keepGuest: assign({ userExtId: (_, params: { reply: CreateGuestCheckoutReply }) => params.reply.userExtId }),
    closeOtpModal: assign({ otp: '' }),
  },
  guards: {
    isEmailLeft: ({ context, event }) =>
      event.type === 'field.blur' &&
      event.field === 'email' &&
      context.details.email !== context.checkedEmail &&
      signUpDetails.shape.email.safeParse(context.details.email).success,
    isEmailChange: ({ event }) => event.type === 'field.change' && event.field === 'email',
    isFormValid: ({ context }) =>
      signUpDetails.safeParse(context.details).success && addressFields.safeParse(context.address).success,
    isResponse: (_, params: { reply: CheckEmailAvailabilityReply; response: EmailAvailabilityResponse }) =>
      params.reply.response === params.response,
    isNewGuest: (_, params: { reply: CreateGuestCheckoutReply }) => params.reply.duplicateUser === 'false',
    isUnverifiedUser: (_, params: { reply: CreateGuestCheckoutReply }) => params.reply.unverifiedUser === 'true',
    isOtpEmpty: ({ context }) => context.otp.trim() === '',
    isOtpValid: ({ context }) => otpRule.safeParse(context.otp).success,
  },
}).createMachine({
  id: 'guestEmailCheck',
  context: ({ input }) => ({
    ...input,
    details: { ...emptyGuestDetails },
    address: { ...(input.address ?? emptyAddressForm) },
    checkedEmail: null,
    response: null,
    userExtId: null,
    otp: '',
    submitted: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'field.change': { actions: 'changeField' },
        'address.change': { actions: 'changeAddress' },
        // No request unless the details and the address are all valid (SPEC.md §5).
        'form.submit': [
          { guard: 'isFormValid', target: 'creatingGuest' },
          { actions: ['showAllErrors', notify(checkoutMessages.guestFormInvalid, 'error')] },
        ],
      },
      states: {
        idle: {
          on: { 'field.blur': { guard: 'isEmailLeft', target: 'checkingEmail' } },
        },
        checkingEmail: {
          invoke: {
            id: 'checkEmailAvailability',
            src: 'checkEmailAvailability',
            input: ({ context }) => ({ email: context.details.email }),
            onDone: [
              {
                guard: {
                  type: 'isResponse',
                  params: ({ event }) => ({ reply: event.output, response: checkoutMessages.createPassword }),
                },
                target: 'idle',
                actions: [
                  { type: 'answerEmailCheck', params: ({ event }) => ({ reply: event.output }) },
                  notify(checkoutMessages.welcomeBackCreatePassword, 'info'),
                ],
              },
              {
                guard: {
                  type: 'isResponse',
                  params: ({ event }) => ({ reply: event.output, response: checkoutMessages.registeredUser }),
                },
                target: 'idle',
                actions: [
                  { type: 'answerEmailCheck', params: ({ event }) => ({ reply: event.output }) },
                  notify(checkoutMessages.welcomeBackLogIn, 'info'),
                ],
              },
              // "Continue as Guest User": prefill what the reply holds, no snackbar.
              { target: 'idle', actions: { type: 'answerEmailCheck', params: ({ event }) => ({ reply: event.output }) } },
            ],
            onError: { target: 'idle', actions: notify(checkoutMessages.emailCheckFailed, 'error') },
          },
          on: {
            // A new e-mail makes the running check stale: drop it so its answer cannot fill the form.
            'field.change': { guard: 'isEmailChange', target: 'idle', actions: 'changeField' },
          },
        },
      },
    },
    // From here until the form is back, submits are not handled: one guest checkout per click.
    creatingGuest: {
      invoke: {
        id: 'createGuestCheckout',
        src: 'createGuestCheckout',
        input: ({ context }) => ({
          ...signUpDetails.parse(context.details),
          ...addressFields.parse(context.address),
          sessionId: context.sessionId,
        }),
        onDone: [
          {
            guard: { type: 'isNewGuest', params: ({ event }) => ({ reply: event.output }) },
            target: 'otpModal',
            actions: { type: 'keepGuest', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            guard: { type: 'isUnverifiedUser', params: ({ event }) => ({ reply: event.output }) },
            target: 'otpModal',
            actions: [
              { type: 'keepGuest', params: ({ event }) => ({ reply: event.output }) },
              notify(checkoutMessages.unverifiedOtpSent, 'info'),
            ],
          },
          { target: 'editing', actions: notify(checkoutMessages.alreadyRegistered, 'error') },
        ],
        onError: { target: 'editing', actions: notify(checkoutMessages.requestFailed, 'error') },
      },
    },
    // The "Enter Email OTP" modal.
    otpModal: {
      on: {
        'field.change': { actions: 'changeField' },
        'otp.verify': [
          { guard: 'isOtpValid', target: 'verifyingOtp' },
          { guard: 'isOtpEmpty', actions: notify(checkoutMessages.otpEmpty, 'error') },
          { actions: notify(authMessages.otpLength, 'error') },
        ],
        'otp.cancel': { target: 'editing', actions: 'closeOtpModal' },
      },
    },
    // Verify and cancel are not handled while the code is being checked.
    verifyingOtp: {
      invoke: {
        id: 'verifyOtp',
        src: 'verifyOtp',
        input: ({ context }) => ({ email: context.details.email, otp: context.otp }),
        onDone: { target: 'verified', actions: ['closeOtpModal', 'addressesChanged'] },
        onError: {
          target: 'otpModal',
          actions: { type: 'notify', params: ({ event }) => checkoutNotice(guestOtpFailureMessage(event.error), 'error') },
        },
      },
    },
    // The modal is closed and the address card shows: the guest may place the order.
    verified: {
      type: 'final',
    },
  },
});
