/**
 * Bag fixtures: `aGuest` starts a real guest session through `GET /api/getSessionId` (as the browser does), and a few
 * shorthands call the cart routes with a caller's `authorization` header. Also `everyCaller`: a guest, a customer and
 * an admin, for the admin-only checks.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CartReply } from '../../../domain/cart';
import { aUser, anAdminHeader, latestOtp, refreshCookieOf, signedInAs } from './auth';
import type { Callers, TestUser } from './auth';
import { anAddressBody } from './factories';

export interface TestGuest {
  sessionId: string;
  /** The header a guest's browser sends: its guest access token. */
  authorization: string;
  /** The refresh token the session's HttpOnly cookie carries. */
  refreshToken: string;
}

export type Auth = { authorization: string } | Record<string, never>;

export async function aGuest(app: FastifyInstance): Promise<TestGuest> {
  const res = await app.inject({ method: 'GET', url: '/api/getSessionId' });
  expect(res.statusCode).toBe(200);
  const { sessionId, accessToken } = res.json<{ sessionId: string; accessToken: string }>();
  return { sessionId, authorization: accessToken, refreshToken: refreshCookieOf(res)!.value };
}

/** Headers of a guest (its token) for `inject`. */
export const asGuest = (guest: TestGuest) => ({ authorization: guest.authorization });

/** What `expectAdminOnly` calls as: a new guest, the customer and the admin given (each a new one unless given). */
export async function everyCaller(app: FastifyInstance, given: { customer?: TestUser; admin?: { authorization: string } } = {}): Promise<Callers> {
  return {
    guest: asGuest(await aGuest(app)),
    customer: signedInAs(app, given.customer ?? (await aUser(app))),
    admin: given.admin ?? (await anAdminHeader(app)),
  };
}

/** `POST createusercart` for a guest (sessionId) or a user (userId). */
export function addToBag(
  app: FastifyInstance,
  headers: Auth,
  body: { productExtId: string; sessionId?: string; userId?: string } & Record<string, unknown>,
) {
  return app.inject({ method: 'POST', url: '/api/createusercart', headers, payload: body });
}

/** Adds `times` units one call at a time, expecting each to be accepted with a 200. */
export async function addUnits(
  app: FastifyInstance,
  headers: Auth,
  body: { productExtId: string; sessionId?: string; userId?: string },
  times: number,
): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    const res = await addToBag(app, headers, body);
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** `GET guest/{sessionId}/cart` or `GET user/{userExtId}/cart`, parsed. */
export async function bagOf(app: FastifyInstance, headers: Auth, owner: { sessionId: string } | { userExtId: string }): Promise<CartReply> {
  const url = 'sessionId' in owner ? `/api/guest/${owner.sessionId}/cart` : `/api/user/${owner.userExtId}/cart`;
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CartReply>();
}

/** Quantity of each product in a bag, by product external id. */
export function quantities(cart: CartReply): Record<string, number> {
  return Object.fromEntries(cart.productList.map((line) => [line.productId, line.productItem.quantity]));
}

/** The body of `POST createguestcheckout`: a guest's details and delivery address, no password. */
export const aGuestCheckoutBody = (guest: TestGuest, email: string, overrides: Record<string, unknown> = {}) => ({
  sessionId: guest.sessionId,
  firstName: 'Meena',
  lastName: 'Kumar',
  email,
  mobileNumber: '9123456780',
  password: '',
  ...anAddressBody(),
  ...overrides,
});

/**
 * A guest that went through guest checkout with `email` and proved it with the mailed code: its session may now buy
 * for the account it is linked to (`userExtId`), at the address the checkout saved.
 */
export async function aVerifiedGuest(app: FastifyInstance, email: string): Promise<TestGuest & { userExtId: string }> {
  const guest = await aGuest(app);
  const created = await app.inject({ method: 'POST', url: '/api/createguestcheckout', headers: asGuest(guest), payload: aGuestCheckoutBody(guest, email) });
  expect(created.statusCode, created.body).toBe(200);
  const otp = await latestOtp(app, email);
  const verified = await app.inject({ method: 'POST', url: '/api/verifyotp', headers: asGuest(guest), payload: { email, otp } });
  expect(verified.statusCode, verified.body).toBe(200);
  return { ...guest, userExtId: created.json<{ userExtId: string }>().userExtId };
}
