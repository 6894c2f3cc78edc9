// @vitest-environment jsdom
// The account area through the real app: tab from the address, profile validation and update, order cards (date in
// India time, price, items, status, tracking rules) and address cards, with the API mocked at the HTTP layer.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AccountOrder, UserDetails } from '../../domain/account';
import type { Address } from '../../domain/address';
import { anAddress } from './address-fixtures';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { catchDownloads, mockApi } from './page-harness';

const me: UserDetails = { id: 'u_12', firstName: 'Asha', lastName: 'Raman', email: 'asha@example.test', mobileNumber: '9876543210' };

const anOrder = (
  overrides: Partial<Omit<AccountOrder, 'UserOrder'>> & { UserOrder?: Partial<AccountOrder['UserOrder']> } = {},
): AccountOrder => ({
  status: 'created',
  userTrackingUrl: null,
  ...overrides,
  UserOrder: {
    rpayOrderId: 'order_Nq1',
    createdAt: '2024-05-10T10:00:00.000Z',
    price: 1250,
    gift: null,
    deliveries: [],
    UserOrderItems: [{ quantity: 1, ProductDatum: { productName: 'Sunset Posy' } }],
    ...overrides.UserOrder,
  },
});

let orders: AccountOrder[] = [];
let addresses: Address[] = [];
let updates: { query: string; body: unknown; authorization: string | null }[] = [];
let updateStatus = 200;
let requestedIds: string[] = [];
let documentAsks: string[] = [];

const pdf = (name: string) =>
  new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}"` } });

const server = mockApi([
  ...layoutHandlers,
  http.get('*/api/getsingleuserdetails', ({ request }) => {
    requestedIds.push(new URL(request.url).searchParams.get('id') ?? '');
    return HttpResponse.json(me);
  }),
  http.post('*/api/updateuserdetails', async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    updates.push({ query: new URL(request.url).search, body, authorization: request.headers.get('authorization') });
    if (updateStatus !== 200) return HttpResponse.json({ message: 'down', code: 'INTERNAL' }, { status: updateStatus });
    return HttpResponse.json({ ...me, firstName: body.firstName, lastName: body.lastName, mobileNumber: body.mobileNumber, message: 'Profile updated successfully!' });
  }),
  http.get('*/api/userorderslist', () => HttpResponse.json(orders)),
  http.get('*/api/getuseraddresses', () => HttpResponse.json(addresses)),
  http.get('*/api/userorderdocument', ({ request }) => {
    const query = new URL(request.url).searchParams;
    documentAsks.push(query.toString());
    // The server keeps no credit note for this order: its refusal, in its words.
    if (query.get('series') === 'credit_note') return HttpResponse.json({ message: 'This order has no such document.', code: 'NOT_FOUND' }, { status: 404 });
    return pdf('PS-26-27-000004.pdf');
  }),
], () => {
  orders = [];
  addresses = [];
  updates = [];
  requestedIds = [];
  documentAsks = [];
  updateStatus = 200;
  vi.restoreAllMocks();
});

const tab = (name: string) => screen.getByRole('tab', { name });

describe('account page: tabs', () => {
  it.each([
    ['/account', 'Profile'],
    ['/account/profile', 'Profile'],
    ['/account/orders', 'Orders'],
    ['/account/addresses', 'Addresses'],
    ['/account/anything-else', 'Profile'],
  ])('%s opens the %s tab', async (path, selected) => {
    signIn();
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual(['Profile', 'Orders', 'Addresses']);
    await waitFor(() => expect(tab(selected).getAttribute('aria-selected')).toBe('true'));
  });

  it('updates the address when another tab is chosen', async () => {
    signIn();
    const user = userEvent.setup();
    const { router } = await renderApp('/account');
    await screen.findByRole('heading', { level: 1, name: 'My Account' });
    await user.click(tab('Orders'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/orders'));
    expect(await screen.findByText('You have not added anything to your bag yet.')).toBeTruthy();
    await user.click(tab('Addresses'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/addresses'));
    expect(await screen.findByText('No addresses added. Please add a new address while you checkout')).toBeTruthy();
  });

  it('sends a signed-out visitor to /login', async () => {
    const { router } = await renderApp('/account/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('account page: profile', () => {
  async function openProfile() {
    signIn();
    const user = userEvent.setup();
    await renderApp('/account');
    const form = await screen.findByRole('form', { name: 'Profile' });
    const field = (label: string) => within(form).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
    await waitFor(() => expect(field('First Name').value).toBe('Asha'));
    return {
      user,
      form,
      firstName: field('First Name'),
      lastName: field('Last Name'),
      email: field('Email'),
      mobile: field('Mobile Number'),
      update: within(form).getByRole('button', { name: 'Update' }),
    };
  }

  it("loads the signed-in user's details; the e-mail is read-only", async () => {
    const page = await openProfile();
    expect(requestedIds).toEqual(['u_12']);
    expect(page.lastName.value).toBe('Raman');
    expect(page.email.value).toBe('asha@example.test');
    expect(page.email.readOnly).toBe(true);
    expect(page.mobile.value).toBe('9876543210');
    await page.user.type(page.email, 'x');
    expect(page.email.value).toBe('asha@example.test');
  });

  it('filters typing: names keep letters, spaces and dots; the mobile number ten digits', async () => {
    const page = await openProfile();
    await page.user.clear(page.firstName);
    await page.user.type(page.firstName, 'Meena K.2!');
    expect(page.firstName.value).toBe('Meena K.');
    await page.user.clear(page.mobile);
    await page.user.type(page.mobile, '+91 98765-432109');
    expect(page.mobile.value).toBe('9198765432');
  });

  it('shows the spec messages and "Please fill in all fields correctly!" on an invalid submit, sending nothing', async () => {
    const page = await openProfile();
    await page.user.clear(page.firstName);
    await page.user.type(page.firstName, 'As');
    expect(await within(page.form).findByText('First name must be at least 3 characters long!')).toBeTruthy();
    await page.user.clear(page.lastName);
    // An empty field shows its message only after a submit.
    expect(within(page.form).queryByText('Last name is required!')).toBeNull();
    await page.user.clear(page.mobile);
    await page.user.type(page.mobile, '98765');
    expect(await within(page.form).findByText('Mobile number must be exactly 10 digits!')).toBeTruthy();
    await page.user.click(page.update);
    expect(await screen.findByText('Please fill in all fields correctly!')).toBeTruthy();
    expect(within(page.form).getByText('Last name is required!')).toBeTruthy();
    await page.user.clear(page.mobile);
    expect(await within(page.form).findByText('Mobile number is required!')).toBeTruthy();
    expect(updates).toEqual([]);
  });

  it('saves a valid profile and says "Profile updated successfully!"', async () => {
    const page = await openProfile();
    await page.user.clear(page.firstName);
    await page.user.type(page.firstName, 'Meena K.');
    await page.user.click(page.update);
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(updates).toEqual([
      {
        query: '?id=u_12',
        body: { userId: 'u_12', firstName: 'Meena K.', lastName: 'Raman', mobileNumber: '9876543210', email: 'asha@example.test' },
        authorization: 'token-12',
      },
    ]);
    expect(page.firstName.value).toBe('Meena K.');
  });

  it('only logs a failed update: no message, the typed values stay', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    updateStatus = 500;
    const page = await openProfile();
    await page.user.clear(page.lastName);
    await page.user.type(page.lastName, 'Iyer');
    await page.user.click(page.update);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('profile call failed', expect.anything()));
    expect(screen.queryByText('Profile updated successfully!')).toBeNull();
    expect(page.lastName.value).toBe('Iyer');
    expect(page.update.hasAttribute('disabled')).toBe(false);
  });
});

describe('account page: orders', () => {
  it('shows a card per order with number, India date, price, items, status and tracking link', async () => {
    orders = [
      anOrder({
        status: 'Dispatched',
        userTrackingUrl: 'track.example.in/abc',
        // 20:00 UTC on 1 March is already 2 March in India.
        UserOrder: {
          rpayOrderId: 'order_Late',
          createdAt: '2024-03-01T20:00:00.000Z',
          price: 2499.5,
          UserOrderItems: [
            { quantity: 2, ProductDatum: { productName: 'Sunset Posy' } },
            { quantity: 1, ProductDatum: { productName: 'Dried Lavender' } },
          ],
        },
      }),
      anOrder({ status: 'Delivered', userTrackingUrl: 'https://courier.example/track/9', UserOrder: { rpayOrderId: 'order_Https' } }),
      anOrder({ UserOrder: { rpayOrderId: 'order_None' } }),
    ];
    signIn();
    await renderApp('/account/orders');
    const first = await screen.findByRole('article', { name: 'Order order_Late' });
    const card = within(first);
    expect(card.getByText('order_Late')).toBeTruthy();
    expect(card.getByText('2024-03-02')).toBeTruthy();
    expect(card.getByText('Rs. 2,499.50')).toBeTruthy();
    expect(card.getByText('inclusive of all taxes')).toBeTruthy();
    expect(within(card.getByRole('list', { name: 'Items' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2 ×Sunset Posy',
      '1 ×Dried Lavender',
    ]);
    expect(card.getByTestId('order-status').textContent).toBe('Dispatched');
    const link = card.getByRole('link', { name: 'http://track.example.in/abc' });
    expect(link.getAttribute('href')).toBe('http://track.example.in/abc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    const https = within(screen.getByRole('article', { name: 'Order order_Https' }));
    expect(https.getByRole('link').getAttribute('href')).toBe('https://courier.example/track/9');
    expect(https.getByTestId('order-status').textContent).toBe('Delivered');

    const none = within(screen.getByRole('article', { name: 'Order order_None' }));
    expect(none.getByText('Link will be updated')).toBeTruthy();
    expect(none.queryByRole('link')).toBeNull();
    expect(none.getByText('Rs. 1,250')).toBeTruthy();
    // Newest first, as the server sends them.
    expect(screen.getAllByRole('article').map((element) => element.getAttribute('aria-label'))).toEqual([
      'Order order_Late',
      'Order order_Https',
      'Order order_None',
    ]);
  });

  it("shows each order's deliveries with their fees, and an order from before dated delivery as it always read", async () => {
    orders = [
      anOrder({
        UserOrder: {
          rpayOrderId: 'order_Dated',
          deliveries: [
            { id: 1, kind: 'hand', date: '2026-12-03', slotName: 'Midnight', windowStartMinute: 1380, windowEndMinute: 1439, feePaise: 25_000, status: 'scheduled', statusNote: '' },
            { id: 2, kind: 'courier', date: '2026-12-04', slotName: null, windowStartMinute: null, windowEndMinute: null, feePaise: 0, status: 'scheduled', statusNote: '' },
          ],
        },
      }),
      anOrder({ UserOrder: { rpayOrderId: 'order_Before' } }),
    ];
    signIn();
    await renderApp('/account/orders');
    const dated = within(within(await screen.findByRole('article', { name: 'Order order_Dated' })).getByRole('group', { name: 'Delivery' }));
    for (const line of ['Thursday 3 December, Midnight 11 pm to 11:59 pm', 'Dispatched 4 December, delivered in 2 to 5 business days', 'Midnight delivery', 'Rs. 250', 'Courier delivery', 'Free']) {
      expect(dated.getByText(line)).toBeTruthy();
    }
    const before = within(within(screen.getByRole('article', { name: 'Order order_Before' })).getByRole('group', { name: 'Delivery' }));
    expect(before.getByText('Delivered in 2 to 5 business days')).toBeTruthy();
  });

  it('downloads the order’s invoice, and says under the credit note’s button why it was refused', async () => {
    orders = [anOrder({ UserOrder: { rpayOrderId: 'order_Doc', documents: { invoice: 'PS/26-27/000004', creditNote: 'CN/26-27/000001' } } })];
    const saved = catchDownloads();
    signIn();
    const user = userEvent.setup();
    await renderApp('/account/orders');
    const card = await screen.findByRole('article', { name: 'Order order_Doc' });
    await user.click(within(card).getByRole('button', { name: 'Download invoice PS/26-27/000004' }));
    await waitFor(() => expect(saved).toEqual(['PS-26-27-000004.pdf']));
    expect(documentAsks).toEqual(['id=u_12&order=order_Doc&series=invoice']);
    expect(within(card).queryByRole('alert')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Download credit note CN/26-27/000001' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('This order has no such document.');
    expect(saved).toHaveLength(1);
  });

  it('shows no download button for an order without documents', async () => {
    orders = [anOrder({ UserOrder: { rpayOrderId: 'order_NoDoc', documents: { invoice: null, creditNote: null } } })];
    signIn();
    await renderApp('/account/orders');
    const card = await screen.findByRole('article', { name: 'Order order_NoDoc' });
    expect(within(card).queryByRole('button', { name: /^Download/ })).toBeNull();
  });

  it('shows the coupon an order was placed with, and nothing for one without (issue 42)', async () => {
    orders = [
      anOrder({ UserOrder: { rpayOrderId: 'order_Coupon', coupon: { code: 'DIWALI10', discountPaise: 24_550 } } }),
      anOrder({ UserOrder: { rpayOrderId: 'order_Plain', coupon: null } }),
    ];
    signIn();
    await renderApp('/account/orders');
    const card = await screen.findByRole('article', { name: 'Order order_Coupon' });
    expect(within(card).getByRole('group', { name: 'Coupon' }).textContent).toBe('Coupon DIWALI10−Rs. 245.50');
    const plain = screen.getByRole('article', { name: 'Order order_Plain' });
    expect(within(plain).queryByRole('group', { name: 'Coupon' })).toBeNull();
  });

  it('says "You have not added anything to your bag yet." without orders', async () => {
    signIn();
    await renderApp('/account/orders');
    expect(await screen.findByText('You have not added anything to your bag yet.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('account page: addresses', () => {
  it('shows a card per address with every field and an Edit link to /updateuseraddress/{id}', async () => {
    addresses = [anAddress(), anAddress({ id: 9, fullName: 'Ravi Kumar', city: 'Madurai', state: 'Kerala', pincode: '625001' })];
    signIn();
    const user = userEvent.setup();
    const { router } = await renderApp('/account/addresses');
    const card = within(await screen.findByRole('article', { name: 'Address of Asha Raman' }));
    for (const text of ['12 Khader Nawaz Khan Road', 'Nungambakkam', 'Landmark: Near the park', 'Chennai, Tamil Nadu 600006', 'India', 'Phone: 9876543210']) {
      expect(card.getByText(text)).toBeTruthy();
    }
    const edit = card.getByRole('link', { name: /^Edit/ });
    expect(edit.getAttribute('href')).toBe('/updateuseraddress/7');
    expect(within(screen.getByRole('article', { name: 'Address of Ravi Kumar' })).getByRole('link', { name: /^Edit/ }).getAttribute('href')).toBe(
      '/updateuseraddress/9',
    );
    server.use(http.get('*/api/getsingleuseraddressdetails', () => HttpResponse.json(anAddress())));
    await user.click(edit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/updateuseraddress/7'));
  });

  it('says "No addresses added. Please add a new address while you checkout" without addresses', async () => {
    signIn();
    await renderApp('/account/addresses');
    expect(await screen.findByText('No addresses added. Please add a new address while you checkout')).toBeTruthy();
  });
});
