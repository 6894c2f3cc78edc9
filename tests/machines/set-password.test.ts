// The set-password machine, model-based: every state and transition of Create Password at checkout walked with fake
// calls, checking the requests, the modal's refusals, the 5 s snackbars, and the automatic sign-in, with the guest
// bag merged into the account, back to /checkout.
import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { filterSetPasswordField, setPasswordErrors } from '../../machines/set-password.selectors';
import { setPasswordMachine } from '../../machines/set-password.machine';
import type { SetPasswordField } from '../../machines/set-password.selectors';
import type { Notice } from '../../domain/notice';
import type { SignInReply, SignInRequest, VerifyOtpPasswordRequest } from '../../domain/auth';
import { aSignInReply } from '../views/sign-in-fixtures';
import { machineCoverage } from './machine-graph';
import { heldCalls, noticeLog, passwordToggleStep, startMachine, typedFieldStep, walkModel } from './machine-test-kit';

type SetPasswordSnapshot = SnapshotFrom<typeof setPasswordMachine>;
type ModelEvent = EventFrom<typeof setPasswordMachine>;

const email = 'asha@example.in';
const guestSessionId = 'GuestSession0123456789ab';
const strong = 'Jasmine@2026';
const session = aSignInReply({ userExtId: 'u_asha', userId: 'u_asha', email, trueUser: true, authorization: 'access-token' });
const texts = {
  checkEmail: 'Please check the entered Email Address',
  processError: 'An error occurred during the process',
  fillAll: 'Please fill all the fields',
  otpLength: 'OTP must be a 6-digit number',
  mismatch: 'Passwords do not match',
  rule: 'Minimum six characters, at least one uppercase letter, one lowercase letter, one number and one special character!',
  incorrectOtp: 'Incorrect OTP. Please validate the OTP sent to your mail',
  otpFailed: 'OTP verification failed: An error occurred',
  expired: 'This OTP has expired. Please ask for a new one.',
  logInByHand: 'Your account has been successfully created. Please log in.',
};

const failure = (status: number | null, code: string | null = null, serverMessage: string | null = null) => ({
  status,
  code,
  serverMessage,
});
const change = (field: SetPasswordField, value: string) => ({ type: 'field.change', field, value });

const allEvents = {
  start: { type: 'password.start', email },
  emailVerified: { type: 'xstate.done.actor.verifyEmail', output: { userId: 'u_asha' } },
  unknownEmail: { type: 'xstate.error.actor.verifyEmail', error: failure(404, 'NOT_FOUND', texts.checkEmail) },
  emailCrashed: { type: 'xstate.error.actor.verifyEmail', error: failure(500) },
  otpGood: change('otp', '12a3456'),
  otpShort: change('otp', '12'),
  password: change('password', strong),
  weakPassword: change('password', 'jasmine'),
  confirm: change('confirmPassword', strong),
  confirmOther: change('confirmPassword', 'Jasmine@2027'),
  toggle: { type: 'password.toggle', field: 'password' },
  toggleConfirm: { type: 'password.toggle', field: 'confirmPassword' },
  submit: { type: 'form.submit' },
  cancel: { type: 'modal.cancel' },
  passwordSet: { type: 'xstate.done.actor.resetPassword', output: { message: 'OTP Verification Successful. Password updated successfully' } },
  wrongOtp: { type: 'xstate.error.actor.resetPassword', error: failure(400, 'OTP_INVALID', texts.incorrectOtp) },
  expiredOtp: { type: 'xstate.error.actor.resetPassword', error: failure(400, 'OTP_EXPIRED', texts.expired) },
  resetCrashed: { type: 'xstate.error.actor.resetPassword', error: new TypeError('Failed to fetch') },
  signedIn: { type: 'xstate.done.actor.signIn', output: session },
  signInRefused: { type: 'xstate.done.actor.signIn', output: null },
  signInFailed: { type: 'xstate.error.actor.signIn', error: failure(401, 'UNAUTHORIZED') },
  bagMerged: { type: 'xstate.done.actor.syncGuestCart', output: { message: 'merged' } },
  mergeFailed: { type: 'xstate.error.actor.syncGuestCart', error: failure(500) },
} as const;

/**
 * The alphabet depends on where the shopper is, so that the model stays small: a weak password only on an empty
 * field and then the strong one, the short code only on an empty code field, each toggle once.
 */
function eventsFor(snapshot: SetPasswordSnapshot): ModelEvent[] {
  const { otp, password, confirmPassword, shown } = snapshot.context;
  const e = allEvents;
  const candidates: object[] = [e.start, e.emailVerified, e.unknownEmail, e.emailCrashed];
  if (snapshot.matches('modalOpen')) {
    if (otp !== '123456') candidates.push(e.otpGood);
    if (otp === '') candidates.push(e.otpShort);
    if (password !== strong) candidates.push(e.password);
    if (password === '') candidates.push(e.weakPassword);
    if (confirmPassword === '') candidates.push(e.confirm, e.confirmOther);
    if (!shown.password && password === '') candidates.push(e.toggle);
    candidates.push(e.submit, e.cancel);
  }
  if (snapshot.matches('settingPassword')) {
    candidates.push(e.submit, e.cancel, e.passwordSet, e.wrongOtp, e.expiredOtp, e.resetCrashed);
    if (!shown.confirmPassword) candidates.push(e.toggleConfirm);
  }
  if (snapshot.matches('signingIn')) candidates.push(e.signedIn, e.signInRefused, e.signInFailed);
  if (snapshot.matches('mergingGuestBag')) candidates.push(e.bagMerged, e.mergeFailed);
  return (candidates as ModelEvent[]).filter((event) => snapshot.can(event));
}


function harness() {
  // SPEC.md §9: the checkout e-mail step's snackbars stay 5 s.
  const notices = noticeLog<Notice>(5000);
  const seen = {
    emailChecks: [] as { email: string }[],
    resets: [] as VerifyOtpPasswordRequest[],
    signIns: [] as SignInRequest[],
    storedSessions: [] as SignInReply[],
    merges: [] as { sessionId: string; userExtId: string }[],
    /** What happened, in order, once the password is set. */
    steps: [] as string[],
  };
  const { pending, settle, holding } = heldCalls();
  const { actor } = startMachine(
    setPasswordMachine.provide({
      actors: {
        verifyEmail: holding('verifyEmail', seen.emailChecks),
        resetPassword: holding('resetPassword', seen.resets),
        signIn: holding('signIn', seen.signIns),
        syncGuestCart: holding('syncGuestCart', seen.merges),
      },
      actions: {
        notify: notices.notify,
        storeSession: (_, reply) => {
          seen.storedSessions.push(reply);
          seen.steps.push('storeSession');
        },
        forgetGuestSession: () => void seen.steps.push('forgetGuestSession'),
        logError: () => void seen.steps.push('logError'),
        goToCheckout: () => void seen.steps.push('goToCheckout'),
      },
    }),
    coverage,
    { guestSessionId },
  );
  return { actor, notices, seen, settle, pending };
}

/** The modal's refusal for a submit, in the spec's order: empty, then the code, the match, the rule. */
function expectedSubmitNotices(snapshot: SetPasswordSnapshot): string[] {
  if (!snapshot.matches('modalOpen')) return [];
  const { otp, password, confirmPassword } = snapshot.context;
  if (!otp || !password || !confirmPassword) return [texts.fillAll];
  if (otp.length !== 6) return [texts.otpLength];
  if (password !== confirmPassword) return [texts.mismatch];
  return password === strong ? [] : [texts.rule];
}

const coverage = machineCoverage();

walkModel('set-password machine (model-based)', {
  machine: setPasswordMachine,
  coverage,
  events: eventsFor,
  input: { guestSessionId },
  morePathsThan: 20,
  harness,
  state: (actual, h) => {
    // Nothing is stored and nobody leaves the page before the automatic sign-in succeeded.
    if (!actual.matches('mergingGuestBag') && !actual.matches('done')) expect(h.seen.steps).toEqual([]);
  },
  steps: (h) => {
    const calls = () => h.seen.emailChecks.length + h.seen.resets.length + h.seen.signIns.length;
    return {
      'password.start': () => {
        h.actor.send({ type: 'password.start', email });
        expect(h.seen.emailChecks).toEqual([{ email }]);
        expect(h.actor.getSnapshot().context.email).toBe(email);
      },
      'field.change': typedFieldStep(h.actor, filterSetPasswordField, (context) => context),
      'password.toggle': passwordToggleStep(h.actor),
      'form.submit': async () => {
        const snapshot = h.actor.getSnapshot();
        const before = calls();
        await h.notices.expectMessages(() => h.actor.send({ type: 'form.submit' }), expectedSubmitNotices(snapshot));
        if (h.actor.getSnapshot().matches('settingPassword') && snapshot.matches('modalOpen')) {
          expect(h.seen.resets.at(-1)).toEqual({ email, otp: '123456', password: strong, confirmPassword: strong });
        } else {
          // A refused form sends nothing, and a second click while the code is checked is ignored.
          expect(calls()).toBe(before);
        }
      },
      'modal.cancel': () => {
        h.actor.send({ type: 'modal.cancel' });
        const after = h.actor.getSnapshot();
        expect(after.value).toBe('idle');
        expect(after.context).toMatchObject({ otp: '', password: '', confirmPassword: '' });
      },
      'xstate.done.actor.verifyEmail': async ({ event }) => {
        await h.notices.expectMessages(() => h.settle(event), []);
        expect(h.actor.getSnapshot().value).toBe('modalOpen');
        expect(h.actor.getSnapshot().context.userId).toBe('u_asha');
      },
      'xstate.error.actor.verifyEmail': async ({ event }) => {
        const status = (event.error as { status: number }).status;
        await h.notices.expectMessages(() => h.settle(event), [status === 404 ? texts.checkEmail : texts.processError]);
        expect(h.actor.getSnapshot().value).toBe('idle');
      },
      'xstate.done.actor.resetPassword': async ({ event }) => {
        await h.notices.expectMessages(() => h.settle(event), []);
        // Signed in with the new password straight away.
        expect(h.seen.signIns).toEqual([{ email, password: strong }]);
      },
      'xstate.error.actor.resetPassword': async ({ event }) => {
        const error = event.error as { code?: string };
        const expected =
          error.code === 'OTP_INVALID' ? texts.incorrectOtp : error.code === 'OTP_EXPIRED' ? texts.expired : texts.otpFailed;
        await h.notices.expectMessages(() => h.settle(event), [expected]);
        expect(h.actor.getSnapshot().value).toBe('modalOpen');
        expect(h.seen.signIns).toEqual([]);
      },
      'xstate.done.actor.signIn': async ({ event }) => {
        if (event.output === null) {
          // A 200 that is not "Login successful": the password is set, the shopper signs in by hand.
          await h.notices.expectMessages(() => h.settle(event), [texts.logInByHand]);
          expect(h.actor.getSnapshot().value).toBe('idle');
          expect(h.seen.steps).toEqual([]);
          return;
        }
        await h.notices.expectMessages(() => h.settle(event), []);
        // The session is stored first: the merge must carry the user's token.
        expect(h.seen.storedSessions).toEqual([session]);
        expect(h.seen.steps).toEqual(['storeSession']);
        expect(h.seen.merges).toEqual([{ sessionId: guestSessionId, userExtId: session.userExtId }]);
      },
      'xstate.done.actor.syncGuestCart': async ({ event }) => {
        await h.notices.expectMessages(() => h.settle(event), []);
        expect(h.seen.steps).toEqual(['storeSession', 'forgetGuestSession', 'goToCheckout']);
        expect(h.actor.getSnapshot().status).toBe('done');
      },
      'xstate.error.actor.syncGuestCart': async ({ event }) => {
        // A failed merge is swallowed: the bag stays with the guest session and the shopper goes on.
        await h.notices.expectMessages(() => h.settle(event), []);
        expect(h.seen.steps).toEqual(['storeSession', 'logError', 'goToCheckout']);
        expect(h.actor.getSnapshot().status).toBe('done');
      },
      'xstate.error.actor.signIn': async ({ event }) => {
        await h.notices.expectMessages(() => h.settle(event), [texts.logInByHand]);
        expect(h.actor.getSnapshot().value).toBe('idle');
        expect(h.seen.steps).toEqual([]);
      },
    };
  },
});

describe('set-password machine rules', () => {
  it('applies the typing filters of SPEC.md §5', () => {
    expect(filterSetPasswordField('otp', '12 34 56 78')).toBe('123456');
    expect(filterSetPasswordField('password', 'Aa1@'.repeat(10))).toHaveLength(30);
    expect(filterSetPasswordField('confirmPassword', 'Aa1@'.repeat(10))).toHaveLength(30);
  });

  it('gives the field messages of the Set Password modal', () => {
    expect(setPasswordErrors({ otp: '', password: 'jasmine', confirmPassword: 'jasmin' })).toEqual({
      otp: 'Please fill the OTP field',
      password: texts.rule,
      confirmPassword: texts.mismatch,
    });
    expect(setPasswordErrors({ otp: '123456', password: strong, confirmPassword: strong })).toEqual({
      otp: undefined,
      password: undefined,
      confirmPassword: undefined,
    });
  });

  it('asks for one code per click and opens the modal fresh each time', async () => {
    const h = harness();
    h.actor.send({ type: 'password.start', email });
    h.actor.send({ type: 'password.start', email: 'other@example.in' });
    expect(h.seen.emailChecks).toEqual([{ email }]);
    await h.settle(allEvents.emailVerified);
    h.actor.send(allEvents.otpGood as ModelEvent);
    h.actor.send({ type: 'password.toggle', field: 'password' });
    h.actor.send({ type: 'modal.cancel' });
    h.actor.send({ type: 'password.start', email });
    await h.settle(allEvents.emailVerified);
    expect(h.actor.getSnapshot().context).toMatchObject({ otp: '', shown: { password: false, confirmPassword: false } });
  });
});
