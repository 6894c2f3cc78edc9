// @vitest-environment jsdom
// The checkout-address machine's paths walked through the real app at /checkout, signed in: the addresses load (or
// fail and Retry is clicked), a radio is chosen, "Add New Address Here" opens the form, which is filled, cancelled or
// saved (createlogincheckout answering or failing), and the list reloads with the new address selected. A complete
// pincode asks the directory (GET pincodes/{pincode}, issue 40): its answer fills an empty city and state, and an
// unknown pincode is refused before anything is sent.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { addressFields } from '../../../domain/address';
import type { Address, AddressField, AddressFormValues } from '../../../domain/address';
import { checkoutMessages } from '../../../domain/checkout';
import { fieldErrors } from '../../../domain/fields';
import type { PincodeEntry, PincodeLookup } from '../../../domain/pincode';
import { checkoutAddressMachine } from '../../../machines/checkout-address.machine';
import { pincodeLookupId, pincodeMismatch } from '../../../machines/pincode-lookup';
import type { CheckoutAddressContext } from '../../../machines/checkout-address.machine';
import { addressLabels, anAddress, meenasAddress } from '../address-fixtures';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp, signIn } from '../render-app';
import { oneLineBag, savedAddress } from './checkout-fixtures';
import { heldNetwork } from './held-network';
import { expectToast, isBusy, messageOf } from './view-checks';
import { mockApi } from '../page-harness';

const asha = savedAddress;
const meena = anAddress({ id: 8, ...meenasAddress });
const madurai: PincodeEntry = { pincode: '625001', locality: 'Madurai Main', district: 'Madurai', state: 'Tamil Nadu', stateCode: '33', alsoIn: [] };
const lookupDone = `xstate.done.actor.${pincodeLookupId}`;
const lookupFailed = `xstate.error.actor.${pincodeLookupId}`;
/** The new address as typed, field by field in the form's order. */
const typed: [AddressField, string][] = [
  ['fullName', meena.fullName],
  ['address', meena.address],
  ['locality', meena.locality],
  ['landmark', meena.landmark],
  ['phoneNumber', meena.phoneNumber],
  ['pincode', meena.pincode],
  ['city', meena.city],
  ['state', meena.state],
];

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  http.get('*/api/user/u_12/cart', () => HttpResponse.json(oneLineBag)),
  network.hold('get', '*/api/getuseraddresses', 'getuseraddresses'),
  network.hold('post', '*/api/createlogincheckout', 'createlogincheckout'),
  network.hold('get', '*/api/pincodes/:pincode', 'pincodes'),
]);

async function renderCheckout() {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await renderApp('/checkout');
  const form = () => screen.getByRole('form', { name: 'Add New Address Here' });
  return {
    form,
    field: (name: AddressField, within_ = form()) => within(within_).getByLabelText(new RegExp(`^${addressLabels[name]}`)) as HTMLInputElement,
    radio: (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement,
  };
}
type CheckoutScreen = Awaited<ReturnType<typeof renderCheckout>>;

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as CheckoutAddressContext;
const inForm = (snapshot: AnyMachineSnapshot) => snapshot.matches('empty') || snapshot.matches('editing') || snapshot.matches('saving');

describeViewModel<CheckoutScreen, undefined>('checkout-address machine through the real app at /checkout', {
  machine: checkoutAddressMachine,
  network,
  situations: [{ name: 'signed in with a bag', input: undefined }],
  events: [
    { type: 'xstate.done.actor.loadAddresses', output: [asha] },
    { type: 'xstate.done.actor.loadAddresses', output: [] },
    { type: 'xstate.done.actor.loadAddresses', output: [meena, asha] },
    { type: 'xstate.error.actor.loadAddresses', error: { status: 404 } },
    { type: 'address.retry' },
    { type: 'address.select', addressId: asha.id },
    { type: 'address.select', addressId: meena.id },
    { type: 'form.open' },
    { type: 'form.cancel' },
    ...typed.map(([field, value]) => ({ type: 'field.change', field, value })),
    { type: lookupDone, output: { pincode: meena.pincode, entry: madurai } },
    { type: lookupDone, output: { pincode: meena.pincode, entry: null } },
    { type: lookupFailed, error: { status: 400 } },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.saveAddress', output: meena },
    { type: 'xstate.error.actor.saveAddress', error: { status: 500 } },
  ],
  offers: (snapshot, event) => {
    const { addresses, form, selectedAddressId } = contextOf(snapshot);
    // The directory answers only a lookup the screen made: one is under way since a complete pincode was typed.
    if (event.type === lookupDone || event.type === lookupFailed) return pincodeLookupId in snapshot.children;
    // The form is filled in its order, so the model need not try every half-filled form; a field is typed once.
    if (event.type === 'field.change') return typed.find(([field, value]) => form[field] !== value)?.[0] === event.field;
    // A radio is there to click only when it is listed and not already chosen.
    if (event.type === 'address.select') return addresses.some((item) => item.id === event.addressId) && selectedAddressId !== event.addressId;
    // The list a load answers with is the server's: the new address appears only after it was saved.
    if (event.type === 'xstate.done.actor.loadAddresses') {
      const listed = (event.output as Address[]).map((item) => item.id);
      return contextOf(snapshot).idsBeforeSave ? listed.includes(meena.id) : !listed.includes(meena.id);
    }
    return true;
  },
  // A lookup under way or not is part of where the screen is: its answer can only come while it is.
  // Shorter screens: one long path outgrows the test's time on a busy machine.
  maxSteps: 20,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context, Object.keys(snapshot.children).includes(pincodeLookupId)]),
  render: () => renderCheckout(),
  perform: {
    'xstate.done.actor.loadAddresses': (_, event, { network }) =>
      network.answer('getuseraddresses', () => HttpResponse.json(event.output)),
    'xstate.error.actor.loadAddresses': (_, __, { network }) =>
      network.answer('getuseraddresses', () => HttpResponse.json({ message: 'Gone', code: 'NOT_FOUND' }, { status: 404 })),
    'address.retry': async (_, __, { user }) => {
      await user.click(screen.getByRole('button', { name: 'Retry' }));
    },
    'address.select': async (page, event, { user }) => {
      await user.click(page.radio(event.addressId === asha.id ? asha.fullName : meena.fullName));
    },
    'form.open': async (_, __, { user }) => {
      await user.click(screen.getByRole('button', { name: 'Add New Address Here' }));
    },
    'form.cancel': async (_, __, { user }) => {
      await user.click(screen.getByRole('button', { name: 'Cancel new address' }));
    },
    'field.change': (page, event) => {
      fireEvent.change(page.field(event.field as AddressField), { target: { value: event.value } });
    },
    [lookupDone]: async (_, event, { network }) => {
      const { pincode, entry: found } = event.output as PincodeLookup;
      const request = await network.answer('pincodes', () =>
        found ? HttpResponse.json(found) : HttpResponse.json({ message: 'We could not find pincode 625001.', code: 'NOT_FOUND' }, { status: 404 }),
      );
      expect(request.url.pathname).toBe(`/api/pincodes/${pincode}`);
    },
    [lookupFailed]: async (_, __, { network }) => {
      await network.answer('pincodes', () => HttpResponse.json({ message: 'Invalid pincode format!', code: 'BAD_REQUEST' }, { status: 400 }));
      await vi.waitFor(() => expect(console.error).toHaveBeenCalledWith('checkout address call failed', expect.anything()));
    },
    'form.submit': async (page, _, { user }, { from, to }) => {
      await user.click(within(page.form()).getByRole('button', { name: /^Sav/ }));
      const { form, pincodeLookup } = contextOf(from);
      // A refused pincode shows its message under the field (checked below), without a snackbar.
      if (!to.matches('saving') && !pincodeMismatch(form, pincodeLookup)) await expectToast(checkoutMessages.addressInvalid);
    },
    'xstate.done.actor.saveAddress': (_, event, { network }) =>
      network.answer('createlogincheckout', () => HttpResponse.json(event.output)),
    'xstate.error.actor.saveAddress': async (_, __, { network }) => {
      await network.answer('createlogincheckout', () => HttpResponse.json({ message: 'Broken', code: 'INTERNAL' }, { status: 500 }));
      await expectToast(checkoutMessages.requestFailed);
    },
  },
  shows: {
    loading: (_, __, { network }) => {
      expect(screen.getByText('Loading your addresses…')).toBeTruthy();
      expect(network.waiting('getuseraddresses').at(-1)?.url.search).toBe('?id=u_12');
    },
    loadFailed: () => {
      expect(screen.getByText('Your addresses did not load. Please try again in a moment.')).toBeTruthy();
    },
    list: (page, expected) => {
      const { addresses, selectedAddressId } = contextOf(expected);
      const group = screen.getByRole('radiogroup', { name: 'Delivery address' });
      expect(within(group).getAllByRole('radio')).toHaveLength(addresses.length);
      for (const address of addresses) expect(page.radio(address.fullName).checked).toBe(address.id === selectedAddressId);
      // Place Order is offered once an address is chosen.
      expect(screen.getByRole('button', { name: 'Place Order' }).hasAttribute('disabled')).toBe(false);
    },
    empty: () => {
      expect(screen.getByText('No saved address yet: tell us where the flowers should go.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Cancel new address' })).toBeNull();
    },
    editing: () => {
      expect(screen.getByRole('button', { name: 'Cancel new address' }).hasAttribute('disabled')).toBe(false);
      expect(screen.queryByRole('radiogroup', { name: 'Delivery address' })).toBeNull();
    },
    saving: (page, expected, { network }) => {
      expect(isBusy(within(page.form()).getByRole('button', { name: /^Sav/ }))).toBe(true);
      expect(network.waiting('createlogincheckout').map((request) => request.body)).toEqual([
        { ...addressFields.parse(contextOf(expected).form), userId: 'u_12' },
      ]);
    },
    '*': (page, expected) => {
      if (!inForm(expected)) return;
      const { form, submitted, pincodeLookup } = contextOf(expected) as { form: AddressFormValues; submitted: boolean; pincodeLookup: PincodeLookup | null };
      const errors = fieldErrors(addressFields, form);
      const shown = page.form();
      for (const name of Object.keys(addressLabels) as AddressField[]) {
        expect(page.field(name, shown).value).toBe(form[name]);
        // A message shows once its field is typed in, or for every field after a refused submit; the pincode's
        // directory message once its own rules pass.
        const own = submitted || form[name] !== '' ? errors[name] : undefined;
        expect(messageOf(page.field(name, shown))).toBe(own ?? (name === 'pincode' ? pincodeMismatch(form, pincodeLookup) : undefined));
      }
    },
  },
});
