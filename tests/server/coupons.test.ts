/**
 * Coupons (issue 42): the admin's codes, every rule of the apply check and of the checkout invoice (which prices each
 * line on its discounted value and pays the discounted total), and the last use raced for by many buyers at once.
 * On the embedded database by default; on PostgreSQL with TEST_DATABASE_URL, where the race really runs in parallel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { couponTexts } from '../../domain/coupons';
import type { CouponInput } from '../../domain/coupons';
import { addIndiaDays, indiaDateOf, indiaMoment } from '../../domain/india-time';
import type { TaxDocument } from '../../domain/tax-document';
import { cartItems, carts, orderItems, orders, taxDocuments } from '../../server/db/schema';
import { buildTestApp, createScratchDatabase } from './helpers/app';
import { anAdminHeader, mailsTo, relaxedRateLimits } from './helpers/auth';
import { aCategory, aProduct, aSubCategory } from './helpers/factories';
import type { ProductRow } from './helpers/factories';
import { aBuyer, aTaxedProduct, checkout, orderByProviderId, sandboxPay, verify } from './helpers/payments';
import type { Buyer } from './helpers/payments';

let app: FastifyInstance;
let admin: { authorization: string };
/** The server's clock: real time unless a test fixes it. */
let fixedNow: Date | null = null;

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits }, { now: () => fixedNow ?? new Date() });
  admin = await anAdminHeader(app);
});
afterAll(async () => {
  await app.close();
});

const today = () => indiaDateOf(new Date());
let codes = 0;
const aCode = () => `T${Date.now().toString(36).toUpperCase().slice(-6)}${(codes += 1)}`;

const couponBody = (overrides: Partial<CouponInput> = {}) => ({
  code: aCode(),
  kind: 'percent',
  value: 10,
  validFrom: addIndiaDays(today(), -1),
  validTo: addIndiaDays(today(), 30),
  ...overrides,
});

async function aCoupon(overrides: Partial<CouponInput> = {}): Promise<{ id: number; code: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/coupons', headers: admin, payload: couponBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ coupon: { id: number; code: string } }>().coupon;
}

const apply = (buyer: Buyer, code: string) =>
  app.inject({ method: 'POST', url: `/api/user/${buyer.user.externalId}/applycoupon`, headers: buyer.headers, payload: { code } });

async function refusedWith(res: Awaited<ReturnType<typeof apply>>, message: string): Promise<void> {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toEqual({ code: 'COUPON_REFUSED', message });
}

/** Rs. 1,000 a unit, untaxed, 50 in stock, in a category of its own unless one is given. */
const aFlower = (overrides: Partial<ProductRow> & { categoryId?: number } = {}) =>
  (async () => {
    const subCategory = await aSubCategory(app.db, overrides.categoryId ? { categoryId: overrides.categoryId } : {});
    return aProduct(app.db, { subCategory, sellingPricePaise: 100_000, mrpPaise: 120_000, stock: 50, ...overrides });
  })();

async function addLine(buyer: Buyer, product: ProductRow, quantity: number): Promise<void> {
  const [cart] = await app.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, buyer.user.id));
  await app.db.insert(cartItems).values({ cartId: cart!.id, productId: product.id, quantity });
}

/** An invoice with the code, paid with the sandbox card and verified. */
async function payWith(buyer: Buyer, couponCode: string | null): Promise<string> {
  const res = await checkout(app, buyer, { addressId: buyer.addressId, couponCode });
  expect(res.statusCode, res.body).toBe(200);
  const { orderValueId } = res.json<{ orderValueId: string }>();
  expect((await verify(app, buyer, (await sandboxPay(app, orderValueId)).json())).json()).toEqual({ message: 'success' });
  return orderValueId;
}

describe('admin coupons', () => {
  it('creates a coupon with its code upper-cased, lists it with its uses, and edits it', async () => {
    const code = aCode();
    const created = await app.inject({ method: 'POST', url: '/api/admin/coupons', headers: admin, payload: couponBody({ code: ` ${code.toLowerCase()} ` }) });
    expect(created.statusCode, created.body).toBe(201);
    const { coupon } = created.json();
    expect(coupon).toMatchObject({ code, kind: 'percent', value: 10, minOrderRupees: 0, maxDiscountRupees: null, categoryIds: [], active: true, uses: 0 });

    const list = await app.inject({ method: 'GET', url: '/api/admin/coupons', headers: admin });
    expect(list.json().coupons.find((c: { id: number }) => c.id === coupon.id)).toEqual(coupon);

    const edited = await app.inject({ method: 'PUT', url: `/api/admin/coupons/${coupon.id}`, headers: admin, payload: couponBody({ code, kind: 'flat', value: 200, active: false }) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().coupon).toMatchObject({ id: coupon.id, code, kind: 'flat', value: 200, active: false });
  });

  it('refuses a taken code (409), an unknown category (400), bad terms (400) and a missing coupon (404)', async () => {
    const { code } = await aCoupon();
    const taken = await app.inject({ method: 'POST', url: '/api/admin/coupons', headers: admin, payload: couponBody({ code: code.toLowerCase() }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'CONFLICT', message: couponTexts.codeTaken });

    const other = await aCoupon();
    const renamed = await app.inject({ method: 'PUT', url: `/api/admin/coupons/${other.id}`, headers: admin, payload: couponBody({ code }) });
    expect(renamed.statusCode).toBe(409);

    const category = await aCategory(app.db);
    const unknown = await app.inject({ method: 'POST', url: '/api/admin/coupons', headers: admin, payload: couponBody({ categoryIds: [category.id, 999_999] }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(couponTexts.categoryUnknown);

    const percent = await app.inject({ method: 'POST', url: '/api/admin/coupons', headers: admin, payload: couponBody({ value: 101 }) });
    expect(percent.statusCode).toBe(400);
    expect(percent.json().message).toContain(couponTexts.percentInvalid);

    const missing = await app.inject({ method: 'PUT', url: '/api/admin/coupons/999999', headers: admin, payload: couponBody() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: couponTexts.notFound });
  });
});

describe('POST user/{id}/applycoupon', () => {
  it('refuses an unknown code and an inactive one alike', async () => {
    const buyer = await aBuyer(app, await aFlower(), 1);
    await refusedWith(await apply(buyer, 'NOSUCHCODE'), couponTexts.unknown);
    const { code } = await aCoupon({ active: false });
    await refusedWith(await apply(buyer, code), couponTexts.unknown);
  });

  it('holds from 00:00 IST of the first day to the end of the last, both included', async () => {
    const day = addIndiaDays(today(), 5);
    const { code } = await aCoupon({ validFrom: day, validTo: day });
    const buyer = await aBuyer(app, await aFlower(), 1);
    const midnight = indiaMoment(day, 0);
    try {
      fixedNow = new Date(midnight.getTime() - 1000);
      await refusedWith(await apply(buyer, code), couponTexts.notStarted(day));
      fixedNow = midnight;
      expect((await apply(buyer, code)).statusCode).toBe(200);
      fixedNow = new Date(indiaMoment(addIndiaDays(day, 1), 0).getTime() - 1000);
      expect((await apply(buyer, code)).statusCode).toBe(200);
      fixedNow = indiaMoment(addIndiaDays(day, 1), 0);
      await refusedWith(await apply(buyer, code), couponTexts.expired);
    } finally {
      fixedNow = null;
    }
  });

  it("asks for the minimum on the goods' value before the discount, saying how much more", async () => {
    const { code } = await aCoupon({ kind: 'flat', value: 150, minOrderRupees: 1500 });
    const flower = await aFlower();
    const buyer = await aBuyer(app, flower, 1);
    await refusedWith(await apply(buyer, code), couponTexts.minimumOrder(150_000, 50_000));
    await addLine(buyer, await aFlower({ sellingPricePaise: 50_000 }), 1);
    const res = await apply(buyer, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code, discountPaise: 15_000, message: couponTexts.applied(code, 15_000) });
  });

  it('takes a percent off, capped at the maximum discount, spread over the lines to the paisa', async () => {
    const { code } = await aCoupon({ value: 10, maxDiscountRupees: 300, description: 'Ten off' });
    const buyer = await aBuyer(app, await aFlower(), 2);
    const small = await apply(buyer, code);
    expect(small.json()).toMatchObject({ code, description: 'Ten off', discountPaise: 20_000 });
    await addLine(buyer, await aFlower({ sellingPricePaise: 133_333 }), 3);
    const capped = (await apply(buyer, code)).json<{ discountPaise: number; lines: { discountPaise: number }[] }>();
    expect(capped.discountPaise).toBe(30_000);
    expect(capped.lines).toHaveLength(2);
    expect(capped.lines.reduce((sum, line) => sum + line.discountPaise, 0)).toBe(30_000);
  });

  it('takes a flat amount off, and never more than the goods less the ₹1 an order must still cost', async () => {
    const buyer = await aBuyer(app, await aFlower(), 1);
    const flat = await aCoupon({ kind: 'flat', value: 150 });
    expect((await apply(buyer, flat.code)).json().discountPaise).toBe(15_000);
    const big = await aCoupon({ kind: 'flat', value: 5000 });
    const res = await apply(buyer, big.code);
    expect(res.json()).toMatchObject({ discountPaise: 99_900, lines: [{ discountPaise: 99_900 }] });
  });

  it("discounts only the lines of the coupon's categories, and refuses a bag with none", async () => {
    const roses = await aCategory(app.db);
    const rose = await aFlower({ categoryId: roses.id });
    const { code } = await aCoupon({ value: 20, categoryIds: [roses.id] });
    const buyer = await aBuyer(app, await aFlower(), 1);
    await refusedWith(await apply(buyer, code), couponTexts.noEligibleItems);
    await addLine(buyer, rose, 1);
    const [roseLine] = await app.db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.productId, rose.id));
    expect((await apply(buyer, code)).json()).toMatchObject({ discountPaise: 20_000, lines: [{ cartItemId: roseLine!.id, discountPaise: 20_000 }] });
  });

  it('is for a first order only when the coupon says so: a buyer with a paid order is refused', async () => {
    const { code } = await aCoupon({ firstOrderOnly: true });
    const flower = await aFlower();
    const buyer = await aBuyer(app, flower, 1);
    expect((await apply(buyer, code)).statusCode).toBe(200);
    await payWith(buyer, null);
    await addLine(buyer, flower, 1);
    await refusedWith(await apply(buyer, code), couponTexts.firstOrderOnly);
    await refusedWith(await checkout(app, buyer, { addressId: buyer.addressId, couponCode: code }), couponTexts.firstOrderOnly);
  });

  it('counts a buyer’s paid uses against the per-buyer limit', async () => {
    const { code } = await aCoupon({ perBuyerLimit: 1 });
    const flower = await aFlower();
    const buyer = await aBuyer(app, flower, 1);
    await payWith(buyer, code);
    await addLine(buyer, flower, 1);
    await refusedWith(await apply(buyer, code), couponTexts.usedByBuyer);
    expect((await apply(await aBuyer(app, flower, 1), code)).statusCode).toBe(200);
  });

  it('counts uses while their order is paid or pending within its reservation', async () => {
    const { id, code } = await aCoupon({ totalLimit: 1 });
    const flower = await aFlower();
    const first = await aBuyer(app, flower, 1);
    const second = await aBuyer(app, flower, 1);
    const pending = await checkout(app, first, { addressId: first.addressId, couponCode: code });
    expect(pending.statusCode, pending.body).toBe(200);
    // Her own pending invoice is replaced by her next one, so it does not stop her; it stops everyone else.
    expect((await apply(first, code)).statusCode).toBe(200);
    await refusedWith(await apply(second, code), couponTexts.usedUp);
    await refusedWith(await checkout(app, second, { addressId: second.addressId, couponCode: code }), couponTexts.usedUp);
    const listed = (await app.inject({ method: 'GET', url: '/api/admin/coupons', headers: admin })).json();
    expect(listed.coupons.find((c: { id: number }) => c.id === id).uses).toBe(1);

    // Its reservation runs out: the use is given back.
    await app.db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.providerOrderId, pending.json().orderValueId));
    expect((await apply(second, code)).statusCode).toBe(200);
  });

  it('answers 401 to an anonymous caller and 403 for someone else’s account', async () => {
    const buyer = await aBuyer(app, await aFlower(), 1);
    const other = await aBuyer(app, await aFlower(), 1);
    const anonymous = await app.inject({ method: 'POST', url: `/api/user/${buyer.user.externalId}/applycoupon`, payload: { code: 'ANY1' } });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await app.inject({ method: 'POST', url: `/api/user/${buyer.user.externalId}/applycoupon`, headers: other.headers, payload: { code: 'ANY1' } });
    expect(foreign.statusCode).toBe(403);
    const bad = await apply(buyer, '!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(couponTexts.codeInvalid);
  });
});

describe('the checkout invoice with a coupon', () => {
  it('taxes each line on its discounted value, never discounts fees, and asks payment for the discounted total', async () => {
    const { code } = await aCoupon({ value: 10 });
    const taxed = await aTaxedProduct(app); // Rs. 1,120 at 12 %
    const buyer = await aBuyer(app, taxed, 1);
    await addLine(buyer, await aFlower({ sellingPricePaise: 33_300 }), 1);
    const plain = await checkout(app, buyer, { addressId: buyer.addressId });
    expect(plain.statusCode, plain.body).toBe(200);
    const withCoupon = await checkout(app, buyer, { addressId: buyer.addressId, couponCode: code.toLowerCase() });
    expect(withCoupon.statusCode, withCoupon.body).toBe(200);
    const reply = withCoupon.json();
    // Goods Rs. 1,453: 10 % is Rs. 145.30; fees are the same either way.
    expect(reply.coupon).toEqual({ code, discountPaise: 14_530 });
    expect(reply.invoiceId).not.toBe(plain.json().invoiceId);
    expect(Math.round((plain.json().amount - reply.amount) * 100)).toBe(14_530);

    const order = await orderByProviderId(app, reply.orderValueId);
    expect(order).toMatchObject({ couponCode: code, discountPaise: 14_530, totalPaise: Math.round(reply.amount * 100) });
    const items = await app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const taxedLine = items.find((item) => item.productId === taxed.id)!;
    expect(items.reduce((sum, item) => sum + item.discountPaise, 0)).toBe(14_530);
    expect(taxedLine.lineTotalPaise).toBe(112_000);
    // Rs. 1,120 less its share (Rs. 112.00) is Rs. 1,008, of which 12 % GST inclusive is Rs. 108.
    expect(taxedLine.discountPaise).toBe(11_200);
    expect(taxedLine.taxablePaise).toBe(90_000);
    expect(taxedLine.cgstPaise + taxedLine.sgstPaise).toBe(10_800);

    // A double submit with the same coupon gets the same invoice; with another coupon or none, a new one.
    expect((await checkout(app, buyer, { addressId: buyer.addressId, couponCode: code })).json().invoiceId).toBe(reply.invoiceId);
    const other = await aCoupon({ value: 10 });
    const withOther = await checkout(app, buyer, { addressId: buyer.addressId, couponCode: other.code });
    expect(withOther.json()).toMatchObject({ coupon: { code: other.code, discountPaise: 14_530 } });
    expect(withOther.json().invoiceId).not.toBe(reply.invoiceId);
    const without = await checkout(app, buyer, { addressId: buyer.addressId });
    expect(without.json()).toMatchObject({ coupon: null, amount: plain.json().amount });
    expect(without.json().invoiceId).not.toBe(withOther.json().invoiceId);
  });

  it('shows the coupon on the paid order: My Account, the admin, the mail and the GST document, whose lines add up', async () => {
    const { code } = await aCoupon({ kind: 'flat', value: 150 });
    const buyer = await aBuyer(app, await aTaxedProduct(app), 2);
    const orderNumber = await payWith(buyer, code);
    const order = await orderByProviderId(app, orderNumber);
    const shown = { code, discountPaise: 15_000 };

    const mine = await app.inject({ method: 'GET', url: `/api/userorderslist?id=${buyer.user.externalId}`, headers: buyer.headers });
    expect(mine.json()[0].UserOrder).toMatchObject({ rpayOrderId: orderNumber, coupon: shown, price: order.totalPaise / 100 });
    const purchases = await app.inject({ method: 'GET', url: '/api/users/purchases/list', headers: admin });
    expect(purchases.json().find((p: { UserOrder: { rpayOrderId: string } }) => p.UserOrder.rpayOrderId === orderNumber).UserOrder.coupon).toEqual(shown);

    await app.jobs.idle();
    const [mail] = (await mailsTo(app, buyer.user.email)).filter((m) => m.text.includes(orderNumber));
    expect(mail?.text).toContain(`Coupon ${code} discount`);
    expect(mail?.text).toContain(`Coupon ${code} discount: -Rs. 150`);

    const [document] = await app.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    const body = document!.body as TaxDocument;
    const goods = body.lines.find((line) => line.unit === 'pcs')!;
    expect(goods).toMatchObject({ quantity: 2, unitPricePaise: 112_000, discountPaise: 15_000, totalPaise: 209_000 });
    expect(goods.taxablePaise + goods.cgstPaise + goods.sgstPaise + goods.igstPaise).toBe(goods.totalPaise);
    expect(body.lines.reduce((sum, line) => sum + line.totalPaise, 0)).toBe(order.totalPaise);
    expect(body.totals.totalPaise).toBe(order.totalPaise);
  });

  it('refuses a code it cannot use with 409 COUPON_REFUSED and writes nothing', async () => {
    const buyer = await aBuyer(app, await aFlower(), 1);
    await refusedWith(await checkout(app, buyer, { addressId: buyer.addressId, couponCode: 'NOSUCHCODE' }), couponTexts.unknown);
    expect(await app.db.select().from(orders).where(eq(orders.userId, buyer.user.id))).toEqual([]);
  });
});

describe('the last use of a code raced for', () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const racers = serverUrl ? 100 : 10;
  let raceApp: FastifyInstance | undefined;
  let dropScratch: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await raceApp?.close();
    await dropScratch?.();
  });

  it(`gives it to exactly one of ${racers} buyers; the rest are refused as used up`, { timeout: 120_000 }, async () => {
    if (serverUrl) {
      // A pool of its own, wide enough that the invoices really run at the same time.
      const scratch = await createScratchDatabase(serverUrl);
      dropScratch = scratch.drop;
      raceApp = await buildTestApp({ rateLimits: relaxedRateLimits, database: { kind: 'postgres', url: scratch.url, poolSize: 20 } });
    }
    const on = raceApp ?? app;
    const res = await on.inject({ method: 'POST', url: '/api/admin/coupons', headers: await anAdminHeader(on), payload: couponBody({ totalLimit: 1 }) });
    const { code } = res.json().coupon;
    const flower = await aProduct(on.db, { sellingPricePaise: 100_000, stock: racers });
    const buyers = await Promise.all(Array.from({ length: racers }, () => aBuyer(on, flower, 1)));
    const replies = await Promise.all(buyers.map((buyer) => checkout(on, buyer, { addressId: buyer.addressId, couponCode: code })));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const reply of replies.filter((r) => r.statusCode !== 200)) {
      expect(reply.json()).toEqual({ code: 'COUPON_REFUSED', message: couponTexts.usedUp });
    }
  });
});
