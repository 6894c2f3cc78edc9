// Sign Up in three steps (SPEC.md §2, §4 "Sign-up", §5 "Sign up", §8): details (leaving the e-mail field looks up an
// unfinished sign-up and fills in what is known) → the 6-digit e-mail OTP → password and confirmation → /login.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { authMessages, otp as otpRule, signUpDetails } from '../domain/auth';
import type { CheckEmailPresentReply, MessageReply, SignUpDetails } from '../domain/auth';
import { redirectDelays, toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import { newPasswordRefusal } from '../domain/password-reset-errors';
import { errorOf, outputOf } from './actor-events';
import { authNotice, toggledSecret } from './auth.selectors';
import { refusal } from './refusal';
import {
  createUserFailureMessage,
  emptySignUpDetails,
  filterSignUpField,
  hasKnownDetails,
  otpFailureMessage,
} from './sign-up.selectors';
import type { SignUpField, SignUpPasswordField } from './sign-up.selectors';

export type { SignUpDetailsField, SignUpField, SignUpPasswordField } from './sign-up.selectors';

export interface SignUpContext {
  details: SignUpDetails;
  otp: string;
  password: string;
  confirmPassword: string;
  /** The answer of checkemailpresent for the e-mail as it is now (the spec's "response"); null when none. */
  known: CheckEmailPresentReply | null;
  /** Per step: after a refused submit every field shows its message (SPEC.md §5). */
  submitted: { details: boolean; otp: boolean; password: boolean };
  shown: Record<SignUpPasswordField, boolean>;
}

export type SignUpEvent =
  | { type: 'field.change'; field: SignUpField; value: string }
  | { type: 'field.blur'; field: SignUpField }
  | { type: 'form.submit' }
  | { type: 'otp.verify' }
  | { type: 'password.toggle'; field: SignUpPasswordField };

/** The password step's words for a refused new password. */
const refusalWording = { missing: authMessages.fillAllFieldsBang, passwordRule: authMessages.passwordRule };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const signUpSetup = setup({
  types: {} as { context: SignUpContext; events: SignUpEvent },
  actors: {
    checkEmailPresent: fromPromise<CheckEmailPresentReply, { email: string }>(unprovided),
    createUser: fromPromise<MessageReply, SignUpDetails>(unprovided),
    verifyOtp: fromPromise<MessageReply, { email: string; otp: string }>(unprovided),
    createPassword: fromPromise<MessageReply, { email: string; password: string }>(unprovided),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    goToLogin: () => {},
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const value = filterSignUpField(event.field, event.value);
      if (event.field === 'otp' || event.field === 'password' || event.field === 'confirmPassword') {
        return { [event.field]: value };
      }
      const details = { ...context.details, [event.field]: value };
      // SPEC.md §4: changing the e-mail after a look-up clears first name, last name, mobile and the response.
      if (event.field === 'email' && value !== context.details.email && context.known) {
        return { details: { ...emptySignUpDetails, email: value }, known: null };
      }
      return { details };
    }),
    prefill: assign(({ context, event }) => {
      const reply = outputOf<CheckEmailPresentReply>(event, 'checkEmailPresent');
      if (!hasKnownDetails(reply)) return {};
      return {
        known: reply,
        details: {
          ...context.details,
          firstName: reply.firstName ?? '',
          lastName: reply.lastName ?? '',
          mobileNumber: reply.mobileNumber ?? '',
        },
      };
    }),
    showErrors: assign({
      submitted: ({ context }, params: { step: keyof SignUpContext['submitted'] }) => ({
        ...context.submitted,
        [params.step]: true,
      }),
    }),
    togglePassword: assign(({ context, event }) => {
      assertEvent(event, 'password.toggle');
      return { shown: toggledSecret(context.shown, event.field) };
    }),
  },
  guards: {
    isEmailLeft: ({ context, event }) =>
      event.type === 'field.blur' && event.field === 'email' && signUpDetails.shape.email.safeParse(context.details.email).success,
    isEmailChange: ({ event }) => event.type === 'field.change' && event.field === 'email',
    areDetailsValid: ({ context }) => signUpDetails.safeParse(context.details).success,
    isOtpEmpty: ({ context }) => context.otp.trim() === '',
    isOtpValid: ({ context }) => otpRule.safeParse(context.otp).success,
    isNewPasswordAcceptable: ({ context }) => newPasswordRefusal(context, refusalWording) === null,
  },
  delays: {
    afterSignUp: redirectDelays.afterSignUp,
  },
});

export const signUpMachine = signUpSetup.extend({
  actions: {
    notifyCreateUserFailure: signUpSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: authNotice(createUserFailureMessage(errorOf(event, 'createUser')), 'error') });
    }),
    notifyOtpFailure: signUpSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: authNotice(otpFailureMessage(errorOf(event, 'verifyOtp')), 'error') });
    }),
    notifyPasswordRefusal: signUpSetup.enqueueActions(({ context, enqueue }) => {
      enqueue({ type: 'notify', params: authNotice(newPasswordRefusal(context, refusalWording) ?? '', 'error') });
    }),
  },
}).createMachine({
  id: 'signUp',
  context: {
    details: { ...emptySignUpDetails },
    otp: '',
    password: '',
    confirmPassword: '',
    known: null,
    submitted: { details: false, otp: false, password: false },
    shown: { password: false, confirmPassword: false },
  },
  initial: 'details',
  states: {
    details: {
      initial: 'idle',
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'areDetailsValid', target: 'creatingUser' },
          {
            actions: refusal({ type: 'showErrors', params: { step: 'details' } }, authNotice(authMessages.fillAllFieldsBang, 'error')),
          },
        ],
      },
      states: {
        idle: {
          on: { 'field.blur': { guard: 'isEmailLeft', target: 'checkingEmail' } },
        },
        checkingEmail: {
          invoke: {
            id: 'checkEmailPresent',
            src: 'checkEmailPresent',
            input: ({ context }) => ({ email: context.details.email }),
            onDone: { target: 'idle', actions: 'prefill' },
            // SPEC.md §7: a failed look-up is only logged; an unknown e-mail simply signs up.
            onError: { target: 'idle' },
          },
          on: {
            // A new e-mail makes the running look-up stale: drop it.
            'field.change': { guard: 'isEmailChange', target: 'idle', actions: 'changeField' },
          },
        },
      },
    },
    creatingUser: {
      invoke: {
        id: 'createUser',
        src: 'createUser',
        input: ({ context }) => context.details,
        onDone: {
          target: 'otp',
          actions: {
            type: 'notify',
            params: { message: authMessages.signUpOtpSent, kind: 'success', duration: toastDurations.default },
          },
        },
        onError: { target: 'details', actions: 'notifyCreateUserFailure' },
      },
    },
    otp: {
      on: {
        'field.change': { actions: 'changeField' },
        'otp.verify': [
          { guard: 'isOtpValid', target: 'verifyingOtp' },
          {
            guard: 'isOtpEmpty',
            actions: refusal({ type: 'showErrors', params: { step: 'otp' } }, authNotice(authMessages.otpEmpty, 'error')),
          },
          {
            actions: refusal({ type: 'showErrors', params: { step: 'otp' } }, authNotice(authMessages.otpLength, 'error')),
          },
        ],
      },
    },
    verifyingOtp: {
      invoke: {
        id: 'verifyOtp',
        src: 'verifyOtp',
        input: ({ context }) => ({ email: context.details.email, otp: context.otp }),
        onDone: {
          target: 'password',
          actions: {
            type: 'notify',
            params: { message: authMessages.otpVerified, kind: 'success', duration: toastDurations.default },
          },
        },
        onError: { target: 'otp', actions: 'notifyOtpFailure' },
      },
    },
    password: {
      on: {
        'field.change': { actions: 'changeField' },
        'password.toggle': { actions: 'togglePassword' },
        'form.submit': [
          { guard: 'isNewPasswordAcceptable', target: 'creatingPassword' },
          { actions: [{ type: 'showErrors', params: { step: 'password' } }, 'notifyPasswordRefusal'] },
        ],
      },
    },
    creatingPassword: {
      on: { 'password.toggle': { actions: 'togglePassword' } },
      invoke: {
        id: 'createPassword',
        src: 'createPassword',
        input: ({ context }) => ({ email: context.details.email, password: context.password }),
        onDone: {
          target: 'created',
          actions: {
            type: 'notify',
            params: { message: authMessages.accountCreated, kind: 'success', duration: toastDurations.default },
          },
        },
        onError: {
          target: 'password',
          actions: { type: 'notify', params: { message: authMessages.genericError, kind: 'error', duration: toastDurations.default } },
        },
      },
    },
    created: {
      after: { afterSignUp: { target: 'leaving' } },
    },
    leaving: {
      type: 'final',
      entry: 'goToLogin',
    },
  },
});
