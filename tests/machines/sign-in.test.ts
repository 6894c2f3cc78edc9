// The sign-in machine, model-based: every state and transition walked with fake calls, checking what the user and
// the server see (requests sent, snackbars, the stored session, the guest-bag sync, where the page goes).
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { EventFrom } from 'xstate';
import { emptySignInForm, filterSignInField } from '../../machines/sign-in.selectors';
import { signInMachine } from '../../machines/sign-in.machine';
import type { Notice } from '../../domain/notice';
import type { SignInInput } from '../../machines/sign-in.machine';
import type { SignInReply, SignInRequest } from '../../domain/auth';
import { aSignInReply, signInFormEvents } from '../views/sign-in-fixtures';
import { machineCoverage } from './machine-graph';
import { heldCalls, startMachine, typedFieldStep, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof signInMachine>;

const reply = aSignInReply({ trueUser: true, authorization: 'access-token' });
const failure = (status: number | null, code: string | null = null, serverMessage: string | null = null) => ({
  status,
  code,
  serverMessage,
});

const modelEvents = [
  ...signInFormEvents,
  { type: 'xstate.done.actor.signIn', output: reply },
  { type: 'xstate.done.actor.signIn', output: null },
  { type: 'xstate.error.actor.signIn', error: failure(401, 'UNAUTHORIZED', 'Wrong e-mail or password') },
  { type: 'xstate.error.actor.signIn', error: failure(403, 'EMAIL_NOT_VERIFIED', 'Please verify your e-mail first.') },
  { type: 'xstate.error.actor.signIn', error: failure(429, 'TOO_MANY_REQUESTS', 'Too many attempts. Try again later.') },
  { type: 'xstate.error.actor.signIn', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.syncGuestCart', output: undefined },
  { type: 'xstate.error.actor.syncGuestCart', error: failure(500) },
  { type: 'xstate.done.actor.fetchUserDetails', output: { id: 'u_kavya' } },
  { type: 'xstate.error.actor.fetchUserDetails', error: failure(404) },
] as unknown as ModelEvent[];

const expectedFailure: Record<string, string> = {
  '401': 'SignIn failed: User not found or Incorrect credentials',
  '403': 'Please verify your e-mail first.',
  '429': 'Too many attempts. Try again later.',
  network: 'Please verify your email and password.',
};


function harness(input: SignInInput) {
  const seen = {
    notices: [] as Notice[],
    logins: [] as SignInRequest[],
    syncs: [] as { sessionId: string; userExtId: string }[],
    detailsFetched: [] as string[],
    stored: [] as SignInReply[],
    guestSessionForgotten: 0,
    wentTo: [] as string[],
  };
  const { hold, settle, holding } = heldCalls();
  const { actor } = startMachine(
    signInMachine.provide({
      actors: {
        signIn: holding('signIn', seen.logins),
        syncGuestCart: holding('syncGuestCart', seen.syncs),
        fetchUserDetails: fromPromise(({ input: { userExtId } }) => {
          seen.detailsFetched.push(userExtId);
          return hold('fetchUserDetails');
        }),
      },
      actions: {
        notify: (_, notice) => void seen.notices.push(notice),
        storeSession: (_, session) => void seen.stored.push(session),
        forgetGuestSession: () => void (seen.guestSessionForgotten += 1),
        goHome: (_, { to }) => void seen.wentTo.push(to),
      },
    }),
    coverage,
    input,
  );
  return { actor, seen, settle };
}

const inputs: Record<string, SignInInput> = {
  'at /login without a guest bag': { guestLogin: false, guestSessionId: null },
  'at /login with a guest bag': { guestLogin: false, guestSessionId: 'guest-123' },
  'at /g/login': { guestLogin: true, guestSessionId: 'guest-123' },
};

const coverage = machineCoverage();

walkModel('sign-in machine (model-based)', {
  machine: signInMachine,
  coverage,
  situations: inputs,
  events: modelEvents,
  morePathsThan: 10,
  harness,
  steps: (h, input) => {
    let before = { notices: 0, logins: 0 };
    const mark = () => (before = { notices: h.seen.notices.length, logins: h.seen.logins.length });
    const newNotices = () => h.seen.notices.slice(before.notices).map((notice) => notice.message);
    return {
      'field.change': typedFieldStep(h.actor, filterSignInField),
      'password.toggle': () => {
        const shown = h.actor.getSnapshot().context.passwordShown;
        h.actor.send({ type: 'password.toggle' });
        expect(h.actor.getSnapshot().context.passwordShown).toBe(!shown);
      },
      'form.submit': () => {
        mark();
        const { form } = h.actor.getSnapshot().context;
        const wasBusy = !h.actor.getSnapshot().matches('editing');
        h.actor.send({ type: 'form.submit' });
        if (!wasBusy && h.actor.getSnapshot().matches('signingIn')) {
          expect(h.seen.logins.slice(before.logins)).toEqual([form]);
        } else {
          // An invalid form, or a second click while signing in, sends nothing.
          expect(h.seen.logins.length).toBe(before.logins);
          if (!wasBusy) expect(h.actor.getSnapshot().context.submitted).toBe(true);
        }
        expect(newNotices()).toEqual([]);
      },
      'xstate.done.actor.signIn': async ({ event }) => {
        mark();
        await h.settle(event);
        if (event.output) {
          expect(h.seen.stored).toEqual([reply]);
          expect(newNotices()).toEqual(['SignIn Successful']);
          expect(h.seen.notices.at(-1)?.duration).toBe(4000);
          const expectSync = input.guestSessionId !== null || input.guestLogin;
          expect(h.seen.syncs).toEqual(expectSync ? [{ sessionId: 'guest-123', userExtId: 'u_kavya' }] : []);
          expect(h.seen.detailsFetched).toEqual(expectSync ? [] : ['u_kavya']);
        } else {
          expect(newNotices()).toEqual(['SignIn failed: User not found or Incorrect credentials']);
          expect(h.seen.stored).toEqual([]);
        }
      },
      'xstate.error.actor.signIn': async ({ event }) => {
        mark();
        await h.settle(event);
        const status = (event.error as { status?: number }).status;
        expect(newNotices()).toEqual([expectedFailure[status ? String(status) : 'network']]);
        expect(h.seen.notices.at(-1)).toMatchObject({ kind: 'error', duration: 4000 });
        expect(h.seen.stored).toEqual([]);
        expect(h.actor.getSnapshot().matches('editing')).toBe(true);
      },
      'xstate.done.actor.syncGuestCart': async ({ event }) => {
        await h.settle(event);
        // Only a successful sync forgets the guest bag's session id.
        expect(h.seen.guestSessionForgotten).toBe(1);
        expect(h.seen.detailsFetched).toEqual(['u_kavya']);
      },
      'xstate.error.actor.syncGuestCart': async ({ event }) => {
        await h.settle(event);
        expect(h.seen.guestSessionForgotten).toBe(0);
        expect(h.seen.detailsFetched).toEqual(['u_kavya']);
      },
      'xstate.done.actor.fetchUserDetails': async ({ event }) => {
        await h.settle(event);
        expect(h.seen.wentTo).toEqual([input.guestLogin ? '/checkout' : '/']);
      },
      'xstate.error.actor.fetchUserDetails': async ({ event }) => {
        await h.settle(event);
        expect(h.seen.wentTo).toEqual([input.guestLogin ? '/checkout' : '/']);
      },
    };
  },
});

describe('sign-in machine rules', () => {
  it('refuses typing beyond 50 characters of e-mail and 30 of password', () => {
    expect(filterSignInField('email', `${'a'.repeat(60)}@x.in`)).toHaveLength(50);
    expect(filterSignInField('password', 'P@ssw0rd'.repeat(5))).toHaveLength(30);
  });

  it('starts empty with the password hidden', () => {
    const h = harness({ guestLogin: false, guestSessionId: null });
    expect(h.actor.getSnapshot().context).toMatchObject({ form: emptySignInForm, passwordShown: false, submitted: false });
  });
});
