// @vitest-environment jsdom
// /purchaseorderlist/{id} through the real app: the purchase record shows as bought (items with their amounts, total,
// India-time date, address, e-mail), the status offers the three statuses, a bad tracking link is refused before
// anything is sent, a save sends { id, status, userTrackingUrl, email }, toasts and returns to the list after 4 s.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { PurchaseRecord } from '../../domain/admin-orders';
import { fileDownloadTexts } from '../../machines/file-download.machine';
import { giftRecipient } from './address-fixtures';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { catchDownloads, expectRedirect, mockApi } from './page-harness';

function aPurchase(overrides: Partial<PurchaseRecord> = {}): PurchaseRecord {
  return {
    id: 7,
    status: 'created',
    userTrackingUrl: null,
    paymentState: 'paid',
    payments: [{ paymentId: 'pay_QX12ab', amount: 1250, refundState: null }],
    paymentMethod: 'Card ending 1111',
    User: { firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.test' },
    UserOrder: {
      id: 7,
      rpayOrderId: 'order_QX12ab',
      price: 2200,
      // 20:00 UTC on the 9th is already the 10th in India.
      createdAt: '2024-03-09T20:00:00.000Z',
      // A gift: the recipient is not the customer.
      UserAddress: giftRecipient,
      gift: { occasion: 'Birthday', message: 'Happy birthday, Amma!\nWith love 🌹', senderName: 'Meera', hideSenderName: false },
      deliveries: [
        { id: 3, kind: 'hand', date: '2024-03-14', slotName: 'Midnight', windowStartMinute: 1380, windowEndMinute: 1439, feePaise: 25_000, status: 'scheduled', statusNote: '' },
      ],
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
let actions: { path: string; body: unknown }[] = [];
let documentAsks: string[] = [];
let documentFails = false;
/** What the refund or cancel call answers, and the record the page then loads. */
let actionReply: { status: number; body: object; after?: PurchaseRecord } = { status: 200, body: {} };

mockApi([
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
  http.post('*/api/:action', async ({ request, params }) => {
    const path = String(params.action);
    if (path !== 'refundpurchaseorder' && path !== 'cancelpurchaseorder') return undefined;
    actions.push({ path, body: await request.json() });
    if (actionReply.after) stored = actionReply.after;
    return HttpResponse.json(actionReply.status === 200 ? { ...actionReply.body, purchase: stored } : actionReply.body, { status: actionReply.status });
  }),
  http.get('*/api/getpurchasedocument', ({ request }) => {
    documentAsks.push(new URL(request.url).search);
    if (documentFails) return HttpResponse.json({ message: 'Service unavailable', code: 'UNAVAILABLE' }, { status: 503, headers: { 'Retry-After': '0' } });
    return new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="CN-26-27-000001.pdf"' } });
  }),
  // Where a save returns to (the list screen may load its records).
  http.get('*/api/users/purchases/list', () => HttpResponse.json([stored])),
], () => {
  stored = aPurchase();
  loads = [];
  updates = [];
  loadStatus = 200;
  updateStatus = 200;
  actions = [];
  documentAsks = [];
  documentFails = false;
  actionReply = { status: 200, body: {} };
  vi.useRealTimers();
  vi.restoreAllMocks();
});

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
      // The delivery's fee as its own line.
      ['Midnight delivery', 'Rs. 250'],
    ]);
    expect(screen.getByTestId('purchase-total').textContent).toBe('Rs. 2,200');

    const address = screen.getByRole('region', { name: 'Delivery address' });
    for (const line of ['Lakshmi Iyer', '4 Lake View Road', 'Mylapore', 'Landmark: Opposite the temple tank', 'Chennai, Tamil Nadu 600004', 'India', 'Phone: 9840012345']) {
      expect(within(address).getByText(line)).toBeTruthy();
    }
    expect(screen.queryByText('Refund due')).toBeNull();
  });

  it('shows the coupon the order was placed with as a minus line of the bill (issue 42)', async () => {
    stored = aPurchase();
    stored.UserOrder.coupon = { code: 'DIWALI10', discountPaise: 22_000 };
    await openOrder();
    const rows = within(screen.getByRole('table')).getAllByRole('row').map((row) => row.textContent);
    expect(rows.at(-1)).toBe('Coupon DIWALI10−Rs. 220');
  });

  it('shows the delivery: its date and slot, and where it stands on the Deliveries board', async () => {
    await openOrder();
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByText('Thursday 14 March, Midnight 11 pm to 11:59 pm')).toBeTruthy();
    expect(within(delivery).getByText('Hand delivery on the Deliveries board: Scheduled')).toBeTruthy();
  });

  it("shows the gift card for the florist: occasion, the buyer's message with its line break, and who it is from", async () => {
    await openOrder();
    const card = await screen.findByRole('region', { name: 'Gift message' });
    expect(within(card).getByText('Birthday')).toBeTruthy();
    expect(within(card).getByText('Happy birthday, Amma! With love 🌹', { normalizer: (text) => text.replace(/\s+/g, ' ') })).toBeTruthy();
    expect(within(card).getByText('Meera')).toBeTruthy();
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
    await expectRedirect(() => page.router.state.location.pathname, { delayMs: 4000, from: '/purchaseorderlist/7', to: '/purchaseorderlist' });
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

describe('purchase order documents', () => {
  const withDocuments = () => aPurchase({ UserOrder: { ...aPurchase().UserOrder, documents: { invoice: 'PS/26-27/000009', creditNote: 'CN/26-27/000001' } } });

  it('downloads the credit note, and says under the button when a download failed', async () => {
    stored = withDocuments();
    const saved = catchDownloads();
    const { user } = await openOrder();
    const creditNote = await screen.findByRole('button', { name: 'Download credit note CN/26-27/000001' });
    expect(screen.getByRole('button', { name: 'Download invoice PS/26-27/000009' })).toBeTruthy();
    await user.click(creditNote);
    await waitFor(() => expect(saved).toEqual(['CN-26-27-000001.pdf']));
    expect(documentAsks).toEqual(['?id=7&series=credit_note']);

    documentFails = true;
    await user.click(screen.getByRole('button', { name: 'Download invoice PS/26-27/000009' }));
    expect((await screen.findByRole('alert')).textContent).toBe(fileDownloadTexts.failed);
    expect(documentAsks.at(-1)).toBe('?id=7&series=invoice');
    expect(saved).toHaveLength(1);
  });
});

describe('purchase order refund and cancel', () => {
  const first = { paymentId: 'pay_First000000001', amount: 2200, refundState: null } as const;
  const second = { paymentId: 'pay_Second00000001', amount: 2200, refundState: 'due' } as const;

  it('refunds a second payment after a confirm, toasts the answer and shows the order as the server now has it', async () => {
    stored = aPurchase({ payments: [first, second] });
    const page = await openOrder();
    expect(screen.getByText('Paid twice')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Payments' })).getByText('Due back')).toBeTruthy();

    await page.user.click(screen.getByRole('button', { name: 'Refund Rs. 2,200' }));
    expect(screen.getByText("Refund Rs. 2,200 to the customer's original payment method?")).toBeTruthy();
    expect(actions).toEqual([]);
    actionReply = {
      status: 200,
      body: { message: 'Refund asked for: the money goes back to the original payment method within 5 to 7 business days.', customerNotified: true },
      after: aPurchase({ payments: [first, { ...second, refundState: 'processed' }] }),
    };
    await page.user.click(screen.getByRole('button', { name: 'Yes, refund' }));
    expect(await screen.findByText(/Refund asked for/)).toBeTruthy();
    expect(actions).toEqual([{ path: 'refundpurchaseorder', body: { id: 7 } }]);
    await waitFor(() => expect(loads).toEqual(['?id=7', '?id=7']));
    expect(await within(await screen.findByRole('list', { name: 'Payments' })).findByText('Refunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
  });

  it('cancels an order before dispatch after a confirm; Keep the order sends nothing', async () => {
    stored = aPurchase({ payments: [first] });
    const page = await openOrder();
    expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
    await page.user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(screen.getByText(/Cancel order order_QX12ab\? Its stock goes back on sale and Rs\. 2,200 is refunded/)).toBeTruthy();
    await page.user.click(screen.getByRole('button', { name: 'Keep the order' }));
    expect(actions).toEqual([]);

    actionReply = {
      status: 200,
      body: { message: 'Order cancelled: its stock is back on sale and the refund is asked for.', customerNotified: true },
      after: aPurchase({ status: 'Cancelled', paymentState: 'refund_pending', payments: [{ ...first, refundState: 'pending' }] }),
    };
    await page.user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await page.user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('Order cancelled: its stock is back on sale and the refund is asked for.')).toBeTruthy();
    expect(actions).toEqual([{ path: 'cancelpurchaseorder', body: { id: 7 } }]);
    expect(await screen.findByText('Cancelled: refund pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    // Nothing left to set on a cancelled order.
    expect(screen.queryByRole('form', { name: 'Purchase Order Update Form' })).toBeNull();
  });

  it("shows the server's refusal (a dispatched order) and the order as it now is", async () => {
    stored = aPurchase({ payments: [first] });
    const page = await openOrder();
    actionReply = {
      status: 409,
      body: { message: 'This order has been dispatched: it can no longer be cancelled.', code: 'CONFLICT' },
      after: aPurchase({ status: 'Dispatched', payments: [first] }),
    };
    await page.user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await page.user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('This order has been dispatched: it can no longer be cancelled.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull());
  });
});
