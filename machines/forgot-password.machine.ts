// Forgot Password (SPEC.md §2, §4 "Forgot password", §5, §8): step "Email Verification" mails an OTP, step "OTP and
// Password" checks it and sets the new password, then /login after 3 s.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { authMessages, email as emailRule } from '../domain/auth';
import type { MessageReply, VerifyOtpPasswordRequest } from '../domain/auth';
import { redirectDelays, toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import { newPasswordRefusal } from '../domain/password-reset-errors';
import { errorOf, outputOf } from './actor-events';
import { authNotice, toggledSecret } from './auth.selectors';
import { filterForgotPasswordField, resetOtpSentMessage } from './forgot-password.selectors';
import { resetFailureMessage, resetPasswordRequest, verifyEmailFailureMessage } from './password-reset.selectors';
import type { ForgotPasswordField, ForgotPasswordSecret } from './forgot-password.selectors';

export type { ForgotPasswordField, ForgotPasswordSecret } from './forgot-password.selectors';

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

/** This screen's words for a refused new password (the long wording of the rule, SPEC.md §5). */
const refusalWording = { missing: authMessages.fillAllFields, passwordRule: authMessages.passwordRuleLong };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const forgotPasswordSetup = setup({
  types: {} as { context: ForgotPasswordContext; events: ForgotPasswordEvent },
  actors: {
    verifyEmail: fromPromise<{ userId: string }, { email: string }>(unprovided),
    resetPassword: fromPromise<MessageReply, VerifyOtpPasswordRequest>(unprovided),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    goToLogin: () => {},
    changeField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { [event.field]: filterForgotPasswordField(event.field, event.value) };
    }),
    showErrors: assign({
      submitted: ({ context }, params: { step: keyof ForgotPasswordContext['submitted'] }) => ({
        ...context.submitted,
        [params.step]: true,
      }),
    }),
    togglePassword: assign(({ context, event }) => {
      assertEvent(event, 'password.toggle');
      return { shown: toggledSecret(context.shown, event.field) };
    }),
    keepUserId: assign({ userId: ({ event }) => outputOf<{ userId: string }>(event, 'verifyEmail').userId }),
  },
  guards: {
    isEmailValid: ({ context }) => emailRule.safeParse(context.email).success,
    isNewPasswordAcceptable: ({ context }) => newPasswordRefusal(context, refusalWording) === null,
  },
  delays: {
    afterPasswordReset: redirectDelays.afterPasswordReset,
  },
});

export const forgotPasswordMachine = forgotPasswordSetup.extend({
  actions: {
    notifyVerifyEmailFailure: forgotPasswordSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: authNotice(verifyEmailFailureMessage(errorOf(event, 'verifyEmail')), 'error') });
    }),
    notifyResetFailure: forgotPasswordSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: authNotice(resetFailureMessage(errorOf(event, 'resetPassword')), 'error') });
    }),
    notifyPasswordRefusal: forgotPasswordSetup.enqueueActions(({ context, enqueue }) => {
      enqueue({ type: 'notify', params: authNotice(newPasswordRefusal(context, refusalWording) ?? '', 'error') });
    }),
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
        'form.submit': [
          { guard: 'isEmailValid', target: 'verifyingEmail' },
          { actions: { type: 'showErrors', params: { step: 'email' } } },
        ],
      },
    },
    verifyingEmail: {
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'reset',
          actions: [
            'keepUserId',
            { type: 'notify', params: { message: resetOtpSentMessage, kind: 'success', duration: toastDurations.default } },
          ],
        },
        onError: { target: 'email', actions: 'notifyVerifyEmailFailure' },
      },
    },
    reset: {
      on: {
        'field.change': { actions: 'changeField' },
        'password.toggle': { actions: 'togglePassword' },
        'form.submit': [
          { guard: 'isNewPasswordAcceptable', target: 'resetting' },
          { actions: [{ type: 'showErrors', params: { step: 'reset' } }, 'notifyPasswordRefusal'] },
        ],
      },
    },
    resetting: {
      on: { 'password.toggle': { actions: 'togglePassword' } },
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => resetPasswordRequest(context),
        onDone: {
          target: 'passwordReset',
          actions: {
            type: 'notify',
            params: { message: authMessages.forgotSuccess, kind: 'success', duration: toastDurations.default },
          },
        },
        onError: { target: 'reset', actions: 'notifyResetFailure' },
      },
    },
    passwordReset: {
      after: { afterPasswordReset: { target: 'leaving' } },
    },
    leaving: {
      type: 'final',
      entry: 'goToLogin',
    },
  },
});
