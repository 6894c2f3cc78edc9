// @vitest-environment jsdom
// The guest-checkout machine's paths walked through the real app at /checkout as a guest with a bag: the details
// and first address typed (leaving the e-mail asks checkemailavailability), Continue (createguestcheckout), the "Enter
// Email OTP" dialog with Verify and Cancel (verifyotp), and the verified details once the code is right.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { addressFields } from '../../../domain/address';
import type { AddressField } from '../../../domain/address';
import { checkoutMessages } from '../../../domain/checkout';
import type { CheckEmailAvailabilityReply, CreateGuestCheckoutReply } from '../../../domain/checkout';
import { fieldErrors } from '../../../domain/fields';
import { guestCheckoutMachine } from '../../../machines/guest-checkout.machine';
import { guestFieldErrors } from '../../../machines/guest-checkout.selectors';
import type { GuestDetailsField } from '../../../machines/guest-checkout.selectors';
import type { GuestCheckoutContext } from '../../../machines/guest-checkout.machine';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp } from '../render-app';
import { oneLineBag, savedAddress } from './checkout-fixtures';
import { heldNetwork } from './held-network';
import { controlLabelled, expectToast, formNamed, isBusy, messageOf } from './view-checks';
import type { PincodeEntry, PincodeLookup } from '../../../domain/pincode';
import { pincodeLookupId, pincodeMismatch } from '../../../machines/pincode-lookup';
import { addressLabels } from '../address-fixtures';
import { mockApi } from '../page-harness';

const sessionId = 'GuestSession0123456789ab';
const email = 'kavya@example.in';

/** Everything the guest types, in the form's order: the details, then the first delivery address. */
const fill: [kind: 'details' | 'address', field: string, value: string][] = [
  ['details', 'email', email],
  ['details', 'mobileNumber', '9876543210'],
  ['details', 'firstName', 'Kavya'],
  ['details', 'lastName', 'Iyer'],
  ...(['fullName', 'address', 'locality', 'landmark', 'phoneNumber', 'pincode', 'city', 'state'] as AddressField[]).map(
    (field) => ['address', field, savedAddress[field]] as ['address', string, string],
  ),
];
const detailLabels: Record<GuestDetailsField, string> = {
  email: 'Email',
  mobileNumber: 'Mobile Number',
  firstName: 'First Name',
  lastName: 'Last Name',
};

/** The directory's entry for the address's pincode (issue 40): it fills the city and state typed after it. */
const teynampet: PincodeEntry = { pincode: savedAddress.pincode, locality: 'Teynampet', district: 'Chennai', state: 'Tamil Nadu', stateCode: '33', alsoIn: [] };
const lookupDone = `xstate.done.actor.${pincodeLookupId}`;
const lookupFailed = `xstate.error.actor.${pincodeLookupId}`;

const newGuest: CreateGuestCheckoutReply = { duplicateUser: 'false', unverifiedUser: 'false', userExtId: 'u_guest' };
const registered: CreateGuestCheckoutReply = { duplicateUser: 'true', unverifiedUser: 'false', userExtId: null };
const asGuest: CheckEmailAvailabilityReply = { available: true, response: checkoutMessages.continueAsGuest, data: {} };

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  http.get(`*/api/guest/${sessionId}/cart`, () => HttpResponse.json(oneLineBag)),
  network.hold('post', '*/api/checkemailavailability', 'checkemailavailability'),
  network.hold('post', '*/api/createguestcheckout', 'createguestcheckout'),
  network.hold('post', '*/api/verifyotp', 'verifyotp'),
  network.hold('get', '*/api/pincodes/:pincode', 'pincodes'),
  // Once verified, the guest's addresses load for Place Order.
  http.get('*/api/getguestuseraddress', () => HttpResponse.json([savedAddress])),
]);

async function renderGuestCheckout() {
  window.sessionStorage.setItem('guestSessionId', sessionId);
  window.localStorage.setItem('accessToken', 'guest-token');
  await renderApp('/checkout');
  const form = () => formNamed('Guest checkout');
  await waitFor(form, { timeout: 8000 });
  return {
    form,
    detail: (name: GuestDetailsField, inForm = form()) => controlLabelled(inForm, detailLabels[name]),
    address: (name: AddressField, inForm = form()) => controlLabelled(inForm, addressLabels[name]),
    otpDialog: () => screen.getByRole('dialog', { name: 'Enter Email OTP' }),
  };
}
type GuestScreen = Awaited<ReturnType<typeof renderGuestCheckout>>;

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as GuestCheckoutContext;
const valueOf = (context: GuestCheckoutContext, kind: 'details' | 'address', field: string) =>
  (kind === 'details' ? context.details : context.address)[field as never] as string;
/** The next field to type, in the form's order. */
const nextToFill = (context: GuestCheckoutContext) => fill.find(([kind, field, value]) => valueOf(context, kind, field) !== value);

describeViewModel<GuestScreen, { sessionId: string }>('guest-checkout machine through the real app at /checkout', {
  machine: guestCheckoutMachine,
  network,
  situations: [{ name: 'a guest with a bag', input: { sessionId } }],
  events: [
    ...fill.map(([kind, field, value]) => ({ type: kind === 'details' ? 'field.change' : 'address.change', field, value })),
    // Another e-mail while the check runs.
    { type: 'field.change', field: 'email', value: 'meera@example.in' },
    { type: 'field.blur', field: 'email' },
    { type: 'xstate.done.actor.checkEmailAvailability', output: asGuest },
    { type: 'xstate.error.actor.checkEmailAvailability', error: { status: 500 } },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.createGuestCheckout', output: newGuest },
    { type: 'xstate.done.actor.createGuestCheckout', output: registered },
    { type: 'xstate.error.actor.createGuestCheckout', error: { status: 500 } },
    { type: 'field.change', field: 'otp', value: '482913' },
    { type: 'otp.verify' },
    { type: 'otp.cancel' },
    { type: 'xstate.done.actor.verifyOtp', output: { message: 'OTP verified' } },
    { type: 'xstate.error.actor.verifyOtp', error: { status: 400 } },
    { type: lookupDone, output: { pincode: savedAddress.pincode, entry: teynampet } },
    { type: lookupDone, output: { pincode: savedAddress.pincode, entry: null } },
    { type: lookupFailed, error: { status: 400 } },
  ],
  // A lookup under way or not is part of where the screen is: its answer can only come while it is.
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context, Object.keys(snapshot.children).includes(pincodeLookupId)]),
  offers: (snapshot, event) => {
    const context = contextOf(snapshot);
    // The directory answers only a lookup the screen made.
    if (event.type === lookupDone || event.type === lookupFailed) return pincodeLookupId in snapshot.children;
    if (event.type === 'field.change' && event.field === 'otp') return context.otp !== event.value;
    // The other e-mail is typed only while the first is being checked.
    if (event.value === 'meera@example.in') return snapshot.matches({ editing: 'checkingEmail' });
    // The form is filled in its order, so the model need not try every half-filled form.
    if (event.type === 'field.change' || event.type === 'address.change') return nextToFill(context)?.[1] === event.field;
    return true;
  },
  render: () => renderGuestCheckout(),
  perform: {
    'field.change': (page, event) => {
      const input = event.field === 'otp' ? within(page.otpDialog()).getByLabelText('OTP') : page.detail(event.field as GuestDetailsField);
      fireEvent.change(input, { target: { value: event.value } });
    },
    'address.change': (page, event) => {
      fireEvent.change(page.address(event.field as AddressField), { target: { value: event.value } });
    },
    'field.blur': (page) => {
      fireEvent.blur(page.detail('email'));
    },
    'xstate.done.actor.checkEmailAvailability': (_, event, { network }) =>
      network.answer('checkemailavailability', () => HttpResponse.json(event.output)),
    'xstate.error.actor.checkEmailAvailability': async (_, __, { network }) => {
      await network.answer('checkemailavailability', () => HttpResponse.json({ message: 'Broken', code: 'INTERNAL' }, { status: 500 }));
      await expectToast(checkoutMessages.emailCheckFailed);
    },
    'form.submit': async (page, _, { user }, { from, to }) => {
      await user.click(within(page.form()).getByRole('button', { name: /^(Continue|Sending code)/ }));
      // A refused pincode shows its message under the field (checked in `editing`), without a snackbar.
      const { address, pincodeLookup } = contextOf(from);
      if (to.matches('editing') && !pincodeMismatch(address, pincodeLookup)) await expectToast(checkoutMessages.guestFormInvalid);
    },
    [lookupDone]: async (_, event, { network }) => {
      const { pincode, entry: found } = event.output as PincodeLookup;
      const request = await network.answer('pincodes', () =>
        found ? HttpResponse.json(found) : HttpResponse.json({ message: `We could not find pincode ${pincode}.`, code: 'NOT_FOUND' }, { status: 404 }),
      );
      expect(request.url.pathname).toBe(`/api/pincodes/${pincode}`);
    },
    [lookupFailed]: async (_, __, { network }) => {
      await network.answer('pincodes', () => HttpResponse.json({ message: 'Invalid pincode format!', code: 'BAD_REQUEST' }, { status: 400 }));
    },
    'xstate.done.actor.createGuestCheckout': async (_, event, { network }) => {
      await network.answer('createguestcheckout', () => HttpResponse.json(event.output));
      if ((event.output as CreateGuestCheckoutReply).duplicateUser === 'true') await expectToast(checkoutMessages.alreadyRegistered);
    },
    'xstate.error.actor.createGuestCheckout': async (_, __, { network }) => {
      await network.answer('createguestcheckout', () => HttpResponse.json({ message: 'Broken', code: 'INTERNAL' }, { status: 500 }));
      await expectToast(checkoutMessages.requestFailed);
    },
    'otp.verify': async (page, _, { user }, { from, to }) => {
      await user.click(within(page.otpDialog()).getByRole('button', { name: /^Verif/ }));
      if (to.matches('otpModal') && contextOf(from).otp === '') await expectToast(checkoutMessages.otpEmpty);
    },
    'otp.cancel': async (page, _, { user }) => {
      await user.click(within(page.otpDialog()).getByRole('button', { name: 'Cancel' }));
    },
    'xstate.done.actor.verifyOtp': (_, event, { network }) => network.answer('verifyotp', () => HttpResponse.json(event.output)),
    'xstate.error.actor.verifyOtp': async (_, __, { network }) => {
      await network.answer('verifyotp', () => HttpResponse.json({ message: 'OTP is invalid', code: 'BAD_REQUEST' }, { status: 400 }));
      await expectToast('OTP is invalid');
    },
  },
  shows: {
    editing: (page, expected) => {
      const { details, address, submitted, otp, pincodeLookup } = contextOf(expected);
      const form = page.form();
      const detailErrors = guestFieldErrors({ details, otp });
      for (const name of Object.keys(detailLabels) as GuestDetailsField[]) {
        expect(page.detail(name, form).value).toBe(details[name]);
        expect(messageOf(page.detail(name, form))).toBe(submitted || details[name] !== '' ? detailErrors[name] : undefined);
      }
      const addressErrors = fieldErrors(addressFields, address);
      for (const name of Object.keys(addressLabels) as AddressField[]) {
        expect(page.address(name, form).value).toBe(address[name]);
        // The pincode's directory message once its own rules pass.
        const own = submitted || address[name] !== '' ? addressErrors[name] : undefined;
        expect(messageOf(page.address(name, form))).toBe(own ?? (name === 'pincode' ? pincodeMismatch(address, pincodeLookup) : undefined));
      }
      expect(screen.queryByRole('dialog', { name: 'Enter Email OTP' })).toBeNull();
    },
    'editing.checkingEmail': (_, expected, { network }) => {
      expect(screen.getByText('Checking your e-mail…')).toBeTruthy();
      expect(network.waiting('checkemailavailability').at(-1)?.body).toEqual({ email: contextOf(expected).details.email });
    },
    creatingGuest: (page, expected, { network }) => {
      const { details, address } = contextOf(expected);
      expect(isBusy(within(page.form()).getByRole('button', { name: /^(Continue|Sending code)/ }))).toBe(true);
      expect(network.waiting('createguestcheckout').map((request) => request.body)).toEqual([
        { ...details, ...addressFields.parse(address), sessionId },
      ]);
    },
    otpModal: (page, expected) => {
      const { otp, details } = contextOf(expected);
      const dialog = page.otpDialog();
      expect(within(dialog).getByText(details.email)).toBeTruthy();
      expect((within(dialog).getByLabelText('OTP') as HTMLInputElement).value).toBe(otp);
      expect(isBusy(within(dialog).getByRole('button', { name: /^Verif/ }))).toBe(false);
    },
    verifyingOtp: (page, expected, { network }) => {
      const { otp, details } = contextOf(expected);
      expect(isBusy(within(page.otpDialog()).getByRole('button', { name: /^Verif/ }))).toBe(true);
      expect(network.waiting('verifyotp').map((request) => request.body)).toEqual([{ email: details.email, otp }]);
    },
    verified: (_, expected) => {
      // The details are proven: shown, no longer editable, and the guest's addresses are there to choose.
      expect(screen.queryByRole('form', { name: 'Guest checkout' })).toBeNull();
      expect(screen.getByText('Verified')).toBeTruthy();
      expect(screen.getByText(contextOf(expected).details.email)).toBeTruthy();
      expect(screen.getByRole('radio', { name: savedAddress.fullName })).toBeTruthy();
    },
  },
});
