/**
 * Checkout routes before payment (SPEC.md §7 "Checkout and payment", "Profile, orders, addresses"): the guest
 * e-mail check, guest checkout creation, checkout addresses and the stock check. Guest calls need that guest
 * session's own token; whose bag or account a request names is checked before its body is validated.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { address } from '../../../domain/address';
import type { CartOwner } from '../../../domain/cart';
import {
  checkEmailAvailabilityReply,
  checkEmailAvailabilityRequest,
  checkQuantityListReply,
  checkQuantityListRequest,
  createGuestAddressReply,
  createGuestAddressRequest,
  createGuestCheckoutReply,
  createGuestCheckoutRequest,
  createLoginCheckoutRequest,
  guestAddressQuery,
} from '../../../domain/checkout';
import { apiError } from '../../../domain/errors';
import { z } from 'zod';
import { Unauthorized } from '../../errors';
import { perEmailLimit } from '../auth/auth-rate-limits';
import { requireSelf } from '../auth/caller';
import { requireOwnGuestSession } from './buyer-access';
import {
  checkEmailAvailability,
  createGuestAddress,
  createGuestCheckout,
  createLoginAddress,
  listGuestAddresses,
  stockShortfalls,
} from './checkout.service';

const errors = { 400: apiError, 401: apiError, 403: apiError, 429: apiError, 503: apiError } as const;
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

const fieldOf = (request: FastifyRequest, from: 'body' | 'query', key: string): unknown =>
  (request[from] as Record<string, unknown> | undefined)?.[key];

/** The guest session named by the body's `sessionId` / the query's `id` must be the caller's own. */
const ownSession = (from: 'body' | 'query', key: string) => async (request: FastifyRequest) => {
  requireOwnGuestSession(request, fieldOf(request, from, key));
};

/** The user named by the body's `userId` must be the caller; a missing id is left to the schema (400). */
const ownUserId = async (request: FastifyRequest) => {
  const value = fieldOf(request, 'body', 'userId');
  requireSelf(request, typeof value === 'string' ? value : '');
};

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimits } = app.config;
  const otpSendPerEmail = perEmailLimit(app, {
    name: 'guest-otp-send',
    max: rateLimits.otpSendPerEmailPerHour,
    timeWindow: '1 hour',
  });

  app.post(
    '/checkemailavailability',
    {
      // Answers whether an e-mail has an account: limited like checkemailpresent against harvesting.
      config: perMinute(rateLimits.emailCheckPerIpPerMinute),
      schema: {
        tags: ['checkout'],
        summary: 'Guest e-mail check: continue as guest, create a password (earlier guest buyer) or log in',
        body: checkEmailAvailabilityRequest,
        response: { 200: checkEmailAvailabilityReply, ...errors },
      },
    },
    async (request) => checkEmailAvailability(app.db, request.body.email, request.caller),
  );

  app.post(
    '/createguestcheckout',
    {
      config: perMinute(rateLimits.otpSendPerIpPerMinute),
      preValidation: ownSession('body', 'sessionId'),
      preHandler: otpSendPerEmail,
      schema: {
        tags: ['checkout'],
        summary: "Guest checkout: link the caller's guest session to the e-mail's account, save the address, mail a code",
        body: createGuestCheckoutRequest,
        response: { 200: createGuestCheckoutReply, ...errors },
      },
    },
    async (request) =>
      createGuestCheckout({ db: app.db, mailer: app.mailer, config: app.config, log: request.log }, request.body),
  );

  app.post(
    '/createguestaddress',
    {
      preValidation: ownSession('body', 'sessionId'),
      schema: {
        tags: ['checkout'],
        summary: "Add an address for the user a verified guest session is linked to",
        body: createGuestAddressRequest,
        response: { 200: createGuestAddressReply, ...errors },
      },
    },
    async (request) => createGuestAddress(app.db, request.body.sessionId, request.body),
  );

  app.get(
    '/getguestuseraddress',
    {
      preValidation: ownSession('query', 'id'),
      schema: {
        tags: ['checkout'],
        summary: "Addresses of the user a verified guest session is linked to",
        querystring: guestAddressQuery,
        response: { 200: z.array(address), ...errors },
      },
    },
    async (request) => listGuestAddresses(app.db, request.query.id),
  );

  app.post(
    '/createlogincheckout',
    {
      preValidation: ownUserId,
      schema: {
        tags: ['checkout'],
        summary: 'Add an address for the signed-in user at checkout',
        body: createLoginCheckoutRequest,
        response: { 200: address, ...errors },
      },
    },
    async (request) => createLoginAddress(app.db, requireSelf(request, request.body.userId).externalId, request.body),
  );

  app.post(
    '/checkquantitylist',
    {
      schema: {
        tags: ['checkout'],
        summary: "Stock check of the caller's stored bag (the body is only a hint and is not trusted)",
        body: checkQuantityListRequest,
        response: { 200: checkQuantityListReply, ...errors },
      },
    },
    async (request) => ({ outOfStock: await stockShortfalls(app.db, callerBag(request)) }),
  );
};

function callerBag(request: FastifyRequest): CartOwner {
  const { caller } = request;
  if (caller.kind === 'user') return { kind: 'user', userExtId: caller.externalId };
  if (caller.kind === 'guest') return { kind: 'guest', sessionId: caller.sessionId };
  throw new Unauthorized();
}
