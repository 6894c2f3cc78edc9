import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../server/modules/auth/access-token';
import { callerFromToken } from '../../server/modules/auth/caller';

const secret = 'a-test-secret-of-enough-length-0123456789';

describe('access tokens and callers', () => {
  it('turns a valid token into its caller, with or without a Bearer prefix', () => {
    const token = signAccessToken({ kind: 'user', sub: 'u_1', role: 'admin' }, secret);
    expect(callerFromToken(token, secret)).toEqual({ kind: 'user', externalId: 'u_1', role: 'admin' });
    expect(callerFromToken(`Bearer ${token}`, secret)).toEqual({ kind: 'user', externalId: 'u_1', role: 'admin' });
    const guest = signAccessToken({ kind: 'guest', sub: 'session-1' }, secret);
    expect(callerFromToken(guest, secret)).toEqual({ kind: 'guest', sessionId: 'session-1' });
  });

  it('treats a forged, tampered, expired or malformed token as anonymous', () => {
    const token = signAccessToken({ kind: 'user', sub: 'u_1', role: 'customer' }, secret);
    const [head, body] = token.split('.');
    const promoted = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), role: 'admin' })).toString('base64url');
    expect(callerFromToken(`${head}.${promoted}.${token.split('.')[2]}`, secret)).toEqual({ kind: 'anonymous' });
    expect(callerFromToken(signAccessToken({ kind: 'user', sub: 'u_1', role: 'admin' }, 'another-secret'), secret)).toEqual({ kind: 'anonymous' });
    expect(verifyAccessToken(token, secret, Date.now() + 16 * 60 * 1000)).toBeNull();
    expect(callerFromToken('not.a.token', secret)).toEqual({ kind: 'anonymous' });
    expect(callerFromToken(undefined, secret)).toEqual({ kind: 'anonymous' });
  });
});
