import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addresses, cartItems, carts, orderItems, orders, products } from '../../server/db/schema';
import { releaseExpiredReservations } from '../../server/modules/orders/order-lifecycle';
import { sandboxSecret } from '../../server/modules/payments/sandbox-provider';
import { buildTestApp } from './helpers/app';
import { aUser, mailsTo, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';
import { aCategory, aProduct, aSubCategory } from './helpers/factories';
import type { ProductRow } from './helpers/factories';

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.close();
});

interface Buyer {
  user: TestUser;
  addressId: number;
  headers: { authorization: string };
}

/** A signed-in customer with a saved address (state as given) and `quantity` of `product` in the bag. */
async function aBuyer(product: ProductRow, quantity: number, state = 'Tamil Nadu'): Promise<Buyer> {
  const user = await aUser(app);
  const [address] = await app.db
    .insert(addresses)
    .values({
      userId: user.id,
      fullName: 'Asha Raman',
      address: '12 Lake Road',
      locality: 'Adyar',
      landmark: 'Near the park',
      city: 'Chennai',
      pincode: '600020',
      state,
      phoneNumber: '9876543210',
    })
    .returning({ id: addresses.id });
  const [cart] = await app.db.insert(carts).values({ userId: user.id }).returning({ id: carts.id });
  await app.db.insert(cartItems).values({ cartId: cart!.id, productId: product.id, quantity });
  return { user, addressId: address!.id, headers: signedInAs(app, user) };
}

function checkout(buyer: Buyer, body: Record<string, unknown> = { addressId: buyer.addressId }) {
  return app.inject({ method: 'POST', url: `/api/user/${buyer.user.externalId}/checkoutinvoice`, headers: buyer.headers, payload: body });
}

async function invoiceFor(buyer: Buyer) {
  const res = await checkout(buyer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ invoiceId: string; orderValueId: string; amount: number; currency: string }>();
}

async function sandboxPay(orderId: string, cardNumber = '4111 1111 1111 1111') {
  return app.inject({ method: 'POST', url: '/api/payment/sandbox/pay', payload: { orderId, cardNumber, expiry: '12/30', cvv: '123' } });
}

function verify(buyer: Buyer, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/payment/verify', headers: buyer.headers, payload: body });
}

async function stockOf(product: ProductRow): Promise<number> {
  const [row] = await app.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
  return row!.stock;
}

async function orderByProviderId(providerOrderId: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
  return row!;
}

async function aTaxedProduct(overrides: Partial<ProductRow> = {}) {
  const category = await aCategory(app.db, { gstRateBp: 600 });
  const subCategory = await aSubCategory(app.db, { categoryId: category.id });
  return aProduct(app.db, { subCategory, sellingPricePaise: 112_000, mrpPaise: 150_000, stock: 5, ...overrides });
}

describe('checkout invoice', () => {
  it('prices from the database, ignores prices in the body, reserves stock and snapshots GST for the state', async () => {
    const product = await aTaxedProduct();
    const buyer = await aBuyer(product, 2, 'Karnataka');
    const res = await checkout(buyer, { addressId: buyer.addressId, amount: 1, price: 1, totalAmount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json<{ invoiceId: string; orderValueId: string; amount: number; currency: string }>();
    expect(invoice).toMatchObject({ amount: 2240, currency: 'INR' });
    expect(invoice.orderValueId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(await stockOf(product)).toBe(3);

    const order = await orderByProviderId(invoice.orderValueId);
    expect(order).toMatchObject({ totalPaise: 224_000, paymentState: 'pending' });
    const [item] = await app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    // 2 240 rupees at 12 % inclusive: 2 000 taxable + 240 IGST (delivery outside Tamil Nadu).
    expect(item).toMatchObject({ unitPricePaise: 112_000, mrpPaise: 150_000, gstRateBp: 600, taxablePaise: 200_000, igstPaise: 24_000, cgstPaise: 0 });
  });

  it('answers a double submit with the same invoice and reserves only once', async () => {
    const product = await aTaxedProduct();
    const buyer = await aBuyer(product, 2);
    const [a, b] = await Promise.all([checkout(buyer), checkout(buyer)]);
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.json()).toEqual(a!.json());
    expect(await stockOf(product)).toBe(3);
  });

  it('refuses another user, an address of someone else, an empty bag and a shortfall', async () => {
    const product = await aTaxedProduct({ stock: 1 });
    const buyer = await aBuyer(product, 2);
    const other = await aBuyer(product, 1);

    const forOther = await app.inject({
      method: 'POST',
      url: `/api/user/${other.user.externalId}/checkoutinvoice`,
      headers: buyer.headers,
      payload: { addressId: other.addressId },
    });
    expect(forOther.statusCode).toBe(403);
    expect((await checkout(buyer, { addressId: other.addressId })).statusCode).toBe(404);
    expect((await checkout(buyer, { addressId: 'x' })).json()).toMatchObject({ code: 'BAD_REQUEST' });

    const short = await checkout(buyer);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(short.json<{ message: string }>().message).toContain('Thank you for your interest. Please reduce your order based on the stock level below');
    expect(await stockOf(product)).toBe(1);

    await app.db.delete(cartItems);
    expect((await checkout(buyer)).json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('20 concurrent checkouts for 5 units: exactly 5 reserve and stock ends at 0; paid orders then list', async () => {
    const product = await aTaxedProduct({ stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => aBuyer(product, 1)));
    const results = await Promise.all(buyers.map((buyer) => checkout(buyer)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(15);
    expect(await stockOf(product)).toBe(0);

    for (const [index, res] of results.entries()) {
      if (res.statusCode !== 200) continue;
      const buyer = buyers[index]!;
      const { orderValueId } = res.json<{ orderValueId: string }>();
      const paid = await verify(buyer, (await sandboxPay(orderValueId)).json());
      expect(paid.json()).toEqual({ message: 'success' });
      const list = await app.inject({ method: 'GET', url: `/api/userorderslist?id=${buyer.user.externalId}`, headers: buyer.headers });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.body).toContain(orderValueId);
    }
    expect(await stockOf(product)).toBe(0);
  });
});

describe('payment verify', () => {
  it('settles once: success, empties the bag, mails buyer and shop; a replay changes nothing', async () => {
    const product = await aTaxedProduct();
    const buyer = await aBuyer(product, 1);
    const invoice = await invoiceFor(buyer);
    const key = await app.inject({ method: 'GET', url: '/api/payment/key' });
    expect(key.json()).toEqual({ key: 'rzp_test_sandbox' });

    const signed = (await sandboxPay(invoice.orderValueId)).json<Record<string, string>>();
    expect((await verify(buyer, signed)).json()).toEqual({ message: 'success' });
    expect((await verify(buyer, signed)).json()).toEqual({ message: 'success' });

    const order = await orderByProviderId(invoice.orderValueId);
    expect(order.paymentState).toBe('paid');
    expect(order.paidAt).not.toBeNull();
    expect(await app.db.select().from(cartItems)).toHaveLength(0);
    expect(await stockOf(product)).toBe(4);

    const mails = await mailsTo(app, buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(invoice.orderValueId);
    expect(mails[0]!.text).toContain('2 to 5 business days');
    expect(mails[0]!.text).toMatch(/CGST \(6%\): Rs\. 60\n.*SGST \(6%\): Rs\. 60/);
    expect(await mailsTo(app, app.config.shop.email)).toHaveLength(1);
  });

  it('refuses forged and cross-order signatures with the spec message', async () => {
    const product = await aTaxedProduct();
    const buyer = await aBuyer(product, 1);
    const first = await invoiceFor(buyer);
    const signedFirst = (await sandboxPay(first.orderValueId)).json<Record<string, string>>();

    const forged = await verify(buyer, { ...signedFirst, razorpay_signature: 'a'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: 'Payment verification failed', code: 'BAD_REQUEST' });

    await app.db.insert(cartItems).values({ cartId: (await app.db.select().from(carts))[0]!.id, productId: (await aTaxedProduct()).id, quantity: 1 });
    const second = await invoiceFor(buyer);
    const cross = await verify(buyer, { ...signedFirst, razorpay_order_id: second.orderValueId });
    expect(cross.json()).toEqual({ message: 'Payment verification failed', code: 'BAD_REQUEST' });
    expect((await orderByProviderId(second.orderValueId)).paymentState).toBe('pending');

    const stranger = await aBuyer(product, 1);
    expect((await verify(stranger, signedFirst)).statusCode).toBe(403);
    expect((await orderByProviderId(first.orderValueId)).paymentState).toBe('pending');
  });

  it('the sandbox declines 4000 0000 0000 0002 and refuses malformed cards', async () => {
    const buyer = await aBuyer(await aTaxedProduct(), 1);
    const invoice = await invoiceFor(buyer);
    const declined = await sandboxPay(invoice.orderValueId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: { code: 'BAD_REQUEST_ERROR', description: 'Your card was declined.' } });
    expect((await sandboxPay(invoice.orderValueId, '4111')).statusCode).toBe(400);
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
    const product = await aTaxedProduct();
    const buyer = await aBuyer(product, 3);
    const invoice = await invoiceFor(buyer);
    expect(await stockOf(product)).toBe(2);
    const res = await app.inject({ method: 'POST', url: '/api/payment/failed', headers: buyer.headers, payload: { products: [] } });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(product)).toBe(5);
    expect((await orderByProviderId(invoice.orderValueId)).paymentState).toBe('failed');
  });

  it('expiry releases the stock; a late payment re-reserves when it can, else is flagged refund_due', async () => {
    const product = await aTaxedProduct({ stock: 2 });
    const buyer = await aBuyer(product, 2);
    const invoice = await invoiceFor(buyer);
    await app.db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 60_000) });
    expect(await releaseExpiredReservations(app.db)).toBe(1);
    expect(await stockOf(product)).toBe(2);
    expect((await orderByProviderId(invoice.orderValueId)).paymentState).toBe('expired');

    await app.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    const signed = (await sandboxPay(invoice.orderValueId)).json<Record<string, string>>();
    expect((await verify(buyer, signed)).json()).toEqual({ message: 'success' });
    expect((await orderByProviderId(invoice.orderValueId)).paymentState).toBe('refund_due');
    expect(await stockOf(product)).toBe(1);
  });
});

describe('webhook', () => {
  const secret = () => sandboxSecret(app.config.jwtSecret);
  const send = (body: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      payload: body,
    });

  it('refuses a bad signature and settles a replayed payment.captured once', async () => {
    const product = await aTaxedProduct();
    const buyer = await aBuyer(product, 1);
    const invoice = await invoiceFor(buyer);
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_Webhook0000001', order_id: invoice.orderValueId } } },
    });
    const bad = await send(body, createHmac('sha256', 'wrong-secret').update(body).digest('hex'));
    expect(bad.statusCode).toBe(400);
    expect((await orderByProviderId(invoice.orderValueId)).paymentState).toBe('pending');

    const signature = createHmac('sha256', secret()).update(body).digest('hex');
    expect((await send(body, signature)).statusCode).toBe(200);
    expect((await send(body, signature)).statusCode).toBe(200);
    expect((await orderByProviderId(invoice.orderValueId)).paymentState).toBe('paid');
    expect(await mailsTo(app, buyer.user.email)).toHaveLength(1);
    expect(await stockOf(product)).toBe(4);
  });
});
