import { z } from 'zod/mini';
import { purchaseId } from './admin-orders';

/**
 * The download routes of an order's GST documents (issue 41): the invoice series (a tax invoice or a bill of supply)
 * or the credit note; `invoice` unless the request says otherwise.
 */
export const documentSeries = ['invoice', 'credit_note'] as const;
const series = z.optional(z.enum(documentSeries, { error: 'series must be invoice or credit_note' }));

/** `GET userorderdocument?id={userExtId}&order={order number}&series=` — the owner's own order. */
export const ownDocumentQuery = z.object({
  id: z.string({ error: 'id must be a user id' }).check(z.minLength(1), z.maxLength(64)),
  order: z.string({ error: 'order must be an order number' }).check(z.minLength(1), z.maxLength(64)),
  series,
});

/** `GET getpurchasedocument?id={order id}&series=` — the admin's. */
export const purchaseDocumentQuery = z.object({ id: purchaseId, series });

/** The path of the owner's download, as the orders page links it. */
export const ownDocumentPath = (userExtId: string, orderNumber: string, which: (typeof documentSeries)[number] = 'invoice') =>
  `/api/userorderdocument?${new URLSearchParams({ id: userExtId, order: orderNumber, series: which }).toString()}`;

