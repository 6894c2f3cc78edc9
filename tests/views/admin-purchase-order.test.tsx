// @vitest-environment jsdom
// /purchaseorderlist/{id} through the real app: the purchase record shows as bought (items with their amounts, total,
// India-time date, address, e-mail), the status offers the three statuses, a bad tracking link is refused before
// anything is sent, a save sends { id, status, userTrackingUrl, email }, toasts and returns to the list after 4 s.
import './setup-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PurchaseRecord } from '../../domain/admin-orders';
import { toaster } from '../../src/app/toaster';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';

function aPurchase(overrides: Partial<PurchaseRecord> = {}): PurchaseRecord {
  return {
    id: 7,
    status: 'created',
    userTrackingUrl: null,
    paymentState: 'paid',
    paymentMethod: 'Card ending 1111',
    User: { firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.test' },
    UserOrder: {
      id: 7,
      rpayOrderId: 'order_QX12ab',
      price: 2200,
      // 20:00 UTC on the 9th is already the 10th in India.
      createdAt: '2024-03-09T20:00:00.000Z',
      UserAddress: {
        // A gift: the recipient is not the customer.
        fullName: 'Lakshmi Iyer',
        address: '4 Lake View Road',
        locality: 'Mylapore',
        landmark: 'Opposite the temple tank',
        city: 'Chennai',
        pincode: '600004',
        state: 'Tamil Nadu',
        country: 'India',
        phoneNumber: '9840012345',
      },
      UserOrderItems: [
        { quantity: 2, itemPrice: 450, ProductDatum: { productName: 'Red Rose Bunch' } },
        { quantity: 1, itemPrice: 1250.5, ProductDatum: { productName: 'Lily Posy' } },
      ],
    },
    ...overrides,
  };
}

let stored = aPurchase();
let loads: string[] = [];
let updates: unknown[] = [];
let loadStatus = 200;
let updateStatus = 200;

const server = setupServer(
  ...layoutHandlers,
  http.get('*/api/getSinglePurchase', ({ request }) => {
    loads.push(new URL(request.url).search);
    if (loadStatus !== 200) return HttpResponse.json({ message: 'Purchase not found', code: 'NOT_FOUND' }, { status: loadStatus });
    return HttpResponse.json(stored);
  }),
  http.post('*/api/updatepurchaseorder', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    updates.push(body);
    if (updateStatus !== 200) {
      return HttpResponse.json({ message: 'Please select a status: created, Dispatched or Delivered', code: 'BAD_REQUEST' }, { status: updateStatus });
    }
    return HttpResponse.json({ message: 'Purchase order updated successfully', customerNotified: true, purchase: { ...stored, ...body } });
  }),
  // Where a save returns to (the list screen may load its records).
  http.get('*/api/users/purchases/list', () => HttpResponse.json([stored])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  stored = aPurchase();
  loads = [];
  updates = [];
  loadStatus = 200;
  updateStatus = 200;
  toaster.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

async function openOrder(path = '/purchaseorderlist/7', userOptions: Parameters<typeof userEvent.setup>[0] = {}) {
  signIn({ dashboard: true });
  const user = userEvent.setup(userOptions);
  const app = await renderApp(path);
  const form = await screen.findByRole('form', { name: 'Purchase Order Update Form' });
  const field = (label: string) => within(form).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
  return {
    ...app,
    user,
    form,
    field,
    status: field('Status') as unknown as HTMLSelectElement,
    update: within(form).getByRole('button', { name: 'Update' }),
  };
}

describe('purchase order update page', () => {
  it('shows the purchase as bought: e-mail, items with amounts, total, India-time date and address', async () => {
    const page = await openOrder();
    expect(screen.getByRole('heading', { level: 1, name: 'Purchase Order Update Form' })).toBeTruthy();
    // The title is set in an effect after the first paint.
    await waitFor(() => expect(document.title).toBe('Purchase Order Update Form'));
    expect(screen.getByRole('link', { name: '← Purchase Order List' }).getAttribute('href')).toBe('/purchaseorderlist');
    expect(loads).toEqual(['?id=7']);

    expect(page.field('Email').value).toBe('meera@example.test');
    expect(page.field('Email').readOnly).toBe(true);
    expect(page.field('Tracking URL').value).toBe('');
    expect(within(page.form).getByText("The courier's tracking page, starting with https://")).toBeTruthy();
    expect(page.status.value).toBe('created');
    expect(screen.getByText('order_QX12ab')).toBeTruthy();
    expect(screen.getByText('Meera Iyer')).toBeTruthy();
    expect(screen.getByText('2024-03-10')).toBeTruthy();
    // How it was paid, beside whose order it is.
    expect(screen.getByText('Paid by').nextElementSibling?.textContent).toBe('Card ending 1111');

    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').map((row) => within(row).getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Product Name', 'Quantity', 'Price', 'Amount'],
      ['Red Rose Bunch', '2', 'Rs. 450', 'Rs. 900'],
      ['Lily Posy', '1', 'Rs. 1,250.50', 'Rs. 1,250.50'],
    ]);
    expect(screen.getByTestId('purchase-total').textContent).toBe('Rs. 2,200');

    const address = screen.getByRole('region', { name: 'Delivery address' });
    for (const line of ['Lakshmi Iyer', '4 Lake View Road', 'Mylapore', 'Landmark: Opposite the temple tank', 'Chennai, Tamil Nadu 600004', 'India', 'Phone: 9840012345']) {
      expect(within(address).getByText(line)).toBeTruthy();
    }
    expect(screen.queryByText('Refund due')).toBeNull();
  });

  it('fills the stored tracking link and status', async () => {
    stored = aPurchase({ status: 'Dispatched', userTrackingUrl: 'https://courier.example/track/AB12' });
    const page = await openOrder();
    expect(page.field('Tracking URL').value).toBe('https://courier.example/track/AB12');
    expect(page.status.value).toBe('Dispatched');
  });

  it('offers exactly the statuses created, Dispatched and Delivered', async () => {
    const page = await openOrder();
    const offered = [...page.status.options].filter((option) => option.value !== '').map((option) => option.value);
    expect(offered).toEqual(['created', 'Dispatched', 'Delivered']);
  });

  it('flags an order whose money is due back', async () => {
    stored = aPurchase({ paymentState: 'refund_due' });
    await openOrder();
    expect(screen.getByText('Refund due')).toBeTruthy();
  });

  it('refuses a tracking link that is not a URL and sends nothing', async () => {
    const page = await openOrder();
    await page.user.type(page.field('Tracking URL'), 'not a url');
    expect(await within(page.form).findByText('Please enter a valid tracking URL starting with http:// or https://')).toBeTruthy();
    await page.user.click(page.update);
    expect(updates).toEqual([]);
    expect(page.router.state.location.pathname).toBe('/purchaseorderlist/7');
  });

  it('sends { id, status, userTrackingUrl, email }, toasts, and goes back to /purchaseorderlist after 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const page = await openOrder('/purchaseorderlist/7', { advanceTimers: vi.advanceTimersByTime });
    await page.user.type(page.field('Tracking URL'), 'https://courier.example/track/AB12');
    await page.user.selectOptions(page.status, 'Delivered');
    await page.user.click(page.update);
    expect(await screen.findByText('Purchase order updated successfully')).toBeTruthy();
    expect(updates).toEqual([
      { id: 7, status: 'Delivered', userTrackingUrl: 'https://courier.example/track/AB12', email: 'meera@example.test' },
    ]);
    act(() => {
      vi.advanceTimersByTime(3500);
    });
    expect(page.router.state.location.pathname).toBe('/purchaseorderlist/7');
    act(() => {
      vi.advanceTimersByTime(600);
    });
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/purchaseorderlist'));
  });

  it("shows the server's refusal and stays on the form", async () => {
    updateStatus = 400;
    const page = await openOrder();
    await page.user.click(page.update);
    expect(await screen.findByText('Please select a status: created, Dispatched or Delivered')).toBeTruthy();
    expect(updates).toHaveLength(1);
    expect(page.router.state.location.pathname).toBe('/purchaseorderlist/7');
    await waitFor(() => expect(page.update.hasAttribute('disabled')).toBe(false));
  });

  it('says the record did not load when the purchase is not found, with Retry and the way back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadStatus = 404;
    signIn({ dashboard: true });
    await renderApp('/purchaseorderlist/99');
    expect(await screen.findByText('This record did not load.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Purchase Order List' }).getAttribute('href')).toBe('/purchaseorderlist');
    expect(screen.queryByRole('form', { name: 'Purchase Order Update Form' })).toBeNull();
  });

  it.each(['abc', '0', '-3', '1.5'])('asks nothing of the server for the id %s and offers the way back', async (id) => {
    signIn({ dashboard: true });
    await renderApp(`/purchaseorderlist/${id}`);
    expect(await screen.findByText('This purchase order does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the purchase order list' }).getAttribute('href')).toBe('/purchaseorderlist');
    expect(loads).toEqual([]);
  });
});
