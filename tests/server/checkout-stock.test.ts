import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { products } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { aUser, relaxedRateLimits, signedInAs } from './helpers/auth';
import { aGuest, addUnits, asGuest } from './helpers/cart';
import { aProduct } from './helpers/factories';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
});
afterAll(async () => {
  await app.close();
});

const checkQuantityList = (headers: Record<string, string>, products: unknown[] = []) =>
  app.inject({ method: 'POST', url: '/api/checkquantitylist', headers, payload: { products } });

async function setProduct(id: number, changes: Partial<typeof products.$inferInsert>): Promise<void> {
  await app.db.update(products).set(changes).where(eq(products.id, id));
}

describe('POST checkquantitylist', () => {
  it("lists nothing when the caller's bag is within stock", async () => {
    const guest = await aGuest(app);
    const rose = await aProduct(app.db, { stock: 3 });
    await addUnits(app, asGuest(guest), { productExtId: rose.externalId, sessionId: guest.sessionId }, 3);
    const res = await checkQuantityList(asGuest(guest));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ outOfStock: [] });
  });

  it('lists lines whose quantity now exceeds the stock, and removed products with 0 left', async () => {
    const guest = await aGuest(app);
    const rose = await aProduct(app.db, { name: 'Red Rose Bunch', stock: 5 });
    const lily = await aProduct(app.db, { name: 'White Lily', stock: 5 });
    const orchid = await aProduct(app.db, { name: 'Orchid Pot', stock: 5 });
    const body = { sessionId: guest.sessionId };
    await addUnits(app, asGuest(guest), { ...body, productExtId: rose.externalId }, 4);
    await addUnits(app, asGuest(guest), { ...body, productExtId: lily.externalId }, 2);
    await addUnits(app, asGuest(guest), { ...body, productExtId: orchid.externalId }, 1);
    await setProduct(rose.id, { stock: 2 });
    await setProduct(orchid.id, { isRemoved: true });

    const res = await checkQuantityList(asGuest(guest));
    expect(res.json()).toEqual({
      outOfStock: [
        { product_name: 'Red Rose Bunch', product_size: 'Standard', Product_available: 2 },
        { product_name: 'Orchid Pot', product_size: 'Standard', Product_available: 0 },
      ],
    });
  });

  it("checks the signed-in user's own stored bag, ignoring the quantities the body claims", async () => {
    const user = await aUser(app);
    const rose = await aProduct(app.db, { name: 'Yellow Rose', stock: 4 });
    await addUnits(app, signedInAs(app, user), { productExtId: rose.externalId, userId: user.externalId }, 3);
    await setProduct(rose.id, { stock: 1 });

    const claimed = [{ productId: rose.externalId, quantity: 1, productItem: { quantity: 1 } }];
    const res = await checkQuantityList(signedInAs(app, user), claimed);
    expect(res.json()).toEqual({
      outOfStock: [{ product_name: 'Yellow Rose', product_size: 'Standard', Product_available: 1 }],
    });
  });

  it("never reports on someone else's bag", async () => {
    const owner = await aGuest(app);
    const other = await aGuest(app);
    const rose = await aProduct(app.db, { stock: 2 });
    await addUnits(app, asGuest(owner), { productExtId: rose.externalId, sessionId: owner.sessionId }, 2);
    await setProduct(rose.id, { stock: 0 });
    expect((await checkQuantityList(asGuest(owner))).json().outOfStock).toHaveLength(1);
    expect((await checkQuantityList(asGuest(other))).json()).toEqual({ outOfStock: [] });
  });

  it('refuses an anonymous caller with 401 and a malformed body with 400', async () => {
    expect((await checkQuantityList({})).statusCode).toBe(401);
    const guest = await aGuest(app);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/checkquantitylist',
      headers: asGuest(guest),
      payload: { products: 'everything' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
