// Create Password at checkout (SPEC.md §2 Checkout modals, §4 "Set-password flow", §5, §8): an earlier guest buyer
// gets a code by mail, sets a password in the "Set Password" modal, is signed in with it, has the guest bag merged
// into the account (as at sign-in) and comes back to /checkout.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { authMessages } from '../domain/auth';
import type { MessageReply, SignInReply, SignInRequest, VerifyOtpPasswordRequest } from '../domain/auth';
import { checkoutMessages } from '../domain/checkout';
import { toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import { newPasswordRefusal } from '../domain/password-reset-errors';
import { errorOf, inputOf, outputOf } from './actor-events';
import { toggledSecret } from './auth.selectors';
import { checkoutNotice } from './guest-checkout.selectors';
import { resetFailureMessage, resetPasswordRequest, verifyEmailFailureMessage } from './password-reset.selectors';
import { filterSetPasswordField } from './set-password.selectors';
import type { SetPasswordField, SetPasswordSecret } from './set-password.selectors';

export type { SetPasswordField, SetPasswordSecret } from './set-password.selectors';

export interface SetPasswordInput {
  /** The guest session whose bag becomes the account's once signed in. */
  guestSessionId: string;
}

export interface SetPasswordContext extends SetPasswordInput {
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

/** The modal's words for a refused new password. */
const refusalWording = { missing: checkoutMessages.setPasswordInvalid, passwordRule: authMessages.passwordRule };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const closedModal = { otp: '', password: '', confirmPassword: '', submitted: false, shown: { password: false, confirmPassword: false } };

const setPasswordSetup = setup({
  types: {} as { context: SetPasswordContext; events: SetPasswordEvent; input: SetPasswordInput },
  actors: {
    /** verifyemail: mails the code. */
    verifyEmail: fromPromise<{ userId: string }, { email: string }>(unprovided),
    /** verifyotppassword: checks the code and sets the password. */
    resetPassword: fromPromise<MessageReply, VerifyOtpPasswordRequest>(unprovided),
    /** loginapi with the new password: the session, or null for a 200 that is not "Login successful". */
    signIn: fromPromise<SignInReply | null, SignInRequest>(unprovided),
    /** syncGuestLoggedInCart: the guest bag into the account, with the user's token. */
    syncGuestCart: fromPromise<unknown, { sessionId: string; userExtId: string }>(unprovided),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    storeSession: (_, _params: SignInReply) => {},
    forgetGuestSession: () => {},
    logError: (_, _params: { error: unknown }) => {},
    /** A full load of /checkout, so that the page starts again as the signed-in user's. */
    goToCheckout: () => {},
    takeInput: assign(({ event }) => ({ guestSessionId: inputOf<SetPasswordInput>(event).guestSessionId })),
    start: assign(({ event }) => {
      assertEvent(event, 'password.start');
      return { ...closedModal, email: event.email, userId: null };
    }),
    changeField: assign(({ event }) => {
      assertEvent(event, 'field.change');
      return { [event.field]: filterSetPasswordField(event.field, event.value) };
    }),
    showAllErrors: assign({ submitted: true }),
    togglePassword: assign(({ context, event }) => {
      assertEvent(event, 'password.toggle');
      return { shown: toggledSecret(context.shown, event.field) };
    }),
    closeModal: assign(closedModal),
    keepUserId: assign({ userId: ({ event }) => outputOf<{ userId: string }>(event, 'verifyEmail').userId }),
    keepSession: assign({ session: ({ event }) => outputOf<SignInReply | null>(event, 'signIn') }),
  },
  guards: {
    isNewPasswordAcceptable: ({ context }) => newPasswordRefusal(context, refusalWording) === null,
    isLoginSuccessful: ({ event }) => outputOf<SignInReply | null>(event, 'signIn') !== null,
  },
});

export const setPasswordMachine = setPasswordSetup.extend({
  actions: {
    notifyVerifyEmailFailure: setPasswordSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: checkoutNotice(verifyEmailFailureMessage(errorOf(event, 'verifyEmail')), 'error') });
    }),
    notifySetPasswordFailure: setPasswordSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: checkoutNotice(resetFailureMessage(errorOf(event, 'resetPassword')), 'error') });
    }),
    notifyPasswordRefusal: setPasswordSetup.enqueueActions(({ context, enqueue }) => {
      enqueue({ type: 'notify', params: checkoutNotice(newPasswordRefusal(context, refusalWording) ?? '', 'error') });
    }),
    logMergeFailure: setPasswordSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'syncGuestCart') } });
    }),
    storeKeptSession: setPasswordSetup.enqueueActions(({ context, enqueue }) => {
      if (context.session) enqueue({ type: 'storeSession', params: context.session });
    }),
  },
}).createMachine({
  id: 'setPassword',
  context: {
    guestSessionId: '',
    email: '',
    userId: null,
    ...closedModal,
    session: null,
  },
  entry: 'takeInput',
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
        onDone: { target: 'modalOpen', actions: 'keepUserId' },
        onError: { target: 'idle', actions: 'notifyVerifyEmailFailure' },
      },
    },
    // The "Set Password" modal: OTP, password and confirmation, each password with its visibility toggle.
    modalOpen: {
      on: {
        'field.change': { actions: 'changeField' },
        'password.toggle': { actions: 'togglePassword' },
        'form.submit': [
          { guard: 'isNewPasswordAcceptable', target: 'settingPassword' },
          { actions: ['showAllErrors', 'notifyPasswordRefusal'] },
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
        input: ({ context }) => resetPasswordRequest(context),
        onDone: { target: 'signingIn' },
        onError: { target: 'modalOpen', actions: 'notifySetPasswordFailure' },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: [
          // The merge must carry the user's token (a guest's token is refused, and its 401 would end the session).
          { guard: 'isLoginSuccessful', target: 'mergingGuestBag', actions: ['keepSession', 'storeKeptSession'] },
          {
            target: 'idle',
            actions: [
              'closeModal',
              { type: 'notify', params: { message: authMessages.accountCreated, kind: 'info', duration: toastDurations.checkoutEmail } },
            ],
          },
        ],
        // The password is set all the same: the shopper signs in by hand (the Login link).
        onError: {
          target: 'idle',
          actions: [
            'closeModal',
            { type: 'notify', params: { message: authMessages.accountCreated, kind: 'info', duration: toastDurations.checkoutEmail } },
          ],
        },
      },
    },
    mergingGuestBag: {
      invoke: {
        id: 'syncGuestCart',
        src: 'syncGuestCart',
        input: ({ context }) => ({ sessionId: context.guestSessionId, userExtId: context.session!.userExtId }),
        // As at sign-in (SPEC.md §4), the guest id goes once the merge answered.
        onDone: { target: 'done', actions: 'forgetGuestSession' },
        // The password is set and the session valid: the shopper goes on, the bag stays with the guest session.
        onError: { target: 'done', actions: 'logMergeFailure' },
      },
    },
    done: {
      type: 'final',
      entry: 'goToCheckout',
    },
  },
});
