import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addresses, cartItems, carts, orderItems, orders, products } from '../../server/db/schema';
import { paymentMessages } from '../../domain/payment';
import { createCheckoutInvoice } from '../../server/modules/orders/invoice.service';
import { releaseExpiredReservations } from '../../server/modules/orders/order-lifecycle';
import type { PaymentProvider } from '../../server/modules/payments/provider';
import { webhookNotSetUp } from '../../server/modules/payments/payments.service';
import { createSandboxProvider } from '../../server/modules/payments/sandbox-provider';
import { buildTestApp } from './helpers/app';
import { deliveriesFor } from './helpers/delivery-choices';
import { mailsTo } from './helpers/auth';
import { aBuyer, aTaxedProduct, capturedEvent, checkout, invoiceFor, orderByProviderId, sandboxPay, sendWebhook, stockOf, verify, webhookSignature } from './helpers/payments';

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.close();
});

describe('checkout invoice', () => {
  it('prices from the database, ignores prices in the body, reserves stock and snapshots GST for the state', async () => {
    const product = await aTaxedProduct(app);
    const buyer = await aBuyer(app, product, 2, { state: 'Karnataka' });
    const res = await checkout(app, buyer, { addressId: buyer.addressId, amount: 1, price: 1, totalAmount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json<{ invoiceId: string; orderValueId: string; amount: number; currency: string }>();
    expect(invoice).toMatchObject({ amount: 2240, currency: 'INR', paymentTimeoutSeconds: 15 * 60 });
    expect(invoice.orderValueId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(await stockOf(app, product)).toBe(3);

    const order = await orderByProviderId(app, invoice.orderValueId);
    expect(order).toMatchObject({ totalPaise: 224_000, paymentState: 'pending' });
    const [item] = await app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    // 2 240 rupees at 12 % inclusive: 2 000 taxable + 240 IGST (delivery outside Tamil Nadu).
    expect(item).toMatchObject({ unitPricePaise: 112_000, mrpPaise: 150_000, gstRateBp: 600, taxablePaise: 200_000, igstPaise: 24_000, cgstPaise: 0 });
  });

  it('answers a double submit with the same invoice and reserves only once', async () => {
    const product = await aTaxedProduct(app);
    const buyer = await aBuyer(app, product, 2);
    const [a, b] = await Promise.all([checkout(app, buyer), checkout(app, buyer)]);
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.json()).toEqual(a!.json());
    expect(await stockOf(app, product)).toBe(3);
  });

  it('answers a submit again for the last units with the same invoice, not a shortfall', async () => {
    const product = await aTaxedProduct(app, { stock: 2 });
    const buyer = await aBuyer(app, product, 2);
    const first = await checkout(app, buyer);
    expect(first.statusCode, first.body).toBe(200);
    const again = await checkout(app, buyer);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(app, product)).toBe(0);
  });

  it('keeps one pending invoice per buyer: a new one (other quantity or address) gives back what the older one held', async () => {
    const product = await aTaxedProduct(app, { stock: 5 });
    const buyer = await aBuyer(app, product, 4);
    const first = await invoiceFor(app, buyer);
    expect(await stockOf(app, product)).toBe(1);

    // All five: the four the first invoice holds count as the buyer's own.
    await app.db.update(cartItems).set({ quantity: 5 }).where(eq(cartItems.productId, product.id));
    const second = await invoiceFor(app, buyer);
    expect(second.orderValueId).not.toBe(first.orderValueId);
    expect(await stockOf(app, product)).toBe(0);
    expect((await orderByProviderId(app, first.orderValueId)).paymentState).toBe('expired');

    // Another address, fewer units: the five go back, two are taken.
    await app.db.update(cartItems).set({ quantity: 2 }).where(eq(cartItems.productId, product.id));
    const [other] = await app.db.insert(addresses).values({ ...(await addressOf(buyer)), id: undefined }).returning({ id: addresses.id });
    const third = (await checkout(app, buyer, { addressId: other!.id })).json<{ orderValueId: string }>();
    expect(await stockOf(app, product)).toBe(3);
    expect((await orderByProviderId(app, second.orderValueId)).paymentState).toBe('expired');
    expect((await orderByProviderId(app, third.orderValueId)).paymentState).toBe('pending');

    // Six are more than there are, even counting the two held: the shortfall says five are left, and nothing changes.
    await app.db.update(cartItems).set({ quantity: 6 }).where(eq(cartItems.productId, product.id));
    const short = await checkout(app, buyer);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toContain(': 5 left');
    expect(await stockOf(app, product)).toBe(3);
    expect((await orderByProviderId(app, third.orderValueId)).paymentState).toBe('pending');
  });

  it('prices the bag again when a price changes while the invoice is being made: the order holds the new price', async () => {
    const product = await aTaxedProduct(app);
    const buyer = await aBuyer(app, product, 1);
    const sandbox = createSandboxProvider(app.config.jwtSecret, app.db);
    const amounts: number[] = [];
    const provider: PaymentProvider = {
      ...sandbox,
      async createOrder(input) {
        amounts.push(input.amountPaise);
        // An admin's new price lands between the server's read of the bag and its write of the order, once.
        if (amounts.length === 1) await app.db.update(products).set({ sellingPricePaise: 99_000 }).where(eq(products.id, product.id));
        return sandbox.createOrder(input);
      },
    };
    const invoice = await createCheckoutInvoice({ db: app.db, provider, reservationMinutes: 15 }, { kind: 'user', userExtId: buyer.user.externalId }, buyer.addressId, { deliveries: await deliveriesFor(app, { userId: buyer.user.id }) });
    expect(amounts).toEqual([112_000, 99_000]);
    expect(invoice.amount).toBe(990);
    const written = await app.db.select({ totalPaise: orders.totalPaise }).from(orders).where(eq(orders.userId, buyer.user.id));
    expect(written).toEqual([{ totalPaise: 99_000 }]);
    expect(await stockOf(app, product)).toBe(4);
  });

  it('refuses a bag whose prices keep changing with CONFLICT, reserving nothing', async () => {
    const product = await aTaxedProduct(app);
    const buyer = await aBuyer(app, product, 1);
    const sandbox = createSandboxProvider(app.config.jwtSecret, app.db);
    let price = 112_000;
    const provider: PaymentProvider = {
      ...sandbox,
      async createOrder(input) {
        price += 100;
        await app.db.update(products).set({ sellingPricePaise: price }).where(eq(products.id, product.id));
        return sandbox.createOrder(input);
      },
    };
    const attempt = createCheckoutInvoice({ db: app.db, provider, reservationMinutes: 15 }, { kind: 'user', userExtId: buyer.user.externalId }, buyer.addressId, { deliveries: await deliveriesFor(app, { userId: buyer.user.id }) });
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, message: paymentMessages.bagChanged });
    expect(await app.db.select().from(orders)).toEqual([]);
    expect(await stockOf(app, product)).toBe(5);
  });

  it('refuses a sold-out bag before asking the payment provider for an order', async () => {
    const product = await aTaxedProduct(app, { stock: 1 });
    const buyer = await aBuyer(app, product, 2);
    const sandbox = createSandboxProvider(app.config.jwtSecret, app.db);
    let asked = 0;
    const provider: PaymentProvider = { ...sandbox, createOrder: (input) => ((asked += 1), sandbox.createOrder(input)) };
    const attempt = createCheckoutInvoice({ db: app.db, provider, reservationMinutes: 15 }, { kind: 'user', userExtId: buyer.user.externalId }, buyer.addressId, { deliveries: await deliveriesFor(app, { userId: buyer.user.id }) });
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, code: 'OUT_OF_STOCK' });
    expect(asked).toBe(0);
    expect(await stockOf(app, product)).toBe(1);
  });

  it('refuses another user, an address of someone else, an empty bag and a shortfall', async () => {
    const product = await aTaxedProduct(app, { stock: 1 });
    const buyer = await aBuyer(app, product, 2);
    const other = await aBuyer(app, product, 1);

    const forOther = await app.inject({
      method: 'POST',
      url: `/api/user/${other.user.externalId}/checkoutinvoice`,
      headers: buyer.headers,
      payload: { addressId: other.addressId },
    });
    expect(forOther.statusCode).toBe(403);
    expect((await checkout(app, buyer, { addressId: other.addressId })).statusCode).toBe(404);
    expect((await checkout(app, buyer, { addressId: 'x' })).json()).toMatchObject({ code: 'BAD_REQUEST' });

    const short = await checkout(app, buyer);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(short.json<{ message: string }>().message).toContain('Thank you for your interest. Please reduce your order based on the stock level below');
    expect(await stockOf(app, product)).toBe(1);

    await app.db.delete(cartItems);
    expect((await checkout(app, buyer)).json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses an address id beyond the database ids with 400 JSON, not a 500, reserving nothing (found by the fuzz run)', async () => {
    const product = await aTaxedProduct(app);
    const buyer = await aBuyer(app, product, 1);
    const res = await checkout(app, buyer, { addressId: 2147483648 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'addressId must be an address id', code: 'BAD_REQUEST' });
    expect(await stockOf(app, product)).toBe(5);
  });

  it('20 concurrent checkouts for 5 units: exactly 5 reserve and stock ends at 0; paid orders then list', async () => {
    const product = await aTaxedProduct(app, { stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => aBuyer(app, product, 1)));
    const results = await Promise.all(buyers.map((buyer) => checkout(app, buyer)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(15);
    expect(await stockOf(app, product)).toBe(0);

    for (const [index, res] of results.entries()) {
      if (res.statusCode !== 200) continue;
      const buyer = buyers[index]!;
      const { orderValueId } = res.json<{ orderValueId: string }>();
      const paid = await verify(app, buyer, (await sandboxPay(app, orderValueId)).json());
      expect(paid.json()).toEqual({ message: 'success' });
      const list = await app.inject({ method: 'GET', url: `/api/userorderslist?id=${buyer.user.externalId}`, headers: buyer.headers });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.body).toContain(orderValueId);
    }
    expect(await stockOf(app, product)).toBe(0);
  });
});

describe('payment verify', () => {
  it('settles once: success, empties the bag, mails buyer and shop; a replay changes nothing', async () => {
    const product = await aTaxedProduct(app);
    const buyer = await aBuyer(app, product, 1);
    const invoice = await invoiceFor(app, buyer);
    const key = await app.inject({ method: 'GET', url: '/api/payment/key' });
    expect(key.json()).toEqual({ key: 'rzp_test_sandbox' });

    const signed = (await sandboxPay(app, invoice.orderValueId)).json<Record<string, string>>();
    expect((await verify(app, buyer, signed)).json()).toEqual({ message: 'success' });
    expect((await verify(app, buyer, signed)).json()).toEqual({ message: 'success' });

    const order = await orderByProviderId(app, invoice.orderValueId);
    expect(order.paymentState).toBe('paid');
    expect(order.paidAt).not.toBeNull();
    expect(await app.db.select().from(cartItems)).toHaveLength(0);
    expect(await stockOf(app, product)).toBe(4);

    const mails = await mailsTo(app, buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(invoice.orderValueId);
    expect(mails[0]!.text).toContain('2 to 5 business days');
    expect(mails[0]!.text).toMatch(/CGST \(6%\): Rs\. 60\n.*SGST \(6%\): Rs\. 60/);
    expect(await mailsTo(app, app.config.shop.email)).toHaveLength(1);
  });

  it('refuses forged and cross-order signatures with the spec message', async () => {
    const product = await aTaxedProduct(app);
    const buyer = await aBuyer(app, product, 1);
    const first = await invoiceFor(app, buyer);
    const signedFirst = (await sandboxPay(app, first.orderValueId)).json<Record<string, string>>();

    const forged = await verify(app, buyer, { ...signedFirst, razorpay_signature: 'a'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Payment verification failed', code: 'BAD_REQUEST' });

    await app.db.insert(cartItems).values({ cartId: (await app.db.select().from(carts))[0]!.id, productId: (await aTaxedProduct(app)).id, quantity: 1 });
    const second = await invoiceFor(app, buyer);
    const cross = await verify(app, buyer, { ...signedFirst, razorpay_order_id: second.orderValueId });
    expect(cross.json()).toEqual({ message: 'Payment verification failed', code: 'BAD_REQUEST' });
    expect((await orderByProviderId(app, second.orderValueId)).paymentState).toBe('pending');

    const stranger = await aBuyer(app, product, 1);
    expect((await verify(app, stranger, signedFirst)).statusCode).toBe(403);
    // Released by the second invoice (one pending per buyer), and not paid by the stranger's verify.
    expect((await orderByProviderId(app, first.orderValueId)).paymentState).toBe('expired');
  });

  it('the sandbox declines 4000 0000 0000 0002 (a refusal { message, code } with Razorpay\'s error) and refuses malformed cards', async () => {
    const buyer = await aBuyer(app, await aTaxedProduct(app), 1);
    const invoice = await invoiceFor(app, buyer);
    const declined = await sandboxPay(app, invoice.orderValueId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      message: 'Your card was declined.',
      code: 'PAYMENT_DECLINED',
      error: { code: 'BAD_REQUEST_ERROR', description: 'Your card was declined.' },
    });
    expect((await sandboxPay(app, invoice.orderValueId, '4111')).statusCode).toBe(400);
    const badExpiry = await app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/pay',
      payload: { orderId: invoice.orderValueId, cardNumber: '4111111111111111', expiry: '13/30', cvv: '12' },
    });
    expect(badExpiry.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('reservations', () => {
  it('a reported failure releases the stock', async () => {
    const product = await aTaxedProduct(app);
    const buyer = await aBuyer(app, product, 3);
    const invoice = await invoiceFor(app, buyer);
    expect(await stockOf(app, product)).toBe(2);
    const res = await app.inject({ method: 'POST', url: '/api/payment/failed', headers: buyer.headers, payload: { products: [] } });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(app, product)).toBe(5);
    expect((await orderByProviderId(app, invoice.orderValueId)).paymentState).toBe('failed');
  });

  it('expiry releases the stock; a late payment re-reserves when it can, else is flagged refund_due', async () => {
    const product = await aTaxedProduct(app, { stock: 2 });
    const buyer = await aBuyer(app, product, 2);
    const invoice = await invoiceFor(app, buyer);
    await app.db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 60_000) });
    expect(await releaseExpiredReservations(app.db)).toBe(1);
    expect(await stockOf(app, product)).toBe(2);
    expect((await orderByProviderId(app, invoice.orderValueId)).paymentState).toBe('expired');

    await app.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    const signed = (await sandboxPay(app, invoice.orderValueId)).json<Record<string, string>>();
    expect((await verify(app, buyer, signed)).json()).toEqual({ message: 'success' });
    expect((await orderByProviderId(app, invoice.orderValueId)).paymentState).toBe('refund_due');
    expect(await stockOf(app, product)).toBe(1);
  });
});

describe('webhook', () => {
  it('refuses a bad signature and settles a replayed payment.captured once', async () => {
    const product = await aTaxedProduct(app);
    const buyer = await aBuyer(app, product, 1);
    const invoice = await invoiceFor(app, buyer);
    const body = capturedEvent(invoice.orderValueId, 'pay_Webhook0000001');
    const bad = await sendWebhook(app, body, webhookSignature(app, body, 'wrong-secret'));
    expect(bad.statusCode).toBe(400);
    expect((await orderByProviderId(app, invoice.orderValueId)).paymentState).toBe('pending');

    const signature = webhookSignature(app, body);
    expect((await sendWebhook(app, body, signature)).statusCode).toBe(200);
    expect((await sendWebhook(app, body, signature)).statusCode).toBe(200);
    expect((await orderByProviderId(app, invoice.orderValueId)).paymentState).toBe('paid');
    expect(await mailsTo(app, buyer.user.email)).toHaveLength(1);
    expect(await stockOf(app, product)).toBe(4);
  });

  it('says that webhooks are not set up while Razorpay runs without RAZORPAY_WEBHOOK_SECRET (503: Razorpay retries)', async () => {
    const unset = await buildTestApp({
      payment: { provider: 'razorpay', razorpayKeyId: 'rzp_test_Hook123', razorpayKeySecret: 'razorpay-test-secret', razorpayWebhookSecret: null },
    });
    try {
      const body = capturedEvent('order_Webhook00000001', 'pay_Webhook0000003');
      const res = await sendWebhook(unset, body, 'a'.repeat(64));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: webhookNotSetUp, code: 'NOT_READY' });
    } finally {
      await unset.close();
    }
  });

  it('answers 400, never a 500, to a signed body that is no event or names ids that are not Razorpay ids (found by the fuzz run)', async () => {
    const event = (orderId: string) => JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_Webhook0000002', order_id: orderId } } } });
    for (const body of ['null', '[]', '"payment.captured"', '42', event("order_x' OR 1=1 --"), event('order_\u0000'), event('x'.repeat(65))]) {
      const res = await sendWebhook(app, body, webhookSignature(app, body));
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });
});

async function addressOf(buyer: { addressId: number }) {
  const [row] = await app.db.select().from(addresses).where(eq(addresses.id, buyer.addressId));
  return row!;
}
