/**
 * Reviews' routes (issue 42): the product's public reviews and summary; the signed-in buyer's own review and its save;
 * the admin's list and hide/unhide (admins only, decided before anything else is looked at).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { externalIdParam } from '../../../domain/catalog';
import { apiError } from '../../../domain/errors';
import {
  adminReviewsQuery,
  adminReviewsReply,
  myReviewReply,
  productReviewsReply,
  reviewIdParams,
  reviewPageQuery,
  reviewRequest,
  reviewTexts,
  reviewVisibilityRequest,
  saveReviewReply,
} from '../../../domain/reviews';
import { Forbidden, Unauthorized } from '../../errors';
import { adminRefusals, onlyAdmins } from '../admin/admin-only';
import { adminReviews, myReview, productReviews, saveReview, setReviewVisibility } from './reviews.service';

const productParams = z.object({ flower_ext_id: externalIdParam });

/** A signed-in account: anonymous callers 401 (the browser refreshes its token), a guest's session 403 with why. */
function requireReviewer(request: FastifyRequest): string {
  const { caller } = request;
  if (caller.kind === 'anonymous') throw new Unauthorized();
  if (caller.kind === 'guest') throw new Forbidden(reviewTexts.signIn);
  return caller.externalId;
}

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/flowerreviews/:flower_ext_id',
    {
      schema: {
        tags: ['catalogue'],
        summary: "A product's visible reviews, newest first in pages of 5, with the average, count and stars 1..5",
        params: productParams,
        querystring: reviewPageQuery,
        response: { 200: productReviewsReply, 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return productReviews(app.db, request.params.flower_ext_id, request.query.page);
    },
  );

  app.get(
    '/myreview/:flower_ext_id',
    {
      onRequest: async (request) => {
        requireReviewer(request);
      },
      schema: {
        tags: ['account'],
        summary: "The caller's review of a product, whether she may write or edit one, and why not",
        params: productParams,
        response: { 200: myReviewReply, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return myReview(app.db, requireReviewer(request), request.params.flower_ext_id);
    },
  );

  app.put(
    '/myreview/:flower_ext_id',
    {
      onRequest: async (request) => {
        requireReviewer(request);
      },
      schema: {
        tags: ['account'],
        summary: 'Write or edit the caller\'s review (1 to 5 stars, text optional up to 1,000 characters); only after delivery',
        params: productParams,
        body: reviewRequest,
        response: { 200: saveReviewReply, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => saveReview(app.db, requireReviewer(request), request.params.flower_ext_id, request.body),
  );
};

export const adminReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  onlyAdmins(app);

  app.get(
    '/admin/reviews',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reviews newest first in pages of 50, all or only the visible or hidden ones',
        querystring: adminReviewsQuery,
        response: { 200: adminReviewsReply, 400: apiError, ...adminRefusals },
      },
    },
    async (request) => adminReviews(app.db, request.query),
  );

  app.post(
    '/admin/reviews/:id/visibility',
    {
      schema: {
        tags: ['admin'],
        summary: 'Hide a review (a reason is required) or show it again; hidden reviews count nowhere',
        params: reviewIdParams,
        body: reviewVisibilityRequest,
        response: { 200: z.object({ message: z.string() }), 400: apiError, ...adminRefusals, 404: apiError },
      },
    },
    async (request) => setReviewVisibility(app.db, request.params.id, request.body),
  );
};
