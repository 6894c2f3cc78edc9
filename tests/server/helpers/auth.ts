/**
 * Account fixtures: `aUser` inserts a user row straight into the database (the password hashed with the real password
 * module) and `authHeader` / `signedInAs` give the header a signed-in browser sends; `expectAdminOnly` checks an admin
 * call against every other caller.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signAccessToken } from '../../../server/modules/auth/access-token';
import { newUserExternalId } from '../../../server/modules/auth/external-id';
import { hashPassword } from '../../../server/modules/auth/password';
import type { RateLimits } from '../../../server/config';
import { users } from '../../../server/db/schema';

export interface UserOptions {
  email?: string;
  /** A password that satisfies the spec's rule by default; null = an account without one (guest buyer, unfinished sign-up). */
  password?: string | null;
  verified?: boolean;
  role?: 'customer' | 'admin';
  firstName?: string | null;
  lastName?: string | null;
  mobileNumber?: string | null;
}

export interface TestUser {
  /** The sequential database id, for tests that insert related rows; never exposed by the API. */
  id: number;
  externalId: string;
  email: string;
  password: string | null;
  role: 'customer' | 'admin';
  /** The app whose secret signs this user's tokens. */
  app: FastifyInstance;
}

let sequence = 0;
export const defaultTestPassword = 'Petals@123';

export async function aUser(app: FastifyInstance, options: UserOptions = {}): Promise<TestUser> {
  sequence += 1;
  const email = (options.email ?? `user${sequence}-${Date.now()}@example.in`).toLowerCase();
  const password = options.password === undefined ? defaultTestPassword : options.password;
  const role = options.role ?? 'customer';
  const [row] = await app.db
    .insert(users)
    .values({
      externalId: newUserExternalId(),
      email,
      firstName: options.firstName === undefined ? 'Asha' : options.firstName,
      lastName: options.lastName === undefined ? 'Raman' : options.lastName,
      mobileNumber: options.mobileNumber === undefined ? '9876543210' : options.mobileNumber,
      passwordHash: password === null ? null : await hashPassword(password),
      role,
      emailVerifiedAt: (options.verified ?? true) ? new Date() : null,
    })
    .returning({ id: users.id, externalId: users.externalId });
  return { id: row!.id, externalId: row!.externalId, email, password, role, app };
}

/** The `authorization` header (bare token, as the spec's client sends it) of a signed-in user. */
export function authHeader(user: Pick<TestUser, 'externalId' | 'role' | 'app'>): { authorization: string } {
  return { authorization: signAccessToken({ kind: 'user', sub: user.externalId, role: user.role }, user.app.config.jwtSecret) };
}

export function signedInAs(
  app: FastifyInstance,
  user: Pick<TestUser, 'externalId'> & { role?: 'customer' | 'admin' },
): { authorization: string } {
  return authHeader({ externalId: user.externalId, role: user.role ?? 'customer', app });
}

type Headers = Record<string, string>;

/** A new admin's authorization header. */
export async function anAdminHeader(app: FastifyInstance): Promise<{ authorization: string }> {
  const admin = await aUser(app, { role: 'admin' });
  return signedInAs(app, { externalId: admin.externalId, role: 'admin' });
}

/** The headers of the callers an admin-only call tells apart, besides the anonymous one (see `everyCaller`). */
export interface Callers {
  guest: Headers;
  customer: Headers;
  admin: Headers;
}

/**
 * An admin-only call made by each caller: 401 anonymous, 403 FORBIDDEN to the guest and the customer, 200 to the admin.
 * `afterRefusals` runs before the admin's call, e.g. to check that the refusals changed nothing.
 */
export async function expectAdminOnly(
  call: (headers: Headers) => Promise<LightMyRequestResponse>,
  callers: Callers,
  afterRefusals?: () => Promise<void>,
): Promise<void> {
  const anonymous = await call({});
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.json()).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
  for (const refused of [callers.guest, callers.customer]) {
    const res = await call(refused);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  }
  await afterRefusals?.();
  const asAdmin = await call(callers.admin);
  expect(asAdmin.statusCode, asAdmin.body).toBe(200);
}

// ---- For the auth suites ------------------------------------------------------------------------------------------

/** Limits high enough that only the tests about limits ever meet one. */
export const relaxedRateLimits: RateLimits = {
  contactPerMinute: 1000,
  signInPerIpPerMinute: 1000,
  signInPerEmailPerMinute: 1000,
  otpSendPerIpPerMinute: 1000,
  otpSendPerEmailPerHour: 1000,
  otpCheckPerIpPerMinute: 1000,
  otpCheckPerEmailPerMinute: 1000,
  emailCheckPerIpPerMinute: 1000,
  guestSessionPerIpPerMinute: 1000,
  contactPerEmailPerHour: 1000,
};

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; contentBase64: string }[];
}

/** Mails the dev outbox kept for `to`, newest first: the real mail path, read as a shopper would. */
export async function mailsTo(app: FastifyInstance, to: string): Promise<OutboxMail[]> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json<OutboxMail[]>();
}

/** The code in the newest one-time-code mail to `to`. */
export async function latestOtp(app: FastifyInstance, to: string): Promise<string> {
  for (const mail of await mailsTo(app, to)) {
    const code = /^(\d{6})$/m.exec(mail.text)?.[1];
    if (code) return code;
  }
  throw new Error(`no one-time code was mailed to ${to}`);
}

export interface SetCookie {
  value: string;
  attributes: Record<string, string | true>;
}

type WithHeaders = { headers: Record<string, string | string[] | number | undefined> };

/** Every Set-Cookie of a response, parsed: name, value and attributes (names lower-cased). */
export function setCookiesOf(res: WithHeaders): (SetCookie & { name: string })[] {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  return all.map((cookie) => {
    const [pair, ...rest] = cookie.split(';').map((part) => part.trim());
    const attributes: Record<string, string | true> = {};
    for (const part of rest) {
      const [name, ...value] = part.split('=');
      attributes[name!.toLowerCase()] = value.length ? value.join('=') : true;
    }
    const at = pair!.indexOf('=');
    return { name: pair!.slice(0, at), value: decodeURIComponent(pair!.slice(at + 1)), attributes };
  });
}

/** The `refreshToken` Set-Cookie of a response, parsed; undefined when the response sets none. */
export function refreshCookieOf(res: WithHeaders): SetCookie | undefined {
  const cookie = setCookiesOf(res).find((c) => c.name === 'refreshToken');
  return cookie && { value: cookie.value, attributes: cookie.attributes };
}

/**
 * The cookies a browser would send back to `createpassword` after this `verifyotp` answer: the proof that this browser
 * verified the sign-up code (server/modules/auth/sign-up-proof.ts).
 */
export function signUpProofOf(verifyOtpReply: WithHeaders): Record<string, string> {
  return Object.fromEntries(setCookiesOf(verifyOtpReply).filter((c) => c.name === 'signUpProof').map((c) => [c.name, c.value]));
}
