// Money and stock under concurrency (issue 9 part 3): many buyers for the last units, verify and webhook racing for one
// payment, and every kind of wrong payment message refused without changing anything. Runs on PGlite in `npm test` and
// on PostgreSQL in the PG pass (TEST_DATABASE_URL), where the concurrency is real: separate connections and row locks.
import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '../../domain/payment';
import { cartItems, carts, orderItems, orders, outboxMail, payments, products } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { mailsTo } from './helpers/auth';
import { aBuyer, aTaxedProduct, capturedEvent, checkout, invoiceFor, orderByProviderId, paidWithCard, sendWebhook, stockOf, verify, webhookSignature } from './helpers/payments';
import type { Buyer } from './helpers/payments';
import type { ProductRow } from './helpers/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Reads the product's stock over and over until stopped: what any other request could have seen meanwhile. */
function sampleStock(product: ProductRow) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      samples.push(await stockOf(app, product));
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return {
    async stop(): Promise<number[]> {
      running = false;
      await loop;
      return samples;
    },
  };
}

/** The checkout page's Place Order: invoice, card, verify. Stops at the first refusal and says where. */
async function placeOrder(buyer: Buyer) {
  const invoice = await checkout(app, buyer);
  if (invoice.statusCode !== 200) return { invoice, verified: undefined };
  const signed = await paidWithCard(app, invoice.json<{ orderValueId: string }>().orderValueId);
  return { invoice, verified: await verify(app, buyer, signed) };
}

/** Shop mails about one order (the shop's inbox is shared by every test of this file). */
async function shopMailsAbout(orderNumber: string) {
  return (await mailsTo(app, app.config.shop.email)).filter((mail) => mail.subject.includes(orderNumber));
}

/** Everything a wrong payment message could change: payment states, recorded payments, stock, bags and mail. */
async function moneyState() {
  // Including the mails a payment's answer did not wait for.
  await app.jobs.idle();
  return {
    orders: await app.db.select({ id: orders.id, paymentState: orders.paymentState, paidAt: orders.paidAt }).from(orders).orderBy(asc(orders.id)),
    payments: await app.db.select({ id: payments.id, orderId: payments.orderId }).from(payments).orderBy(asc(payments.id)),
    stock: await app.db.select({ id: products.id, stock: products.stock }).from(products).orderBy(asc(products.id)),
    bags: await app.db.select({ id: cartItems.id, quantity: cartItems.quantity }).from(cartItems).orderBy(asc(cartItems.id)),
    mails: (await app.db.select({ id: outboxMail.id }).from(outboxMail)).length,
  };
}

describe('the last units', () => {
  it('50 buyers at once for 5 units: exactly 5 paid orders, 45 told the stock is short, stock 0 and never below', async () => {
    const product = await aTaxedProduct(app, { stock: 5 });
    // No password: hashing one per buyer would only slow the set-up; they are signed in by token.
    const buyers = await Promise.all(Array.from({ length: 50 }, () => aBuyer(app, product, 1, { user: { password: null } })));

    const sampler = sampleStock(product);
    const outcomes = await Promise.all(buyers.map((buyer) => placeOrder(buyer)));
    const samples = await sampler.stop();

    const paid = outcomes.filter((o) => o.verified !== undefined);
    expect(paid).toHaveLength(5);
    for (const { verified } of paid) expect(verified!.json()).toEqual({ message: paymentMessages.success });
    const refused = outcomes.filter((o) => o.verified === undefined).map((o) => o.invoice);
    expect(refused).toHaveLength(45);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
      expect(res.json<{ message: string }>().message).toMatch(new RegExp(`^${paymentMessages.shortfall}: .*: 0 left$`));
    }

    expect(await stockOf(app, product)).toBe(0);
    expect(samples.length).toBeGreaterThan(1);
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...samples)).toBeLessThanOrEqual(5);
    // Stock only ever went down in this run: every sample is a moment of one consistent history.
    expect(samples).toEqual([...samples].sort((a, b) => b - a));

    const sold = await app.db
      .select({ state: orders.paymentState, quantity: orderItems.quantity })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.productId, product.id));
    expect(sold).toEqual(Array.from({ length: 5 }, () => ({ state: 'paid', quantity: 1 })));

    // Each winner finds its order and got its mail; each refused buyer has no order, no mail and still its bag.
    for (const [index, outcome] of outcomes.entries()) {
      const buyer = buyers[index]!;
      const list = await app.inject({ method: 'GET', url: `/api/userorderslist?id=${buyer.user.externalId}`, headers: buyer.headers });
      expect(list.statusCode, list.body).toBe(200);
      const mails = await mailsTo(app, buyer.user.email);
      if (outcome.verified) {
        const { orderValueId } = outcome.invoice.json<{ orderValueId: string }>();
        expect(list.json<{ UserOrder: { rpayOrderId: string } }[]>().map((o) => o.UserOrder.rpayOrderId)).toEqual([orderValueId]);
        expect(mails).toHaveLength(1);
      } else {
        expect(list.json()).toEqual([]);
        expect(mails).toHaveLength(0);
      }
    }
    expect(await app.db.select().from(cartItems).where(eq(cartItems.productId, product.id))).toHaveLength(45);
  });

  it('two-line bags in either order at once: each buyer gets both lines or neither, and no checkout waits on another for ever', async () => {
    const roses = await aTaxedProduct(app, { stock: 3 });
    const lilies = await aTaxedProduct(app, { stock: 5 });
    // Half the bags hold the lilies first: the bag's order must not decide in which order the products are locked.
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const [first, second] = index % 2 === 0 ? [roses, lilies] : [lilies, roses];
        const buyer = await aBuyer(app, first, 1, { user: { password: null } });
        const [bag] = await app.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, buyer.user.id));
        await app.db.insert(cartItems).values({ cartId: bag!.id, productId: second.id, quantity: 1 });
        return buyer;
      }),
    );

    const answers = await Promise.all(buyers.map((buyer) => checkout(app, buyer)));

    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(refused).toHaveLength(7);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      // Only the roses ran out; the lilies are not named.
      expect(res.json<{ message: string }>().message).toBe(`${paymentMessages.shortfall}: ${roses.name} (Standard): 0 left`);
    }
    // The refused buyers' lilies went back with the rest of their checkout.
    expect(await stockOf(app, roses)).toBe(0);
    expect(await stockOf(app, lilies)).toBe(2);
    const reserved = await app.db.select({ productId: orderItems.productId }).from(orderItems).where(inArray(orderItems.productId, [roses.id, lilies.id]));
    expect(reserved).toHaveLength(6);
  });

  it('the database itself refuses a stock below zero', async () => {
    const product = await aTaxedProduct(app, { stock: 1 });
    const error = await app.db
      .update(products)
      .set({ stock: -1 })
      .where(eq(products.id, product.id))
      .then(
        () => undefined,
        (failure: unknown) => failure as { cause?: { constraint?: string; message?: string } },
      );
    expect(error, 'the update was accepted').toBeDefined();
    expect(error!.cause?.constraint ?? error!.cause?.message).toMatch(/products_stock_not_negative/);
    expect(await stockOf(app, product)).toBe(1);
  });
});

describe('one payment, many messages', () => {
  it('verify and webhook racing for the same payment settle it once: one paid state, stock taken once, one mail each', async () => {
    const product = await aTaxedProduct(app, { stock: 5 });
    const buyer = await aBuyer(app, product, 2);
    const invoice = await invoiceFor(app, buyer);
    const signed = await paidWithCard(app, invoice.orderValueId);
    const event = capturedEvent(invoice.orderValueId, signed.razorpay_payment_id);
    const signature = webhookSignature(app, event);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => [verify(app, buyer, signed), sendWebhook(app, event, signature)]).flat(),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: paymentMessages.success });
    }

    const order = await orderByProviderId(app, invoice.orderValueId);
    expect(order.paymentState).toBe('paid');
    expect(await app.db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    expect(await stockOf(app, product)).toBe(3);
    expect(await mailsTo(app, buyer.user.email)).toHaveLength(1);
    expect(await shopMailsAbout(invoice.orderValueId)).toHaveLength(1);
  });
});

describe('wrong payment messages are refused and change nothing', () => {
  it('a signature for order A presented for order B, a forged one, another caller, a forged webhook and a stranger order', async () => {
    const product = await aTaxedProduct(app, { stock: 5 });
    const buyer = await aBuyer(app, product, 1);
    const a = await invoiceFor(app, buyer);
    const signedA = await paidWithCard(app, a.orderValueId);
    const other = await aBuyer(app, product, 1);
    const b = await invoiceFor(app, other);
    const signedB = await paidWithCard(app, b.orderValueId);
    const before = await moneyState();
    const verificationFailed = { message: paymentMessages.verificationFailed, code: 'BAD_REQUEST' };

    // A's payment presented for B, by B's owner: the signature covers A's order id, not B's.
    const cross = await verify(app, other, { ...signedA, razorpay_order_id: b.orderValueId });
    expect(cross.statusCode).toBe(400);
    expect(cross.json()).toEqual(verificationFailed);

    const forged = await verify(app, buyer, { ...signedA, razorpay_signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual(verificationFailed);

    // A genuine payment of B's order, sent by another signed-in customer.
    const stranger = await verify(app, buyer, signedB);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'FORBIDDEN' });
    const anonymous = await app.inject({ method: 'POST', url: '/api/payment/verify', payload: signedB });
    expect(anonymous.statusCode).toBe(401);

    const unknownOrder = await verify(app, buyer, { ...signedA, razorpay_order_id: 'order_Unknown0000000' });
    expect(unknownOrder.json()).toEqual(verificationFailed);

    const eventA = capturedEvent(a.orderValueId, signedA.razorpay_payment_id);
    const forgedHook = await sendWebhook(app, eventA, webhookSignature(app, eventA, 'not-the-webhook-secret'));
    expect(forgedHook.statusCode).toBe(400);
    expect(forgedHook.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const unsigned = await sendWebhook(app, eventA, '');
    expect(unsigned.statusCode).toBe(400);

    // A genuine, signed event about an order this shop never made (another integration on the same provider account):
    // acknowledged so that the provider does not retry it for a day, and ignored.
    const foreign = capturedEvent('order_NotThisShop0000', 'pay_NotThisShop00000');
    const foreignHook = await sendWebhook(app, foreign, webhookSignature(app, foreign));
    expect(foreignHook.statusCode).toBe(200);
    expect(foreignHook.json()).toEqual({ message: 'ignored' });

    expect(await moneyState()).toEqual(before);
    expect((await orderByProviderId(app, a.orderValueId)).paymentState).toBe('pending');
    expect((await orderByProviderId(app, b.orderValueId)).paymentState).toBe('pending');
  });

  it('a verify replayed after success answers success again and settles, takes stock and mails nothing more', async () => {
    const product = await aTaxedProduct(app, { stock: 5 });
    const buyer = await aBuyer(app, product, 1);
    const invoice = await invoiceFor(app, buyer);
    const signed = await paidWithCard(app, invoice.orderValueId);
    expect((await verify(app, buyer, signed)).json()).toEqual({ message: paymentMessages.success });
    const settled = await moneyState();

    // The browser retrying after a lost answer must hear that its payment went through, and nothing may happen twice.
    const replay = await verify(app, buyer, signed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ message: paymentMessages.success });
    const event = capturedEvent(invoice.orderValueId, signed.razorpay_payment_id);
    expect((await sendWebhook(app, event, webhookSignature(app, event))).statusCode).toBe(200);

    expect(await moneyState()).toEqual(settled);
    expect(await stockOf(app, product)).toBe(4);
    expect(await mailsTo(app, buyer.user.email)).toHaveLength(1);
    expect(await shopMailsAbout(invoice.orderValueId)).toHaveLength(1);
  });
});
