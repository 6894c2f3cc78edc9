// @vitest-environment jsdom
// /checkout through the real app, the real machines and the real API client, the server mocked with msw: the "Your
// Order" table and its GST rows for the chosen address, Place Order's sequence (stock check, invoice, key, the sandbox
// card dialog, verify, /thankyou), the shortfall message, the payment alerts of SPEC.md §8, the busy screen, one
// invoice for a double click, and Razorpay's dialog (a fake checkout.js) prefilled from the address, its failed
// attempts told on the page while it stays open.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '../../domain/address';
import type { CartLine, CartReply } from '../../domain/cart';
import type { RazorpayOptions, RazorpayPaymentFailure } from '../../src/features/checkout/payment/razorpay-checkout';
import { anAddress } from './address-fixtures';
import { layoutHandlers, shopInfoReply } from './catalog-fixtures';
import { aCartLine } from './cart-fixtures';
import { mockApi } from './page-harness';
import { renderApp, signIn } from './render-app';

const chennai = anAddress();
const bengaluru = anAddress({ id: 8, fullName: 'Ravi Kumar', city: 'Bengaluru', pincode: '560001', state: 'Karnataka' });

/** A taxed dried posy (2.5 % CGST) and nil-rated fresh roses. */
const aLine = (id: number, name: string, price: number, quantity: number, productGst: number) => aCartLine({ id, name, price, quantity, productGst });

const shop = {
  lines: [] as CartLine[],
  addresses: [] as Address[],
  calls: [] as { call: string; body?: unknown }[],
  outOfStock: [] as { product_name: string; product_size: string; Product_available: number }[],
  invoiceStatus: 200,
  invoiceDelay: 0,
  verify: 'success' as 'success' | 'refused' | 'brokenOnce',
  key: 'rzp_test_sandbox',
};

function cartReply(): CartReply {
  return {
    price: shop.lines.reduce((sum, line) => sum + line.productItem.totalAmount, 0),
    gst: shop.lines.some((line) => line.productGst > 0),
    totalAmount: shop.lines.reduce((sum, line) => sum + line.productItem.totalAmount, 0),
    totalCartItems: shop.lines.reduce((sum, line) => sum + line.productItem.quantity, 0),
    productList: shop.lines,
  };
}

const record = async (call: string, request: Request) => {
  const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
  shop.calls.push({ call, body });
};

mockApi([
  ...layoutHandlers,
  http.get('*/api/user/:userExtId/cart', () => HttpResponse.json(cartReply())),
  http.get('*/api/getuseraddresses', () => HttpResponse.json(shop.addresses)),
  http.post('*/api/checkquantitylist', async ({ request }) => {
    await record('checkquantitylist', request);
    return HttpResponse.json({ outOfStock: shop.outOfStock });
  }),
  http.post('*/api/user/:userExtId/checkoutinvoice', async ({ request, params }) => {
    await record(`checkoutinvoice:${String(params.userExtId)}`, request);
    if (shop.invoiceDelay) await delay(shop.invoiceDelay);
    if (shop.invoiceStatus !== 200) return HttpResponse.json({ message: 'Conflict', code: 'CONFLICT' }, { status: shop.invoiceStatus });
    return HttpResponse.json({ invoiceId: 'inv_1', orderValueId: 'order_Test00000001', amount: 2450, currency: 'INR', paymentTimeoutSeconds: 900 });
  }),
  http.get('*/api/payment/key', () => HttpResponse.json({ key: shop.key })),
  http.post('*/api/payment/sandbox/pay', async ({ request }) => {
    await record('sandbox/pay', request);
    return HttpResponse.json({
      razorpay_order_id: 'order_Test00000001',
      razorpay_payment_id: 'pay_Test00000001',
      razorpay_signature: 'a'.repeat(64),
    });
  }),
  http.post('*/api/payment/verify', async ({ request }) => {
    await record('verify', request);
    if (shop.verify === 'brokenOnce') {
      shop.verify = 'success';
      return HttpResponse.error();
    }
    if (shop.verify === 'refused') return HttpResponse.json({ message: 'Payment verification failed', code: 'BAD_REQUEST' }, { status: 400 });
    return HttpResponse.json({ message: 'success' });
  }),
  http.post('*/api/payment/failed', async ({ request }) => {
    await record('failed', request);
    return HttpResponse.json({ message: 'Payment failed' });
  }),
], () => vi.restoreAllMocks());

beforeEach(() => {
  shop.lines = [aLine(1, 'Dusty Rose Posy', 1250, 1, 2.5), aLine(2, 'Red Roses', 600, 2, 0)];
  shop.addresses = [chennai, bengaluru];
  shop.calls = [];
  shop.outOfStock = [];
  shop.invoiceStatus = 200;
  shop.invoiceDelay = 0;
  shop.verify = 'success';
  shop.key = 'rzp_test_sandbox';
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const calls = () => shop.calls.map((entry) => entry.call);
const orderTable = () => screen.getByRole('table', { name: 'Your Order' });

async function openCheckout() {
  const view = await renderApp('/checkout');
  // The page is a lazy chunk: a loaded machine may take longer than the default second to show it.
  await screen.findByRole('table', { name: 'Your Order' }, { timeout: 5000 });
  await screen.findByRole('radiogroup', { name: 'Delivery address' }, { timeout: 5000 });
  return view;
}

async function pay(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('Card Number'), '4111111111111111');
  await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '1230');
  await user.type(within(dialog).getByLabelText('CVV'), '123');
  await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
}

describe('the Your Order table', () => {
  it('lists PRODUCT, QUANTITY and TOTAL, the taxed item’s CGST and SGST, and the total in rupees', async () => {
    await openCheckout();
    const table = orderTable();
    for (const header of ['PRODUCT', 'QUANTITY', 'TOTAL']) expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    // 1 250 inclusive at 5 %: 1 190.48 taxable, 59.52 tax split 29.76 + 29.76. Nil-rated roses have no tax rows.
    expect(rows).toEqual([
      'PRODUCTQUANTITYTOTAL',
      'Dusty Rose PosyStandard1Rs. 1,250',
      'incl. CGST (2.5%)Rs. 29.76',
      'incl. SGST (2.5%)Rs. 29.76',
      'Red RosesStandard2Rs. 1,200',
      // The first dispatch date is chosen for the shopper: the courier's fee is a line of its own.
      'Delivery: Everlasting gifts, by courierCourierFree',
    ]);
    expect(screen.getByTestId('order-total').textContent).toBe('Rs. 2,450');
  });

  it('shows one IGST row when the chosen address is outside Tamil Nadu', async () => {
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('radio', { name: /Ravi Kumar/ }));
    await waitFor(() => expect(within(orderTable()).getByText('incl. IGST (5%)')).toBeTruthy());
    expect(within(orderTable()).queryByText(/CGST/)).toBeNull();
    expect(within(orderTable()).getByText('Rs. 59.52')).toBeTruthy();
  });

  it('disables Place Order on an empty bag', async () => {
    shop.lines = [];
    await renderApp('/checkout');
    await screen.findByText(/Your bag is empty/);
    await screen.findByRole('radiogroup', { name: 'Delivery address' });
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows no Place Order before an address exists', async () => {
    shop.addresses = [];
    await renderApp('/checkout');
    await screen.findByRole('button', { name: 'Save Address' });
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });
});

describe('Place Order', () => {
  it('sends the gift card written on the page with the invoice, and the thank-you page repeats it', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckout();
    await user.selectOptions(screen.getByLabelText('Occasion'), 'Birthday');
    await user.type(screen.getByLabelText('Card message'), 'Happy birthday 🎂');
    await user.type(screen.getByLabelText('Your name on the card'), 'Kavya');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await pay(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/thankyou'));
    expect(shop.calls[1]!.body).toEqual({
      addressId: chennai.id,
      gift: { occasion: 'Birthday', message: 'Happy birthday 🎂', senderName: 'Kavya', hideSenderName: false },
      deliveries: [{ kind: 'courier', date: '2026-12-04', slotId: null }],
      couponCode: null,
    });
    const card = await screen.findByRole('group', { name: 'Gift message' });
    expect(within(card).getByText('Happy birthday 🎂')).toBeTruthy();
    expect(within(card).getByText('Kavya')).toBeTruthy();
  });

  it('checks stock, invoices the chosen address, pays in the sandbox dialog, verifies and thanks the buyer', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await pay(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/thankyou'));
    expect(await screen.findByText('We Thank you For your Purchase!')).toBeTruthy();
    expect(calls()).toEqual(['checkquantitylist', 'checkoutinvoice:u_12', 'sandbox/pay', 'verify']);
    expect(shop.calls[1]!.body).toEqual({ addressId: chennai.id, gift: null, deliveries: [{ kind: 'courier', date: '2026-12-04', slotId: null }], couponCode: null });
    expect(shop.calls[2]!.body).toEqual({ method: 'card', orderId: 'order_Test00000001', cardNumber: '4111111111111111', expiry: '12/30', cvv: '123' });
    expect(shop.calls[3]!.body).toEqual({
      razorpay_order_id: 'order_Test00000001',
      razorpay_payment_id: 'pay_Test00000001',
      razorpay_signature: 'a'.repeat(64),
    });
  });

  it('says "Please wait" and "Processing Payment..." while the order is placed, and invoices once for a double click', async () => {
    shop.invoiceDelay = 300;
    const user = userEvent.setup();
    await openCheckout();
    const button = screen.getByRole('button', { name: 'Place Order' });
    await user.dblClick(button);
    expect(await screen.findByText('Processing Payment...')).toBeTruthy();
    expect(screen.getByText('Please wait')).toBeTruthy();
    await screen.findByRole('dialog');
    // The card dialog is what shows while it is open.
    expect(screen.queryByText('Processing Payment...')).toBeNull();
    expect(calls().filter((call) => call.startsWith('checkoutinvoice'))).toHaveLength(1);
  });

  it('names each short line and stays on the page when stock ran out', async () => {
    shop.outOfStock = [{ product_name: 'Dusty Rose Posy', product_size: 'Standard', Product_available: 0 }];
    const user = userEvent.setup();
    const { router } = await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const notice = await screen.findByText(/Thank you for your interest\. Please reduce your order based on the stock level below/);
    expect(notice.textContent).toContain('Dusty Rose Posy, Standard, 0 left');
    expect(calls()).toEqual(['checkquantitylist']);
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('alerts "Payment verification failed. Please try again." when verify refuses the signature', async () => {
    shop.verify = 'refused';
    const user = userEvent.setup();
    const { router } = await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await pay(user);
    expect(await screen.findByText('Payment verification failed. Please try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('asks verify again after a call that got no answer, "Confirming your payment…" meanwhile, then thanks the buyer', async () => {
    shop.verify = 'brokenOnce';
    const user = userEvent.setup();
    const { router } = await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await pay(user);
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    // The first wait is a second long.
    await waitFor(() => expect(router.state.location.pathname).toBe('/thankyou'), { timeout: 3000 });
    expect(calls().filter((call) => call === 'verify')).toHaveLength(2);
    expect(screen.queryByText('An error occurred. Please try again.')).toBeNull();
  });

  it('reports a dismissed dialog, alerts "Payment failed please try again." and goes to the bag', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await user.click(await screen.findByRole('button', { name: 'Close payment' }));
    expect(await screen.findByText('Payment failed please try again.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(calls()).toEqual(['checkquantitylist', 'checkoutinvoice:u_12', 'failed']);
  });

  it('ends the busy screen silently when the invoice is refused', async () => {
    shop.invoiceStatus = 409;
    const user = userEvent.setup();
    await openCheckout();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(calls()).toContain('checkoutinvoice:u_12'));
    await waitFor(() => expect(screen.queryByText('Processing Payment...')).toBeNull());
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe("Razorpay's dialog at checkout", () => {
  afterEach(() => {
    delete window.Razorpay;
    for (const script of document.querySelectorAll('script[src*="checkout.razorpay.com"]')) script.remove();
  });

  it('opens prefilled from the chosen address, tells a failed attempt on the page and reports failure only when closed', async () => {
    shop.key = 'rzp_test_Live123';
    const opened: RazorpayOptions[] = [];
    const failed: ((response: RazorpayPaymentFailure) => void)[] = [];
    class FakeRazorpay {
      constructor(readonly options: RazorpayOptions) {}
      on(_event: string, listener: (response: RazorpayPaymentFailure) => void) {
        failed.push(listener);
      }
      open() {
        opened.push(this.options);
      }
    }
    const user = userEvent.setup();
    const { router } = await openCheckout();
    await user.click(screen.getByRole('radio', { name: /Ravi Kumar/ }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    // What the browser does once checkout.js has arrived (jsdom fetches no scripts).
    const script = await waitFor(() => document.querySelector<HTMLScriptElement>('script[src*="checkout.razorpay.com"]')!);
    window.Razorpay = FakeRazorpay;
    script.dispatchEvent(new Event('load'));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({
      order_id: 'order_Test00000001',
      timeout: 900,
      notes: { invoice_id: 'inv_1' },
      prefill: { name: 'Ravi Kumar', contact: bengaluru.phoneNumber, email: 'asha@example.test' },
      // The shop's square PNG mark as GET shop gives it (from PUBLIC_BASE_URL).
      image: shopInfoReply.logoUrl,
    });

    failed[0]!({ error: { description: 'Your payment could not be completed due to insufficient account balance.' } });
    expect(await screen.findByText('Your payment could not be completed due to insufficient account balance.')).toBeTruthy();
    expect(calls()).not.toContain('failed');
    expect(router.state.location.pathname).toBe('/checkout');

    opened[0]!.modal.ondismiss();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(calls()).toContain('failed');
  });
});
