// @vitest-environment jsdom
// The edit-address machine's paths walked through the real app at /updateuseraddress/7: the address loads (or fails
// and is retried), fields are typed, Update is clicked, updateuseraddress saves, refuses or gets no answer, and 3 s
// after a save the app is back at /account/addresses. A complete new pincode asks the directory (GET pincodes/{pincode},
// issue 40): its answer fills an empty city and state, and an unknown pincode or one of another state is refused.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { addressMessages, editAddressFields } from '../../../domain/address';
import type { AddressField, AddressFormValues } from '../../../domain/address';
import { fieldErrors } from '../../../domain/fields';
import type { PincodeEntry, PincodeLookup } from '../../../domain/pincode';
import { editAddressMachine } from '../../../machines/edit-address.machine';
import { pincodeLookupId, pincodeMismatch } from '../../../machines/pincode-lookup';
import type { SaveAddressOutput } from '../../../machines/edit-address.machine';
import { addressLabels, anAddress } from '../address-fixtures';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp, signIn } from '../render-app';
import { heldNetwork } from './held-network';
import { expectToast, formNamed, isBusy, messageOf } from './view-checks';
import { mockApi } from '../page-harness';

const stored = anAddress();

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  network.hold('get', '*/api/getsingleuseraddressdetails', 'getsingleuseraddressdetails'),
  network.hold('post', '*/api/updateuseraddress', 'updateuseraddress'),
  network.hold('get', '*/api/pincodes/:pincode', 'pincodes'),
  // Where the app goes after a save.
  http.get('*/api/getuseraddresses', () => HttpResponse.json([stored])),
]);

async function renderEditor() {
  signIn();
  // A load that fails and a save that gets no answer are only logged (SPEC.md §8).
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const app = await renderApp('/updateuseraddress/7');
  const form = () => formNamed('User Address');
  return {
    ...app,
    logged,
    field: (name: AddressField) => within(form()).getByLabelText(new RegExp(`^${addressLabels[name]}`)) as HTMLInputElement,
    update: () => within(form()).getByRole('button', { name: /^Updat/ }),
  };
}
type EditorScreen = Awaited<ReturnType<typeof renderEditor>>;

/**
 * The directory's answers for 600006: in another state than the address's (its district still fills an emptied city),
 * and no such pincode. Either refuses the submit with the pincode's message.
 */
const entry = (state: PincodeEntry['state'], stateCode: string): PincodeEntry => ({
  pincode: '600006',
  locality: 'Teynampet',
  district: 'Chennai',
  state,
  stateCode,
  alsoIn: [],
});
const lookups: PincodeLookup[] = [
  { pincode: '600006', entry: entry('Karnataka', '29') },
  { pincode: '600006', entry: null },
];
const lookupDone = `xstate.done.actor.${pincodeLookupId}`;
const lookupFailed = `xstate.error.actor.${pincodeLookupId}`;

const saveOk: SaveAddressOutput = { ok: true, address: { ...stored, message: addressMessages.updated } };
const saveRefused: SaveAddressOutput = { ok: false, status: 500 };

describeViewModel<EditorScreen, { addressId: number; userExtId: string }>(
  'edit-address machine through the real app at /updateuseraddress/7',
  {
    machine: editAddressMachine,
    network,
    situations: [{ name: 'signed in as u_12', input: { addressId: 7, userExtId: 'u_12' } }],
    events: [
      { type: 'xstate.done.actor.loadAddress', output: stored },
      // A 404 is not retried by the client, so one answer settles the call.
      { type: 'xstate.error.actor.loadAddress', error: { status: 404 } },
      { type: 'address.retry' },
      // The typing filter keeps five digits: one short.
      { type: 'field.change', field: 'pincode', value: '6000a6' },
      { type: 'field.change', field: 'pincode', value: '600006' },
      { type: 'field.change', field: 'city', value: '' },
      { type: 'field.change', field: 'fullName', value: 'Asha R.' },
      ...lookups.map((output) => ({ type: lookupDone, output })),
      { type: lookupFailed, error: { status: 400 } },
      { type: 'form.submit' },
      { type: 'xstate.done.actor.saveAddress', output: saveOk },
      { type: 'xstate.done.actor.saveAddress', output: saveRefused },
      { type: 'xstate.error.actor.saveAddress', error: { status: null } },
      { type: 'xstate.after.afterAddressEdit.editAddress.saved' },
    ],
    // The directory answers only a lookup the screen made: one is under way since a new complete pincode was typed.
    offers: (snapshot, event) => ![lookupDone, lookupFailed].includes(event.type) || pincodeLookupId in snapshot.children,
    render: () => renderEditor(),
    perform: {
      'xstate.done.actor.loadAddress': (_, event, { network }) =>
        network.answer('getsingleuseraddressdetails', () => HttpResponse.json(event.output)),
      'xstate.error.actor.loadAddress': async (page, _, { network }) => {
        await network.answer('getsingleuseraddressdetails', () =>
          HttpResponse.json({ message: 'Address not found', code: 'NOT_FOUND' }, { status: 404 }),
        );
        await vi.waitFor(() => expect(page.logged).toHaveBeenCalledWith('address call failed', expect.anything()));
      },
      'address.retry': async (_, __, { user }) => {
        await user.click(screen.getByRole('button', { name: 'Try again' }));
      },
      [lookupDone]: async (_, event, { network }) => {
        const { pincode, entry: found } = event.output as PincodeLookup;
        const request = await network.answer('pincodes', () =>
          found ? HttpResponse.json(found) : HttpResponse.json({ message: 'Pincode not found', code: 'NOT_FOUND' }, { status: 404 }),
        );
        expect(request.url.pathname).toBe(`/api/pincodes/${pincode}`);
      },
      [lookupFailed]: async (page, _, { network }) => {
        await network.answer('pincodes', () => HttpResponse.json({ message: 'Pincode must be 6 digits', code: 'BAD_REQUEST' }, { status: 400 }));
        await vi.waitFor(() => expect(page.logged).toHaveBeenCalledWith('address call failed', expect.anything()));
      },
      'field.change': (page, event) => {
        fireEvent.change(page.field(event.field as AddressField), { target: { value: event.value } });
      },
      'form.submit': async (page, _, { user }, { from, to }) => {
        await user.click(page.update());
        const form = (from.context as { form: AddressFormValues }).form;
        if (to.matches('editing') && Object.values(form).some((value) => value.trim() === '')) {
          await expectToast(addressMessages.editEmptyField);
        }
      },
      'xstate.done.actor.saveAddress': async (_, event, { network }) => {
        const output = event.output as SaveAddressOutput;
        await network.answer('updateuseraddress', () =>
          output.ok ? HttpResponse.json(output.address) : HttpResponse.json({ message: 'Refused', code: 'INTERNAL' }, { status: output.status }),
        );
        await expectToast(output.ok ? addressMessages.updated : addressMessages.updateFailed);
      },
      'xstate.error.actor.saveAddress': async (page, _, { network }) => {
        await network.answer('updateuseraddress', () => HttpResponse.error());
        await vi.waitFor(() => expect(page.logged).toHaveBeenCalledWith('address call failed', expect.anything()));
      },
    },
    shows: {
      loading: (_, __, { network }) => {
        expect(screen.getByLabelText('Loading the address').getAttribute('aria-busy')).toBe('true');
        expect(network.waiting('getsingleuseraddressdetails').map((request) => request.url.searchParams.get('id'))).toEqual(['7']);
      },
      loadFailed: () => {
        expect(screen.getByText('We could not load this address.')).toBeTruthy();
        expect(screen.getByRole('link', { name: 'Back to my addresses' }).getAttribute('href')).toBe('/account/addresses');
      },
      editing: (page, expected) => {
        const { form, submitted, pincodeLookup } = expected.context as { form: AddressFormValues; submitted: boolean; pincodeLookup: PincodeLookup | null };
        const errors = fieldErrors(editAddressFields, form);
        for (const name of Object.keys(addressLabels) as AddressField[]) {
          expect(page.field(name).value).toBe(form[name]);
          // A message shows once its field is typed in, or for every field after a refused submit; the pincode's
          // own rules first, then the directory's objection.
          const own = submitted || form[name] !== '' ? errors[name] : undefined;
          expect(messageOf(page.field(name))).toBe(own ?? (name === 'pincode' ? pincodeMismatch(form, pincodeLookup) : undefined));
        }
        expect(isBusy(page.update())).toBe(false);
      },
      saving: (page, expected, { network }) => {
        const { form } = expected.context as { form: AddressFormValues };
        expect(isBusy(page.update())).toBe(true);
        expect(network.waiting('updateuseraddress').map((request) => [request.url.search, request.body])).toEqual([
          ['?id=7&userId=u_12', { id: 7, userId: 'u_12', ...editAddressFields.parse(form) }],
        ]);
      },
      saved: (page) => {
        // The confirmation stays on screen for its 3 s; the form cannot be sent again meanwhile.
        expect(isBusy(page.update())).toBe(true);
        expect(page.router.state.location.pathname).toBe('/updateuseraddress/7');
      },
      done: (page) => {
        expect(page.router.state.location.pathname).toBe('/account/addresses');
      },
    },
  },
);
