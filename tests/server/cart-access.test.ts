import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './helpers/app';
import { aUser, relaxedRateLimits, signedInAs } from './helpers/auth';
import { aGuest, addToBag, addUnits, asGuest, bagOf } from './helpers/cart';
import type { TestGuest } from './helpers/cart';
import { aProduct } from './helpers/factories';
import type { ProductRow } from './helpers/factories';

let app: FastifyInstance;
let product: ProductRow;

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
  product = await aProduct(app.db, { stock: 10 });
});
afterAll(async () => {
  await app.close();
});

const forbidden = { message: expect.any(String), code: 'FORBIDDEN' };
const unauthorized = { message: expect.any(String), code: 'UNAUTHORIZED' };

/** A guest with one unit of `product` in the bag. */
async function guestWithBag(): Promise<TestGuest> {
  const guest = await aGuest(app);
  await addUnits(app, asGuest(guest), { productExtId: product.externalId, sessionId: guest.sessionId }, 1);
  return guest;
}

describe('a guest bag', () => {
  it('opens only with that guest session’s token', async () => {
    const owner = await guestWithBag();
    const other = await aGuest(app);
    const user = await aUser(app);
    const url = `/api/guest/${owner.sessionId}/cart`;

    expect((await bagOf(app, asGuest(owner), owner)).totalCartItems).toBe(1);

    const anonymous = await app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual(unauthorized);

    const badToken = await app.inject({ method: 'GET', url, headers: { authorization: 'not-a-token' } });
    expect(badToken.statusCode).toBe(401);

    const anotherSession = await app.inject({ method: 'GET', url, headers: asGuest(other) });
    expect(anotherSession.statusCode).toBe(403);
    expect(anotherSession.json()).toEqual(forbidden);

    const aUsersToken = await app.inject({ method: 'GET', url, headers: signedInAs(app, user) });
    expect(aUsersToken.statusCode).toBe(403);
  });

  it('cannot be added to, changed or emptied with another session’s token', async () => {
    const owner = await guestWithBag();
    const other = await aGuest(app);
    const lineId = (await bagOf(app, asGuest(owner), owner)).productList[0]!.productItem.id;

    const add = await addToBag(app, asGuest(other), { productExtId: product.externalId, sessionId: owner.sessionId });
    expect(add.statusCode).toBe(403);

    const update = await app.inject({
      method: 'POST',
      url: `/api/user/${owner.sessionId}/cart/${lineId}`,
      headers: asGuest(other),
      payload: { productId: product.externalId, size: 'Standard', quantity: 5 },
    });
    expect(update.statusCode).toBe(403);

    // Its own id in the path, someone else's line id: not in that bag.
    const foreignLine = await app.inject({
      method: 'POST',
      url: `/api/user/${other.sessionId}/cart/${lineId}`,
      headers: asGuest(other),
      payload: { productId: product.externalId, size: 'Standard', quantity: 5 },
    });
    expect(foreignLine.statusCode).toBe(404);
    expect(foreignLine.json()).toMatchObject({ code: 'NOT_FOUND' });

    const remove = await app.inject({
      method: 'POST',
      url: '/api/removecartitem',
      headers: asGuest(other),
      payload: { productId: product.externalId, userExtId: null, guestSessionId: owner.sessionId },
    });
    expect(remove.statusCode).toBe(403);

    const cart = await bagOf(app, asGuest(owner), owner);
    expect(cart.productList.map((line) => line.productItem.quantity)).toEqual([1]);
  });
});

describe("a user's bag", () => {
  it('opens only for that user: 401 anonymous, 403 for another user, a guest or an admin', async () => {
    const owner = await aUser(app);
    const other = await aUser(app);
    const admin = await aUser(app, { role: 'admin' });
    const guest = await aGuest(app);
    await addUnits(app, signedInAs(app, owner), { productExtId: product.externalId, userId: owner.externalId }, 2);
    const url = `/api/user/${owner.externalId}/cart`;

    expect((await bagOf(app, signedInAs(app, owner), { userExtId: owner.externalId })).totalCartItems).toBe(2);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const headers of [signedInAs(app, other), signedInAs(app, admin), asGuest(guest)]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }

    const add = await addToBag(app, asGuest(guest), { productExtId: product.externalId, userId: owner.externalId });
    expect(add.statusCode).toBe(403);
    const anonymousAdd = await addToBag(app, {}, { productExtId: product.externalId, userId: owner.externalId });
    expect(anonymousAdd.statusCode).toBe(401);
  });

  it('refuses a malformed owner before anything else: 403 for a caller, 401 for nobody', async () => {
    const user = await aUser(app);
    const res = await app.inject({ method: 'GET', url: '/api/user/..%2F..%2Fetc/cart', headers: signedInAs(app, user) });
    expect(res.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: '/api/guest/x/cart' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a body that names no owner, or both', () => {
  it('is a 400 JSON for a caller', async () => {
    const guest = await aGuest(app);
    const neither = await addToBag(app, asGuest(guest), { productExtId: product.externalId });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({ message: 'Send either userId (signed in) or sessionId (guest).', code: 'BAD_REQUEST' });
  });
});
