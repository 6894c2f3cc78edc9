// Forgot Password (SPEC.md §2, §4 "Forgot password", §5, §8): step "Email Verification" mails an OTP, step "OTP and
// Password" checks it and sets the new password, then /login after 3 s.
import { assign, fromPromise, setup } from 'xstate';
import { authMessages, email as emailRule, newPassword, otp as otpRule } from '../domain/auth';
import type { MessageReply, VerifyOtpPasswordRequest } from '../domain/auth';
import { typingFilters } from '../domain/fields';
import { limits, redirectDelays } from '../domain/limits';
import { failureOf } from './call-failure';
import { authNotice } from './sign-in.machine';
import type { AuthNotice } from './sign-in.machine';

export type ForgotPasswordField = 'email' | 'otp' | 'password' | 'confirmPassword';
export type ForgotPasswordSecret = 'password' | 'confirmPassword';

export interface ForgotPasswordContext {
  email: string;
  /** verifyemail's userId (SPEC.md §4: stored when step 1 succeeds). */
  userId: string | null;
  otp: string;
  password: string;
  confirmPassword: string;
  submitted: { email: boolean; reset: boolean };
  shown: Record<ForgotPasswordSecret, boolean>;
}

export type ForgotPasswordEvent =
  | { type: 'field.change'; field: ForgotPasswordField; value: string }
  | { type: 'form.submit' }
  | { type: 'password.toggle'; field: ForgotPasswordSecret };

/** Not a spec message: the spec only says that step 1 mails the OTP. */
export const resetOtpSentMessage = 'An OTP has been sent to your email.';

const filters: Record<ForgotPasswordField, (value: string) => string> = {
  email: (value) => typingFilters.maxLength(value, limits.emailMax),
  otp: (value) => typingFilters.digits(value, limits.otpLength),
  password: (value) => typingFilters.maxLength(value, limits.passwordMax),
  confirmPassword: (value) => typingFilters.maxLength(value, limits.passwordMax),
};

export function filterForgotPasswordField(field: ForgotPasswordField, value: string): string {
  return filters[field](value);
}

const passwordRule = newPassword(authMessages.passwordRuleLong);
const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/** Field messages of both steps (the long wording of the password rule on this screen, SPEC.md §5). */
export function forgotPasswordErrors(context: Pick<ForgotPasswordContext, ForgotPasswordField>) {
  const errors: Partial<Record<ForgotPasswordField, string>> = {
    email: firstIssue(emailRule.safeParse(context.email)),
    otp: firstIssue(otpRule.safeParse(context.otp)),
    password: firstIssue(passwordRule.safeParse(context.password)),
    confirmPassword: !context.confirmPassword
      ? authMessages.fillAllFields
      : context.confirmPassword !== context.password
        ? authMessages.passwordsDoNotMatch
        : undefined,
  };
  return errors;
}

function verifyEmailFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === 404) return authMessages.forgotCheckEmail;
  if (failure.status === 429 && failure.serverMessage) return failure.serverMessage;
  return authMessages.forgotProcessError;
}

export function resetFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  const ownWords: string[] = [authMessages.otpExpired, authMessages.otpBurned];
  const ownCode = failure.code === 'OTP_EXPIRED' || failure.code === 'OTP_BURNED';
  if (failure.serverMessage && (failure.status === 429 || ownCode || ownWords.includes(failure.serverMessage))) {
    return failure.serverMessage;
  }
  if (failure.status === 400) return authMessages.forgotIncorrectOtp;
  return authMessages.forgotOtpFailed;
}

const notify = (message: string, kind: AuthNotice['kind']) => ({ type: 'notify' as const, params: authNotice(message, kind) });
const showErrors = (step: keyof ForgotPasswordContext['submitted']) => ({ type: 'showErrors' as const, params: { step } });

export const forgotPasswordMachine = setup({
  types: {} as { context: ForgotPasswordContext; events: ForgotPasswordEvent },
  actors: {
    verifyEmail: fromPromise<{ userId: string }, { email: string }>(() =>
      Promise.reject(new Error('provided by the view')),
    ),
    resetPassword: fromPromise<MessageReply, VerifyOtpPasswordRequest>(() =>
      Promise.reject(new Error('provided by the view')),
    ),
  },
  actions: {
    notify: (_, _params: AuthNotice) => {},
    goToLogin: () => {},
    changeField: assign(({ event }) =>
      event.type === 'field.change' ? { [event.field]: filterForgotPasswordField(event.field, event.value) } : {},
    ),
    showErrors: assign({
      submitted: ({ context }, params: { step: keyof ForgotPasswordContext['submitted'] }) => ({
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
    isEmailValid: ({ context }) => emailRule.safeParse(context.email).success,
    isAnyFieldEmpty: ({ context }) => !context.otp.trim() || !context.password || !context.confirmPassword,
    isOtpMalformed: ({ context }) => !otpRule.safeParse(context.otp).success,
    doPasswordsDiffer: ({ context }) => context.password !== context.confirmPassword,
    isPasswordValid: ({ context }) => passwordRule.safeParse(context.password).success,
  },
}).createMachine({
  id: 'forgotPassword',
  context: {
    email: '',
    userId: null,
    otp: '',
    password: '',
    confirmPassword: '',
    submitted: { email: false, reset: false },
    shown: { password: false, confirmPassword: false },
  },
  initial: 'email',
  states: {
    email: {
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [{ guard: 'isEmailValid', target: 'verifyingEmail' }, { actions: showErrors('email') }],
      },
    },
    verifyingEmail: {
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'reset',
          actions: [assign({ userId: ({ event }) => event.output.userId }), notify(resetOtpSentMessage, 'success')],
        },
        onError: {
          target: 'email',
          actions: { type: 'notify', params: ({ event }) => authNotice(verifyEmailFailureMessage(event.error), 'error') },
        },
      },
    },
    reset: {
      on: {
        'field.change': { actions: 'changeField' },
        'password.toggle': { actions: 'togglePassword' },
        'form.submit': [
          { guard: 'isAnyFieldEmpty', actions: [showErrors('reset'), notify(authMessages.fillAllFields, 'error')] },
          { guard: 'isOtpMalformed', actions: [showErrors('reset'), notify(authMessages.otpLength, 'error')] },
          { guard: 'doPasswordsDiffer', actions: [showErrors('reset'), notify(authMessages.passwordsDoNotMatch, 'error')] },
          { guard: 'isPasswordValid', target: 'resetting' },
          { actions: [showErrors('reset'), notify(authMessages.passwordRuleLong, 'error')] },
        ],
      },
    },
    resetting: {
      on: { 'password.toggle': { actions: 'togglePassword' } },
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({
          email: context.email,
          otp: context.otp,
          password: context.password,
          confirmPassword: context.confirmPassword,
        }),
        onDone: { target: 'passwordReset', actions: notify(authMessages.forgotSuccess, 'success') },
        onError: {
          target: 'reset',
          actions: { type: 'notify', params: ({ event }) => authNotice(resetFailureMessage(event.error), 'error') },
        },
      },
    },
    passwordReset: {
      after: { [redirectDelays.afterPasswordReset]: { target: 'leaving' } },
    },
    leaving: {
      type: 'final',
      entry: 'goToLogin',
    },
  },
});
