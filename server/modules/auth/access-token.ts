/**
 * Short-lived signed access tokens (JWT, HS256, 15 minutes) carried as `Authorization: <token>` without a prefix
 * (SPEC.md §7). Signed and checked with node's crypto alone; the refresh token is a separate opaque secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const accessTokenTtlSeconds = 15 * 60;

export type AccessClaims =
  | { kind: 'user'; sub: string; role: 'customer' | 'admin' }
  | { kind: 'guest'; sub: string };

type Payload = AccessClaims & { iat: number; exp: number };

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string): string {
  return createHmac('sha256', secret).update(input).digest('base64url');
}

export function signAccessToken(claims: AccessClaims, secret: string, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload: Payload = { ...claims, iat, exp: iat + accessTokenTtlSeconds };
  const body = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(body, secret)}`;
}

/** The claims of a valid, unexpired token; null for anything else (never throws on bad input). */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | null {
  if (token.length > 2048) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== header) return null;
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`, secret));
  const given = Buffer.from(parts[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: Partial<Payload>;
  try {
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    return null;
  }
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now || typeof payload.sub !== 'string') return null;
  if (payload.kind === 'user' && (payload.role === 'customer' || payload.role === 'admin')) {
    return { kind: 'user', sub: payload.sub, role: payload.role };
  }
  if (payload.kind === 'guest') return { kind: 'guest', sub: payload.sub };
  return null;
}
