// The forgot-password machine, model-based: both steps walked with fake calls, checking the requests, the spec's
// snackbars, the stored userId and the redirect to /login 3 s after the new password is set.
import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { filterForgotPasswordField } from '../../machines/forgot-password.selectors';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import type { ForgotPasswordField } from '../../machines/forgot-password.selectors';
import type { Notice } from '../../domain/notice';
import type { VerifyOtpPasswordRequest } from '../../domain/auth';
import { machineCoverage } from './machine-graph';
import { codeRefusalText, expectLeavesAfter, heldCalls, noticeLog, passwordToggleStep, startMachine, typedFieldStep, walkModel } from './machine-test-kit';

type ForgotSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;
type ModelEvent = EventFrom<typeof forgotPasswordMachine>;

const failure = (status: number | null, serverMessage: string | null = null) => ({ status, code: null, serverMessage });
const change = (field: ForgotPasswordField, value: string) => ({ type: 'field.change', field, value });
const redirect = 'xstate.after.afterPasswordReset.forgotPassword.passwordReset';
const newPassword = 'Marigold@77';
const longRule =
  'Password must be at least six characters long and contain at least one uppercase letter, one lowercase letter, one number and one special character (@$!%*?&)!';

const e = {
  email: change('email', 'kavya@example.in'),
  badEmail: change('email', 'kavya@'),
  submit: { type: 'form.submit' },
  mailed: { type: 'xstate.done.actor.verifyEmail', output: { status: 200, userId: 'u_kavya', body: 'OTP sent' } },
  unknown: { type: 'xstate.error.actor.verifyEmail', error: failure(404, 'No account') },
  throttled: { type: 'xstate.error.actor.verifyEmail', error: failure(429, 'Please wait a minute before asking for another OTP.') },
  mailFailed: { type: 'xstate.error.actor.verifyEmail', error: new TypeError('Failed to fetch') },
  otp: change('otp', '654 321'),
  shortOtp: change('otp', '65'),
  password: change('password', newPassword),
  weakPassword: change('password', 'marigold'),
  confirm: change('confirmPassword', newPassword),
  toggle: { type: 'password.toggle', field: 'password' },
  toggleConfirm: { type: 'password.toggle', field: 'confirmPassword' },
  reset: { type: 'xstate.done.actor.resetPassword', output: { message: 'Password updated' } },
  wrongOtp: { type: 'xstate.error.actor.resetPassword', error: failure(400, 'Wrong code') },
  burnedOtp: { type: 'xstate.error.actor.resetPassword', error: failure(400, 'Too many wrong attempts. Please ask for a new OTP.') },
  resetFailed: { type: 'xstate.error.actor.resetPassword', error: failure(500) },
  redirect: { type: redirect },
} as const;

function eventsFor(snapshot: ForgotSnapshot): ModelEvent[] {
  const { email, otp, password, confirmPassword, shown } = snapshot.context;
  const candidates: object[] = [e.submit, e.mailed, e.unknown, e.throttled, e.mailFailed, e.reset, e.wrongOtp, e.burnedOtp, e.resetFailed, e.redirect];
  if (snapshot.matches('email')) {
    if (email !== e.email.value) candidates.push(e.email);
    if (email !== e.badEmail.value) candidates.push(e.badEmail);
  }
  if (snapshot.matches('reset')) {
    if (otp !== '654321') candidates.push(e.otp);
    if (!otp) candidates.push(e.shortOtp);
    if (password !== newPassword) candidates.push(e.password);
    if (!password) candidates.push(e.weakPassword);
    if (!confirmPassword) candidates.push(e.confirm);
    if (!shown.password && !password) candidates.push(e.toggle);
  }
  if (snapshot.matches('resetting') && !shown.confirmPassword) candidates.push(e.toggleConfirm);
  return (candidates as ModelEvent[]).filter((event) => snapshot.can(event));
}


function harness() {
  const notices = noticeLog<Notice>(4000);
  const seen = { emails: [] as string[], resets: [] as VerifyOtpPasswordRequest[], wentToLogin: 0 };
  const { settle, holding } = heldCalls();
  const { actor, clock } = startMachine(
    forgotPasswordMachine.provide({
      actors: {
        verifyEmail: holding('verifyEmail', seen.emails, ({ email }) => email),
        resetPassword: holding('resetPassword', seen.resets),
      },
      actions: { notify: notices.notify, goToLogin: () => void (seen.wentToLogin += 1) },
    }),
    coverage,
  );
  return { actor, notices, seen, settle, clock };
}

function expectedSubmit(snapshot: ForgotSnapshot): { notices: string[]; request: 'email' | 'reset' | null } {
  const { email, otp, password, confirmPassword } = snapshot.context;
  if (snapshot.matches('email')) return { notices: [], request: email === 'kavya@example.in' ? 'email' : null };
  if (!snapshot.matches('reset')) return { notices: [], request: null };
  if (!otp || !password || !confirmPassword) return { notices: ['Please fill all the fields'], request: null };
  if (otp.length !== 6) return { notices: ['OTP must be a 6-digit number'], request: null };
  if (password !== confirmPassword) return { notices: ['Passwords do not match'], request: null };
  if (password !== newPassword) return { notices: [longRule], request: null };
  return { notices: [], request: 'reset' };
}

const coverage = machineCoverage();

walkModel('forgot-password machine (model-based)', {
  machine: forgotPasswordMachine,
  coverage,
  events: eventsFor,
  morePathsThan: 20,
  harness,
  steps: (h) => ({
    'field.change': typedFieldStep(h.actor, filterForgotPasswordField, (context) => context),
    'password.toggle': passwordToggleStep(h.actor),
    'form.submit': async () => {
      const snapshot = h.actor.getSnapshot();
      const expected = expectedSubmit(snapshot);
      const before = { emails: h.seen.emails.length, resets: h.seen.resets.length };
      await h.notices.expectMessages(() => h.actor.send({ type: 'form.submit' }), expected.notices);
      const { email, otp, password, confirmPassword } = snapshot.context;
      expect(h.seen.emails.slice(before.emails)).toEqual(expected.request === 'email' ? [email] : []);
      expect(h.seen.resets.slice(before.resets)).toEqual(
        expected.request === 'reset' ? [{ email, otp, password, confirmPassword }] : [],
      );
    },
    'xstate.done.actor.verifyEmail': async ({ event }) => {
      await h.notices.expectMessages(() => h.settle(event), ['An OTP has been sent to your email.']);
      expect(h.actor.getSnapshot().context.userId).toBe('u_kavya');
    },
    'xstate.error.actor.verifyEmail': ({ event }) => {
      const status = (event.error as { status?: number }).status;
      const expected =
        status === 404
          ? 'Please check the entered Email Address'
          : status === 429
            ? 'Please wait a minute before asking for another OTP.'
            : 'An error occurred during the process';
      return h.notices.expectMessages(() => h.settle(event), [expected]);
    },
    'xstate.done.actor.resetPassword': async ({ event }) => {
      await h.notices.expectMessages(() => h.settle(event), ['OTP Verification Successful. Password updated successfully']);
      expect(h.seen.wentToLogin).toBe(0);
    },
    // Any other refusal says the server's own words.
    'xstate.error.actor.resetPassword': ({ event }) =>
      h.notices.expectMessages(() => h.settle(event), [
        codeRefusalText(event.error, {
          crashed: 'OTP verification failed: An error occurred',
          wrong: 'Incorrect OTP. Please validate the OTP sent to your mail',
        }),
      ]),
    [redirect]: () => expectLeavesAfter(h.clock, 3000, () => h.seen.wentToLogin),
  }),
});

describe('forgot-password machine rules', () => {
  it('filters typing: OTP six digits, e-mail 50, passwords 30', () => {
    expect(filterForgotPasswordField('otp', 'a1 2-3 4 5 6 7')).toBe('123456');
    expect(filterForgotPasswordField('email', `${'k'.repeat(60)}@x.in`)).toHaveLength(50);
    expect(filterForgotPasswordField('confirmPassword', 'Aa1@'.repeat(10))).toHaveLength(30);
  });
});
