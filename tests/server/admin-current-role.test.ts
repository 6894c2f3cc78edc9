/**
 * An admin's access token says "admin" for up to 15 minutes, but admin endpoints go by the account as it is now: an
 * admin demoted since is refused at once (403) and a deleted one is no session at all (401), before any body is read.
 */
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, users } from '../../server/db/schema';
import { verifyAccessToken } from '../../server/modules/auth/access-token';
import { buildTestApp } from './helpers/app';
import { aUser, relaxedRateLimits, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
});
afterAll(async () => {
  await app.close();
});

const asAdmin = (user: TestUser) => signedInAs(app, { externalId: user.externalId, role: 'admin' });
const categoryCount = async () => (await app.db.select({ n: count() }).from(categories))[0]!.n;

/** One read and one write of each admin area, with the given token. */
async function adminCalls(headers: Record<string, string>): Promise<number[]> {
  const statuses: number[] = [];
  for (const url of ['/api/flowercategorylist', '/api/users/purchases/list', '/api/getuserneverpurchase']) {
    statuses.push((await app.inject({ method: 'GET', url, headers })).statusCode);
  }
  const created = await app.inject({
    method: 'POST',
    url: '/api/createflowercategory',
    headers,
    payload: { categoryName: `Role Check ${Date.now()}`, categoryDescription: 'd' },
  });
  statuses.push(created.statusCode);
  return statuses;
}

describe('admin endpoints read the current role', () => {
  it('serve an admin who is still one', async () => {
    const admin = await aUser(app, { role: 'admin', password: null });
    expect(await adminCalls(asAdmin(admin))).toEqual([200, 200, 200, 200]);
  });

  it('refuse an admin demoted since the token was signed, with 403, and write nothing', async () => {
    const admin = await aUser(app, { role: 'admin', password: null });
    const token = asAdmin(admin);
    await app.db.update(users).set({ role: 'customer' }).where(eq(users.id, admin.id));
    const before = await categoryCount();

    expect(await adminCalls(token)).toEqual([403, 403, 403, 403]);
    const refused = await app.inject({ method: 'GET', url: '/api/flowercategorylist', headers: token });
    expect(refused.json()).toEqual({ message: "Sorry, you don't have access to this.", code: 'FORBIDDEN' });
    expect(await categoryCount()).toBe(before);
  });

  it('refuse a deleted admin with 401, so that the browser tries a refresh and signs in again', async () => {
    const admin = await aUser(app, { role: 'admin', password: null });
    const token = asAdmin(admin);
    await app.db.delete(users).where(eq(users.id, admin.id));
    expect(await adminCalls(token)).toEqual([401, 401, 401, 401]);
  });

  it("hand a demoted admin's next refresh a customer token", async () => {
    const admin = await aUser(app, { role: 'admin' });
    const signedIn = await app.inject({ method: 'POST', url: '/api/loginapi', payload: { email: admin.email, password: admin.password } });
    expect(signedIn.json()).toMatchObject({ trueUser: true });
    await app.db.update(users).set({ role: 'customer' }).where(eq(users.id, admin.id));
    const refreshToken = signedIn.cookies.find((c) => c.name === 'refreshToken')!.value;
    const refreshed = await app.inject({ method: 'POST', url: '/api/refresh', cookies: { refreshToken } });
    expect(verifyAccessToken(refreshed.json<{ authorization: string }>().authorization, app.config.jwtSecret)).toMatchObject({ role: 'customer' });
  });
});
