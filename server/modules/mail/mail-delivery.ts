/**
 * Sends one queued mail, once. The dev outbox lives in the database, so there the kept mail and the `sent` mark commit
 * in one statement (exactly once). SMTP cannot join a transaction: a sender first claims the row (`sending` until a
 * deadline, one conditional update), sends, and marks it sent; only a crash between the server's accept and the mark
 * sends it again, once the claim has run out (at least once, never lost).
 *
 * A failed try puts the mail back to `queued` and throws, so that its job is retried with backoff; a mail server's
 * refusal for good (5xx) ends the mail as `failed` after `refusedTries` tries, with the refusal kept for the admin.
 */
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { mails } from '../../db/schema';
import { mailAttachments } from '../documents/documents.service';
import type { Mail } from './mailer';

type MailingApp = Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'log'>;

/** Longer than any SMTP send may take (its every step is bounded by smtpTimeoutMs), short enough for a prompt retry. */
export const claimMs = (smtpTimeoutMs: number) => 10 * smtpTimeoutMs;

/** A mail nobody is sending: queued, or claimed by a sender that has not finished in time (taken for dead). */
const claimable = or(eq(mails.status, 'queued'), and(eq(mails.status, 'sending'), lt(mails.claimedUntil, sql`now()`)));

export async function deliverMail(app: MailingApp, mailId: number): Promise<void> {
  const { db, mailer, config } = app;
  const keep = mailer.sendWithClaim;
  if (keep) {
    // Built before the claim, from the stored document: a retry carries the same bytes, and nothing is stored twice.
    const [queued] = await db.select({ kind: mails.kind, orderId: mails.orderId }).from(mails).where(and(eq(mails.id, mailId), claimable)).limit(1);
    if (!queued) return;
    const attachments = await mailAttachments(db, queued);
    // Marking it sent is the claim, made in the statement that keeps it: a second sender finds it sent.
    const claim = db
      .update(mails)
      .set({ status: 'sent', attempts: sql`${mails.attempts} + 1`, sentAt: sql`now()`, updatedAt: sql`now()`, claimedUntil: null })
      .where(and(eq(mails.id, mailId), claimable))
      .returning({ to: mails.to, subject: mails.subject, text: mails.text, html: mails.html });
    await keep(claim.getSQL(), attachments);
    return;
  }

  const [mail] = await db
    .update(mails)
    .set({
      status: 'sending',
      attempts: sql`${mails.attempts} + 1`,
      claimedUntil: sql`now() + ${`${claimMs(config.mailDelivery.smtpTimeoutMs)} milliseconds`}::interval`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(mails.id, mailId), claimable))
    .returning();
  if (!mail) return;
  try {
    await mailer.send({ ...mailOf(mail), attachments: await mailAttachments(db, mail) });
  } catch (error) {
    const givesUp = isRefusal(error) && mail.attempts >= config.mailDelivery.refusedTries;
    await db
      .update(mails)
      .set({ status: givesUp ? 'failed' : 'queued', claimedUntil: null, lastError: describe(error), updatedAt: sql`now()` })
      .where(and(eq(mails.id, mailId), eq(mails.status, 'sending')));
    if (givesUp) {
      app.log.warn({ mailId, kind: mail.kind, attempts: mail.attempts }, 'the mail server refused a mail for good');
      return;
    }
    throw error;
  }
  await db
    .update(mails)
    .set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, updatedAt: sql`now()` })
    .where(eq(mails.id, mailId));
}

/** The mails due a job: unsent and claimed by no live sender, oldest first (crash recovery, failed retries). */
export async function unsentMails(db: Database, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: mails.id })
    .from(mails)
    .where(claimable)
    .orderBy(asc(mails.createdAt), asc(mails.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

const mailOf = (row: typeof mails.$inferSelect): Mail => ({
  to: row.to,
  subject: row.subject,
  text: row.text,
  ...(row.html !== null ? { html: row.html } : {}),
  ...(row.replyTo !== null ? { replyTo: row.replyTo } : {}),
});

/** The mail server's refusal for good: a 5xx reply (an unknown recipient, a rejected message). */
function isRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What the admin reads: the mail server's own reply when it gave one, else the connection's failure. */
function describe(error: unknown): string {
  const { response, message } = error as { response?: unknown; message?: unknown };
  const said = typeof response === 'string' && response ? response : typeof message === 'string' ? message : String(error);
  return said.slice(0, 1000);
}
