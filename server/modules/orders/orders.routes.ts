/**
 * `POST user/{id}/checkoutinvoice` (SPEC.md §7 "Checkout and payment"): the caller must be allowed to buy for user
 * {id} (checked before the body is looked at); every amount comes from the database, and the delivery choices are
 * checked on the server's clock (the one the delivery schedule route answers from).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '../../../domain/errors';
import { checkoutInvoiceRefusal, checkoutInvoiceReply, checkoutInvoiceRequest } from '../../../domain/payment';
import { buyerOfPath } from '../checkout/buyer-access';
import type { PaymentProvider } from '../payments/provider';
import { createCheckoutInvoice } from './invoice.service';

const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: checkoutInvoiceRefusal, 503: apiError } as const;

/** `now` is the server's clock: the app's own unless a test fixes it. */
export function ordersRoutes(provider: PaymentProvider, now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    const buyer = buyerOfPath(app.db);
    app.post(
      '/user/:id/checkoutinvoice',
      {
        preValidation: buyer.preValidation,
        schema: {
          tags: ['checkout'],
          summary: 'Reserves the bag’s stock and its hand delivery’s slot (15 minutes unless RESERVATION_MINUTES says otherwise) and opens a payment order for the bag and its delivery fees',
          params: z.object({ id: z.string().min(1).max(64) }),
          body: checkoutInvoiceRequest,
          response: { 200: checkoutInvoiceReply, ...refusals },
        },
      },
      async (request) =>
        createCheckoutInvoice(
          { db: app.db, provider, reservationMinutes: app.config.reservationMinutes, now },
          buyer.of(request),
          request.body.addressId,
          { gift: request.body.gift ?? null, deliveries: request.body.deliveries ?? [], couponCode: request.body.couponCode ?? null },
        ),
    );
  };
}
