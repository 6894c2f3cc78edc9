// Create Password at checkout (SPEC.md §2 Checkout modals, §4 "Set-password flow", §5, §8): an earlier guest buyer
// gets a code by mail, sets a password in the "Set Password" modal, is signed in with it and comes back to /checkout.
import { assign, fromPromise, setup } from 'xstate';
import { authMessages, newPassword, otp as otpRule } from '../domain/auth';
import type { MessageReply, SignInReply, SignInRequest, VerifyOtpPasswordRequest } from '../domain/auth';
import { checkoutMessages } from '../domain/checkout';
import { typingFilters } from '../domain/fields';
import { limits, toastDurations } from '../domain/limits';
import { failureOf } from './call-failure';

export type SetPasswordField = 'otp' | 'password' | 'confirmPassword';
export type SetPasswordSecret = 'password' | 'confirmPassword';

export interface SetPasswordContext {
  /** The guest form's e-mail, given by the Create Password button. */
  email: string;
  /** verifyemail's userId. */
  userId: string | null;
  otp: string;
  password: string;
  confirmPassword: string;
  /** After a refused submit every field shows its message (SPEC.md §5). */
  submitted: boolean;
  shown: Record<SetPasswordSecret, boolean>;
  session: SignInReply | null;
}

export type SetPasswordEvent =
  | { type: 'password.start'; email: string }
  | { type: 'field.change'; field: SetPasswordField; value: string }
  | { type: 'password.toggle'; field: SetPasswordSecret }
  | { type: 'form.submit' }
  | { type: 'modal.cancel' };

export interface SetPasswordNotice {
  message: string;
  kind: 'success' | 'error' | 'info';
  duration: number;
}

/** The checkout page's snackbars of the e-mail step stay 5 s (SPEC.md §9). */
const setPasswordNotice = (message: string, kind: SetPasswordNotice['kind']): SetPasswordNotice => ({
  message,
  kind,
  duration: toastDurations.checkoutEmail,
});

/** SPEC.md §5 typing filters: OTP 6 digits, passwords 30 characters. */
const filters: Record<SetPasswordField, (value: string) => string> = {
  otp: (value) => typingFilters.digits(value, limits.otpLength),
  password: (value) => typingFilters.maxLength(value, limits.passwordMax),
  confirmPassword: (value) => typingFilters.maxLength(value, limits.passwordMax),
};

export function filterSetPasswordField(field: SetPasswordField, value: string): string {
  return filters[field](value);
}

const passwordRule = newPassword();
const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/** Field messages of the Set Password modal, in the spec's words; the view shows them once a field is non-empty. */
export function setPasswordErrors(context: Pick<SetPasswordContext, SetPasswordField>) {
  const errors: Partial<Record<SetPasswordField, string>> = {
    otp: firstIssue(otpRule.safeParse(context.otp)),
    password: firstIssue(passwordRule.safeParse(context.password)),
    confirmPassword: !context.confirmPassword
      ? authMessages.passwordRequired
      : context.confirmPassword !== context.password
        ? authMessages.passwordsDoNotMatch
        : undefined,
  };
  return errors;
}

/** SPEC.md §8: an unknown e-mail (404), else the process error; a rate limit says when to try again. */
export function verifyEmailFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === 404) return authMessages.forgotCheckEmail;
  if (failure.status === 429 && failure.serverMessage) return failure.serverMessage;
  return authMessages.forgotProcessError;
}

/** SPEC.md §8: a wrong code, else the failed verification; an expired or burned code in the server's own words. */
export function setPasswordFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  const ownCode = failure.code === 'OTP_EXPIRED' || failure.code === 'OTP_BURNED';
  if (failure.serverMessage && (failure.status === 429 || ownCode)) return failure.serverMessage;
  if (failure.status === 400) return authMessages.forgotIncorrectOtp;
  return authMessages.forgotOtpFailed;
}

const notify = (message: string, kind: SetPasswordNotice['kind']) => ({
  type: 'notify' as const,
  params: setPasswordNotice(message, kind),
});

const unprovided = () => Promise.reject(new Error('provided by the view'));

const closedModal = { otp: '', password: '', confirmPassword: '', submitted: false, shown: { password: false, confirmPassword: false } };

export const setPasswordMachine = setup({
  types: {} as { context: SetPasswordContext; events: SetPasswordEvent },
  actors: {
    /** verifyemail: mails the code. */
    verifyEmail: fromPromise<{ userId: string }, { email: string }>(unprovided),
    /** verifyotppassword: checks the code and sets the password. */
    resetPassword: fromPromise<MessageReply, VerifyOtpPasswordRequest>(unprovided),
    /** loginapi with the new password. */
    signIn: fromPromise<SignInReply, SignInRequest>(unprovided),
  },
  actions: {
    notify: (_, _params: SetPasswordNotice) => {},
    storeSession: (_, _params: SignInReply) => {},
    /** A full load of /checkout, so that the page starts again as the signed-in user's. */
    goToCheckout: () => {},
    start: assign(({ event }) => (event.type === 'password.start' ? { ...closedModal, email: event.email, userId: null } : {})),
    changeField: assign(({ event }) =>
      event.type === 'field.change' ? { [event.field]: filterSetPasswordField(event.field, event.value) } : {},
    ),
    showAllErrors: assign({ submitted: true }),
    togglePassword: assign({
      shown: ({ context, event }) =>
        event.type === 'password.toggle' ? { ...context.shown, [event.field]: !context.shown[event.field] } : context.shown,
    }),
    closeModal: assign(closedModal),
    keepUserId: assign({ userId: (_, params: { userId: string }) => params.userId }),
    keepSession: assign({ session: (_, params: { session: SignInReply }) => params.session }),
  },
  guards: {
    isAnyFieldEmpty: ({ context }) => !context.otp.trim() || !context.password || !context.confirmPassword,
    isOtpMalformed: ({ context }) => !otpRule.safeParse(context.otp).success,
    doPasswordsDiffer: ({ context }) => context.password !== context.confirmPassword,
    isPasswordValid: ({ context }) => passwordRule.safeParse(context.password).success,
  },
}).createMachine({
  id: 'setPassword',
  context: {
    email: '',
    userId: null,
    ...closedModal,
    session: null,
  },
  initial: 'idle',
  states: {
    // The Create Password button.
    idle: {
      on: { 'password.start': { target: 'verifyingEmail', actions: 'start' } },
    },
    verifyingEmail: {
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'modalOpen', actions: { type: 'keepUserId', params: ({ event }) => ({ userId: event.output.userId }) } },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => setPasswordNotice(verifyEmailFailureMessage(event.error), 'error') },
        },
      },
    },
    // The "Set Password" modal: OTP, password and confirmation, each password with its visibility toggle.
    modalOpen: {
      on: {
        'field.change': { actions: 'changeField' },
        'password.toggle': { actions: 'togglePassword' },
        'form.submit': [
          { guard: 'isAnyFieldEmpty', actions: ['showAllErrors', notify(checkoutMessages.setPasswordInvalid, 'error')] },
          { guard: 'isOtpMalformed', actions: ['showAllErrors', notify(authMessages.otpLength, 'error')] },
          { guard: 'doPasswordsDiffer', actions: ['showAllErrors', notify(authMessages.passwordsDoNotMatch, 'error')] },
          { guard: 'isPasswordValid', target: 'settingPassword' },
          { actions: ['showAllErrors', notify(authMessages.passwordRule, 'error')] },
        ],
        'modal.cancel': { target: 'idle', actions: 'closeModal' },
      },
    },
    // Submit and cancel are not handled while the code is checked: one request per click.
    settingPassword: {
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
        onDone: { target: 'signingIn' },
        onError: {
          target: 'modalOpen',
          actions: { type: 'notify', params: ({ event }) => setPasswordNotice(setPasswordFailureMessage(event.error), 'error') },
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: { target: 'done', actions: { type: 'keepSession', params: ({ event }) => ({ session: event.output }) } },
        // The password is set all the same: the shopper signs in by hand (the Login link).
        onError: { target: 'idle', actions: ['closeModal', notify(authMessages.accountCreated, 'info')] },
      },
    },
    done: {
      type: 'final',
      entry: [{ type: 'storeSession', params: ({ context }) => context.session! }, 'goToCheckout'],
    },
  },
});
