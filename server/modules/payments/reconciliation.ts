/**
 * Payments the browser's verify never reported and no webhook brought (issue 39): the provider is asked about unpaid
 * orders whose buyer has left, and each captured payment is settled through the one settle of order-lifecycle.ts
 * (refund_due when the stock is gone, due back when the order was paid already).
 */
import { and, asc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../db/schema';
import { fillPaymentMethod } from './payment-method';
import { settleAndMail } from './payments.service';

export interface ReconciliationLimits {
  /** At most this many orders asked about per run: the provider's rate limit, and a run that ends. */
  limit: number;
  /** A pending order is asked about once its buyer has had this long to verify (the dialog's own round trip). */
  leftAfterMs: number;
  /** Released (expired or failed) orders are asked about for this long: a payment can still arrive for them. */
  lookBackMs: number;
}

export const reconciliationLimits: ReconciliationLimits = { limit: 20, leftAfterMs: 2 * 60_000, lookBackMs: 24 * 60 * 60_000 };

/** How many payments it settled. Each order on its own: a provider error is logged and the next order goes on. */
export async function reconcilePendingPayments(app: FastifyInstance, limits = reconciliationLimits, now = new Date()): Promise<number> {
  const due = await app.db
    .select({ id: orders.id, providerOrderId: orders.providerOrderId })
    .from(orders)
    .where(
      and(
        isNotNull(orders.providerOrderId),
        or(
          and(eq(orders.paymentState, 'pending'), lt(orders.createdAt, new Date(now.getTime() - limits.leftAfterMs))),
          and(inArray(orders.paymentState, ['expired', 'failed']), gt(orders.reservationExpiresAt, new Date(now.getTime() - limits.lookBackMs))),
        ),
      ),
    )
    // Those asked longest ago (or never) first, so every one is asked in turn however many there are.
    .orderBy(sql`${orders.paymentCheckedAt} asc nulls first`, asc(orders.id))
    .limit(limits.limit);
  let settled = 0;
  for (const order of due) {
    const providerOrderId = order.providerOrderId!;
    try {
      const captured = (await app.payments.fetchOrderPayments(providerOrderId)).filter((payment) => payment.status === 'captured');
      await app.db.update(orders).set({ paymentCheckedAt: now }).where(eq(orders.id, order.id));
      for (const payment of captured) {
        if (await settleAndMail(app, app.payments, { providerOrderId, providerPaymentId: payment.id, settledBy: 'reconciliation' })) settled += 1;
        await fillPaymentMethod(app.db, { providerOrderId, providerPaymentId: payment.id, method: payment.method });
      }
    } catch (error) {
      app.log.error({ err: error, orderId: order.id }, "asking the provider about an order's payments failed");
    }
  }
  return settled;
}
