import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { guestSessions, products } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { aUser, relaxedRateLimits, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';
import { aGuest, addUnits, asGuest, bagOf, quantities } from './helpers/cart';
import type { TestGuest } from './helpers/cart';
import { aProduct } from './helpers/factories';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
});
afterAll(async () => {
  await app.close();
});

const merge = (user: TestUser, sessionId: string, headers = signedInAs(app, user)) =>
  app.inject({ method: 'POST', url: '/api/syncGuestLoggedInCart', headers, payload: { sessionId, userExtId: user.externalId } });

const guestAdds = (guest: TestGuest, productExtId: string, units: number) =>
  addUnits(app, asGuest(guest), { productExtId, sessionId: guest.sessionId }, units);
const userAdds = (user: TestUser, productExtId: string, units: number) =>
  addUnits(app, signedInAs(app, user), { productExtId, userId: user.externalId }, units);
const userBag = (user: TestUser) => bagOf(app, signedInAs(app, user), { userExtId: user.externalId });

describe('POST /api/syncGuestLoggedInCart', () => {
  it('adds the guest lines to the account, capped at 10 and at stock, empties the guest bag, and is idempotent', async () => {
    const shared = await aProduct(app.db, { stock: 50 }); // 6 + 7 → capped at 10
    const scarce = await aProduct(app.db, { stock: 5 }); // 3 + 4 → capped at the stock, 5
    const guestOnly = await aProduct(app.db, { stock: 9 });
    const userOnly = await aProduct(app.db, { stock: 9 });
    const small = await aProduct(app.db, { stock: 9 }); // 1 + 2 → 3
    const guest = await aGuest(app);
    const user = await aUser(app);
    await userAdds(user, shared.externalId, 6);
    await userAdds(user, scarce.externalId, 3);
    await userAdds(user, userOnly.externalId, 2);
    await userAdds(user, small.externalId, 1);
    await guestAdds(guest, shared.externalId, 7);
    await guestAdds(guest, scarce.externalId, 4);
    await guestAdds(guest, guestOnly.externalId, 2);
    await guestAdds(guest, small.externalId, 2);

    const res = await merge(user, guest.sessionId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Bag merged' });

    const expected = {
      [shared.externalId]: 10,
      [scarce.externalId]: 5,
      [userOnly.externalId]: 2,
      [small.externalId]: 3,
      [guestOnly.externalId]: 2,
    };
    const merged = await userBag(user);
    expect(quantities(merged)).toEqual(expected);
    expect(merged.totalCartItems).toBe(22);
    // The user's own lines keep their place; lines new to the account come after them.
    expect(merged.productList.at(-1)!.productId).toBe(guestOnly.externalId);
    expect((await bagOf(app, asGuest(guest), guest)).productList).toEqual([]);

    const again = await merge(user, guest.sessionId);
    expect(again.statusCode).toBe(200);
    expect(quantities(await userBag(user))).toEqual(expected);

    const [session] = await app.db.select().from(guestSessions).where(eq(guestSessions.id, guest.sessionId));
    expect(session!.userId).toBe(user.id);
  });

  it('drops removed and sold-out products, and never lowers a line the account already had', async () => {
    const removed = await aProduct(app.db, { stock: 5 });
    const soldOut = await aProduct(app.db, { stock: 5 });
    const shrunk = await aProduct(app.db, { stock: 10 });
    const guest = await aGuest(app);
    const user = await aUser(app);
    await guestAdds(guest, removed.externalId, 2);
    await guestAdds(guest, soldOut.externalId, 1);
    await guestAdds(guest, shrunk.externalId, 1);
    await userAdds(user, shrunk.externalId, 6);
    await app.db.update(products).set({ isRemoved: true }).where(eq(products.id, removed.id));
    await app.db.update(products).set({ stock: 0 }).where(eq(products.id, soldOut.id));
    await app.db.update(products).set({ stock: 4 }).where(eq(products.id, shrunk.id));

    expect((await merge(user, guest.sessionId)).statusCode).toBe(200);
    expect(quantities(await userBag(user))).toEqual({ [shrunk.externalId]: 6 });
    expect((await bagOf(app, asGuest(guest), guest)).productList).toEqual([]);
  });

  it('gives a user who had no bag yet the guest bag as it was', async () => {
    const product = await aProduct(app.db, { stock: 10 });
    const guest = await aGuest(app);
    const user = await aUser(app);
    await guestAdds(guest, product.externalId, 3);
    expect((await merge(user, guest.sessionId)).statusCode).toBe(200);
    expect(quantities(await userBag(user))).toEqual({ [product.externalId]: 3 });
  });

  it('merges nothing, with 200, for an unknown or expired session id', async () => {
    const product = await aProduct(app.db, { stock: 10 });
    const user = await aUser(app);
    await userAdds(user, product.externalId, 1);

    const unknown = await merge(user, 'A'.repeat(24));
    expect(unknown.statusCode).toBe(200);

    const expired = await aGuest(app);
    await guestAdds(expired, product.externalId, 4);
    await app.db.update(guestSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(guestSessions.id, expired.sessionId));
    expect((await merge(user, expired.sessionId)).statusCode).toBe(200);

    expect(quantities(await userBag(user))).toEqual({ [product.externalId]: 1 });
  });

  it('is only for the signed-in user it names: 401 anonymous or guest, 403 another user', async () => {
    const product = await aProduct(app.db, { stock: 10 });
    const guest = await aGuest(app);
    await guestAdds(guest, product.externalId, 2);
    const user = await aUser(app);
    const other = await aUser(app);

    expect((await merge(user, guest.sessionId, {} as { authorization: string })).statusCode).toBe(401);
    expect((await merge(user, guest.sessionId, asGuest(guest))).statusCode).toBe(401);
    const forbidden = await merge(user, guest.sessionId, signedInAs(app, other));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(quantities(await bagOf(app, asGuest(guest), guest))).toEqual({ [product.externalId]: 2 });

    const malformed = await merge(user, 'short');
    expect(malformed.statusCode).toBe(400);
  });

  it('merges once when the browser sends the sync twice at the same moment', async () => {
    const product = await aProduct(app.db, { stock: 10 });
    const guest = await aGuest(app);
    const user = await aUser(app);
    await guestAdds(guest, product.externalId, 3);
    const [a, b] = await Promise.all([merge(user, guest.sessionId), merge(user, guest.sessionId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(quantities(await userBag(user))).toEqual({ [product.externalId]: 3 });
  });
});
