/**
 * A paid order's mails (the buyer's confirmation and the shop's notice), sent once even when the process dies between
 * the payment and the mail: settling marks the order `mails_due` in its own transaction, and this sends the mails and
 * clears the mark. The dev outbox lives in the database, so there the mails and the cleared mark commit together
 * (exactly once); SMTP cannot join a transaction, so there a sender first claims the order for `smtpClaimMs` (another
 * job for the same order, here or in another instance, then skips it), sends, and clears the mark; only a crash
 * between sending and clearing sends them again once the claim has run out (at least once, never lost). The job queue
 * runs this (server/jobs/order-mails.job.ts): queued when the order is paid, retried when the mail server fails.
 */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { orderMails } from './order-mails';

type MailingApp = Pick<FastifyInstance, 'db' | 'mailer' | 'config'>;

/** Longer than any SMTP send takes (nodemailer gives up after about two minutes), short enough for a prompt retry. */
export const smtpClaimMs = 5 * 60_000;

/** Sends the order's mails if they are still due; false when they were not (already sent, or not paid). */
export async function sendOrderMails(app: MailingApp, orderId: number): Promise<boolean> {
  const { db, mailer, config } = app;
  const keep = mailer.sendWithClaim;
  if (keep) {
    const mails = await orderMails(db, config.shop, orderId);
    // Clearing the mark is the claim, made in the statement that keeps the mails: a concurrent sender waits on the row
    // and then finds nothing due.
    const claim = db
      .update(orders)
      .set({ mailsDue: false })
      .where(and(eq(orders.id, orderId), eq(orders.mailsDue, true)))
      .returning({ id: orders.id });
    return keep(claim.getSQL(), mails);
  }
  // The claim is one conditional update, so two senders can never both hold it; the database's clock decides.
  const claimed = await db
    .update(orders)
    .set({ mailsClaimedUntil: sql`now() + ${`${smtpClaimMs} milliseconds`}::interval` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.mailsDue, true),
        or(isNull(orders.mailsClaimedUntil), lt(orders.mailsClaimedUntil, sql`now()`)),
      ),
    )
    .returning({ id: orders.id });
  if (claimed.length === 0) return false;
  try {
    for (const mail of await orderMails(db, config.shop, orderId)) await mailer.send(mail);
  } catch (error) {
    // Let the job's retry try at once instead of waiting out the claim.
    await db.update(orders).set({ mailsClaimedUntil: null }).where(eq(orders.id, orderId));
    throw error;
  }
  await db.update(orders).set({ mailsDue: false, mailsClaimedUntil: null }).where(eq(orders.id, orderId));
  return true;
}

/**
 * The orders whose mails are still due and that no sender holds a claim on: at start those a crash left, and on the
 * minute sweep those whose job has failed for good or was never queued (the process died between the payment and
 * queuing it). Oldest payment first.
 */
export async function ordersWithMailsDue(db: Database): Promise<number[]> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.mailsDue, true), or(isNull(orders.mailsClaimedUntil), lt(orders.mailsClaimedUntil, sql`now()`))))
    .orderBy(asc(orders.paidAt));
  return due.map((order) => order.id);
}
