// The guest e-mail check machine, model-based: every state and transition of the guest form, the guest checkout
// creation and the "Enter Email OTP" modal walked with fake calls, checking the requests, the 5 s snackbars, the
// prefill and its clearing, and that Place Order is only enabled once the code is verified.
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { emptyGuestDetails, filterGuestField, guestFieldErrors } from '../../machines/guest-checkout.selectors';
import { guestCheckoutMachine } from '../../machines/guest-checkout.machine';
import type { GuestField } from '../../machines/guest-checkout.selectors';
import type { Notice } from '../../domain/notice';
import type { AddressFormValues } from '../../domain/address';
import type { PincodeEntry } from '../../domain/pincode';
import type { CreateGuestCheckoutRequest } from '../../domain/checkout';
import { machineCoverage } from './machine-graph';
import { emailFormEvents, emailFormFieldStep, expectStaleLookupDropped, heldCalls, noticeLog, otpVerifyStep, startMachine, walkModel } from './machine-test-kit';

type GuestSnapshot = SnapshotFrom<typeof guestCheckoutMachine>;
type ModelEvent = EventFrom<typeof guestCheckoutMachine>;

const sessionId = 'gs_0123456789abcdefghijkl';
const texts = {
  createPassword: 'Thank you for visiting us again. Please create a password for a faster checkout experience.',
  logIn: 'Thank you for visiting us again. Please log in for a faster checkout experience.',
  checkFailed: 'Error checking email availability',
  invalidForm: 'Please fill all the fields properly',
  unverified: 'Email already exists but not verified. OTP sent to your email.',
  registered: 'The email id is already registered please login into website and SHOP!!!',
  requestFailed: 'An error occurred while processing your request.',
  otpEmpty: 'Please fill the OTP field.',
  otpLength: 'OTP must be a 6-digit number',
  otpFailed: 'Failed to verify OTP',
  otpNetwork: 'An error occurred while verifying OTP. Please try again later.',
};

const validAddress: AddressFormValues = {
  fullName: 'Asha Rao',
  address: '12 Lotus Street',
  locality: 'Mylapore',
  landmark: 'Near the temple tank',
  city: 'Chennai',
  pincode: '600004',
  state: 'Tamil Nadu',
  country: 'India',
  phoneNumber: '9840012345',
};
/** The model's address form starts complete but for the pincode, so one field's events decide its validity. */
const startAddress: AddressFormValues = { ...validAddress, pincode: '' };
const input = { sessionId, address: startAddress };

const failure = (status: number | null, serverMessage: string | null = null) => ({ status, code: null, serverMessage });
const mylapore: PincodeEntry = { pincode: '600004', locality: 'Mandaveli', district: 'Chennai', state: 'Tamil Nadu', stateCode: '33', alsoIn: [] };
const offline = new TypeError('Failed to fetch');
const change = (field: GuestField, value: string) => ({ type: 'field.change', field, value });
const known = { firstName: 'Asha', lastName: 'Rao', mobileNumber: '9840012345' };

const allEvents = {
  ...emailFormEvents('asha@example.in', { firstName: 'Asha2', lastName: 'Rao' }),
  pincodeGood: { type: 'address.change', field: 'pincode', value: '600 004' },
  pincodeBad: { type: 'address.change', field: 'pincode', value: '60' },
  // The directory's answers for 600004 (issue 40): known in Tamil Nadu, unknown, or none at all.
  pincodeKnown: { type: 'xstate.done.actor.pincodeLookup', output: { pincode: '600004', entry: mylapore } },
  pincodeUnknown: { type: 'xstate.done.actor.pincodeLookup', output: { pincode: '600004', entry: null } },
  pincodeOffline: { type: 'xstate.error.actor.pincodeLookup', error: offline },
  submit: { type: 'form.submit' },
  awaitingPassword: {
    type: 'xstate.done.actor.checkEmailAvailability',
    output: { available: false, response: 'Please create a password', data: known },
  },
  registeredUser: {
    type: 'xstate.done.actor.checkEmailAvailability',
    output: { available: false, response: 'Registered user', data: {} },
  },
  newGuest: {
    type: 'xstate.done.actor.checkEmailAvailability',
    output: { available: true, response: 'Continue as Guest User', data: {} },
  },
  checkFailed: { type: 'xstate.error.actor.checkEmailAvailability', error: failure(429, 'Too many requests') },
  created: {
    type: 'xstate.done.actor.createGuestCheckout',
    output: { duplicateUser: 'false', unverifiedUser: 'false', userExtId: 'u_asha' },
  },
  unverified: {
    type: 'xstate.done.actor.createGuestCheckout',
    output: { duplicateUser: 'true', unverifiedUser: 'true', userExtId: 'u_asha_old' },
  },
  duplicate: {
    type: 'xstate.done.actor.createGuestCheckout',
    output: { duplicateUser: 'true', unverifiedUser: 'false', userExtId: null },
  },
  createFailed: { type: 'xstate.error.actor.createGuestCheckout', error: new TypeError('Failed to fetch') },
  otpGood: change('otp', '12a3456'),
  otpShort: change('otp', '12'),
  verify: { type: 'otp.verify' },
  cancel: { type: 'otp.cancel' },
  otpVerified: { type: 'xstate.done.actor.verifyOtp', output: { message: 'OTP verified successfully!' } },
  otpWrong: { type: 'xstate.error.actor.verifyOtp', error: failure(400, 'OTP is invalid') },
  otpRefused: { type: 'xstate.error.actor.verifyOtp', error: failure(403) },
  otpNetwork: { type: 'xstate.error.actor.verifyOtp', error: new TypeError('Failed to fetch') },
} as const;

/**
 * The alphabet depends on where the shopper is, so that the model stays small: the details are typed in one order,
 * the second e-mail only after a check (to see the clearing), the short code only on an empty code field.
 */
function eventsFor(snapshot: GuestSnapshot): ModelEvent[] {
  const { details, checkedEmail, otp, address } = snapshot.context;
  const e = allEvents;
  const candidates: object[] = [];
  if (snapshot.matches('editing')) {
    if (details.email !== e.emailA.value) candidates.push(e.emailA);
    if (checkedEmail !== null || snapshot.matches({ editing: 'checkingEmail' })) candidates.push(e.emailB);
    candidates.push(e.blurEmail, e.submit);
    if (address.pincode !== '600004') candidates.push(e.pincodeGood);
    if (address.pincode === '600004') candidates.push(e.pincodeBad);
    // The directory answers only a lookup under way; tried before the details, to keep the model small.
    if ('pincodeLookup' in snapshot.children && !details.email) candidates.push(e.pincodeKnown, e.pincodeUnknown, e.pincodeOffline);
    if (details.email && !details.firstName) candidates.push(e.firstName);
    if (details.firstName && !details.lastName) candidates.push(e.lastName);
    if (details.lastName && !details.mobileNumber) candidates.push(e.mobile);
    candidates.push(e.awaitingPassword, e.registeredUser, e.newGuest, e.checkFailed);
  }
  if (snapshot.matches('creatingGuest')) candidates.push(e.submit, e.created, e.unverified, e.duplicate, e.createFailed);
  if (snapshot.matches('otpModal') || snapshot.matches('verifyingOtp')) {
    if (otp !== '123456') candidates.push(e.otpGood);
    if (otp === '') candidates.push(e.otpShort);
    candidates.push(e.verify, e.cancel, e.otpVerified, e.otpWrong, e.otpRefused, e.otpNetwork);
  }
  return (candidates as ModelEvent[]).filter((event) => snapshot.can(event));
}


function harness() {
  // SPEC.md §9: the checkout e-mail step's snackbars stay 5 s.
  const notices = noticeLog<Notice>(5000);
  const seen = {
    notices: notices.notices,
    checks: [] as string[],
    creations: [] as CreateGuestCheckoutRequest[],
    otpChecks: [] as { email: string; otp: string }[],
    addressReloads: 0,
    logged: [] as unknown[],
  };
  const { pending, settle, holding } = heldCalls();
  const { actor } = startMachine(
    guestCheckoutMachine.provide({
      actors: {
        checkEmailAvailability: holding('checkEmailAvailability', seen.checks, ({ email }) => email),
        createGuestCheckout: holding('createGuestCheckout', seen.creations),
        verifyOtp: holding('verifyOtp', seen.otpChecks),
        // The model sends the directory's answers itself; the lookup the machine starts gets none.
        lookupPincode: fromPromise(() => Promise.reject(offline)),
      },
      actions: {
        notify: notices.notify,
        logError: (_, { error }) => void seen.logged.push(error),
        addressesChanged: () => void (seen.addressReloads += 1),
      },
    }),
    coverage,
    input,
  );
  return { actor, notices, seen, settle, pending };
}

const coverage = machineCoverage();

walkModel('guest e-mail check machine (model-based)', {
  machine: guestCheckoutMachine,
  coverage,
  events: eventsFor,
  input,
  morePathsThan: 20,
  harness,
  state: (actual, h) => {
    // Place Order (the guest's addresses) only after the code is verified.
    expect(h.seen.addressReloads).toBe(actual.matches('verified') ? 1 : 0);
  },
  steps: (h) => {
    const calls = () => h.seen.checks.length + h.seen.creations.length + h.seen.otpChecks.length;
    return {
      // SPEC.md §4: a new e-mail also hides Create Password and Login.
      'field.change': emailFormFieldStep(h.actor, filterGuestField, {
        besideDetails: ['otp'],
        emptyDetails: emptyGuestDetails,
        lookedUp: (context) => context.checkedEmail !== null,
        answer: (context) => context.response,
      }),
      'field.blur': () => {
        const before = h.actor.getSnapshot();
        const checks = h.seen.checks.length;
        h.actor.send({ type: 'field.blur', field: 'email' });
        // The model only leaves a new, valid e-mail: it is checked once.
        expect(h.seen.checks.slice(checks)).toEqual([before.context.details.email]);
      },
      'address.change': ({ event }) => {
        const before = h.actor.getSnapshot().context;
        h.actor.send(event as ModelEvent);
        const after = h.actor.getSnapshot().context;
        // The typing filter applies (digits only, 6 at most); the details are untouched.
        expect(after.address).toEqual({ ...before.address, pincode: String(event.value).replace(/\D/g, '') });
        expect(after.details).toEqual(before.details);
      },
      'xstate.done.actor.pincodeLookup': ({ event }) => {
        const before = h.actor.getSnapshot().context;
        h.actor.send(event as ModelEvent);
        const after = h.actor.getSnapshot().context;
        // The address's city and state were typed already: the answer is kept, the form untouched.
        expect(after.pincodeLookup).toEqual(event.output);
        expect(after.address).toEqual(before.address);
      },
      'xstate.error.actor.pincodeLookup': ({ event }) => {
        const before = h.actor.getSnapshot().context;
        h.actor.send(event as ModelEvent);
        expect(h.actor.getSnapshot().context).toEqual(before);
        expect(h.seen.logged.at(-1)).toBe(event.error);
      },
      'form.submit': async ({ event }) => {
        const snapshot = h.actor.getSnapshot();
        const { details, address, pincodeLookup } = snapshot.context;
        const editing = snapshot.matches('editing');
        const complete = details.email && details.firstName && details.lastName && details.mobileNumber;
        // An unknown pincode shows its own message under the field, without the snackbar, and sends nothing.
        const refused = editing && pincodeLookup?.pincode === address.pincode && pincodeLookup.entry === null;
        const valid = editing && complete && address.pincode === validAddress.pincode && !refused;
        const before = calls();
        await h.notices.expectMessages(() => h.actor.send(event as ModelEvent), editing && !valid && !refused ? [texts.invalidForm] : []);
        if (valid) {
          expect(h.seen.creations.at(-1)).toEqual({ ...details, ...validAddress, sessionId });
          expect(h.actor.getSnapshot().value).toBe('creatingGuest');
        } else {
          // An invalid form sends nothing, and a submit while the guest is being created is ignored.
          expect(calls()).toBe(before);
        }
      },
      'otp.verify': otpVerifyStep(h.actor, h.seen.otpChecks, h.notices.expectMessages, {
        asking: 'otpModal',
        empty: texts.otpEmpty,
        short: texts.otpLength,
      }),
      'otp.cancel': () => {
        h.actor.send({ type: 'otp.cancel' });
        const after = h.actor.getSnapshot();
        expect(after.value).toEqual({ editing: 'idle' });
        expect(after.context.otp).toBe('');
      },
      'xstate.done.actor.checkEmailAvailability': async ({ event }) => {
        const before = h.actor.getSnapshot().context.details;
        const response = (event.output as { response: string }).response;
        const expected =
          response === 'Please create a password' ? [texts.createPassword] : response === 'Registered user' ? [texts.logIn] : [];
        await h.notices.expectMessages(() => h.settle(event), expected);
        const after = h.actor.getSnapshot().context;
        expect(after.response).toBe(response);
        expect(after.checkedEmail).toBe(before.email);
        // Only an account still waiting for its password gives back its names and mobile.
        expect(after.details).toEqual(response === 'Please create a password' ? { ...before, ...known } : before);
      },
      'xstate.error.actor.checkEmailAvailability': async ({ event }) => {
        await h.notices.expectMessages(() => h.settle(event), [texts.checkFailed]);
        expect(h.actor.getSnapshot().context.response).toBeNull();
      },
      'xstate.done.actor.createGuestCheckout': async ({ event }) => {
        const reply = event.output as { duplicateUser: string; unverifiedUser: string; userExtId: string | null };
        const expected = reply.duplicateUser === 'false' ? [] : reply.unverifiedUser === 'true' ? [texts.unverified] : [texts.registered];
        await h.notices.expectMessages(() => h.settle(event), expected);
        const after = h.actor.getSnapshot();
        const opensModal = reply.duplicateUser === 'false' || reply.unverifiedUser === 'true';
        expect(after.value).toEqual(opensModal ? 'otpModal' : { editing: 'idle' });
        if (opensModal) expect(after.context.userExtId).toBe(reply.userExtId);
      },
      'xstate.error.actor.createGuestCheckout': async ({ event }) => {
        await h.notices.expectMessages(() => h.settle(event), [texts.requestFailed]);
        expect(h.actor.getSnapshot().value).toEqual({ editing: 'idle' });
      },
      'xstate.done.actor.verifyOtp': async ({ event }) => {
        await h.notices.expectMessages(() => h.settle(event), []);
        expect(h.actor.getSnapshot().value).toBe('verified');
        expect(h.seen.addressReloads).toBe(1);
      },
      'xstate.error.actor.verifyOtp': async ({ event }) => {
        const error = event.error as { status?: number | null; serverMessage?: string | null };
        const expected = error.status == null ? texts.otpNetwork : (error.serverMessage ?? texts.otpFailed);
        await h.notices.expectMessages(() => h.settle(event), [expected]);
        expect(h.actor.getSnapshot().value).toBe('otpModal');
      },
    };
  },
});

describe('guest e-mail check machine rules', () => {
  it('applies the typing filters of SPEC.md §5 (e-mail 40 typed on this form)', () => {
    expect(filterGuestField('email', `${'a'.repeat(45)}@x.in`)).toHaveLength(40);
    expect(filterGuestField('firstName', 'As-ha 2')).toBe('Asha ');
    expect(filterGuestField('lastName', 'r'.repeat(60))).toHaveLength(50);
    expect(filterGuestField('mobileNumber', '+91 98400-12345')).toBe('9198400123');
    expect(filterGuestField('otp', '12 34 56 78')).toBe('123456');
  });

  it('gives the field messages of the guest form', () => {
    const errors = guestFieldErrors({ details: { ...emptyGuestDetails, email: 'asha@', firstName: 'As' }, otp: '12' });
    expect(errors).toEqual({
      email: 'This is not a valid email format!',
      firstName: 'First name must be at least 3 characters long!',
      lastName: 'lastname is required!',
      mobileNumber: 'mobile number is required!',
      otp: 'OTP must be a 6-digit number',
    });
  });

  it('checks an e-mail only when it is valid and not already checked', async () => {
    const h = harness();
    h.actor.send({ type: 'field.change', field: 'email', value: 'asha@' });
    h.actor.send({ type: 'field.blur', field: 'email' });
    expect(h.seen.checks).toEqual([]);
    h.actor.send({ type: 'field.change', field: 'email', value: 'asha@example.in' });
    h.actor.send({ type: 'field.blur', field: 'email' });
    h.actor.send({ type: 'field.blur', field: 'email' });
    await h.settle(allEvents.registeredUser);
    h.actor.send({ type: 'field.blur', field: 'email' });
    expect(h.seen.checks).toEqual(['asha@example.in']);
    expect(h.seen.notices.map((notice) => notice.message)).toEqual([texts.logIn]);
  });

  it('drops a running check when the e-mail changes, so a stale answer cannot fill the form', async () => {
    const h = harness();
    const answer = allEvents.awaitingPassword.output;
    await expectStaleLookupDropped(h, allEvents, { call: 'checkEmailAvailability', answer, emptyDetails: emptyGuestDetails });
    expect(h.seen.notices).toEqual([]);
  });

  it('creates one guest checkout for a double click, and one OTP check for a double verify', async () => {
    const h = harness();
    for (const event of [allEvents.emailA, allEvents.firstName, allEvents.lastName, allEvents.mobile]) {
      h.actor.send(event as ModelEvent);
    }
    h.actor.send(allEvents.pincodeGood as ModelEvent);
    h.actor.send(allEvents.submit as ModelEvent);
    h.actor.send(allEvents.submit as ModelEvent);
    expect(h.seen.creations).toHaveLength(1);
    await h.settle(allEvents.created);
    h.actor.send(allEvents.otpGood as ModelEvent);
    h.actor.send({ type: 'otp.verify' });
    h.actor.send({ type: 'otp.verify' });
    h.actor.send({ type: 'otp.cancel' });
    expect(h.seen.otpChecks).toEqual([{ email: 'asha@example.in', otp: '123456' }]);
    expect(h.actor.getSnapshot().value).toBe('verifyingOtp');
  });
});
