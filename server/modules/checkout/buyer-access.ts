/**
 * "The caller may buy for user X" (DESIGN.md §4), shared by checkout and payment routes: the signed-in user X, or a
 * guest whose live session is linked to X and was verified with a guest-checkout code. 401 anonymous, 403 otherwise.
 */
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { BadRequest, Forbidden, Unauthorized } from '../../errors';
import type { Caller } from '../auth/caller';
import { findLiveGuestSession } from './checkout.queries';

export type Buyer =
  | { kind: 'user'; userExtId: string }
  | { kind: 'guest'; userExtId: string; userId: number; sessionId: string };

export async function requireBuyerFor(
  db: Database | Transaction,
  request: FastifyRequest,
  userExtId: string,
  now = new Date(),
): Promise<Buyer> {
  const { caller } = request;
  if (caller.kind === 'anonymous') throw new Unauthorized();
  if (caller.kind === 'user') {
    if (caller.externalId !== userExtId) throw new Forbidden();
    return { kind: 'user', userExtId };
  }
  const session = await verifiedGuestSession(db, caller.sessionId, now);
  if (!session || session.user.externalId !== userExtId) throw new Forbidden();
  return { kind: 'guest', userExtId, userId: session.user.id, sessionId: caller.sessionId };
}

/**
 * For the routes under `user/{id}/…`: `preValidation` checks that the caller may buy for user {id} before the body is
 * looked at, and the handler reads the buyer back with `of` (a guest's check reads the database, so once is enough).
 */
export function buyerOfPath(db: Database) {
  const buyers = new WeakMap<FastifyRequest, Buyer>();
  return {
    preValidation: async (request: FastifyRequest) => {
      const id = (request.params as Record<string, unknown> | undefined)?.id;
      if (typeof id !== 'string' || id === '' || id.length > 64) throw new BadRequest('id must be a user id');
      buyers.set(request, await requireBuyerFor(db, request, id));
    },
    of: (request: FastifyRequest): Buyer => buyers.get(request)!,
  };
}

/** The caller's own live, linked and checkout-verified guest session; undefined otherwise. */
export async function verifiedGuestSession(db: Database | Transaction, sessionId: string, now = new Date()) {
  const session = await findLiveGuestSession(db, sessionId, now);
  if (!session || session.user === null || session.checkoutVerifiedAt === null) return undefined;
  return { ...session, user: session.user };
}

/**
 * Whether the caller proved, with a guest-checkout code, that this e-mail is its own: its live guest session is linked
 * to the e-mail's account and verified. Only such a caller is shown an account's names and mobile before signing in
 * (the e-mail checks of sign-up and guest checkout); anyone else who types the e-mail learns nothing personal.
 */
export async function guestProvedEmail(db: Database | Transaction, caller: Caller, email: string, now = new Date()): Promise<boolean> {
  if (caller.kind !== 'guest') return false;
  const session = await verifiedGuestSession(db, caller.sessionId, now);
  return session?.user.email === email;
}

/** The guest session the request names must be the caller's own (its token): 401 anonymous, 403 otherwise. */
export function requireOwnGuestSession(request: FastifyRequest, sessionId: unknown): string {
  const { caller } = request;
  if (caller.kind === 'anonymous') throw new Unauthorized();
  if (caller.kind !== 'guest' || typeof sessionId !== 'string' || caller.sessionId !== sessionId) throw new Forbidden();
  return sessionId;
}
