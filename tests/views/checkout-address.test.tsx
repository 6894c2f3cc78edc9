// @vitest-environment jsdom
// Checkout's delivery addresses with the real machine and API client, the server mocked with msw as a small address
// book per buyer: the list and its radio choice, the "Add New Address Here" form (refusal, cancel, save, reload and
// selection of the new address) for a signed-in user and a verified guest, a failed load's Retry and a failed save.
import './setup-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address, AddressFields } from '../../domain/address';
import type { CartOwner } from '../../domain/cart';
import { AppProviders } from '../../src/app/app-providers';
import { toaster } from '../../src/app/toaster';
import { CheckoutAddresses, useCheckoutAddressActor } from '../../src/features/checkout/checkout-address';
import { anAddress, meenasAddress } from './address-fixtures';
import { signIn } from './render-app';
import { mockApi } from './page-harness';

const guestSessionId = 'GuestSession0123456789ab';
const signedIn: CartOwner = { kind: 'user', userExtId: 'u_12' };
const guest: CartOwner = { kind: 'guest', sessionId: guestSessionId };

const newAddress = meenasAddress;
const madurai = { pincode: '625001', locality: 'Madurai Main', district: 'Madurai', state: 'Tamil Nadu', stateCode: '33', alsoIn: [] };

/** The server's address book (newest first, as the API answers) and what it was asked. */
const book = {
  addresses: [] as Address[],
  nextId: 100,
  loads: [] as string[],
  saves: [] as { call: string; body: Record<string, unknown> }[],
  loadStatus: 200,
  saveStatus: 200,
};

const refusal = (status: number) => HttpResponse.json({ message: 'Something broke', code: 'TEST_FAILURE' }, { status });

function store(body: Record<string, unknown>): Address {
  const { userId: _userId, sessionId: _sessionId, ...fields } = body;
  const saved = { ...(fields as AddressFields), id: book.nextId++, User: { externalId: 'u_12' } };
  book.addresses = [saved, ...book.addresses];
  return saved;
}

mockApi([
  http.get('*/api/pincodes/:pincode', ({ params }) =>
    params.pincode === madurai.pincode
      ? HttpResponse.json(madurai)
      : HttpResponse.json({ message: `We could not find pincode ${String(params.pincode)}.`, code: 'NOT_FOUND' }, { status: 404 }),
  ),
  http.get('*/api/getuseraddresses', ({ request }) => {
    book.loads.push(`getuseraddresses?id=${new URL(request.url).searchParams.get('id')}`);
    return book.loadStatus === 200 ? HttpResponse.json(book.addresses) : refusal(book.loadStatus);
  }),
  http.get('*/api/getguestuseraddress', ({ request }) => {
    book.loads.push(`getguestuseraddress?id=${new URL(request.url).searchParams.get('id')}`);
    return book.loadStatus === 200 ? HttpResponse.json(book.addresses) : refusal(book.loadStatus);
  }),
  http.post('*/api/createlogincheckout', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    book.saves.push({ call: 'createlogincheckout', body });
    return book.saveStatus === 200 ? HttpResponse.json(store(body)) : refusal(book.saveStatus);
  }),
  http.post('*/api/createguestaddress', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    book.saves.push({ call: 'createguestaddress', body });
    if (book.saveStatus !== 200) return refusal(book.saveStatus);
    store(body);
    return HttpResponse.json({ userExtId: 'u_12' });
  }),
], () => vi.restoreAllMocks());

beforeEach(() => {
  book.addresses = [];
  book.nextId = 100;
  book.loads = [];
  book.saves = [];
  book.loadStatus = 200;
  book.saveStatus = 200;
});

/** The page's part, in small: the hook, the section, and the address Place Order would send. */
function Harness({ buyer }: { buyer: CartOwner }) {
  const actor = useCheckoutAddressActor(buyer);
  const selected = useSelector(actor, (snapshot) => snapshot.context.selectedAddressId);
  return (
    <AppProviders>
      <CheckoutAddresses actor={actor} />
      <p data-testid="place-order-address">{selected ?? 'none'}</p>
    </AppProviders>
  );
}

function renderSection(buyer: CartOwner) {
  if (buyer.kind === 'user') signIn();
  else window.sessionStorage.setItem('guestSessionId', guestSessionId);
  const user = userEvent.setup();
  render(<Harness buyer={buyer} />);
  return { user, section: screen.getByRole('region', { name: 'Shipping Address' }) };
}

const addressToSend = () => screen.getByTestId('place-order-address').textContent;
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const form = () => screen.getByRole('form', { name: 'Add New Address Here' });
const field = (label: string) => within(form()).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

async function fillForm(user: ReturnType<typeof userEvent.setup>, fields: AddressFields) {
  await user.type(field('Full Name'), fields.fullName);
  await user.type(field('Address'), fields.address);
  await user.type(field('Locality'), fields.locality);
  await user.type(field('Landmark'), fields.landmark);
  await user.type(field('Phone Number'), fields.phoneNumber);
  // City and state first: a complete pincode would fill them from the directory.
  await user.type(field('City'), fields.city);
  await user.selectOptions(field('State'), fields.state);
  await user.type(field('Pincode'), fields.pincode);
}

describe('checkout addresses: the pincode checked on a product page (issue 40)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('starts a new address with it, city and state filled from the directory, and refuses another state before saving', async () => {
    window.sessionStorage.setItem('deliveryPincode', '625001');
    const { user } = renderSection(signedIn);
    await waitFor(() => expect(field('City').value).toBe('Madurai'));
    expect(field('Pincode').value).toBe('625001');
    expect(field('State').value).toBe('Tamil Nadu');

    await user.type(field('Full Name'), newAddress.fullName);
    await user.type(field('Address'), newAddress.address);
    await user.type(field('Locality'), newAddress.locality);
    await user.type(field('Landmark'), newAddress.landmark);
    await user.type(field('Phone Number'), newAddress.phoneNumber);
    await user.selectOptions(field('State'), 'Kerala');
    expect(within(form()).getByText('Pincode 625001 is in Tamil Nadu, not Kerala.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(book.saves).toEqual([]);

    await user.selectOptions(field('State'), 'Tamil Nadu');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(book.saves).toEqual([{ call: 'createlogincheckout', body: { ...newAddress, userId: 'u_12' } }]));
  });

  it('preselects the saved address with that pincode', async () => {
    window.sessionStorage.setItem('deliveryPincode', '625020');
    store({ ...newAddress, fullName: 'Ravi Kumar', pincode: '625020' });
    store({ ...newAddress, fullName: 'Asha Raman' });
    renderSection(signedIn);
    await screen.findByRole('radiogroup', { name: 'Delivery address' });
    expect(radio('Ravi Kumar').checked).toBe(true);
    expect(radio('Asha Raman').checked).toBe(false);
  });
});

describe('checkout addresses: a signed-in user', () => {
  beforeEach(() => {
    book.addresses = [
      anAddress(),
      anAddress({ id: 9, fullName: 'Ravi Kumar', address: '3 Lake View Road', locality: 'KK Nagar', landmark: 'Opp the temple', city: 'Madurai', state: 'Kerala', pincode: '625020', phoneNumber: '9123456780' }),
    ];
  });

  it('lists the saved addresses with every field and the first one chosen', async () => {
    renderSection(signedIn);
    expect(screen.getByRole('status').textContent).toContain('Loading your addresses');
    const group = await screen.findByRole('radiogroup', { name: 'Delivery address' });
    expect(book.loads).toEqual(['getuseraddresses?id=u_12']);
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(radio('Asha Raman').checked).toBe(true);
    expect(radio('Ravi Kumar').checked).toBe(false);
    expect(addressToSend()).toBe('7');

    // The card is the radio's label: every field of the address is on it.
    const card = within(radio('Ravi Kumar').closest('label') as HTMLElement);
    for (const text of ['Ravi Kumar', '3 Lake View Road', 'KK Nagar', 'Landmark: Opp the temple', 'Madurai, Kerala 625020', 'India', 'Phone: 9123456780']) {
      expect(card.getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Add New Address Here' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('chooses another address by clicking its card', async () => {
    const { user } = renderSection(signedIn);
    await screen.findByRole('radiogroup', { name: 'Delivery address' });
    await user.click(screen.getByText('3 Lake View Road'));
    await waitFor(() => expect(radio('Ravi Kumar').checked).toBe(true));
    expect(radio('Asha Raman').checked).toBe(false);
    expect(addressToSend()).toBe('9');
    expect(book.saves).toEqual([]);
  });

  it('refuses an incomplete form, cancels back to the list, then saves a new address and chooses it', async () => {
    const notices = vi.spyOn(toaster, 'create');
    const { user } = renderSection(signedIn);
    await screen.findByRole('radiogroup', { name: 'Delivery address' });
    await user.click(radio('Ravi Kumar'));
    await user.click(screen.getByRole('button', { name: 'Add New Address Here' }));

    expect(screen.getByRole('heading', { name: 'Add New Address Here' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    // Messages wait for typing or a submit.
    expect(within(form()).queryByText('Full name is required!')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Please fill all the fields!')).toBeTruthy();
    expect(notices).toHaveBeenCalledWith({ description: 'Please fill all the fields!', type: 'error', duration: 5000, closable: true });
    expect(within(form()).getByText('Full name is required!')).toBeTruthy();
    expect(within(form()).getByText('Pincode is required!')).toBeTruthy();
    expect(book.saves).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel new address' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(radio('Ravi Kumar').checked).toBe(true);
    expect(addressToSend()).toBe('9');

    // Opened again, the form is empty and quiet.
    await user.click(screen.getByRole('button', { name: 'Add New Address Here' }));
    expect(field('Full Name').value).toBe('');
    expect(within(form()).queryByText('Full name is required!')).toBeNull();
    await fillForm(user, newAddress);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(radio('Meena S.').checked).toBe(true));
    expect(book.saves).toEqual([{ call: 'createlogincheckout', body: { ...newAddress, userId: 'u_12' } }]);
    expect(book.loads).toEqual(['getuseraddresses?id=u_12', 'getuseraddresses?id=u_12']);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(radio('Ravi Kumar').checked).toBe(false);
    expect(addressToSend()).toBe('100');
    const card = within(radio('Meena S.').closest('label') as HTMLElement);
    expect(card.getByText('Madurai, Tamil Nadu 625001')).toBeTruthy();
  });

  it('keeps the typed form and says "An error occurred while processing your request." when the save fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    book.saveStatus = 500;
    const { user } = renderSection(signedIn);
    await screen.findByRole('radiogroup', { name: 'Delivery address' });
    await user.click(screen.getByRole('button', { name: 'Add New Address Here' }));
    await fillForm(user, newAddress);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByText('An error occurred while processing your request.')).toBeTruthy();
    expect(book.saves).toHaveLength(1);
    expect(field('Full Name').value).toBe('Meena S.');
    expect(field('Pincode').value).toBe('625001');
    // Still over the list: it can be cancelled back to it.
    await user.click(screen.getByRole('button', { name: 'Cancel new address' }));
    expect(radio('Asha Raman').checked).toBe(true);
    expect(book.loads).toHaveLength(1);
  });
});

describe('checkout addresses: a verified guest', () => {
  it('opens the form without a cancel icon when there is no address, and selects the saved one', async () => {
    const { user } = renderSection(guest);
    await screen.findByRole('form', { name: 'Add New Address Here' });
    expect(book.loads).toEqual([`getguestuseraddress?id=${guestSessionId}`]);
    expect(screen.queryByRole('button', { name: 'Cancel new address' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(addressToSend()).toBe('none');

    await fillForm(user, newAddress);
    await user.click(screen.getByRole('button', { name: 'Save Address' }));

    await waitFor(() => expect(radio('Meena S.').checked).toBe(true));
    expect(book.saves).toEqual([{ call: 'createguestaddress', body: { ...newAddress, sessionId: guestSessionId } }]);
    expect(book.loads).toHaveLength(2);
    expect(screen.queryByRole('form')).toBeNull();
    expect(addressToSend()).toBe('100');
  });

  it("lists the guest's addresses, newest first, the first one chosen", async () => {
    book.addresses = [anAddress({ id: 12, fullName: 'Kavya Iyer' }), anAddress({ id: 11 })];
    renderSection(guest);
    await screen.findByRole('radiogroup', { name: 'Delivery address' });
    expect(screen.getAllByRole('radio').map((item) => item.getAttribute('value'))).toEqual(['12', '11']);
    expect(radio('Kavya Iyer').checked).toBe(true);
    expect(addressToSend()).toBe('12');
  });

  it('offers Retry when the addresses do not load, and loads them again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    book.loadStatus = 403;
    book.addresses = [anAddress({ id: 11 })];
    const { user } = renderSection(guest);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText(/did not load/)).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    // A failed load is only logged (SPEC.md §8): no snackbar.
    expect(screen.queryByRole('alert')).toBeNull();

    book.loadStatus = 200;
    await user.click(retry);
    await screen.findByRole('radiogroup', { name: 'Delivery address' });
    expect(radio('Asha Raman').checked).toBe(true);
    expect(book.loads).toHaveLength(2);
  });
});
