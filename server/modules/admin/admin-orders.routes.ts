/**
 * The admin's orders routes (SPEC.md §7 Admin): purchase records, one record, the status and tracking update, the
 * refund and the cancel (issue 39), and the customers who never bought. Admins only: 401 to anonymous callers and 403 to guests and customers, before anything
 * else is looked at.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  neverPurchasedUsers,
  purchaseActionRequest,
  purchaseIdQuery,
  purchaseRecord,
  purchaseRecords,
  updatePurchaseReply,
  updatePurchaseRequest,
} from '../../../domain/admin-orders';
import { apiError } from '../../../domain/errors';
import { sendQueuedMails } from '../../jobs/send-mail.job';
import { cancelPurchase, refundPurchase } from '../payments/refunds.service';
import { getPurchase, listNeverPurchased, listPurchases, updatePurchase } from './admin-orders.service';
import { adminRefusals, onlyAdmins } from './admin-only';

export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  onlyAdmins(app);

  app.get(
    '/users/purchases/list',
    {
      schema: {
        tags: ['admin'],
        summary: 'Purchase records: orders whose payment arrived (paid or refund due), newest first',
        response: { 200: purchaseRecords, ...adminRefusals },
      },
    },
    async () => listPurchases(app.db),
  );

  app.get(
    '/getSinglePurchase',
    {
      schema: {
        tags: ['admin'],
        summary: 'One purchase record (404 when unknown)',
        querystring: purchaseIdQuery,
        response: { 200: purchaseRecord, 400: apiError, ...adminRefusals, 404: apiError },
      },
    },
    async (request) => getPurchase(app.db, request.query.id),
  );

  app.post(
    '/updatepurchaseorder',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a purchase's status and tracking link; the order's customer is mailed when either changed",
        body: updatePurchaseRequest,
        response: { 200: updatePurchaseReply, 400: apiError, ...adminRefusals, 404: apiError },
      },
    },
    async (request) => {
      const { id, status, userTrackingUrl } = request.body;
      return updatePurchase({ db: app.db, config: app.config, wakeMails: (ids) => sendQueuedMails(app, ids) }, { id, status, userTrackingUrl });
    },
  );

  // Refund and cancel answer as the update does: the message, whether the buyer was mailed, and the record as it now is.
  const moneyActions = [
    {
      path: '/refundpurchaseorder',
      summary: 'Refund what is due back on a purchase (paid after its stock had gone, a second payment, a failed refund)',
      run: refundPurchase,
    },
    {
      path: '/cancelpurchaseorder',
      summary: 'Cancel a paid purchase not yet dispatched: its stock goes back and every payment is refunded',
      run: cancelPurchase,
    },
  ];
  for (const { path, summary, run } of moneyActions) {
    app.post(
      path,
      {
        schema: {
          tags: ['admin'],
          summary,
          body: purchaseActionRequest,
          response: { 200: updatePurchaseReply, 400: apiError, ...adminRefusals, 404: apiError, 409: apiError, 502: apiError },
        },
      },
      async (request) => {
        const outcome = await run(app, request.body.id);
        return { ...outcome, purchase: await getPurchase(app.db, request.body.id) };
      },
    );
  }

  app.get(
    '/getuserneverpurchase',
    {
      schema: {
        tags: ['admin'],
        summary: 'Customers (not admins) without a paid order, newest accounts first',
        response: { 200: neverPurchasedUsers, ...adminRefusals },
      },
    },
    async () => listNeverPurchased(app.db),
  );
};
