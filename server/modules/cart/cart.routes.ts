/**
 * The bag's routes (SPEC.md §7 "Cart"). Each checks whose bag it names before the body is validated (cart-access.ts),
 * then calls the service. The spec's text answers go out as text/plain; refusals stay JSON `{ message, code }`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addToCartRequest,
  cartMessageReply,
  cartMessages,
  cartReply,
  cartTexts,
  checkQuantityRequest,
  externalId,
  removeCartItemRequest,
  sessionId,
  syncGuestCartRequest,
  updateCartItemParams,
  updateCartItemRequest,
} from '../../../domain/cart';
import { apiError } from '../../../domain/errors';
import { requireSelf } from '../auth/caller';
import { bagOfBody, bagOfPathId, guestBagOf, userBagOf } from './cart-access';
import type { CartOwner } from './cart-access';
import { addToCart, cartServiceMessages, checkQuantity, getCart, mergeGuestBag, removeFromCart, updateLineQuantity } from './cart.service';

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError } as const;

type Raw = Record<string, unknown> | undefined;
const rawParams = (request: FastifyRequest) => request.params as Raw;
const rawBody = (request: FastifyRequest) => request.body as Raw;

/** A text/plain answer in the OpenAPI document: one of the spec's fixed body texts. */
const text = (...texts: [string, ...string[]]) => ({
  description: texts.map((t) => `"${t}"`).join(' or '),
  content: { 'text/plain': { schema: z.enum(texts) } },
});

function sendText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('text/plain; charset=utf-8').send(text);
}

/** Owner of the bag a body names, already checked against the caller; the schema has refused neither/both. */
function ownerOfBody(request: FastifyRequest, userExtId: string | null | undefined, guestSessionId: string | null | undefined): CartOwner {
  const owner = bagOfBody(request, userExtId, guestSessionId);
  if (!owner) throw new Error('cart owner missing after validation');
  return owner;
}

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/:userExtId/cart',
    {
      preValidation: async (request) => void userBagOf(request, rawParams(request)?.userExtId),
      schema: {
        tags: ['cart'],
        summary: "A signed-in user's bag, priced from the database",
        params: z.object({ userExtId: externalId }),
        response: { 200: cartReply, ...refusals },
      },
    },
    async (request) => getCart(app.db, userBagOf(request, request.params.userExtId)),
  );

  app.get(
    '/guest/:sessionId/cart',
    {
      preValidation: async (request) => void guestBagOf(request, rawParams(request)?.sessionId),
      schema: {
        tags: ['cart'],
        summary: "A guest session's bag (only with that session's access token), priced from the database",
        params: z.object({ sessionId }),
        response: { 200: cartReply, ...refusals },
      },
    },
    async (request) => getCart(app.db, guestBagOf(request, request.params.sessionId)),
  );

  app.post(
    '/createusercart',
    {
      preValidation: async (request) => void bagOfBody(request, rawBody(request)?.userId, rawBody(request)?.sessionId),
      schema: {
        tags: ['cart'],
        summary: 'Add one unit of a product to the bag (userId or sessionId); the prices in the body are ignored',
        description: `text/plain "${cartTexts.added}", or "${cartTexts.maximumAdded}" when the line is at min(10, stock).`,
        body: addToCartRequest,
        response: { 200: text(cartTexts.added, cartTexts.maximumAdded), ...refusals },
      },
    },
    async (request, reply) => {
      const owner = ownerOfBody(request, request.body.userId, request.body.sessionId);
      return sendText(reply, await addToCart(app.db, owner, request.body.productExtId));
    },
  );

  app.post(
    '/checkquantity',
    {
      schema: {
        tags: ['cart'],
        summary: 'Whether the shop has that many units of a product (public)',
        body: checkQuantityRequest,
        response: { 200: text(cartTexts.sufficient, cartTexts.insufficient), 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => sendText(reply, await checkQuantity(app.db, request.body.productId, request.body.quantity)),
  );

  app.post(
    '/user/:owner/cart/:cartItemId',
    {
      preValidation: async (request) => void bagOfPathId(request, rawParams(request)?.owner),
      schema: {
        tags: ['cart'],
        summary: "Set a line's quantity (1 to 10, within stock); owner = the user's external id or the guest session id",
        params: updateCartItemParams,
        body: updateCartItemRequest,
        response: { 200: text(cartTexts.updated, cartTexts.insufficient), ...refusals },
      },
    },
    async (request, reply) => {
      const owner = bagOfPathId(request, request.params.owner);
      const { productId, quantity } = request.body;
      return sendText(reply, await updateLineQuantity(app.db, owner, request.params.cartItemId, { productId, quantity }));
    },
  );

  app.post(
    '/removecartitem',
    {
      preValidation: async (request) =>
        void bagOfBody(request, rawBody(request)?.userExtId, rawBody(request)?.guestSessionId),
      schema: {
        tags: ['cart'],
        summary: 'Take a product out of the bag (also fine when it is not there)',
        body: removeCartItemRequest,
        response: { 200: cartMessageReply, ...refusals },
      },
    },
    async (request) => {
      const owner = ownerOfBody(request, request.body.userExtId, request.body.guestSessionId);
      await removeFromCart(app.db, owner, request.body.productId);
      return { message: cartMessages.removedFromCart };
    },
  );

  app.post(
    '/syncGuestLoggedInCart',
    {
      preValidation: async (request) => void requireSelf(request, String(rawBody(request)?.userExtId ?? '')),
      schema: {
        tags: ['cart'],
        summary: "Merge a guest bag into the signed-in caller's bag at sign-in (idempotent)",
        description:
          'The session id is the proof of the guest bag. An unknown or expired session id merges nothing and still answers 200.',
        body: syncGuestCartRequest,
        response: { 200: cartMessageReply, ...refusals },
      },
    },
    async (request) => {
      const caller = requireSelf(request, request.body.userExtId);
      await mergeGuestBag(app.db, request.body.sessionId, caller.externalId);
      return { message: cartServiceMessages.bagMerged };
    },
  );
};
