/** The admin's Mail screen: the mails the mail server refused for good, and Resend, which queues one again. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { adminMailMessages } from '../../../domain/admin-mail';
import type { FailedMail } from '../../../domain/admin-mail';
import type { Database } from '../../db/client';
import { mails } from '../../db/schema';
import { Conflict, NotFound } from '../../errors';

/** The failed mails, the latest failure first; enough for any screen (a relay refusing everything shows in the first). */
export async function listFailedMails(db: Database, limit = 1000): Promise<FailedMail[]> {
  const rows = await db
    .select()
    .from(mails)
    .where(eq(mails.status, 'failed'))
    .orderBy(desc(mails.updatedAt), desc(mails.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    attempts: row.attempts,
    refusal: row.lastError,
    failedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * Puts a failed mail back in the queue with its tries counted afresh, then wakes its job (`wakeMails`). 404 for no
 * such mail, 409 for one that has not failed (it is on its way, or sent: resending would send it twice).
 */
export async function resendMail(
  deps: { db: Database; wakeMails: (ids: number[]) => Promise<void> },
  id: number,
): Promise<{ message: string }> {
  const requeued = await deps.db
    .update(mails)
    .set({ status: 'queued', attempts: 0, lastError: null, updatedAt: sql`now()` })
    .where(and(eq(mails.id, id), eq(mails.status, 'failed')))
    .returning({ id: mails.id });
  if (requeued.length === 0) {
    const [exists] = await deps.db.select({ id: mails.id }).from(mails).where(eq(mails.id, id));
    throw exists ? new Conflict(adminMailMessages.notFailed) : new NotFound(adminMailMessages.notFound);
  }
  await deps.wakeMails([id]);
  return { message: adminMailMessages.resent };
}
