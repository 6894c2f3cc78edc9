// The sign-up machine, model-based: every state and transition of the three steps walked with fake calls, checking
// the requests, the snackbars, the e-mail look-up's prefill and its clearing, and the redirect 2 s after success.
import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { emptySignUpDetails, filterSignUpField } from '../../machines/sign-up.selectors';
import { signUpMachine } from '../../machines/sign-up.machine';
import type { SignUpField } from '../../machines/sign-up.selectors';
import type { Notice } from '../../domain/notice';
import type { SignUpDetails } from '../../domain/auth';
import { machineCoverage } from './machine-graph';
import { codeRefusalText, emailFormEvents, emailFormFieldStep, expectLeavesAfter, expectStaleLookupDropped, heldCalls, noticeLog, otpVerifyStep, passwordToggleStep, startMachine, walkModel } from './machine-test-kit';

type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;
type ModelEvent = EventFrom<typeof signUpMachine>;

const known = { email: 'kavya@example.in', firstName: 'Kavya', lastName: 'Iyer', mobileNumber: '9840012345' };
const failure = (status: number | null, serverMessage: string | null = null) => ({ status, code: null, serverMessage });
const change = (field: SignUpField, value: string) => ({ type: 'field.change', field, value });
const redirect = 'xstate.after.afterSignUp.signUp.created';

const allEvents = {
  ...emailFormEvents('kavya@example.in', { firstName: 'Kav2ya', lastName: 'Iyer' }),
  submit: { type: 'form.submit' },
  emailKnown: { type: 'xstate.done.actor.checkEmailPresent', output: known },
  emailUnknown: {
    type: 'xstate.done.actor.checkEmailPresent',
    output: { email: 'kavya@example.in', firstName: null, lastName: null, mobileNumber: null },
  },
  emailCheckFailed: { type: 'xstate.error.actor.checkEmailPresent', error: failure(404, 'Not found') },
  created: { type: 'xstate.done.actor.createUser', output: { message: 'OTP sent' } },
  duplicate: { type: 'xstate.error.actor.createUser', error: failure(409, 'Conflict') },
  createFailed: { type: 'xstate.error.actor.createUser', error: new TypeError('Failed to fetch') },
  otpGood: change('otp', '12a3456'),
  otpShort: change('otp', '12'),
  verify: { type: 'otp.verify' },
  otpVerified: { type: 'xstate.done.actor.verifyOtp', output: { message: 'verified' } },
  otpWrong: { type: 'xstate.error.actor.verifyOtp', error: failure(400, 'Wrong code') },
  otpExpired: { type: 'xstate.error.actor.verifyOtp', error: failure(400, 'This OTP has expired. Please ask for a new one.') },
  otpCrashed: { type: 'xstate.error.actor.verifyOtp', error: failure(500) },
  password: change('password', 'Jasmine@2026'),
  weakPassword: change('password', 'jasmine'),
  confirm: change('confirmPassword', 'Jasmine@2026'),
  toggle: { type: 'password.toggle', field: 'password' },
  toggleConfirm: { type: 'password.toggle', field: 'confirmPassword' },
  passwordCreated: { type: 'xstate.done.actor.createPassword', output: { message: 'created' } },
  passwordFailed: { type: 'xstate.error.actor.createPassword', error: failure(400, 'Weak password') },
  redirect: { type: redirect },
} as const;

/**
 * The alphabet depends on where the user is, so that the model stays small: the step-1 fields are filled in one
 * order, the second e-mail only appears after a prefill (to check the clearing), the toggles once each.
 */
function eventsFor(snapshot: SignUpSnapshot): ModelEvent[] {
  const { details, known: response, password, confirmPassword, shown } = snapshot.context;
  const e = allEvents;
  const candidates: object[] = [];
  if (snapshot.matches('details')) {
    if (details.email !== e.emailA.value) candidates.push(e.emailA);
    if (response || snapshot.matches({ details: 'checkingEmail' })) candidates.push(e.emailB);
    candidates.push(e.blurEmail, e.submit);
    if (details.email && !details.firstName) candidates.push(e.firstName);
    if (details.firstName && !details.lastName) candidates.push(e.lastName);
    if (details.lastName && !details.mobileNumber) candidates.push(e.mobile);
    candidates.push(e.emailKnown, e.emailUnknown, e.emailCheckFailed);
  }
  if (snapshot.matches('creatingUser')) candidates.push(e.submit, e.created, e.duplicate, e.createFailed);
  if (snapshot.matches('otp') || snapshot.matches('verifyingOtp')) {
    candidates.push(e.otpGood, e.otpShort, e.verify, e.otpVerified, e.otpWrong, e.otpExpired, e.otpCrashed);
  }
  if (snapshot.matches('password')) {
    candidates.push(e.submit, e.weakPassword);
    if (password !== e.password.value) candidates.push(e.password);
    if (!confirmPassword) candidates.push(e.confirm);
    if (!shown.password && !password) candidates.push(e.toggle);
  }
  if (snapshot.matches('creatingPassword')) {
    candidates.push(e.submit, e.passwordCreated, e.passwordFailed);
    if (!shown.confirmPassword) candidates.push(e.toggleConfirm);
  }
  candidates.push(e.redirect);
  return (candidates as ModelEvent[]).filter((event) => snapshot.can(event));
}


function harness() {
  const notices = noticeLog<Notice>(4000);
  const seen = {
    lookups: [] as string[],
    registrations: [] as SignUpDetails[],
    otpChecks: [] as { email: string; otp: string }[],
    passwords: [] as { email: string; password: string }[],
    wentToLogin: 0,
  };
  const { pending, settle, holding } = heldCalls();
  const { actor, clock } = startMachine(
    signUpMachine.provide({
      actors: {
        checkEmailPresent: holding('checkEmailPresent', seen.lookups, ({ email }) => email),
        createUser: holding('createUser', seen.registrations),
        verifyOtp: holding('verifyOtp', seen.otpChecks),
        createPassword: holding('createPassword', seen.passwords),
      },
      actions: { notify: notices.notify, goToLogin: () => void (seen.wentToLogin += 1) },
    }),
    coverage,
  );
  return { actor, notices, seen, settle, clock, pending };
}

const coverage = machineCoverage();

walkModel('sign-up machine (model-based)', {
  machine: signUpMachine,
  coverage,
  events: eventsFor,
  morePathsThan: 20,
  harness,
  steps: (h) => {
    const calls = () => h.seen.lookups.length + h.seen.registrations.length + h.seen.otpChecks.length + h.seen.passwords.length;
    return {
      'field.change': emailFormFieldStep(h.actor, filterSignUpField, {
        besideDetails: ['otp', 'password', 'confirmPassword'],
        emptyDetails: emptySignUpDetails,
        lookedUp: (context) => context.known !== null,
        answer: (context) => context.known,
      }),
      'field.blur': () => {
        const lookups = h.seen.lookups.length;
        const before = h.actor.getSnapshot();
        const { email } = before.context.details;
        h.actor.send({ type: 'field.blur', field: 'email' });
        // A valid e-mail is looked up once; an empty one, or one already being looked up, is not.
        const expectLookup = email !== '' && before.matches({ details: 'idle' });
        expect(h.seen.lookups.slice(lookups)).toEqual(expectLookup ? [email] : []);
      },
      'form.submit': async () => {
        const before = calls();
        const snapshot = h.actor.getSnapshot();
        const step = snapshot.matches('details') ? 'details' : snapshot.matches('password') ? 'password' : 'busy';
        await h.notices.expectMessages(() => h.actor.send({ type: 'form.submit' }), expectedSubmitNotices(snapshot, step));
        const after = h.actor.getSnapshot();
        if (after.matches('creatingUser') && step === 'details') {
          expect(h.seen.registrations.at(-1)).toEqual(snapshot.context.details);
        } else if (after.matches('creatingPassword') && step === 'password') {
          expect(h.seen.passwords.at(-1)).toEqual({ email: snapshot.context.details.email, password: 'Jasmine@2026' });
        } else {
          expect(calls()).toBe(before);
        }
      },
      'otp.verify': otpVerifyStep(h.actor, h.seen.otpChecks, h.notices.expectMessages, {
        asking: 'otp',
        empty: 'Please fill the OTP field',
        short: 'OTP must be a 6-digit number',
      }),
      'password.toggle': passwordToggleStep(h.actor),
      'xstate.done.actor.checkEmailPresent': ({ event }) =>
        h.notices.expectMessages(() => h.settle(event), []),
      'xstate.error.actor.checkEmailPresent': ({ event }) =>
        h.notices.expectMessages(() => h.settle(event), []),
      'xstate.done.actor.createUser': ({ event }) =>
        h.notices.expectMessages(() => h.settle(event), ['Registration successful! An OTP has been sent to your email.']),
      'xstate.error.actor.createUser': ({ event }) =>
        h.notices.expectMessages(() => h.settle(event), [
          (event.error as { status?: number }).status === 409
            ? 'The email and phone number already exist. Please log in to proceed.'
            : 'An error occurred. Please try again.',
        ]),
      'xstate.done.actor.verifyOtp': ({ event }) =>
        h.notices.expectMessages(() => h.settle(event), ['OTP verified successfully!']),
      'xstate.error.actor.verifyOtp': ({ event }) =>
        h.notices.expectMessages(() => h.settle(event), [
          codeRefusalText(event.error, {
            crashed: 'An error occurred. Please try again.',
            wrong: 'OTP is invalid',
            other: 'This OTP has expired. Please ask for a new one.',
          }),
        ]),
      'xstate.done.actor.createPassword': async ({ event }) => {
        await h.notices.expectMessages(() => h.settle(event), ['Your account has been successfully created. Please log in.']);
        expect(h.seen.wentToLogin).toBe(0);
      },
      'xstate.error.actor.createPassword': ({ event }) =>
        h.notices.expectMessages(() => h.settle(event), ['An error occurred. Please try again.']),
      [redirect]: () => expectLeavesAfter(h.clock, 2000, () => h.seen.wentToLogin),
    };
  },
});

function expectedSubmitNotices(snapshot: SignUpSnapshot, step: 'details' | 'password' | 'busy'): string[] {
  const { details, password, confirmPassword } = snapshot.context;
  if (step === 'busy') return [];
  if (step === 'details') {
    const complete = details.email && details.firstName && details.lastName && details.mobileNumber;
    return complete ? [] : ['Please fill all the fields!'];
  }
  if (!password || !confirmPassword) return ['Please fill all the fields!'];
  if (password !== confirmPassword) return ['Passwords do not match'];
  return password === 'Jasmine@2026'
    ? []
    : ['Minimum six characters, at least one uppercase letter, one lowercase letter, one number and one special character!'];
}

describe('sign-up machine rules', () => {
  it('applies the typing filters of SPEC.md §5', () => {
    expect(filterSignUpField('firstName', 'Kav-ya 2nd')).toBe('Kavya nd');
    expect(filterSignUpField('lastName', 'x'.repeat(60))).toHaveLength(50);
    expect(filterSignUpField('mobileNumber', '+91 98400-12345')).toBe('9198400123');
    expect(filterSignUpField('otp', '12 34 56 78')).toBe('123456');
    expect(filterSignUpField('email', `${'k'.repeat(60)}@x.in`)).toHaveLength(50);
    expect(filterSignUpField('password', 'Aa1@'.repeat(10))).toHaveLength(30);
  });

  it('drops a running e-mail look-up when the e-mail changes, so a stale answer cannot fill the form', () =>
    expectStaleLookupDropped(harness(), allEvents, { call: 'checkEmailPresent', answer: known, emptyDetails: emptySignUpDetails }));
});
