/**
 * Money going back (issue 39): the admin's Refund (what is due back: a payment after the stock had gone, a second
 * payment, a refund that failed) and Cancel (paid, not dispatched: stock back, every payment refunded), and the
 * provider's answer about a refund (at once, by webhook, or by the reconciliation job).
 *
 * Each payment is claimed in the transaction that locks its order (refund_state due -> pending) before the provider
 * is asked, so double clicks and concurrent requests make one refund call, never two. The provider is asked after
 * that commit: a refund it refused is due again; one whose answer was lost stays pending until the reconciliation job
 * finds it at the provider (or finds none and makes it due again).
 */
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminOrderMessages, isCancellable, isDueBack, purchasePaymentStates } from '../../../domain/admin-orders';
import type { Database, Transaction } from '../../db/client';
import { orderItems, orders, payments } from '../../db/schema';
import { Conflict, NotFound, ProviderFailed } from '../../errors';
import { sendQueuedMails } from '../../jobs/send-mail.job';
import { queueMail } from '../mail/mail-queue';
import { refundMail } from '../orders/order-mails';
import type { RefundMailKind } from '../orders/order-mails';
import { returnStock } from '../orders/stock-reservation';
import { releaseDeliveryBooking } from '../delivery/schedule.service';
import { issueCreditNote } from '../documents/documents.service';
import type { ProviderRefund } from './provider';
import { ProviderError } from './provider';

/** The app: its database, provider and config, and the job queue that sends the buyer's mails. */
type RefundApp = FastifyInstance;

/** A payment claimed for a refund: asked of the provider after the claim commits. */
interface ClaimedPayment {
  id: number;
  providerPaymentId: string;
  amountPaise: number;
}

/** What one admin action did: the message to show, and whether the buyer was mailed. */
export interface RefundActionOutcome {
  message: string;
  customerNotified: boolean;
}

async function lockOrder(tx: Transaction, orderId: number) {
  const [order] = await tx
    .select({ id: orders.id, status: orders.status, paymentState: orders.paymentState, providerOrderId: orders.providerOrderId })
    .from(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.paymentState, [...purchasePaymentStates])))
    .limit(1)
    .for('update');
  if (!order) throw new NotFound(adminOrderMessages.notFound);
  return order;
}

/** Marks the order's payments in `from` as asked for now; those it marked. */
async function claimPayments(tx: Transaction, orderId: number, from: 'due or failed' | 'all not refunded', now: Date): Promise<ClaimedPayment[]> {
  const open =
    from === 'due or failed'
      ? inArray(payments.refundState, ['due', 'failed'])
      : sql`(${payments.refundState} is null or ${payments.refundState} in ('due', 'failed'))`;
  return tx
    .update(payments)
    .set({ refundState: 'pending', providerRefundId: null, refundRequestedAt: now })
    .where(and(eq(payments.orderId, orderId), open))
    .returning({ id: payments.id, providerPaymentId: payments.providerPaymentId, amountPaise: payments.amountPaise });
}

/** Refund: everything due back on the order. 409 when nothing is (already refunded, or under way). */
export async function refundPurchase(app: RefundApp, orderId: number, now = new Date()): Promise<RefundActionOutcome> {
  const claimed = await app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const taken = await claimPayments(tx, orderId, 'due or failed', now);
    if (taken.length === 0) {
      if (order.paymentState === 'refunded') throw new Conflict(adminOrderMessages.alreadyRefunded);
      const [pending] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, orderId), eq(payments.refundState, 'pending'))).limit(1);
      throw new Conflict(pending ? adminOrderMessages.refundUnderWay : adminOrderMessages.nothingDue);
    }
    // An order the shop keeps (a second payment refunded) stays paid; one whose money all goes back is pending, and
    // its invoice, if it has one, is credited (once).
    if (order.paymentState === 'refund_due') {
      await tx.update(orders).set({ paymentState: 'refund_pending', updatedAt: now }).where(eq(orders.id, orderId));
      await issueCreditNote(tx, app.config.shop, orderId, now);
    }
    return taken;
  });
  const { refused, lost, notified } = await askForRefunds(app, orderId, claimed);
  if (refused) throw new ProviderFailed(adminOrderMessages.providerRefused);
  if (lost) throw new ProviderFailed(adminOrderMessages.providerUnavailable);
  return { message: adminOrderMessages.refunding, customerNotified: notified };
}

/** Cancel: a paid order not yet dispatched is Cancelled, its stock and slot place given back, and every payment refunded. */
export async function cancelPurchase(app: RefundApp, orderId: number, now = new Date()): Promise<RefundActionOutcome> {
  const { claimed, mailId } = await app.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'Cancelled') throw new Conflict(adminOrderMessages.alreadyCancelled);
    if (order.status !== 'created') throw new Conflict(adminOrderMessages.dispatched);
    if (!isCancellable(order)) throw new Conflict(adminOrderMessages.notPaid);
    await tx.update(orders).set({ status: 'Cancelled', paymentState: 'refund_pending', updatedAt: now }).where(eq(orders.id, orderId));
    await returnStock(tx, await tx.select({ productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId)));
    await releaseDeliveryBooking(tx, orderId);
    const taken = await claimPayments(tx, orderId, 'all not refunded', now);
    // A documented order's invoice is credited in the commit that cancels it (once: a credit note exists after).
    await issueCreditNote(tx, app.config.shop, orderId, now);
    const total = taken.reduce((sum, payment) => sum + payment.amountPaise, 0);
    return { claimed: taken, mailId: await queueRefundMail(tx, app, { orderId, kind: 'cancelled', amountPaise: total, key: `order:${orderId}:cancelled` }) };
  });
  await sendQueuedMails(app, mailId === null ? [] : [mailId]);
  const { refused, lost } = await askForRefunds(app, orderId, claimed);
  let message: string = adminOrderMessages.cancelled;
  if (refused) message = `${message} ${adminOrderMessages.providerRefused}`;
  else if (lost) message = `${message} ${adminOrderMessages.providerUnavailable}`;
  return { message, customerNotified: mailId !== null };
}

/**
 * Asks the provider to refund each claimed payment and records its answer. `refused`: the provider said no (the
 * payment is due again); `lost`: no answer (it stays pending for the reconciliation job); `notified`: a refund mail
 * went out.
 */
async function askForRefunds(app: RefundApp, orderId: number, claimed: readonly ClaimedPayment[]) {
  let refused = false;
  let lost = false;
  let notified = false;
  const [order] = await app.db.select({ number: sql<string>`coalesce(${orders.providerOrderId}, ${orders.invoiceId})` }).from(orders).where(eq(orders.id, orderId));
  for (const payment of claimed) {
    let refund: ProviderRefund;
    try {
      refund = await app.payments.refund(payment.providerPaymentId, payment.amountPaise, { order: order?.number ?? String(orderId) });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      app.log.error({ err: error, orderId, paymentId: payment.providerPaymentId }, 'refund call failed');
      if (error.refused) {
        refused = true;
        await markRefundFailed(app.db, { paymentRowId: payment.id });
      } else {
        lost = true;
      }
      continue;
    }
    // The webhook may have come first and recorded the id already: then this changes nothing.
    await app.db
      .update(payments)
      .set({ providerRefundId: refund.id })
      .where(and(eq(payments.id, payment.id), isNull(payments.providerRefundId), eq(payments.refundState, 'pending')));
    if (await settleRefund(app, refund)) notified = true;
  }
  return { refused, lost, notified };
}

/**
 * The provider's word on a refund (its answer, a refund.processed / refund.failed webhook, the reconciliation job):
 * processed once (the buyer mailed once, the mail queued with it), or failed (due again, for the admin to retry). True
 * when a mail was queued.
 */
export async function settleRefund(app: RefundApp, refund: ProviderRefund): Promise<boolean> {
  if (refund.status === 'pending') return false;
  const mailId = await app.db.transaction(async (tx) => {
    // By its id, or (a webhook faster than the refund call's answer) the payment's pending refund that names none yet.
    const [payment] = await tx
      .select({ id: payments.id, orderId: payments.orderId, amountPaise: payments.amountPaise })
      .from(payments)
      .where(
        sql`${payments.providerRefundId} = ${refund.id} or (${payments.providerPaymentId} = ${refund.paymentId} and ${payments.refundState} = 'pending' and ${payments.providerRefundId} is null)`,
      )
      .limit(1);
    if (!payment) return null;
    // The order first, as the admin's actions lock it: never two transactions waiting on each other.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, payment.orderId)).for('update');
    const next = refund.status === 'processed' ? 'processed' : 'failed';
    const moved = await tx
      .update(payments)
      .set({ refundState: next, providerRefundId: refund.id })
      .where(and(eq(payments.id, payment.id), eq(payments.refundState, 'pending')))
      .returning({ id: payments.id });
    if (moved.length === 0) return null;
    await settleOrderRefundState(tx, payment.orderId);
    if (next !== 'processed') return null;
    const mail = { orderId: payment.orderId, kind: 'refunded', amountPaise: payment.amountPaise, key: `order:${payment.orderId}:refunded:${refund.id}` } as const;
    return queueRefundMail(tx, app, mail);
  });
  if (mailId === null) return false;
  await sendQueuedMails(app, [mailId]);
  return true;
}

/** A refund the provider refused or never got: due again, and the order's money with it. */
export async function markRefundFailed(db: Database, where: { paymentRowId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [payment] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, where.paymentRowId));
    if (!payment) return;
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, payment.orderId)).for('update');
    await tx.update(payments).set({ refundState: 'failed' }).where(and(eq(payments.id, where.paymentRowId), eq(payments.refundState, 'pending')));
    await settleOrderRefundState(tx, payment.orderId);
  });
}

/**
 * An order whose money is going back follows its payments: refunded once every one is processed, refund_due again
 * while one failed. An order the shop keeps (paid) is left as it is.
 */
async function settleOrderRefundState(tx: Transaction, orderId: number): Promise<void> {
  const states = await tx.select({ refundState: payments.refundState }).from(payments).where(eq(payments.orderId, orderId));
  const owed = states.some(isDueBack);
  const allBack = states.every((payment) => payment.refundState === 'processed');
  const next = owed ? 'refund_due' : allBack ? 'refunded' : 'refund_pending';
  await tx
    .update(orders)
    .set({ paymentState: next, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.paymentState, ['refund_due', 'refund_pending'])));
}

/**
 * Pending refunds the provider has not answered about, oldest first: with a refund id, asked by it; without one (the
 * call's answer was lost), after `lostAfterMs` the payment's refunds are looked up, and none there makes it due again.
 */
export async function resolvePendingRefunds(app: RefundApp, options: { limit: number; lostAfterMs: number }, now = new Date()): Promise<number> {
  const pending = await app.db
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId, providerRefundId: payments.providerRefundId, requestedAt: payments.refundRequestedAt })
    .from(payments)
    .where(and(eq(payments.refundState, 'pending'), lt(payments.refundRequestedAt, new Date(now.getTime() - 30_000))))
    .orderBy(payments.refundRequestedAt)
    .limit(options.limit);
  let resolved = 0;
  for (const payment of pending) {
    try {
      if (payment.providerRefundId) {
        if (await settleKnownRefund(app, await app.payments.fetchRefund(payment.providerRefundId))) resolved += 1;
        continue;
      }
      if (payment.requestedAt && now.getTime() - payment.requestedAt.getTime() < options.lostAfterMs) continue;
      const [found] = (await app.payments.fetchPaymentRefunds(payment.providerPaymentId)).filter((refund) => refund.status !== 'failed');
      if (found) {
        await app.db.update(payments).set({ providerRefundId: found.id }).where(and(eq(payments.id, payment.id), isNull(payments.providerRefundId)));
        if (await settleKnownRefund(app, found)) resolved += 1;
      } else {
        await markRefundFailed(app.db, { paymentRowId: payment.id });
        resolved += 1;
      }
    } catch (error) {
      // One refund's trouble is logged and left for the next run; the others go on.
      app.log.error({ err: error, paymentId: payment.providerPaymentId }, 'checking a pending refund failed');
    }
  }
  return resolved;
}

async function settleKnownRefund(app: RefundApp, refund: ProviderRefund): Promise<boolean> {
  if (refund.status === 'pending') return false;
  await settleRefund(app, refund);
  return true;
}

/**
 * Queues the buyer's cancel or refund mail in the transaction that makes the change, so that the two commit together
 * (sendQueuedMails wakes its job after the commit). Its id; null when its key was queued before or the order is gone.
 */
async function queueRefundMail(
  tx: Transaction,
  app: RefundApp,
  mail: { orderId: number; kind: RefundMailKind; amountPaise: number; key: string },
): Promise<number | null> {
  const composed = await refundMail(tx, app.config.shop, mail.orderId, mail.kind, mail.amountPaise);
  if (!composed) return null;
  const kind = mail.kind === 'cancelled' ? 'order_cancelled' : 'order_refunded';
  return queueMail(tx, { ...composed, key: mail.key, kind, orderId: mail.orderId });
}
