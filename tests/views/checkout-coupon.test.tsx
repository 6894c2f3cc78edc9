// @vitest-environment jsdom
// The checkout's coupon box (issue 42) through the real app, its machines and API client, the server faked with msw
// as domain/coupons.ts's contract says it answers: "Have a coupon?" opens the box; a malformed code is refused before
// any call; an applied coupon is a row of the bill with each line's tax on its discounted value and a lower total,
// and goes with the invoice; the thank-you page repeats it; a refusal shows the server's reason until the code is
// edited; a check with no answer offers Try again; and the invoice's own refusal (409 COUPON_REFUSED) shows its reason
// in the box, takes the discount out of the bill and opens no payment.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartReply } from '../../domain/cart';
import { couponTexts } from '../../domain/coupons';
import type { ApplyCouponReply } from '../../domain/coupons';
import { anAddress } from './address-fixtures';
import { layoutHandlers } from './catalog-fixtures';
import { aCartLine } from './cart-fixtures';
import { diwaliApplied } from './coupon-fixtures';
import { mockApi } from './page-harness';
import { renderApp, signIn } from './render-app';

const aLine = (id: number, name: string, price: number, quantity: number, productGst: number) => aCartLine({ id, name, price, quantity, productGst });

const lines = [aLine(1, 'Dusty Rose Posy', 1250, 1, 2.5), aLine(2, 'Red Roses', 600, 2, 0)];
const cart: CartReply = { price: 2450, gst: true, totalAmount: 2450, totalCartItems: 3, productList: lines };

/** 10 % off ₹2,450, spread as spreadDiscount does: ₹125 on the posy, ₹120 on the roses. */
const diwali = diwaliApplied(
  { cartItemId: 1, discountPaise: 12_500 },
  { cartItemId: 2, discountPaise: 12_000 },
);

const shop = {
  calls: [] as { call: string; body?: unknown }[],
  /** How applycoupon answers: the reply, a refusal's reason, or no answer. */
  apply: diwali as ApplyCouponReply | { refused: string } | 'down',
  /** The invoice's own check: null passes. */
  invoiceRefusal: null as string | null,
  /** Holds applycoupon's answer until it settles, when set. */
  held: null as Promise<void> | null,
};

const record = async (call: string, request: Request) => {
  shop.calls.push({ call, body: await request.json().catch(() => undefined) });
};
const refusal = (message: string) => HttpResponse.json({ message, code: 'COUPON_REFUSED' }, { status: 409 });

mockApi([
  ...layoutHandlers,
  http.get('*/api/user/:userExtId/cart', () => HttpResponse.json(cart)),
  http.get('*/api/getuseraddresses', () => HttpResponse.json([anAddress()])),
  http.post('*/api/user/:userExtId/applycoupon', async ({ request }) => {
    await record('applycoupon', request);
    await shop.held;
    if (shop.apply === 'down') return HttpResponse.error();
    if ('refused' in shop.apply) return refusal(shop.apply.refused);
    return HttpResponse.json(shop.apply);
  }),
  http.post('*/api/checkquantitylist', async ({ request }) => {
    await record('checkquantitylist', request);
    return HttpResponse.json({ outOfStock: [] });
  }),
  http.post('*/api/user/:userExtId/checkoutinvoice', async ({ request }) => {
    await record('checkoutinvoice', request);
    if (shop.invoiceRefusal) return refusal(shop.invoiceRefusal);
    return HttpResponse.json({
      invoiceId: 'inv_1',
      orderValueId: 'order_Test00000001',
      amount: 2205,
      currency: 'INR',
      paymentTimeoutSeconds: 900,
      coupon: { code: 'DIWALI10', discountPaise: 24_500 },
    });
  }),
  http.get('*/api/payment/key', () => HttpResponse.json({ key: 'rzp_test_sandbox' })),
  http.post('*/api/payment/sandbox/pay', async ({ request }) => {
    await record('sandbox/pay', request);
    return HttpResponse.json({ razorpay_order_id: 'order_Test00000001', razorpay_payment_id: 'pay_Test00000001', razorpay_signature: 'a'.repeat(64) });
  }),
  http.post('*/api/payment/verify', () => HttpResponse.json({ message: 'success' })),
], () => vi.restoreAllMocks());

beforeEach(() => {
  shop.calls = [];
  shop.apply = diwali;
  shop.invoiceRefusal = null;
  shop.held = null;
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const calls = () => shop.calls.map((entry) => entry.call);
const orderTable = () => screen.getByRole('table', { name: 'Your Order' });
const rows = () => within(orderTable()).getAllByRole('row').map((row) => row.textContent);

async function openCouponBox(user: ReturnType<typeof userEvent.setup>) {
  const view = await renderApp('/checkout');
  await screen.findByRole('table', { name: 'Your Order' }, { timeout: 5000 });
  await screen.findByRole('radiogroup', { name: 'Delivery address' }, { timeout: 5000 });
  // Closed until asked for: the box's chunk is not loaded before.
  expect(screen.queryByLabelText('Coupon code')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Have a coupon?' }));
  await screen.findByLabelText('Coupon code', {}, { timeout: 5000 });
  return view;
}

async function apply(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.clear(screen.getByLabelText('Coupon code'));
  await user.type(screen.getByLabelText('Coupon code'), code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('the coupon box', () => {
  it('refuses a malformed code before asking the shop', async () => {
    const user = userEvent.setup();
    await openCouponBox(user);
    await apply(user, 'D!');
    expect(await screen.findByText(couponTexts.codeInvalid)).toBeTruthy();
    expect(calls()).toEqual([]);
  });

  it('applies a code: its row in the bill, each line taxed on its discounted value, the lower total, sent with the invoice', async () => {
    const user = userEvent.setup();
    const { router } = await openCouponBox(user);
    await apply(user, ' diwali10 ');
    expect(await screen.findByText(diwali.message)).toBeTruthy();
    expect(shop.calls[0]).toEqual({ call: 'applycoupon', body: { code: 'DIWALI10' } });
    // ₹1,250 − ₹125 = ₹1,125 at 5 %: 1071.43 taxable, 53.57 tax split 26.78 + 26.79.
    expect(rows()).toEqual([
      'PRODUCTQUANTITYTOTAL',
      'Dusty Rose PosyStandard1Rs. 1,250',
      'incl. CGST (2.5%)Rs. 26.78',
      'incl. SGST (2.5%)Rs. 26.79',
      'Red RosesStandard2Rs. 1,200',
      'Delivery: Everlasting gifts, by courierCourierFree',
      'Coupon DIWALI10Each item’s tax is on its price after the discount.−Rs. 245',
    ]);
    expect(screen.getByTestId('order-total').textContent).toBe('Rs. 2,205');

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Card Number'), '4111111111111111');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '1230');
    await user.type(within(dialog).getByLabelText('CVV'), '123');
    await user.click(within(dialog).getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thankyou'));
    expect(shop.calls.find((entry) => entry.call === 'checkoutinvoice')?.body).toMatchObject({ couponCode: 'DIWALI10' });
    const coupon = await screen.findByRole('group', { name: 'Coupon' });
    expect(coupon.textContent).toBe('Coupon DIWALI10−Rs. 245');
  });

  it('keeps Place Order waiting while a code is checked, so no order leaves without it', async () => {
    let answer = () => {};
    shop.held = new Promise((resolve) => (answer = resolve));
    const user = userEvent.setup();
    await openCouponBox(user);
    const placeOrder = screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;
    expect(placeOrder.disabled).toBe(false);
    await apply(user, 'DIWALI10');
    await screen.findByText('Checking the coupon…');
    expect(placeOrder.disabled).toBe(true);
    answer();
    expect(await screen.findByText(diwali.message)).toBeTruthy();
    await waitFor(() => expect(placeOrder.disabled).toBe(false));
  });

  it('shows the server’s reason for a refusal until the code is edited, and no discount', async () => {
    const user = userEvent.setup();
    shop.apply = { refused: couponTexts.minimumOrder(300_000, 55_000) };
    await openCouponBox(user);
    await apply(user, 'BIG3000');
    expect(await screen.findByText('This coupon needs an order of Rs. 3,000 or more. Add Rs. 550 more to use it.')).toBeTruthy();
    expect(screen.queryByTestId('coupon-row')).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe('Rs. 2,450');
    await user.type(screen.getByLabelText('Coupon code'), 'X');
    expect(screen.queryByText(/This coupon needs an order/)).toBeNull();
  });

  it('offers Try again when the check got no answer, then Remove takes the coupon out', async () => {
    const user = userEvent.setup();
    shop.apply = 'down';
    await openCouponBox(user);
    await apply(user, 'DIWALI10');
    expect(await screen.findByText(couponTexts.checkFailed)).toBeTruthy();
    shop.apply = diwali;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(diwali.message)).toBeTruthy();
    expect(calls()).toEqual(['applycoupon', 'applycoupon']);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByTestId('coupon-row')).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe('Rs. 2,450');
    expect((screen.getByLabelText('Coupon code') as HTMLInputElement).value).toBe('');
  });

  it('shows the invoice’s refusal in the box, drops the discount and opens no payment', async () => {
    const user = userEvent.setup();
    shop.invoiceRefusal = couponTexts.usedUp;
    await openCouponBox(user);
    await apply(user, 'DIWALI10');
    await screen.findByTestId('coupon-row');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(couponTexts.usedUp)).toBeTruthy();
    expect(screen.queryByTestId('coupon-row')).toBeNull();
    expect(screen.getByTestId('order-total').textContent).toBe('Rs. 2,450');
    expect(calls()).toEqual(['applycoupon', 'checkquantitylist', 'checkoutinvoice']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
