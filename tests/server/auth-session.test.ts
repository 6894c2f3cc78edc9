import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { authMessages } from '../../domain/auth';
import { verifyAccessToken } from '../../server/modules/auth/access-token';
import { refreshTokens } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { aUser, refreshCookieOf, relaxedRateLimits } from './helpers/auth';
import type { TestUser } from './helpers/auth';

let app: FastifyInstance;

const signIn = (user: Pick<TestUser, 'email'> & { password: string | null }) =>
  app.inject({ method: 'POST', url: '/api/loginapi', payload: { email: user.email, password: user.password } });
const refresh = (token: string) => app.inject({ method: 'POST', url: '/api/refresh', cookies: { refreshToken: token } });
const logout = (token?: string) =>
  app.inject({ method: 'POST', url: '/api/logout', ...(token ? { cookies: { refreshToken: token } } : {}) });

async function sessionOf(user: TestUser): Promise<string> {
  const res = await signIn(user);
  expect(res.statusCode).toBe(200);
  return refreshCookieOf(res)!.value;
}

const sessionExpired = { message: authMessages.sessionExpired, code: 'UNAUTHORIZED' };

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/loginapi', () => {
  it('signs in with the spec fields and sets the refresh token as an HttpOnly, strict, 1-day cookie', async () => {
    const user = await aUser(app);
    const res = await signIn({ email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      message: 'Login successful',
      userExtId: user.externalId,
      userId: user.externalId,
      email: user.email,
      trueUser: false,
      authorization: expect.any(String),
    });
    expect(body).not.toHaveProperty('refreshToken');
    expect(verifyAccessToken(body.authorization, app.config.jwtSecret)).toEqual({ kind: 'user', sub: user.externalId, role: 'customer' });

    const cookie = refreshCookieOf(res)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/', 'max-age': '86400' });
    expect(cookie.attributes).not.toHaveProperty('secure');

    // Stored only as its hash.
    const stored = await app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(cookie.value);
  });

  it('says trueUser for an admin, and the token carries the admin role', async () => {
    const admin = await aUser(app, { role: 'admin' });
    const res = await signIn(admin);
    expect(res.json().trueUser).toBe(true);
    expect(verifyAccessToken(res.json().authorization, app.config.jwtSecret)).toMatchObject({ role: 'admin' });
  });

  it('answers a wrong password and an unknown e-mail with the same 401 and no cookie', async () => {
    const user = await aUser(app);
    const wrong = await signIn({ email: user.email, password: 'Wrong@123' });
    const unknown = await signIn({ email: 'nobody@example.in', password: 'Wrong@123' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: authMessages.signInFailed, code: 'UNAUTHORIZED' });
      expect(refreshCookieOf(res)).toBeUndefined();
    }
  });

  it('refuses an account without a password (a guest buyer) like a wrong password', async () => {
    const guest = await aUser(app, { password: null });
    const res = await signIn({ email: guest.email, password: 'Flower@1' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses the right password while the e-mail is not verified, with 403 EMAIL_NOT_VERIFIED', async () => {
    const user = await aUser(app, { verified: false });
    const res = await signIn(user);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: authMessages.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' });
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('refuses an empty body with the spec message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/loginapi', payload: { email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: authMessages.emailRequired, code: 'BAD_REQUEST' });
  });
});

describe('POST /api/refresh', () => {
  it('rotates: a new access token and a new cookie; the new token works next time', async () => {
    const user = await aUser(app);
    const first = await sessionOf(user);
    const res = await refresh(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Token regenerated successfully.', authorization: expect.any(String) });
    expect(verifyAccessToken(res.json().authorization, app.config.jwtSecret)).toMatchObject({ sub: user.externalId });
    const second = refreshCookieOf(res)!;
    expect(second.value).not.toBe(first);
    expect(second.attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/', 'max-age': '86400' });
    expect((await refresh(second.value)).statusCode).toBe(200);
  });

  it('refuses a reused refresh token and revokes its family: the newer token stops working too', async () => {
    const user = await aUser(app);
    const first = await sessionOf(user);
    const second = refreshCookieOf(await refresh(first))!.value;

    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(sessionExpired);

    const afterReplay = await refresh(second);
    expect(afterReplay.statusCode).toBe(401);
    expect(afterReplay.json()).toEqual(sessionExpired);
  });

  it('leaves other sign-ins of the same user alone when one family is revoked', async () => {
    const user = await aUser(app);
    const phone = await sessionOf(user);
    const laptop = await sessionOf(user);
    await refresh(phone);
    await refresh(phone); // replay: the phone's family is revoked
    expect((await refresh(laptop)).statusCode).toBe(200);
  });

  it('accepts the token from the authorization header, as the spec client sends it', async () => {
    const user = await aUser(app);
    const token = await sessionOf(user);
    const res = await app.inject({ method: 'POST', url: '/api/refresh', headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an unknown, a missing and an expired token with 401 and clears the cookie', async () => {
    const user = await aUser(app);
    const expiring = await sessionOf(user);
    await app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.id));

    const answers = [
      await refresh('x'.repeat(43)),
      await app.inject({ method: 'POST', url: '/api/refresh' }),
      await refresh(expiring),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(sessionExpired);
      const cleared = refreshCookieOf(res)!;
      expect(cleared.value).toBe('');
      expect(cleared.attributes).toMatchObject({ path: '/', 'max-age': '0' });
    }
  });
});

describe('POST /api/logout', () => {
  it('revokes the session and expires the cookie; refreshing afterwards is refused', async () => {
    const user = await aUser(app);
    const token = await sessionOf(user);
    const res = await logout(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.loggedOut });
    const cleared = refreshCookieOf(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toMatchObject({ path: '/', 'max-age': '0', httponly: true, samesite: 'Strict' });
    expect(cleared.attributes.expires).toBe('Thu, 01 Jan 1970 00:00:00 GMT');

    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('revokes the rotated tokens of the same sign-in too', async () => {
    const user = await aUser(app);
    const first = await sessionOf(user);
    const second = refreshCookieOf(await refresh(first))!.value;
    await logout(first);
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('reads the refreshToken header when there is no cookie', async () => {
    const user = await aUser(app);
    const token = await sessionOf(user);
    const res = await app.inject({ method: 'POST', url: '/api/logout', headers: { refreshtoken: token } });
    expect(res.statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('answers 200 without any session (idempotent)', async () => {
    const res = await logout();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.loggedOut });
    expect((await logout('not-a-token-we-ever-issued')).statusCode).toBe(200);
  });
});

describe('the refresh cookie over https', () => {
  it('is Secure when PUBLIC_BASE_URL is https', async () => {
    const secureApp = await buildTestApp({ publicBaseUrl: 'https://shop.example.in', rateLimits: relaxedRateLimits });
    try {
      const user = await aUser(secureApp);
      const res = await secureApp.inject({
        method: 'POST',
        url: '/api/loginapi',
        payload: { email: user.email, password: user.password },
      });
      expect(refreshCookieOf(res)!.attributes.secure).toBe(true);
    } finally {
      await secureApp.close();
    }
  });
});
