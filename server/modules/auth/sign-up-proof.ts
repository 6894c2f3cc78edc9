/**
 * Binds sign-up step 3 (`createpassword`, keyed by e-mail in the spec) to the browser that passed step 2: a verified
 * sign-up code earns an HttpOnly cookie holding a MAC of the e-mail and an expiry, and the first password is set only
 * with it. Without it, anyone who knew the e-mail could set the password in the 30 minutes after its owner verified.
 * Stateless: the MAC is keyed with the server secret, so only this server can mint one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signUpProofCookie = 'signUpProof';
/** The cookie goes back only to the call that needs it. */
export const signUpProofPath = '/api/createpassword';

function mac(secret: string, email: string, expiresAtMs: number): string {
  return createHmac('sha256', secret).update(`sign-up-proof|${email}|${expiresAtMs}`).digest('base64url');
}

/** `<expiry in ms>.<mac>`, valid for `ttlMs`. */
export function signUpProof(secret: string, email: string, ttlMs: number, now = Date.now()): string {
  const expiresAtMs = now + ttlMs;
  return `${expiresAtMs}.${mac(secret, email, expiresAtMs)}`;
}

export function isValidSignUpProof(secret: string, email: string, proof: string | undefined, now = Date.now()): boolean {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(proof ?? '');
  if (!match) return false;
  const expiresAtMs = Number(match[1]);
  if (expiresAtMs <= now) return false;
  const expected = Buffer.from(mac(secret, email, expiresAtMs));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
