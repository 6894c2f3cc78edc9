/**
 * Whose bag a request may touch (DESIGN.md §4): a guest bag only with that guest session's access token, a user's
 * bag only by that user. Anonymous callers get 401 (so the browser refreshes its token), everyone else 403. These run
 * before validation, on the raw values, so that naming someone else's bag is refused whatever else the request holds.
 */
import type { FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../../errors';

export type CartOwner = { kind: 'user'; userExtId: string } | { kind: 'guest'; sessionId: string };

function requireSignedInOrGuest(request: FastifyRequest): void {
  if (request.caller.kind === 'anonymous') throw new Unauthorized();
}

/** The bag of the user `userExtId`: only that user. */
export function userBagOf(request: FastifyRequest, userExtId: unknown): CartOwner {
  requireSignedInOrGuest(request);
  const { caller } = request;
  if (caller.kind !== 'user' || typeof userExtId !== 'string' || caller.externalId !== userExtId) throw new Forbidden();
  return { kind: 'user', userExtId };
}

/** The bag of the guest session `sessionId`: only with that session's own token. */
export function guestBagOf(request: FastifyRequest, sessionId: unknown): CartOwner {
  requireSignedInOrGuest(request);
  const { caller } = request;
  if (caller.kind !== 'guest' || typeof sessionId !== 'string' || caller.sessionId !== sessionId) throw new Forbidden();
  return { kind: 'guest', sessionId };
}

/** `user/{id or sessionId}/cart/…`: the id is the caller's own user id or guest session id, or it is refused. */
export function bagOfPathId(request: FastifyRequest, id: unknown): CartOwner {
  requireSignedInOrGuest(request);
  const { caller } = request;
  if (caller.kind === 'user' && caller.externalId === id) return { kind: 'user', userExtId: caller.externalId };
  if (caller.kind === 'guest' && caller.sessionId === id) return { kind: 'guest', sessionId: caller.sessionId };
  throw new Forbidden();
}

/**
 * A body naming its owner by one of two fields (createusercart: userId | sessionId; removecartitem: userExtId |
 * guestSessionId). With neither or both, the caller is still checked here and the schema then answers 400.
 */
export function bagOfBody(request: FastifyRequest, userExtId: unknown, sessionId: unknown): CartOwner | null {
  requireSignedInOrGuest(request);
  const namesUser = typeof userExtId === 'string' && userExtId !== '';
  const namesGuest = typeof sessionId === 'string' && sessionId !== '';
  if (namesUser && namesGuest) return null;
  if (namesUser) return userBagOf(request, userExtId);
  if (namesGuest) return guestBagOf(request, sessionId);
  return null;
}
