/**
 * The florist's Deliveries board (issue 40): a day's deliveries and a delivery's status. Admins only: 401 to anonymous
 * callers and 403 to guests and customers before anything else is looked at.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { apiError } from '../../../domain/errors';
import { rowIdOf } from '../../../domain/fields';
import { deliveryBoard, deliveryBoardQuery, deliveryBoardTexts, deliveryStatusChange, deliveryStatusReply } from '../../../domain/delivery-board';
import { sendQueuedMails } from '../../jobs/send-mail.job';
import { adminRefusals, onlyAdmins } from '../admin/admin-only';
import { changeDeliveryStatus, deliveryBoardFor } from './delivery-board.service';

const deliveryParams = z.object({ id: rowIdOf(deliveryBoardTexts.idInvalid) });

/** `now` is the server's clock: the app's own unless a test fixes it. */
export function adminDeliveryBoardRoutes(now: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    onlyAdmins(app);

    app.get(
      '/admin/deliveries',
      {
        schema: {
          tags: ['admin'],
          summary: 'A day’s deliveries of paid orders (India date, today by default): hand deliveries by slot, courier parcels to dispatch apart',
          querystring: deliveryBoardQuery,
          response: { 200: deliveryBoard, 400: apiError, ...adminRefusals },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return deliveryBoardFor(app.db, request.query.date, now());
      },
    );

    app.post(
      '/admin/deliveries/:id/status',
      {
        schema: {
          tags: ['admin'],
          summary: 'Mark a delivery out for delivery, delivered (mails the buyer once) or attempted (with a note)',
          params: deliveryParams,
          body: deliveryStatusChange,
          response: { 200: deliveryStatusReply, 400: apiError, ...adminRefusals, 404: apiError, 409: apiError },
        },
      },
      async (request) =>
        changeDeliveryStatus({ db: app.db, config: app.config, wakeMails: (ids) => sendQueuedMails(app, ids) }, request.params.id, request.body),
    );
  };
}
