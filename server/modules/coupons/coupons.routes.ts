/**
 * Coupons' routes (issue 42): the admin's codes (admins only, decided before anything else is looked at), and a
 * buyer's check of a code against her bag, allowed to whoever may buy for user {id}, as the checkout invoice is.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { applyCouponReply, applyCouponRequest, couponIdParams, couponInput, couponListReply, couponReply } from '../../../domain/coupons';
import { apiError } from '../../../domain/errors';
import { adminRefusals, onlyAdmins } from '../admin/admin-only';
import { buyerOfPath } from '../checkout/buyer-access';
import { applyCoupon, createCoupon, editCoupon, listCoupons } from './coupons.service';

/** `now` is the server's clock, the one the checkout invoice checks the coupon's dates on. */
export function couponsRoutes(now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    // The buyer checked before the body is looked at, as for the checkout invoice.
    const buyer = buyerOfPath(app.db);
    app.post(
      '/user/:id/applycoupon',
      {
        preValidation: buyer.preValidation,
        schema: {
          tags: ['checkout'],
          summary: "Checks a coupon code against the caller's bag as stored and answers the discount per line; 409 COUPON_REFUSED with the reason",
          params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
          body: applyCouponRequest,
          response: { 200: applyCouponReply, 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return applyCoupon(app.db, buyer.of(request), request.body.code, now());
      },
    );
  };
}

export function adminCouponsRoutes(now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    onlyAdmins(app);

    app.get(
      '/admin/coupons',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every coupon, newest first, with its uses (orders paid, or pending within their reservation)',
          response: { 200: couponListReply, ...adminRefusals },
        },
      },
      async () => listCoupons(app.db, now()),
    );

    app.post(
      '/admin/coupons',
      {
        schema: {
          tags: ['admin'],
          summary: 'Create a coupon; 409 when its code is taken, 400 for an unknown category',
          body: couponInput,
          response: { 201: couponReply, 400: apiError, ...adminRefusals, 409: apiError },
        },
      },
      async (request, reply) => reply.code(201).send(await createCoupon(app.db, request.body, now())),
    );

    app.put(
      '/admin/coupons/:id',
      {
        schema: {
          tags: ['admin'],
          summary: "Change a coupon's terms (its orders keep the discount they got); inactive codes are refused as unknown",
          params: couponIdParams,
          body: couponInput,
          response: { 200: couponReply, 400: apiError, ...adminRefusals, 404: apiError, 409: apiError },
        },
      },
      async (request) => editCoupon(app.db, request.params.id, request.body, now()),
    );
  };
}
