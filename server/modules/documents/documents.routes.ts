/**
 * Downloads of an order's GST documents (issue 41): the owner's from My Account's orders, the admin's from the order's
 * page. Each answers the stored document as a PDF attachment named by its number; 404 when the order has none.
 */
import { and, eq, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownDocumentQuery, purchaseDocumentQuery } from '../../../domain/documents';
import { apiError } from '../../../domain/errors';
import { orders, users } from '../../db/schema';
import { NotFound } from '../../errors';
import { adminRefusals, onlyAdmins } from '../admin/admin-only';
import { requireSelf, requireUser } from '../auth/caller';
import { documentMessages, requireDocumentFile } from './documents.service';
import type { DocumentFile } from './documents.service';

const sendPdf = (reply: FastifyReply, file: DocumentFile) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);

const ownerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/userorderdocument',
    {
      // Another user's id is refused (403) before the rest of the query is looked at, as the account routes do.
      preValidation: async (request: FastifyRequest) => {
        requireUser(request);
        const id = (request.query as Record<string, unknown> | undefined)?.id;
        if (typeof id === 'string' && id !== '') requireSelf(request, id);
      },
      schema: {
        tags: ['account'],
        summary: "The caller's own order's GST document as a PDF (its invoice or bill of supply, or its credit note)",
        querystring: ownDocumentQuery,
        response: { 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const caller = requireSelf(request, request.query.id);
      const [order] = await app.db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            eq(users.externalId, caller.externalId),
            or(eq(orders.providerOrderId, request.query.order), eq(orders.invoiceId, request.query.order)),
          ),
        )
        .limit(1);
      if (!order) throw new NotFound(documentMessages.none);
      return sendPdf(reply, await requireDocumentFile(app.db, order.id, request.query.series ?? 'invoice'));
    },
  );
};

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  onlyAdmins(app);
  app.get(
    '/getpurchasedocument',
    {
      schema: {
        tags: ['admin'],
        summary: "A purchase's GST document as a PDF (its invoice or bill of supply, or its credit note)",
        querystring: purchaseDocumentQuery,
        response: { 400: apiError, ...adminRefusals, 404: apiError },
      },
    },
    async (request, reply) => sendPdf(reply, await requireDocumentFile(app.db, request.query.id, request.query.series ?? 'invoice')),
  );
};

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ownerRoutes);
  await app.register(adminRoutes);
};
