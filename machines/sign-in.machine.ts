// Sign In (SPEC.md §2, §4 "Sign-in", §5 "Sign in"): typing filters and validation, one login request at a time, then
// the session is stored, the guest bag synced when there is one, the user's details fetched, and the app reloaded.
import { assign, fromPromise, setup } from 'xstate';
import { authMessages, signInRequest } from '../domain/auth';
import type { SignInReply, SignInRequest } from '../domain/auth';
import { fieldErrors, typingFilters } from '../domain/fields';
import { limits, toastDurations } from '../domain/limits';
import { failureOf } from './call-failure';

export type SignInField = keyof SignInRequest;

export interface AuthNotice {
  message: string;
  kind: 'success' | 'error' | 'info';
  duration: number;
}

/** Snackbars of the account screens stay 4000 ms (SPEC.md §9). */
export const authNotice = (message: string, kind: AuthNotice['kind']): AuthNotice => ({
  message,
  kind,
  duration: toastDurations.default,
});

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

/** SPEC.md §5: typing beyond 50 (e-mail) or 30 (password) characters is refused. */
const filters: Record<SignInField, (value: string) => string> = {
  email: (value) => typingFilters.maxLength(value, limits.emailMax),
  password: (value) => typingFilters.maxLength(value, limits.passwordMax),
};

export function filterSignInField(field: SignInField, value: string): string {
  return filters[field](value);
}

export function signInErrors(form: SignInRequest) {
  return fieldErrors(signInRequest, form) as Partial<Record<SignInField, string>>;
}

/** The spec's message for a refused login (SPEC.md §8 "Sign in"). */
export function signInFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === 401) return authMessages.signInFailed;
  if (failure.status === 403 && failure.code === 'EMAIL_NOT_VERIFIED') {
    return failure.serverMessage ?? authMessages.emailNotVerified;
  }
  if (failure.status === 429 && failure.serverMessage) return failure.serverMessage;
  return authMessages.signInRequestError;
}

export const emptySignInForm: SignInRequest = { email: '', password: '' };

export const signInMachine = setup({
  types: {} as { context: SignInContext; events: SignInEvent; input: SignInInput },
  actors: {
    /** Resolves with the session, or null for a 200 that is not "Login successful". */
    signIn: fromPromise<SignInReply | null, SignInRequest>(() => Promise.reject(new Error('provided by the view'))),
    syncGuestCart: fromPromise<void, { sessionId: string; userExtId: string }>(() =>
      Promise.reject(new Error('provided by the view')),
    ),
    fetchUserDetails: fromPromise<unknown, { userExtId: string }>(() =>
      Promise.reject(new Error('provided by the view')),
    ),
  },
  actions: {
    notify: (_, _params: AuthNotice) => {},
    storeSession: (_, _params: SignInReply) => {},
    forgetGuestSession: () => {},
    goHome: (_, _params: { to: '/' | '/checkout' }) => {},
    changeField: assign({
      form: ({ context, event }) =>
        event.type === 'field.change'
          ? { ...context.form, [event.field]: filterSignInField(event.field, event.value) }
          : context.form,
    }),
    showAllErrors: assign({ submitted: true }),
    togglePassword: assign({ passwordShown: ({ context }) => !context.passwordShown }),
  },
  guards: {
    isFormValid: ({ context }) => signInRequest.safeParse(context.form).success,
    isLoginSuccessful: (_, params: { reply: SignInReply | null }) => params.reply !== null,
    hasGuestBag: ({ context }) => context.guestSessionId !== null || context.guestLogin,
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    ...input,
    form: { ...emptySignInForm },
    submitted: false,
    passwordShown: false,
    session: null,
  }),
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
          {
            guard: { type: 'isLoginSuccessful', params: ({ event }) => ({ reply: event.output }) },
            target: 'signedIn',
            actions: assign({ session: ({ event }) => event.output }),
          },
          {
            target: 'editing',
            actions: { type: 'notify', params: authNotice(authMessages.signInFailed, 'error') },
          },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'notify', params: ({ event }) => authNotice(signInFailureMessage(event.error), 'error') },
        },
      },
    },
    signedIn: {
      entry: [
        { type: 'storeSession', params: ({ context }) => context.session! },
        { type: 'notify', params: authNotice(authMessages.signInSuccess, 'success') },
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
      entry: { type: 'goHome', params: ({ context }) => ({ to: context.guestLogin ? '/checkout' : '/' }) },
    },
  },
});
