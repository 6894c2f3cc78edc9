import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { defaultRateLimits } from '../../server/config';
import { guestSessions } from '../../server/db/schema';
import { verifyAccessToken } from '../../server/modules/auth/access-token';
import { buildTestApp } from './helpers/app';
import { refreshCookieOf, relaxedRateLimits } from './helpers/auth';
import { aGuest, asGuest, bagOf } from './helpers/cart';
import { aProduct } from './helpers/factories';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/getSessionId', () => {
  it('starts a guest session: an unguessable id, a guest access token and the HttpOnly refresh cookie', async () => {
    const before = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/getSessionId' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ sessionId: string; accessToken: string }>();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'sessionId']);
    // ≥ 22 base64url characters = ≥ 128 random bits.
    expect(body.sessionId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(verifyAccessToken(body.accessToken, app.config.jwtSecret)).toEqual({ kind: 'guest', sub: body.sessionId });

    const cookie = refreshCookieOf(res)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/', 'max-age': '86400' });

    const [row] = await app.db.select().from(guestSessions).where(eq(guestSessions.id, body.sessionId));
    const thirtyDays = 30 * 24 * 60 * 60 * 1000;
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + thirtyDays - 1000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + thirtyDays + 1000);
    expect(row!.userId).toBeNull();
  });

  it('never hands out the same id twice', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 40; i += 1) ids.add((await aGuest(app)).sessionId);
    expect(ids.size).toBe(40);
  });

  it('removes expired sessions, with their bags, when new ones are made', async () => {
    const old = await aGuest(app);
    await app.db.update(guestSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(guestSessions.id, old.sessionId));
    await aGuest(app);
    expect(await app.db.select().from(guestSessions).where(eq(guestSessions.id, old.sessionId))).toEqual([]);
  });
});

describe('POST /api/refresh with a guest session', () => {
  it('rotates the guest refresh token and gives a new guest access token that still opens the bag', async () => {
    const guest = await aGuest(app);
    const product = await aProduct(app.db);
    await app.inject({
      method: 'POST',
      url: '/api/createusercart',
      headers: asGuest(guest),
      payload: { productExtId: product.externalId, sessionId: guest.sessionId },
    });

    const res = await app.inject({ method: 'POST', url: '/api/refresh', cookies: { refreshToken: guest.refreshToken } });
    expect(res.statusCode).toBe(200);
    const { message, authorization } = res.json<{ message: string; authorization: string }>();
    expect(message).toBe('Token regenerated successfully.');
    expect(verifyAccessToken(authorization, app.config.jwtSecret)).toEqual({ kind: 'guest', sub: guest.sessionId });
    const rotated = refreshCookieOf(res)!.value;
    expect(rotated).not.toBe(guest.refreshToken);

    const cart = await bagOf(app, { authorization }, { sessionId: guest.sessionId });
    expect(cart.totalCartItems).toBe(1);

    // The old one was used: presenting it again revokes the family, the new one included.
    const replay = await app.inject({ method: 'POST', url: '/api/refresh', cookies: { refreshToken: guest.refreshToken } });
    expect(replay.statusCode).toBe(401);
    const after = await app.inject({ method: 'POST', url: '/api/refresh', cookies: { refreshToken: rotated } });
    expect(after.statusCode).toBe(401);
  });
});

describe('rate limit', () => {
  it('refuses more new sessions than the per-address limit with 429 JSON', async () => {
    const limited = await buildTestApp({ rateLimits: { ...defaultRateLimits, guestSessionPerIpPerMinute: 3 } });
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await limited.inject({ method: 'GET', url: '/api/getSessionId' })).statusCode).toBe(200);
      }
      const refused = await limited.inject({ method: 'GET', url: '/api/getSessionId' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many requests/), code: 'TOO_MANY_REQUESTS' });
      expect(refreshCookieOf(refused)).toBeUndefined();
      // Another address is not held back.
      const elsewhere = await limited.inject({ method: 'GET', url: '/api/getSessionId', remoteAddress: '10.0.0.7' });
      expect(elsewhere.statusCode).toBe(200);
      expect(await limited.db.select().from(guestSessions)).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });
});
