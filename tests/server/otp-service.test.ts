import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { checkOtp, issueOtp, otpVerifiedSince } from '../../server/modules/otp/otp.service';
import { buildTestApp } from './helpers/app';

let app: FastifyInstance;
let n = 0;
const email = () => `otp${(n += 1)}@example.in`;
const secret = () => app.config.jwtSecret;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('one-time codes for any purpose', () => {
  it('issues 6-digit codes that check once for their own e-mail and purpose only', async () => {
    const to = email();
    const { code } = await issueOtp(app.db, secret(), { email: to, purpose: 'guest_checkout' });
    expect(code).toMatch(/^\d{6}$/);
    expect(await checkOtp(app.db, secret(), { email: to, purpose: 'set_password', code })).toBe('invalid');
    expect(await checkOtp(app.db, secret(), { email: email(), purpose: 'guest_checkout', code })).toBe('invalid');
    expect(await checkOtp(app.db, secret(), { email: to, purpose: 'guest_checkout', code })).toBe('ok');
    expect(await checkOtp(app.db, secret(), { email: to, purpose: 'guest_checkout', code })).toBe('invalid');
    expect(await otpVerifiedSince(app.db, { email: to, purpose: 'guest_checkout' }, new Date(Date.now() - 60_000))).toBe(true);
    expect(await otpVerifiedSince(app.db, { email: to, purpose: 'set_password' }, new Date(Date.now() - 60_000))).toBe(false);
  });

  it('expires after 10 minutes and throttles a resend for a minute', async () => {
    const to = email();
    const start = new Date();
    const { code } = await issueOtp(app.db, secret(), { email: to, purpose: 'set_password' }, start);
    const in59s = new Date(start.getTime() + 59_000);
    await expect(issueOtp(app.db, secret(), { email: to, purpose: 'set_password' }, in59s)).rejects.toMatchObject({ statusCode: 429 });
    const in10min = new Date(start.getTime() + 10 * 60_000);
    expect(await checkOtp(app.db, secret(), { email: to, purpose: 'set_password', code }, in10min)).toBe('expired');
    const later = await issueOtp(app.db, secret(), { email: to, purpose: 'set_password' }, in10min);
    expect(await checkOtp(app.db, secret(), { email: to, purpose: 'set_password', code: later.code }, in10min)).toBe('ok');
  });

  it('does not accept a code made with another server secret', async () => {
    const to = email();
    const { code } = await issueOtp(app.db, secret(), { email: to, purpose: 'sign_up' });
    expect(await checkOtp(app.db, 'another-secret-entirely-0123456789', { email: to, purpose: 'sign_up', code })).toBe('invalid');
  });
});
