import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { cartMessages, cartTexts } from '../../domain/cart';
import { carts, guestSessions, products } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { aUser, relaxedRateLimits, signedInAs } from './helpers/auth';
import { aGuest, addToBag, addUnits, asGuest, bagOf, quantities } from './helpers/cart';
import type { TestGuest } from './helpers/cart';
import { aCategory, aProduct, aSubCategory } from './helpers/factories';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
});
afterAll(async () => {
  await app.close();
});

const textPlain = 'text/plain; charset=utf-8';

const addFor = (guest: TestGuest, productExtId: string, extra: Record<string, unknown> = {}) =>
  addToBag(app, asGuest(guest), { productExtId, sessionId: guest.sessionId, ...extra });

const updateLine = (guest: TestGuest, cartItemId: number | string, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/user/${guest.sessionId}/cart/${cartItemId}`, headers: asGuest(guest), payload: body });

const checkQuantity = (productId: string, quantity: unknown) =>
  app.inject({ method: 'POST', url: '/api/checkquantity', payload: { productId, quantity } });

async function setProduct(id: number, changes: Partial<typeof products.$inferInsert>): Promise<void> {
  await app.db.update(products).set(changes).where(eq(products.id, id));
}

describe('GET the bag', () => {
  it('is empty (200) for an owner who never added anything', async () => {
    const guest = await aGuest(app);
    expect(await bagOf(app, asGuest(guest), guest)).toEqual({ price: 0, gst: false, totalAmount: 0, totalCartItems: 0, productList: [] });
    const user = await aUser(app);
    expect((await bagOf(app, signedInAs(app, user), { userExtId: user.externalId })).productList).toEqual([]);
  });

  it("prices every line from the database in the spec's nested shape, oldest first, with the totals", async () => {
    const taxed = await aCategory(app.db, { gstRateBp: 250 });
    const rose = await aProduct(app.db, {
      subCategory: await aSubCategory(app.db, { categoryId: taxed.id }),
      mrpPaise: 149900,
      sellingPricePaise: 129950,
      stock: 7,
    });
    const lily = await aProduct(app.db, { mrpPaise: 50000, sellingPricePaise: 45000, stock: 3 });
    const guest = await aGuest(app);
    await addUnits(app, asGuest(guest), { productExtId: rose.externalId, sessionId: guest.sessionId }, 2);
    await addUnits(app, asGuest(guest), { productExtId: lily.externalId, sessionId: guest.sessionId }, 3);

    const cart = await bagOf(app, asGuest(guest), guest);
    expect(cart.productList).toEqual([
      {
        productItem: {
          id: expect.any(Number),
          price: 1299.5,
          quantity: 2,
          size: 'Standard',
          totalAmount: 2599,
          ProductDatum: { externalId: rose.externalId, itemCode: rose.itemCode, productName: rose.name, sellingPrice: 1299.5, mrp: 1499, deliveryKind: 'courier', isAddon: false },
        },
        productId: rose.externalId,
        productGst: 2.5,
        available: 7,
        isRemoved: false,
      },
      {
        productItem: {
          id: expect.any(Number),
          price: 450,
          quantity: 3,
          size: 'Standard',
          totalAmount: 1350,
          ProductDatum: { externalId: lily.externalId, itemCode: lily.itemCode, productName: lily.name, sellingPrice: 450, mrp: 500, deliveryKind: 'courier', isAddon: false },
        },
        productId: lily.externalId,
        productGst: 0,
        available: 3,
        isRemoved: false,
      },
    ]);
    expect(cart).toMatchObject({ price: 1499 * 2 + 500 * 3, totalAmount: 2599 + 1350, totalCartItems: 5, gst: true });
  });

  it('follows price changes: the bag always shows the current price', async () => {
    const product = await aProduct(app.db, { mrpPaise: 100000, sellingPricePaise: 90000 });
    const guest = await aGuest(app);
    await addUnits(app, asGuest(guest), { productExtId: product.externalId, sessionId: guest.sessionId }, 2);
    await setProduct(product.id, { sellingPricePaise: 80000 });
    const cart = await bagOf(app, asGuest(guest), guest);
    expect(cart.totalAmount).toBe(1600);
    expect(cart.productList[0]!.productItem.totalAmount).toBe(1600);
  });

  it('says gst false when no line carries a rate', async () => {
    const guest = await aGuest(app);
    const product = await aProduct(app.db, { subCategory: await aSubCategory(app.db, { categoryId: (await aCategory(app.db, { gstRateBp: null })).id }) });
    await addUnits(app, asGuest(guest), { productExtId: product.externalId, sessionId: guest.sessionId }, 1);
    expect((await bagOf(app, asGuest(guest), guest)).gst).toBe(false);
  });
});

describe('POST /api/createusercart', () => {
  it('adds one unit per call and answers the spec’s text, for guests and users', async () => {
    const product = await aProduct(app.db, { stock: 5 });
    const guest = await aGuest(app);
    const first = await addFor(guest, product.externalId);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe(textPlain);
    expect(first.body).toBe('quantity added to cart');
    expect((await addFor(guest, product.externalId)).body).toBe(cartTexts.added);
    expect(quantities(await bagOf(app, asGuest(guest), guest))).toEqual({ [product.externalId]: 2 });

    const user = await aUser(app);
    const res = await addToBag(app, signedInAs(app, user), { productExtId: product.externalId, userId: user.externalId });
    expect(res.body).toBe(cartTexts.added);
    expect(quantities(await bagOf(app, signedInAs(app, user), { userExtId: user.externalId }))).toEqual({ [product.externalId]: 1 });
  });

  it('ignores the prices the browser sends', async () => {
    const product = await aProduct(app.db, { mrpPaise: 250000, sellingPricePaise: 199900 });
    const guest = await aGuest(app);
    const res = await addFor(guest, product.externalId, { price: 1, discountedPrice: 1, totalAmount: 1, isItemRemoved: false });
    expect(res.body).toBe(cartTexts.added);
    const cart = await bagOf(app, asGuest(guest), guest);
    expect(cart).toMatchObject({ price: 2500, totalAmount: 1999 });
    expect(cart.productList[0]!.productItem).toMatchObject({ price: 1999, totalAmount: 1999 });
  });

  it('answers "maximum quantity added to cart" at 10 units, changing nothing', async () => {
    const product = await aProduct(app.db, { stock: 50 });
    const guest = await aGuest(app);
    await addUnits(app, asGuest(guest), { productExtId: product.externalId, sessionId: guest.sessionId }, 10);
    const res = await addFor(guest, product.externalId);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('maximum quantity added to cart');
    expect(quantities(await bagOf(app, asGuest(guest), guest))).toEqual({ [product.externalId]: 10 });
  });

  it('stops at the stock: the line never holds more than the shop has', async () => {
    const product = await aProduct(app.db, { stock: 2 });
    const guest = await aGuest(app);
    await addUnits(app, asGuest(guest), { productExtId: product.externalId, sessionId: guest.sessionId }, 2);
    expect((await addFor(guest, product.externalId)).body).toBe(cartTexts.maximumAdded);
    expect(quantities(await bagOf(app, asGuest(guest), guest))).toEqual({ [product.externalId]: 2 });
  });

  it('holds the limit when many adds arrive at once', async () => {
    const product = await aProduct(app.db, { stock: 4 });
    const guest = await aGuest(app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => addFor(guest, product.externalId)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((res) => res.body === cartTexts.added)).toHaveLength(4);
    const cart = await bagOf(app, asGuest(guest), guest);
    expect(cart.productList).toHaveLength(1);
    expect(cart.totalCartItems).toBe(4);
  });

  it('refuses a sold-out product with 409 OUT_OF_STOCK and the stock-limit message', async () => {
    const product = await aProduct(app.db, { stock: 0 });
    const guest = await aGuest(app);
    const res = await addFor(guest, product.externalId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: cartMessages.stockLimit, code: 'OUT_OF_STOCK' });
    expect((await bagOf(app, asGuest(guest), guest)).productList).toEqual([]);
  });

  it('refuses a removed product (409) and an unknown one (404), as JSON', async () => {
    const removed = await aProduct(app.db, { isRemoved: true });
    const guest = await aGuest(app);
    const res = await addFor(guest, removed.externalId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: cartMessages.productRemoved, code: 'CONFLICT' });

    const unknown = await addFor(guest, 'no-such-flower');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });

    const malformed = await addFor(guest, 'bad id!');
    expect(malformed.statusCode).toBe(400);
    expect((await bagOf(app, asGuest(guest), guest)).productList).toEqual([]);
  });

  it('answers 401 to a guest whose session has run out, and makes no bag for it', async () => {
    const rose = await aProduct(app.db, { stock: 5 });
    const guest = await aGuest(app);
    const ranOut = new Date(Date.now() - 60_000);
    await app.db.update(guestSessions).set({ expiresAt: ranOut }).where(eq(guestSessions.id, guest.sessionId));
    const res = await addFor(guest, rose.externalId);
    expect(res.statusCode).toBe(401);
    expect(await app.db.select().from(carts).where(eq(carts.guestSessionId, guest.sessionId))).toEqual([]);
    const [session] = await app.db.select({ expiresAt: guestSessions.expiresAt }).from(guestSessions).where(eq(guestSessions.id, guest.sessionId));
    expect(session?.expiresAt).toEqual(ranOut);
  });
});

describe('a product removed after it was put in the bag', () => {
  it('stays listed with isRemoved, and is left out of the totals and the count', async () => {
    const kept = await aProduct(app.db, { mrpPaise: 60000, sellingPricePaise: 50000 });
    const gone = await aProduct(app.db, { mrpPaise: 90000, sellingPricePaise: 80000 });
    const guest = await aGuest(app);
    await addUnits(app, asGuest(guest), { productExtId: kept.externalId, sessionId: guest.sessionId }, 1);
    await addUnits(app, asGuest(guest), { productExtId: gone.externalId, sessionId: guest.sessionId }, 2);
    await setProduct(gone.id, { isRemoved: true });

    const cart = await bagOf(app, asGuest(guest), guest);
    expect(cart.productList.map((line) => [line.productId, line.isRemoved])).toEqual([
      [kept.externalId, false],
      [gone.externalId, true],
    ]);
    expect(cart).toMatchObject({ price: 600, totalAmount: 500, totalCartItems: 1 });

    // It cannot be added to, nor its quantity raised.
    expect((await addFor(guest, gone.externalId)).statusCode).toBe(409);
    const goneLine = cart.productList[1]!.productItem.id;
    const update = await updateLine(guest, goneLine, { productId: gone.externalId, size: 'Standard', quantity: 1 });
    expect(update.body).toBe(cartTexts.insufficient);
  });
});

describe('POST /api/checkquantity', () => {
  it('answers the spec’s texts by the stock, and is public', async () => {
    const product = await aProduct(app.db, { stock: 3 });
    const enough = await checkQuantity(product.externalId, 3);
    expect(enough.statusCode).toBe(200);
    expect(enough.headers['content-type']).toBe(textPlain);
    expect(enough.body).toBe('Quantity is sufficient');
    expect((await checkQuantity(product.externalId, 4)).body).toBe('Insufficient quantity available');

    await setProduct(product.id, { isRemoved: true });
    expect((await checkQuantity(product.externalId, 1)).body).toBe(cartTexts.insufficient);
  });

  it('refuses quantities outside 1–10 and unknown products as JSON', async () => {
    const product = await aProduct(app.db);
    for (const quantity of [0, 11, 1.5, '2', null]) {
      const res = await checkQuantity(product.externalId, quantity);
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    const unknown = await checkQuantity('missing-flower', 1);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /api/user/{owner}/cart/{cartItemId}', () => {
  async function guestWithLine(stock: number, units = 1) {
    const product = await aProduct(app.db, { stock });
    const guest = await aGuest(app);
    await addUnits(app, asGuest(guest), { productExtId: product.externalId, sessionId: guest.sessionId }, units);
    const lineId = (await bagOf(app, asGuest(guest), guest)).productList[0]!.productItem.id;
    return { product, guest, lineId };
  }

  it('sets the quantity and answers "Quantity updated successfully"', async () => {
    const { product, guest, lineId } = await guestWithLine(8);
    const up = await updateLine(guest, lineId, { productId: product.externalId, size: 'Standard', quantity: 6 });
    expect(up.statusCode).toBe(200);
    expect(up.headers['content-type']).toBe(textPlain);
    expect(up.body).toBe('Quantity updated successfully');
    expect(quantities(await bagOf(app, asGuest(guest), guest))).toEqual({ [product.externalId]: 6 });
    const down = await updateLine(guest, lineId, { productId: product.externalId, size: 'Standard', quantity: 1 });
    expect(down.body).toBe(cartTexts.updated);
    expect(quantities(await bagOf(app, asGuest(guest), guest))).toEqual({ [product.externalId]: 1 });
  });

  it('works for a signed-in user by their external id', async () => {
    const product = await aProduct(app.db, { stock: 9 });
    const user = await aUser(app);
    await addUnits(app, signedInAs(app, user), { productExtId: product.externalId, userId: user.externalId }, 1);
    const lineId = (await bagOf(app, signedInAs(app, user), { userExtId: user.externalId })).productList[0]!.productItem.id;
    const res = await app.inject({
      method: 'POST',
      url: `/api/user/${user.externalId}/cart/${lineId}`,
      headers: signedInAs(app, user),
      payload: { productId: product.externalId, size: 'Standard', quantity: 9 },
    });
    expect(res.body).toBe(cartTexts.updated);
    expect((await bagOf(app, signedInAs(app, user), { userExtId: user.externalId })).totalCartItems).toBe(9);
  });

  it('refuses more than the stock with "Insufficient quantity available", changing nothing', async () => {
    const { product, guest, lineId } = await guestWithLine(3, 2);
    const res = await updateLine(guest, lineId, { productId: product.externalId, size: 'Standard', quantity: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('Insufficient quantity available');
    expect(quantities(await bagOf(app, asGuest(guest), guest))).toEqual({ [product.externalId]: 2 });
  });

  it('refuses quantities 0 and 11 (and non-integers) with 400 JSON', async () => {
    const { product, guest, lineId } = await guestWithLine(20);
    for (const quantity of [0, 11, 2.5, -1]) {
      const res = await updateLine(guest, lineId, { productId: product.externalId, size: 'Standard', quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json()).toEqual({ message: 'Quantity must be a whole number from 1 to 10', code: 'BAD_REQUEST' });
    }
    expect(quantities(await bagOf(app, asGuest(guest), guest))).toEqual({ [product.externalId]: 1 });
  });

  it('answers 404 for a line that is not in the bag or a product that does not match it', async () => {
    const { product, guest, lineId } = await guestWithLine(5);
    const other = await aProduct(app.db);
    const missing = await updateLine(guest, lineId + 100000, { productId: product.externalId, size: 'Standard', quantity: 2 });
    expect(missing.statusCode).toBe(404);
    const mismatch = await updateLine(guest, lineId, { productId: other.externalId, size: 'Standard', quantity: 2 });
    expect(mismatch.statusCode).toBe(404);
    expect(mismatch.json()).toEqual({ message: 'This item is not in your bag.', code: 'NOT_FOUND' });
    const badId = await updateLine(guest, 'abc', { productId: product.externalId, size: 'Standard', quantity: 2 });
    expect(badId.statusCode).toBe(400);
  });

  it('refuses a cart item id beyond the database ids with 400 JSON, not a 500 (found by the fuzz run)', async () => {
    const { product, guest } = await guestWithLine(5);
    for (const id of ['2147483648', '9007199254740991', '1e12']) {
      const res = await updateLine(guest, id, { productId: product.externalId, size: 'Standard', quantity: 2 });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid cart item id', code: 'BAD_REQUEST' });
    }
  });
});

describe('POST /api/removecartitem', () => {
  it('takes the product out of the bag, and removing it again is still 200', async () => {
    const keep = await aProduct(app.db);
    const drop = await aProduct(app.db);
    const guest = await aGuest(app);
    await addUnits(app, asGuest(guest), { productExtId: keep.externalId, sessionId: guest.sessionId }, 1);
    await addUnits(app, asGuest(guest), { productExtId: drop.externalId, sessionId: guest.sessionId }, 3);
    const payload = { productId: drop.externalId, userExtId: null, guestSessionId: guest.sessionId };
    for (let i = 0; i < 2; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/api/removecartitem', headers: asGuest(guest), payload });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: cartMessages.removedFromCart });
    }
    expect(quantities(await bagOf(app, asGuest(guest), guest))).toEqual({ [keep.externalId]: 1 });
  });

  it("removes from a signed-in user's bag by userExtId", async () => {
    const product = await aProduct(app.db);
    const user = await aUser(app);
    await addUnits(app, signedInAs(app, user), { productExtId: product.externalId, userId: user.externalId }, 2);
    const res = await app.inject({
      method: 'POST',
      url: '/api/removecartitem',
      headers: signedInAs(app, user),
      payload: { productId: product.externalId, userExtId: user.externalId, guestSessionId: null },
    });
    expect(res.statusCode).toBe(200);
    expect((await bagOf(app, signedInAs(app, user), { userExtId: user.externalId })).productList).toEqual([]);
  });
});
