import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { authMessages } from '../../domain/auth';
import { oneTimeCodes, users } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { aUser, latestOtp, mailsTo, refreshCookieOf, relaxedRateLimits } from './helpers/auth';

let app: FastifyInstance;
const post = (url: string, payload: object, cookies?: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/${url}`, payload, ...(cookies ? { cookies } : {}) });
const reset = (email: string, otp: string, password = 'Newer@123', confirmPassword = password) =>
  post('verifyotppassword', { email, otp, password, confirmPassword });
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
});
afterAll(async () => {
  await app.close();
});

describe('forgot password: verifyemail → verifyotppassword', () => {
  it('words the mail as setting a first password for an account that never had one (a verified guest)', async () => {
    const user = await aUser(app);
    await app.db.update(users).set({ passwordHash: null }).where(eq(users.externalId, user.externalId));

    expect((await post('verifyemail', { email: user.email })).statusCode).toBe(200);
    const [mail] = await mailsTo(app, user.email);
    expect(mail!.subject).toContain('Your code to set a password');
    expect(mail!.text).not.toContain('reset');

    expect((await reset(user.email, await latestOtp(app, user.email))).statusCode).toBe(200);
    expect((await post('loginapi', { email: user.email, password: 'Newer@123' })).statusCode).toBe(200);
  });

  it('mails a reset code, sets the new password, ends every session, and the new password signs in', async () => {
    const user = await aUser(app);
    const session = refreshCookieOf(await post('loginapi', { email: user.email, password: user.password }))!.value;

    const asked = await post('verifyemail', { email: user.email.toUpperCase() });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: 200, userId: user.externalId, body: 'OTP sent to your email' });
    const [mail] = await mailsTo(app, user.email);
    expect(mail!.subject).toContain('password reset code');
    expect(mail!.text).toContain('valid for 10 minutes');

    const res = await reset(user.email, await latestOtp(app, user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.forgotSuccess });

    expect((await post('refresh', {}, { refreshToken: session })).statusCode).toBe(401);
    expect((await post('loginapi', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('loginapi', { email: user.email, password: 'Newer@123' })).statusCode).toBe(200);
  });

  it('marks the e-mail verified, since the code proves it, and works for an account without a password', async () => {
    const guest = await aUser(app, { password: null, verified: false });
    expect((await post('verifyemail', { email: guest.email })).statusCode).toBe(200);
    expect((await reset(guest.email, await latestOtp(app, guest.email))).statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, guest.id));
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await post('loginapi', { email: guest.email, password: 'Newer@123' })).statusCode).toBe(200);
  });

  it('answers 404 with the spec message for an unknown e-mail and mails nothing', async () => {
    const res = await post('verifyemail', { email: 'nobody@example.in' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: authMessages.forgotCheckEmail, code: 'NOT_FOUND' });
    expect(await mailsTo(app, 'nobody@example.in')).toEqual([]);
  });

  it('refuses a wrong code with the spec message and keeps the old password', async () => {
    const user = await aUser(app);
    await post('verifyemail', { email: user.email });
    const res = await reset(user.email, wrongCode(await latestOtp(app, user.email)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: authMessages.forgotIncorrectOtp, code: 'OTP_INVALID' });
    expect((await post('loginapi', { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('refuses a sign-up code for a reset: codes belong to their purpose', async () => {
    const guest = await aUser(app, { password: null, verified: false });
    await post('createuser', { firstName: 'Meera', lastName: 'Iyer', email: guest.email, mobileNumber: '9123456780' });
    const signUpCode = await latestOtp(app, guest.email);
    expect((await reset(guest.email, signUpCode)).json().code).toBe('OTP_INVALID');
  });

  it('refuses an expired code and a burned one', async () => {
    const user = await aUser(app);
    await post('verifyemail', { email: user.email });
    await app.db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeCodes.email, user.email));
    const expired = await reset(user.email, await latestOtp(app, user.email));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: authMessages.otpExpired, code: 'OTP_EXPIRED' });

    const other = await aUser(app);
    await post('verifyemail', { email: other.email });
    const code = await latestOtp(app, other.email);
    for (let i = 0; i < 5; i += 1) await reset(other.email, wrongCode(code));
    const burned = await reset(other.email, code);
    expect(burned.statusCode).toBe(400);
    expect(burned.json()).toEqual({ message: authMessages.otpBurned, code: 'OTP_BURNED' });
  });

  it('refuses mismatched and weak passwords without using up the code', async () => {
    const user = await aUser(app);
    await post('verifyemail', { email: user.email });
    const code = await latestOtp(app, user.email);
    const mismatch = await reset(user.email, code, 'Newer@123', 'Newer@124');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ message: authMessages.passwordsDoNotMatch, code: 'BAD_REQUEST' });
    const weak = await reset(user.email, code, 'newer123');
    expect(weak.json()).toEqual({ message: authMessages.passwordRuleLong, code: 'BAD_REQUEST' });
    expect((await reset(user.email, code)).statusCode).toBe(200);
  });

  it('refuses a second reset code within a minute', async () => {
    const user = await aUser(app);
    expect((await post('verifyemail', { email: user.email })).statusCode).toBe(200);
    const again = await post('verifyemail', { email: user.email });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: authMessages.otpResendTooSoon, code: 'TOO_MANY_REQUESTS' });
  });
});
