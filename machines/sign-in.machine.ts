// Sign In (SPEC.md §2, §4 "Sign-in", §5 "Sign in"): typing filters and validation, one login request at a time, then
// the session is stored, the guest bag synced when there is one, the user's details fetched, and the app reloaded.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { authMessages, signInRequest } from '../domain/auth';
import type { SignInReply, SignInRequest } from '../domain/auth';
import { toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import { errorOf, inputOf, outputOf } from './actor-events';
import { authNotice } from './auth.selectors';
import { emptySignInForm, filterSignInField, signInFailureMessage } from './sign-in.selectors';
import type { SignInField } from './sign-in.selectors';

export type { SignInField } from './sign-in.selectors';

export interface SignInInput {
  /** Reached via /g/login (guest checkout): sync the guest bag and return to /checkout. */
  guestLogin: boolean;
  /** sessionStorage guestSessionId when the visitor has a guest bag. */
  guestSessionId: string | null;
}

export interface SignInContext extends SignInInput {
  form: SignInRequest;
  /** After a refused submit every field shows its message, not only the non-empty ones (SPEC.md §5). */
  submitted: boolean;
  passwordShown: boolean;
  session: SignInReply | null;
}

export type SignInEvent =
  | { type: 'field.change'; field: SignInField; value: string }
  | { type: 'form.submit' }
  | { type: 'password.toggle' };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const signInSetup = setup({
  types: {} as { context: SignInContext; events: SignInEvent; input: SignInInput },
  actors: {
    /** Resolves with the session, or null for a 200 that is not "Login successful". */
    signIn: fromPromise<SignInReply | null, SignInRequest>(unprovided),
    syncGuestCart: fromPromise<void, { sessionId: string; userExtId: string }>(unprovided),
    fetchUserDetails: fromPromise<unknown, { userExtId: string }>(unprovided),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    storeSession: (_, _params: SignInReply) => {},
    forgetGuestSession: () => {},
    goHome: (_, _params: { to: '/' | '/checkout' }) => {},
    takeInput: assign(({ event }) => {
      const { guestLogin, guestSessionId } = inputOf<SignInInput>(event);
      return { guestLogin, guestSessionId };
    }),
    changeField: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'field.change');
        return { ...context.form, [event.field]: filterSignInField(event.field, event.value) };
      },
    }),
    showAllErrors: assign({ submitted: true }),
    togglePassword: assign({ passwordShown: ({ context }) => !context.passwordShown }),
    keepSession: assign({ session: ({ event }) => outputOf<SignInReply | null>(event, 'signIn') }),
  },
  guards: {
    isFormValid: ({ context }) => signInRequest.safeParse(context.form).success,
    isLoginSuccessful: ({ event }) => outputOf<SignInReply | null>(event, 'signIn') !== null,
    hasGuestBag: ({ context }) => context.guestSessionId !== null || context.guestLogin,
  },
});

export const signInMachine = signInSetup.extend({
  actions: {
    notifySignInFailure: signInSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: authNotice(signInFailureMessage(errorOf(event, 'signIn')), 'error') });
    }),
    storeKeptSession: signInSetup.enqueueActions(({ context, enqueue }) => {
      if (context.session) enqueue({ type: 'storeSession', params: context.session });
    }),
    leave: signInSetup.enqueueActions(({ context, enqueue }) => {
      enqueue({ type: 'goHome', params: { to: context.guestLogin ? '/checkout' : '/' } });
    }),
  },
}).createMachine({
  id: 'signIn',
  context: {
    guestLogin: false,
    guestSessionId: null,
    form: { ...emptySignInForm },
    submitted: false,
    passwordShown: false,
    session: null,
  },
  entry: 'takeInput',
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'password.toggle': { actions: 'togglePassword' },
        // No request unless both fields are valid (SPEC.md §5).
        'form.submit': [{ guard: 'isFormValid', target: 'signingIn' }, { actions: 'showAllErrors' }],
      },
    },
    signingIn: {
      // Repeated submits while the request runs are not handled here, so they are ignored.
      on: { 'password.toggle': { actions: 'togglePassword' } },
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => context.form,
        onDone: [
          { guard: 'isLoginSuccessful', target: 'signedIn', actions: 'keepSession' },
          {
            target: 'editing',
            actions: {
              type: 'notify',
              params: { message: authMessages.signInFailed, kind: 'error', duration: toastDurations.default },
            },
          },
        ],
        onError: { target: 'editing', actions: 'notifySignInFailure' },
      },
    },
    signedIn: {
      entry: [
        'storeKeptSession',
        { type: 'notify', params: { message: authMessages.signInSuccess, kind: 'success', duration: toastDurations.default } },
      ],
      always: [{ guard: 'hasGuestBag', target: 'syncingGuestCart' }, { target: 'fetchingUserDetails' }],
    },
    syncingGuestCart: {
      invoke: {
        id: 'syncGuestCart',
        src: 'syncGuestCart',
        input: ({ context }) => ({ sessionId: context.guestSessionId ?? '', userExtId: context.session!.userExtId }),
        onDone: { target: 'fetchingUserDetails', actions: 'forgetGuestSession' },
        // The merge is the bag's business: a failed sync must not stop the sign-in.
        onError: { target: 'fetchingUserDetails' },
      },
    },
    fetchingUserDetails: {
      invoke: {
        id: 'fetchUserDetails',
        src: 'fetchUserDetails',
        input: ({ context }) => ({ userExtId: context.session!.userExtId }),
        // The spec fetches the details and does not use them; either way the user goes on.
        onDone: { target: 'leaving' },
        onError: { target: 'leaving' },
      },
    },
    leaving: {
      type: 'final',
      entry: 'leave',
    },
  },
});
