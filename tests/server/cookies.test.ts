/**
 * Every cookie the server sets (the refresh token of customers, admins and guests, its expiry at logout and after a
 * refused refresh, the sign-up proof) is HttpOnly and SameSite=Strict, and Secure exactly when the shop is reached
 * over HTTPS: an https:// PUBLIC_BASE_URL, or a trusted proxy's X-Forwarded-Proto. On plain http:// it is not Secure,
 * or the browser would drop it.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { buildTestApp } from './helpers/app';
import { aUser, defaultTestPassword, latestOtp, relaxedRateLimits, setCookiesOf, signUpProofOf } from './helpers/auth';

interface SeenCookie {
  step: string;
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

/**
 * Goes through every call that sets a cookie and returns each Set-Cookie with the step that sent it. `headers` go on
 * every request (a proxy's X-Forwarded-Proto).
 */
async function everyCookieSet(app: FastifyInstance, headers: Record<string, string> = {}): Promise<SeenCookie[]> {
  const seen: SeenCookie[] = [];
  const call = async (step: string, options: InjectOptions & { url: string }) => {
    const res = await app.inject({ ...options, headers: { ...headers, ...options.headers } });
    expect(res.statusCode, `${step}: ${res.body}`).toBeLessThan(500);
    for (const cookie of setCookiesOf(res)) seen.push({ step, ...cookie });
    return res;
  };

  const email = `cookie-${Date.now()}-${Math.random().toString(36).slice(2)}@example.in`;
  await call('createuser', { method: 'POST', url: '/api/createuser', payload: { firstName: 'Meera', lastName: 'Iyer', email, mobileNumber: '9123456780' } });
  const verified = await call('verifyotp', { method: 'POST', url: '/api/verifyotp', payload: { email, otp: await latestOtp(app, email) } });
  await call('createpassword', { method: 'POST', url: '/api/createpassword', payload: { email, password: 'Flower@1' }, cookies: signUpProofOf(verified) });

  const customer = await call('loginapi (customer)', { method: 'POST', url: '/api/loginapi', payload: { email, password: 'Flower@1' } });
  const admin = await aUser(app, { role: 'admin' });
  await call('loginapi (admin)', { method: 'POST', url: '/api/loginapi', payload: { email: admin.email, password: defaultTestPassword } });

  const refreshToken = setCookiesOf(customer).find((c) => c.name === 'refreshToken')!.value;
  const refreshed = await call('refresh', { method: 'POST', url: '/api/refresh', cookies: { refreshToken } });
  await call('refresh refused', { method: 'POST', url: '/api/refresh', cookies: { refreshToken } });
  const rotated = setCookiesOf(refreshed).find((c) => c.name === 'refreshToken')!.value;
  await call('logout', { method: 'POST', url: '/api/logout', cookies: { refreshToken: rotated } });

  await call('getSessionId (guest)', { method: 'GET', url: '/api/getSessionId' });
  return seen;
}

async function withApp<T>(overrides: Partial<Config>, run: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildTestApp({ rateLimits: relaxedRateLimits, ...overrides });
  try {
    return await run(app);
  } finally {
    await app.close();
  }
}

/** What each step must set: one line per cookie, "step: name" (cleared cookies included). */
const expectedSteps = [
  'verifyotp: signUpProof',
  'createpassword: signUpProof',
  'loginapi (customer): refreshToken',
  'loginapi (admin): refreshToken',
  'refresh: refreshToken',
  'refresh refused: refreshToken',
  'logout: refreshToken',
  'getSessionId (guest): refreshToken',
];

function expectCookies(seen: SeenCookie[], secure: boolean): void {
  expect(seen.map((c) => `${c.step}: ${c.name}`)).toEqual(expectedSteps);
  for (const cookie of seen) {
    const where = `${cookie.step} ${cookie.name}`;
    expect(cookie.attributes.httponly, where).toBe(true);
    expect(cookie.attributes.samesite, where).toBe('Strict');
    expect(cookie.attributes.path, where).toBe(cookie.name === 'signUpProof' ? '/api/createpassword' : '/');
    expect(cookie.attributes.secure === true, where).toBe(secure);
  }
  // The ones that end a session or a proof expire the cookie; the others last as long as what they carry.
  const cleared = seen.filter((c) => c.value === '').map((c) => c.step);
  expect(cleared).toEqual(['createpassword', 'refresh refused', 'logout']);
  for (const cookie of seen.filter((c) => c.value !== '')) {
    expect(cookie.attributes['max-age'], `${cookie.step} ${cookie.name}`).toBe(cookie.name === 'refreshToken' ? '86400' : '1800');
  }
}

// Each test builds its own app and hashes a few passwords: slow on a busy machine, never a timing assertion.
describe('cookies', { timeout: 120_000 }, () => {
  it('are HttpOnly, SameSite=Strict and not Secure on plain http://localhost', async () => {
    await withApp({ publicBaseUrl: 'http://localhost:3000' }, async (app) => expectCookies(await everyCookieSet(app), false));
  });

  it('are Secure when PUBLIC_BASE_URL is https://', async () => {
    await withApp({ publicBaseUrl: 'https://shop.example.in' }, async (app) => expectCookies(await everyCookieSet(app), true));
  });

  it('are Secure behind a trusted proxy that says the request came over https', async () => {
    await withApp({ publicBaseUrl: 'http://localhost:3000', trustProxy: true }, async (app) =>
      expectCookies(await everyCookieSet(app, { 'x-forwarded-proto': 'https' }), true),
    );
  });

  it('ignore X-Forwarded-Proto when no proxy is trusted: anyone could send it', async () => {
    await withApp({ publicBaseUrl: 'http://localhost:3000', trustProxy: false }, async (app) =>
      expectCookies(await everyCookieSet(app, { 'x-forwarded-proto': 'https' }), false),
    );
  });
});
