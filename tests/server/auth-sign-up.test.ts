import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { authMessages } from '../../domain/auth';
import { oneTimeCodes, users } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { aUser, latestOtp, mailsTo, relaxedRateLimits, signUpProofOf } from './helpers/auth';
import { aGuest, aGuestCheckoutBody, asGuest } from './helpers/cart';

let app: FastifyInstance;
let n = 0;
const newEmail = () => `shopper${(n += 1)}.${Date.now()}@example.in`;
const details = (email: string) => ({ firstName: 'Meera', lastName: 'Iyer', email, mobileNumber: '9123456780' });
const post = (url: string, payload: object, cookies: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/${url}`, payload, cookies, headers });

/** Steps 1 and 2 of sign-up; the cookies the browser that verified the code sends to createpassword. */
async function signedUpAndVerified(email: string): Promise<Record<string, string>> {
  expect((await post('createuser', details(email))).statusCode).toBe(200);
  const verified = await post('verifyotp', { email, otp: await latestOtp(app, email) });
  expect(verified.statusCode).toBe(200);
  return signUpProofOf(verified);
}

async function userRow(email: string) {
  const [row] = await app.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Moves the newest code's creation back, as if the resend wait had passed. */
async function ageCodes(email: string, seconds: number) {
  const rows = await app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
  for (const row of rows) {
    await app.db
      .update(oneTimeCodes)
      .set({ createdAt: new Date(row.createdAt.getTime() - seconds * 1000) })
      .where(eq(oneTimeCodes.id, row.id));
  }
}

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
});
afterAll(async () => {
  await app.close();
});

describe('sign-up: createuser → verifyotp → createpassword → loginapi', () => {
  it('creates an account with an e-mailed code, a password, a welcome mail, and then signs in', async () => {
    const email = newEmail();
    const created = await post('createuser', details(email.toUpperCase()));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ message: authMessages.signUpOtpSent });

    const row = await userRow(email);
    expect(row).toMatchObject({ email, firstName: 'Meera', lastName: 'Iyer', role: 'customer', passwordHash: null, emailVerifiedAt: null });

    const [otpMail] = await mailsTo(app, email);
    expect(otpMail!.subject).toContain('sign-up code');
    expect(otpMail!.text).toContain('valid for 10 minutes');
    expect(otpMail!.text).toContain('If it was not you');
    expect(otpMail!.text).toContain(app.config.shop.email);
    expect(otpMail!.text).toContain(app.config.shop.phone);
    expect(otpMail!.html).toContain(await latestOtp(app, email));

    // Not verified yet: no password can be set.
    expect((await post('createpassword', { email, password: 'Flower@1' })).statusCode).toBe(403);

    const verified = await post('verifyotp', { email, otp: await latestOtp(app, email) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: authMessages.otpVerified });
    expect((await userRow(email))!.emailVerifiedAt).toBeInstanceOf(Date);

    const password = await post('createpassword', { email, password: 'Flower@1' }, signUpProofOf(verified));
    expect(password.statusCode).toBe(200);
    expect(password.json()).toEqual({ message: authMessages.accountCreated });
    const stored = (await userRow(email))!.passwordHash!;
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('Flower@1');

    const [welcome] = await mailsTo(app, email);
    expect(welcome!.subject).toBe(`Welcome to ${app.config.shop.name}`);
    expect(welcome!.text).toContain('Meera');

    const signIn = await post('loginapi', { email, password: 'Flower@1' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ message: 'Login successful', email, trueUser: false });
  });

  it('refuses a second password for the same account', async () => {
    const email = newEmail();
    const proof = await signedUpAndVerified(email);
    expect((await post('createpassword', { email, password: 'Flower@1' }, proof)).statusCode).toBe(200);
    const again = await post('createpassword', { email, password: 'Other@12' }, proof);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: authMessages.genericError, code: 'FORBIDDEN' });
  });

  it('refuses createpassword without a verified code, and more than 30 minutes after verifying', async () => {
    const unverified = newEmail();
    await post('createuser', details(unverified));
    const refused = await post('createpassword', { email: unverified, password: 'Flower@1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: authMessages.genericError, code: 'FORBIDDEN' });
    expect((await post('createpassword', { email: newEmail(), password: 'Flower@1' })).statusCode).toBe(403);

    const late = newEmail();
    const proof = await signedUpAndVerified(late);
    await app.db
      .update(oneTimeCodes)
      .set({ consumedAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(oneTimeCodes.email, late));
    expect((await post('createpassword', { email: late, password: 'Flower@1' }, proof)).statusCode).toBe(403);
  });

  it('sets the first password only from the browser that verified the code', async () => {
    const email = newEmail();
    const proof = await signedUpAndVerified(email);
    expect(proof.signUpProof).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);

    // Someone else who knows the e-mail, within the 30 minutes: no proof, a proof for another e-mail, a forged or an
    // expired one. Each is the same 403, and the account stays without a password.
    const otherEmail = newEmail();
    const otherProof = await signedUpAndVerified(otherEmail);
    const [expiry, mac] = proof.signUpProof!.split('.');
    for (const cookies of [{}, otherProof, { signUpProof: `${Number(expiry) + 1000}.${mac}` }, { signUpProof: `${Date.now() - 1}.${mac}` }]) {
      const refused = await post('createpassword', { email, password: 'Thief@123' }, cookies);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: authMessages.genericError, code: 'FORBIDDEN' });
    }
    expect((await userRow(email))!.passwordHash).toBeNull();

    const created = await post('createpassword', { email, password: 'Flower@1' }, proof);
    expect(created.statusCode).toBe(200);
    expect(created.cookies).toContainEqual(expect.objectContaining({ name: 'signUpProof', value: '' }));
    expect((await post('loginapi', { email, password: 'Flower@1' })).statusCode).toBe(200);
  });

  it('refuses a weak password with the rule message', async () => {
    const email = newEmail();
    await post('createuser', details(email));
    await post('verifyotp', { email, otp: await latestOtp(app, email) });
    const weak = await post('createpassword', { email, password: 'flower1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: authMessages.passwordRule, code: 'BAD_REQUEST' });
    expect((await userRow(email))!.passwordHash).toBeNull();
  });

  it('answers 409 for an e-mail that already has a password, and changes nothing', async () => {
    const user = await aUser(app, { firstName: 'Ravi' });
    const res = await post('createuser', details(user.email));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: authMessages.signUpDuplicate, code: 'CONFLICT' });
    expect((await userRow(user.email))!.firstName).toBe('Ravi');
    expect(await mailsTo(app, user.email)).toEqual([]);
  });

  it('lets an account without a password (a guest buyer) sign up: its details change only once the code proves the e-mail', async () => {
    const guest = await aUser(app, { password: null, verified: false, firstName: 'Old', mobileNumber: '9000000000' });
    const res = await post('createuser', details(guest.email));
    expect(res.statusCode).toBe(200);
    // Anyone can type a guest buyer's e-mail: until the code comes back, the account (and the admin's lists) stays as it was.
    expect(await userRow(guest.email)).toMatchObject({ firstName: 'Old', mobileNumber: '9000000000', externalId: guest.externalId });
    const wrong = await post('verifyotp', { email: guest.email, otp: (await latestOtp(app, guest.email)) === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await userRow(guest.email))!.firstName).toBe('Old');

    expect((await post('verifyotp', { email: guest.email, otp: await latestOtp(app, guest.email) })).statusCode).toBe(200);
    expect(await userRow(guest.email)).toMatchObject({ firstName: 'Meera', mobileNumber: '9123456780', externalId: guest.externalId });
  });

  it('validates the details with the spec messages', async () => {
    const res = await post('createuser', { ...details(newEmail()), firstName: 'Al' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: authMessages.firstNameTooShort, code: 'BAD_REQUEST' });
    const badMobile = await post('createuser', { ...details(newEmail()), mobileNumber: '12345' });
    expect(badMobile.json()).toEqual({ message: authMessages.mobileFormat, code: 'BAD_REQUEST' });
  });
});

describe('sign-up codes', () => {
  it('refuses a wrong code with "OTP is invalid" and still accepts the right one afterwards', async () => {
    const email = newEmail();
    await post('createuser', details(email));
    const code = await latestOtp(app, email);
    const wrong = await post('verifyotp', { email, otp: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: authMessages.otpInvalid, code: 'OTP_INVALID' });
    expect((await userRow(email))!.emailVerifiedAt).toBeNull();
    expect((await post('verifyotp', { email, otp: code })).statusCode).toBe(200);
  });

  it('uses a code only once', async () => {
    const email = newEmail();
    await post('createuser', details(email));
    const code = await latestOtp(app, email);
    expect((await post('verifyotp', { email, otp: code })).statusCode).toBe(200);
    const again = await post('verifyotp', { email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: authMessages.otpInvalid, code: 'OTP_INVALID' });
  });

  it('refuses an expired code', async () => {
    const email = newEmail();
    await post('createuser', details(email));
    await app.db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeCodes.email, email));
    const res = await post('verifyotp', { email, otp: await latestOtp(app, email) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: authMessages.otpExpired, code: 'OTP_EXPIRED' });
  });

  it('burns a code after 5 wrong tries, so even the right code fails then', async () => {
    const email = newEmail();
    await post('createuser', details(email));
    const code = await latestOtp(app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await post('verifyotp', { email, otp: wrong })).json().code);
    expect(answers).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_BURNED']);
    const right = await post('verifyotp', { email, otp: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: authMessages.otpBurned, code: 'OTP_BURNED' });
  });

  it('refuses a new code within a minute, and a new code replaces the old one', async () => {
    const email = newEmail();
    await post('createuser', details(email));
    const first = await latestOtp(app, email);
    const tooSoon = await post('createuser', details(email));
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ message: authMessages.otpResendTooSoon, code: 'TOO_MANY_REQUESTS' });
    expect(await mailsTo(app, email)).toHaveLength(1);

    await ageCodes(email, 61);
    expect((await post('createuser', details(email))).statusCode).toBe(200);
    const second = await latestOtp(app, email);
    expect(await mailsTo(app, email)).toHaveLength(2);
    if (first !== second) {
      expect((await post('verifyotp', { email, otp: first })).json().code).toBe('OTP_INVALID');
    }
    expect((await post('verifyotp', { email, otp: second })).statusCode).toBe(200);
  });

  it('keeps codes as keyed hashes, never as the digits', async () => {
    const email = newEmail();
    await post('createuser', details(email));
    const code = await latestOtp(app, email);
    const [row] = await app.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, email));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.purpose).toBe('sign_up');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60 * 1000);
  });

  it('refuses a code of the wrong shape with the spec message', async () => {
    const res = await post('verifyotp', { email: newEmail(), otp: '12a45' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: authMessages.otpFormat, code: 'BAD_REQUEST' });
  });
});

describe('POST /api/checkemailpresent', () => {
  it('gives back the details of an account without a password only to the guest session that proved the e-mail', async () => {
    const email = newEmail();
    const guest = await aGuest(app);
    const checkout = await post('createguestcheckout', aGuestCheckoutBody(guest, email, { firstName: 'Kavya', lastName: 'Nair', mobileNumber: '9988776655' }), {}, asGuest(guest));
    expect(checkout.statusCode, checkout.body).toBe(200);
    const nothing = { email, firstName: null, lastName: null, mobileNumber: null };
    // Before the code, the session has only named the e-mail: nothing.
    expect((await post('checkemailpresent', { email }, {}, asGuest(guest))).json()).toEqual(nothing);
    expect((await post('verifyotp', { email, otp: await latestOtp(app, email) }, {}, asGuest(guest))).statusCode).toBe(200);

    const res = await post('checkemailpresent', { email: email.toUpperCase() }, {}, asGuest(guest));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, firstName: 'Kavya', lastName: 'Nair', mobileNumber: '9988776655' });
    // Anyone else who types the e-mail: a stranger, another guest.
    expect((await post('checkemailpresent', { email })).json()).toEqual(nothing);
    expect((await post('checkemailpresent', { email }, {}, asGuest(await aGuest(app)))).json()).toEqual(nothing);
  });

  it('shows nothing of an unfinished sign-up to whoever types its e-mail', async () => {
    const unfinished = await aUser(app, { password: null, firstName: 'Kavya', lastName: 'Nair', mobileNumber: '9988776655' });
    const res = await post('checkemailpresent', { email: unfinished.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: unfinished.email, firstName: null, lastName: null, mobileNumber: null });
  });

  it('reveals nothing about a registered account: the same answer as an unknown e-mail', async () => {
    const user = await aUser(app, { firstName: 'Kavya' });
    const registered = await post('checkemailpresent', { email: user.email });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({ email: user.email, firstName: null, lastName: null, mobileNumber: null });
    const unknownEmail = newEmail();
    const unknown = await post('checkemailpresent', { email: unknownEmail });
    expect(unknown.json()).toEqual({ email: unknownEmail, firstName: null, lastName: null, mobileNumber: null });
  });

  it('refuses a malformed e-mail with the spec message', async () => {
    const res = await post('checkemailpresent', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: authMessages.emailFormat, code: 'BAD_REQUEST' });
  });
});
