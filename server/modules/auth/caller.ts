/**
 * Who is calling: decoded once per request from the access token, then checked by route guards. Every access rule
 * (DESIGN.md §4: public, guest, customer, owner, admin) is decided here on the server, never by the browser's flags.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Forbidden, Unauthorized } from '../../errors';
import type { Database } from '../../db/client';
import { verifyAccessToken } from './access-token';
import { currentRoleOf } from './auth.queries';

export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'guest'; sessionId: string }
  | { kind: 'user'; externalId: string; role: 'customer' | 'admin' };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
}

export function callerFromToken(authorization: string | undefined, secret: string): Caller {
  if (!authorization) return { kind: 'anonymous' };
  // The spec's client sends the bare token; accept a "Bearer " prefix from other clients too.
  const token = authorization.startsWith('Bearer ') ? authorization.slice(7) : authorization;
  const claims = verifyAccessToken(token, secret);
  if (!claims) return { kind: 'anonymous' };
  return claims.kind === 'user'
    ? { kind: 'user', externalId: claims.sub, role: claims.role }
    : { kind: 'guest', sessionId: claims.sub };
}

/** Decorates every request with `request.caller`. A bad or expired token makes the caller anonymous. */
export const callerPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('caller', null as never);
  app.addHook('onRequest', (request, _reply, done) => {
    request.caller = callerFromToken(request.headers.authorization, app.config.jwtSecret);
    done();
  });
});

/** A signed-in customer or admin; 401 otherwise (the browser then refreshes its token). */
export function requireUser(request: FastifyRequest): Extract<Caller, { kind: 'user' }> {
  if (request.caller.kind !== 'user') throw new Unauthorized();
  return request.caller;
}

/**
 * An admin by its token and still an admin now. The token's role can be 15 minutes old, so the account's current role
 * is read too: an admin demoted since gets 403 and a deleted account 401 at once. 401 to anonymous callers, 403 to
 * guests and customers, before any read.
 */
export async function requireAdmin(request: FastifyRequest, db: Database): Promise<Extract<Caller, { kind: 'user' }>> {
  const { caller } = request;
  if (caller.kind === 'anonymous') throw new Unauthorized();
  if (caller.kind !== 'user' || caller.role !== 'admin') throw new Forbidden();
  const role = await currentRoleOf(db, caller.externalId);
  if (role === undefined) throw new Unauthorized();
  if (role !== 'admin') throw new Forbidden();
  return caller;
}

/** The caller must be the user whose external id the request names (`?id=`, `userId`), else 403. */
export function requireSelf(request: FastifyRequest, userExtId: string): Extract<Caller, { kind: 'user' }> {
  const caller = requireUser(request);
  if (caller.externalId !== userExtId) throw new Forbidden();
  return caller;
}
