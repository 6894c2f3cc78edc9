// Sign Up in three steps (SPEC.md §2, §4 "Sign-up", §5 "Sign up", §8): details (leaving the e-mail field looks up an
// unfinished sign-up and fills in what is known) → the 6-digit e-mail OTP → password and confirmation → /login.
import { assign, fromPromise, setup } from 'xstate';
import { authMessages, newPassword, otp as otpRule, signUpDetails } from '../domain/auth';
import type { CheckEmailPresentReply, MessageReply, SignUpDetails } from '../domain/auth';
import { fieldErrors, typingFilters } from '../domain/fields';
import { limits, redirectDelays } from '../domain/limits';
import { failureOf } from './call-failure';
import { authNotice } from './sign-in.machine';
import type { AuthNotice } from './sign-in.machine';

export type SignUpDetailsField = keyof SignUpDetails;
export type SignUpPasswordField = 'password' | 'confirmPassword';
export type SignUpField = SignUpDetailsField | 'otp' | SignUpPasswordField;

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

/** SPEC.md §5 typing filters: names letters and spaces (50), mobile 10 digits, OTP 6 digits, e-mail 50, passwords 30. */
const filters: Record<SignUpField, (value: string) => string> = {
  email: (value) => typingFilters.maxLength(value, limits.emailMax),
  mobileNumber: (value) => typingFilters.digits(value, limits.mobileLength),
  firstName: (value) => typingFilters.lettersAndSpaces(value, limits.nameMax),
  lastName: (value) => typingFilters.lettersAndSpaces(value, limits.nameMax),
  otp: (value) => typingFilters.digits(value, limits.otpLength),
  password: (value) => typingFilters.maxLength(value, limits.passwordMax),
  confirmPassword: (value) => typingFilters.maxLength(value, limits.passwordMax),
};

export function filterSignUpField(field: SignUpField, value: string): string {
  return filters[field](value);
}

export const emptySignUpDetails: SignUpDetails = { email: '', mobileNumber: '', firstName: '', lastName: '' };

const passwordRule = newPassword();

/** Field messages of the three steps, with the spec's wording; the view shows them once a field is non-empty. */
export function signUpErrors(context: Pick<SignUpContext, 'details' | 'otp' | 'password' | 'confirmPassword'>) {
  const errors: Partial<Record<SignUpField, string>> = fieldErrors(signUpDetails, context.details);
  const otpError = otpRule.safeParse(context.otp);
  if (!otpError.success) errors.otp = otpError.error.issues[0]?.message;
  const password = passwordRule.safeParse(context.password);
  if (!password.success) errors.password = password.error.issues[0]?.message;
  if (!context.confirmPassword) errors.confirmPassword = authMessages.passwordRequired;
  else if (context.confirmPassword !== context.password) errors.confirmPassword = authMessages.passwordsDoNotMatch;
  return errors;
}

/** Step 2's message for a refused OTP: the server's own words for an expired or burned code (SPEC.md §8). */
export function otpFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  const ownWords: string[] = [authMessages.otpExpired, authMessages.otpBurned, authMessages.otpResendTooSoon];
  const ownCode = failure.code === 'OTP_EXPIRED' || failure.code === 'OTP_BURNED';
  if (failure.serverMessage && (failure.status === 429 || ownCode || ownWords.includes(failure.serverMessage))) {
    return failure.serverMessage;
  }
  if (failure.status === 400 || failure.status === 401) return authMessages.otpInvalid;
  return authMessages.genericError;
}

function createUserFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === 409) return authMessages.signUpDuplicate;
  if (failure.status === 429 && failure.serverMessage) return failure.serverMessage;
  return authMessages.genericError;
}

/** A prefill only when the server knows at least one of the details. */
const hasKnownDetails = (reply: CheckEmailPresentReply) =>
  Boolean(reply.firstName || reply.lastName || reply.mobileNumber);

const notify = (message: string, kind: AuthNotice['kind']) => ({ type: 'notify' as const, params: authNotice(message, kind) });

export const signUpMachine = setup({
  types: {} as { context: SignUpContext; events: SignUpEvent },
  actors: {
    checkEmailPresent: fromPromise<CheckEmailPresentReply, { email: string }>(() =>
      Promise.reject(new Error('provided by the view')),
    ),
    createUser: fromPromise<MessageReply, SignUpDetails>(() => Promise.reject(new Error('provided by the view'))),
    verifyOtp: fromPromise<MessageReply, { email: string; otp: string }>(() =>
      Promise.reject(new Error('provided by the view')),
    ),
    createPassword: fromPromise<MessageReply, { email: string; password: string }>(() =>
      Promise.reject(new Error('provided by the view')),
    ),
  },
  actions: {
    notify: (_, _params: AuthNotice) => {},
    goToLogin: () => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
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
    prefill: assign(({ context }, params: { reply: CheckEmailPresentReply }) => {
      if (!hasKnownDetails(params.reply)) return {};
      return {
        known: params.reply,
        details: {
          ...context.details,
          firstName: params.reply.firstName ?? '',
          lastName: params.reply.lastName ?? '',
          mobileNumber: params.reply.mobileNumber ?? '',
        },
      };
    }),
    showErrors: assign({
      submitted: ({ context }, params: { step: keyof SignUpContext['submitted'] }) => ({
        ...context.submitted,
        [params.step]: true,
      }),
    }),
    togglePassword: assign({
      shown: ({ context, event }) =>
        event.type === 'password.toggle' ? { ...context.shown, [event.field]: !context.shown[event.field] } : context.shown,
    }),
  },
  guards: {
    isEmailLeft: ({ context, event }) =>
      event.type === 'field.blur' && event.field === 'email' && signUpDetails.shape.email.safeParse(context.details.email).success,
    isEmailChange: ({ event }) => event.type === 'field.change' && event.field === 'email',
    areDetailsValid: ({ context }) => signUpDetails.safeParse(context.details).success,
    isOtpEmpty: ({ context }) => context.otp.trim() === '',
    isOtpValid: ({ context }) => otpRule.safeParse(context.otp).success,
    isPasswordMissing: ({ context }) => context.password === '' || context.confirmPassword === '',
    doPasswordsDiffer: ({ context }) => context.password !== context.confirmPassword,
    isPasswordValid: ({ context }) => passwordRule.safeParse(context.password).success,
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
            actions: [
              { type: 'showErrors', params: { step: 'details' } },
              notify(authMessages.fillAllFieldsBang, 'error'),
            ],
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
            onDone: {
              target: 'idle',
              actions: { type: 'prefill', params: ({ event }) => ({ reply: event.output }) },
            },
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
        onDone: { target: 'otp', actions: notify(authMessages.signUpOtpSent, 'success') },
        onError: {
          target: 'details',
          actions: { type: 'notify', params: ({ event }) => authNotice(createUserFailureMessage(event.error), 'error') },
        },
      },
    },
    otp: {
      on: {
        'field.change': { actions: 'changeField' },
        'otp.verify': [
          { guard: 'isOtpValid', target: 'verifyingOtp' },
          {
            guard: 'isOtpEmpty',
            actions: [{ type: 'showErrors', params: { step: 'otp' } }, notify(authMessages.otpEmpty, 'error')],
          },
          { actions: [{ type: 'showErrors', params: { step: 'otp' } }, notify(authMessages.otpLength, 'error')] },
        ],
      },
    },
    verifyingOtp: {
      invoke: {
        id: 'verifyOtp',
        src: 'verifyOtp',
        input: ({ context }) => ({ email: context.details.email, otp: context.otp }),
        onDone: { target: 'password', actions: notify(authMessages.otpVerified, 'success') },
        onError: {
          target: 'otp',
          actions: { type: 'notify', params: ({ event }) => authNotice(otpFailureMessage(event.error), 'error') },
        },
      },
    },
    password: {
      on: {
        'field.change': { actions: 'changeField' },
        'password.toggle': { actions: 'togglePassword' },
        'form.submit': [
          {
            guard: 'isPasswordMissing',
            actions: [{ type: 'showErrors', params: { step: 'password' } }, notify(authMessages.fillAllFieldsBang, 'error')],
          },
          {
            guard: 'doPasswordsDiffer',
            actions: [{ type: 'showErrors', params: { step: 'password' } }, notify(authMessages.passwordsDoNotMatch, 'error')],
          },
          { guard: 'isPasswordValid', target: 'creatingPassword' },
          {
            actions: [{ type: 'showErrors', params: { step: 'password' } }, notify(authMessages.passwordRule, 'error')],
          },
        ],
      },
    },
    creatingPassword: {
      on: { 'password.toggle': { actions: 'togglePassword' } },
      invoke: {
        id: 'createPassword',
        src: 'createPassword',
        input: ({ context }) => ({ email: context.details.email, password: context.password }),
        onDone: { target: 'created', actions: notify(authMessages.accountCreated, 'success') },
        onError: { target: 'password', actions: notify(authMessages.genericError, 'error') },
      },
    },
    created: {
      after: { [redirectDelays.afterSignUp]: { target: 'leaving' } },
    },
    leaving: {
      type: 'final',
      entry: 'goToLogin',
    },
  },
});
