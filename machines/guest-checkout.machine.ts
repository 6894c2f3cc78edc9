// The guest's details at checkout (SPEC.md §2 Checkout, §4 "Guest e-mail check" and "Guest checkout creation", §5
// "Guest checkout form", §8): leaving the e-mail field asks whether the e-mail is known, submitting creates the guest
// checkout with its first address, and the "Enter Email OTP" modal proves the e-mail before addresses load. The
// address's pincode suggests its city and state and is checked against the state before a submit (issue 40,
// machines/pincode-lookup.ts).
import { assertEvent, assign, fromPromise, setup, stopChild } from 'xstate';
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
import { toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import type { PincodeLookup } from '../domain/pincode';
import { errorOf, inputOf, outputOf } from './actor-events';
import { lookupPincodeActor, pincodeLookupId, lookUpNewPincode, pincodeMismatch, suggestFromPincode } from './pincode-lookup';
import type { PincodeLookupEvent } from './pincode-lookup';
import {
  checkoutNotice,
  detailsAfterEmailCheck,
  emptyGuestDetails,
  filterGuestField,
  guestCheckoutRequestOf,
  guestOtpFailureMessage,
} from './guest-checkout.selectors';
import type { GuestField } from './guest-checkout.selectors';
import { refusal } from './refusal';

export type { GuestDetailsField, GuestField } from './guest-checkout.selectors';
export type EmailAvailabilityResponse = CheckEmailAvailabilityReply['response'];

export interface GuestCheckoutInput {
  /** The guest session that holds the bag (sessionStorage guestSessionId). */
  sessionId: string;
  /** Where the address form starts (empty unless given; the pincode checked on a product page, issue 40). */
  address?: AddressFormValues;
}

export interface GuestCheckoutContext {
  sessionId: string;
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
  /** The directory's answer for the last complete pincode typed (issue 40). */
  pincodeLookup: PincodeLookup | null;
}

export type GuestCheckoutEvent =
  | { type: 'field.change'; field: GuestField; value: string }
  | { type: 'field.blur'; field: GuestField }
  | { type: 'address.change'; field: AddressField; value: string }
  | { type: 'form.submit' }
  | { type: 'otp.verify' }
  | { type: 'otp.cancel' }
  | PincodeLookupEvent;

const unprovided = () => Promise.reject(new Error('provided by the view'));

const emailReplyOf = (event: { type: string }) => outputOf<CheckEmailAvailabilityReply>(event, 'checkEmailAvailability');
const guestReplyOf = (event: { type: string }) => outputOf<CreateGuestCheckoutReply>(event, 'createGuestCheckout');

const guestCheckoutSetup = setup({
  types: {} as { context: GuestCheckoutContext; events: GuestCheckoutEvent; input: GuestCheckoutInput },
  actors: {
    checkEmailAvailability: fromPromise<CheckEmailAvailabilityReply, { email: string }>(unprovided),
    createGuestCheckout: fromPromise<CreateGuestCheckoutReply, CreateGuestCheckoutRequest>(unprovided),
    verifyOtp: fromPromise<MessageReply, { email: string; otp: string }>(unprovided),
    lookupPincode: lookupPincodeActor,
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** The guest is verified: reload the guest's addresses, show the address card and enable Place Order. */
    addressesChanged: () => {},
    takeInput: assign(({ event }) => {
      const input = inputOf<GuestCheckoutInput>(event);
      return { sessionId: input.sessionId, address: { ...(input.address ?? emptyAddressForm) } };
    }),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const value = filterGuestField(event.field, event.value);
      if (event.field === 'otp') return { otp: value };
      // SPEC.md §4: once the e-mail has been checked, changing it clears every other field and hides the buttons.
      if (event.field === 'email' && value !== context.details.email && context.checkedEmail !== null) {
        return { details: { ...emptyGuestDetails, email: value }, checkedEmail: null, response: null };
      }
      return { details: { ...context.details, [event.field]: value } };
    }),
    answerEmailCheck: assign(({ context, event }) => {
      const reply = emailReplyOf(event);
      return {
        checkedEmail: context.details.email,
        response: reply.response,
        details: detailsAfterEmailCheck(context.details, reply),
      };
    }),
    takePincodeLookup: assign(({ context, event }) => {
      assertEvent(event, `xstate.done.actor.${pincodeLookupId}`);
      return { pincodeLookup: event.output, address: suggestFromPincode(context.address, event.output) };
    }),
    /** The answered lookup is let go, so that the snapshot's children show only a lookup still under way. */
    forgetPincodeLookup: stopChild(pincodeLookupId),
    logError: (_, _params: { error: unknown }) => {},
    showAllErrors: assign({ submitted: true }),
    keepGuest: assign({ userExtId: ({ event }) => guestReplyOf(event).userExtId }),
    closeOtpModal: assign({ otp: '' }),
  },
  guards: {
    isEmailLeft: ({ context, event }) =>
      event.type === 'field.blur' &&
      event.field === 'email' &&
      context.details.email !== context.checkedEmail &&
      signUpDetails.shape.email.safeParse(context.details.email).success,
    isEmailChange: ({ event }) => event.type === 'field.change' && event.field === 'email',
    pincodeRefused: ({ context }) => pincodeMismatch(context.address, context.pincodeLookup) !== undefined,
    isFormValid: ({ context }) =>
      signUpDetails.safeParse(context.details).success && addressFields.safeParse(context.address).success,
    isResponse: ({ event }, params: { response: EmailAvailabilityResponse }) =>
      emailReplyOf(event).response === params.response,
    isNewGuest: ({ event }) => guestReplyOf(event).duplicateUser === 'false',
    isUnverifiedUser: ({ event }) => guestReplyOf(event).unverifiedUser === 'true',
    isOtpEmpty: ({ context }) => context.otp.trim() === '',
    isOtpValid: ({ context }) => otpRule.safeParse(context.otp).success,
  },
});

export const guestCheckoutMachine = guestCheckoutSetup.extend({
  actions: {
    /** A typed address field; a new complete pincode (or the one the form starts with) is looked up. */
    changeAddress: guestCheckoutSetup.enqueueActions(({ context, event, enqueue }) => {
      const before = event.type === 'address.change' ? context.address : emptyAddressForm;
      const address =
        event.type === 'address.change' ? { ...context.address, [event.field]: filterAddressField(event.field, event.value) } : context.address;
      enqueue.assign({ address });
      lookUpNewPincode(enqueue, before, address);
    }),
    logLookupError: guestCheckoutSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, pincodeLookupId) } });
    }),
    notifyOtpFailure: guestCheckoutSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: checkoutNotice(guestOtpFailureMessage(errorOf(event, 'verifyOtp')), 'error') });
    }),
  },
}).createMachine({
  id: 'guestCheckout',
  context: {
    sessionId: '',
    details: { ...emptyGuestDetails },
    address: { ...emptyAddressForm },
    checkedEmail: null,
    response: null,
    userExtId: null,
    otp: '',
    submitted: false,
    pincodeLookup: null,
  },
  entry: ['takeInput', 'changeAddress'],
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      // A lookup still under way is let go with the form.
      exit: 'forgetPincodeLookup',
      on: {
        'field.change': { actions: 'changeField' },
        'address.change': { actions: 'changeAddress' },
        [`xstate.done.actor.${pincodeLookupId}`]: { actions: ['takePincodeLookup', 'forgetPincodeLookup'] },
        // No answer: only logged, the server checks the pincode anyway.
        [`xstate.error.actor.${pincodeLookupId}`]: { actions: ['logLookupError', 'forgetPincodeLookup'] },
        // No request unless the details and the address are all valid (SPEC.md §5), and the pincode's message shows
        // under it when the directory does not know it or places it in another state.
        'form.submit': [
          { guard: 'pincodeRefused', actions: 'showAllErrors' },
          { guard: 'isFormValid', target: 'creatingGuest' },
          {
            actions: refusal('showAllErrors', checkoutNotice(checkoutMessages.guestFormInvalid, 'error')),
          },
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
                guard: { type: 'isResponse', params: { response: checkoutMessages.createPassword } },
                target: 'idle',
                actions: [
                  'answerEmailCheck',
                  {
                    type: 'notify',
                    params: {
                      message: checkoutMessages.welcomeBackCreatePassword,
                      kind: 'info',
                      duration: toastDurations.checkoutEmail,
                    },
                  },
                ],
              },
              {
                guard: { type: 'isResponse', params: { response: checkoutMessages.registeredUser } },
                target: 'idle',
                actions: [
                  'answerEmailCheck',
                  {
                    type: 'notify',
                    params: { message: checkoutMessages.welcomeBackLogIn, kind: 'info', duration: toastDurations.checkoutEmail },
                  },
                ],
              },
              // "Continue as Guest User": prefill what the reply holds, no snackbar.
              { target: 'idle', actions: 'answerEmailCheck' },
            ],
            onError: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: { message: checkoutMessages.emailCheckFailed, kind: 'error', duration: toastDurations.checkoutEmail },
              },
            },
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
        input: ({ context }) => guestCheckoutRequestOf(context),
        onDone: [
          { guard: 'isNewGuest', target: 'otpModal', actions: 'keepGuest' },
          {
            guard: 'isUnverifiedUser',
            target: 'otpModal',
            actions: [
              'keepGuest',
              {
                type: 'notify',
                params: { message: checkoutMessages.unverifiedOtpSent, kind: 'info', duration: toastDurations.checkoutEmail },
              },
            ],
          },
          {
            target: 'editing',
            actions: {
              type: 'notify',
              params: { message: checkoutMessages.alreadyRegistered, kind: 'error', duration: toastDurations.checkoutEmail },
            },
          },
        ],
        onError: {
          target: 'editing',
          actions: {
            type: 'notify',
            params: { message: checkoutMessages.requestFailed, kind: 'error', duration: toastDurations.checkoutEmail },
          },
        },
      },
    },
    // The "Enter Email OTP" modal.
    otpModal: {
      on: {
        'field.change': { actions: 'changeField' },
        'otp.verify': [
          { guard: 'isOtpValid', target: 'verifyingOtp' },
          {
            guard: 'isOtpEmpty',
            actions: {
              type: 'notify',
              params: { message: checkoutMessages.otpEmpty, kind: 'error', duration: toastDurations.checkoutEmail },
            },
          },
          {
            actions: {
              type: 'notify',
              params: { message: authMessages.otpLength, kind: 'error', duration: toastDurations.checkoutEmail },
            },
          },
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
        onError: { target: 'otpModal', actions: 'notifyOtpFailure' },
      },
    },
    // The modal is closed and the address card shows: the guest may place the order.
    verified: {
      type: 'final',
    },
  },
});
