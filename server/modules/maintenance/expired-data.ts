/**
 * Deletes what the shop no longer needs: spent one-time codes, expired refresh tokens, expired guest sessions (with
 * their bags), old dev-outbox mail and mails the queue sent long ago. The hourly purge job runs it (server/jobs/purge.job.ts); each batch is its own
 * short transaction, so a large backlog never holds locks for long.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { mails, oneTimeCodes, outboxMail, refreshTokens } from '../../db/schema';
import { purgeExpiredGuestSessions } from '../guest/guest.service';

const hour = 60 * 60 * 1000;

/** How long each kind of row is kept past its end, and why. */
export const retention = {
  /**
   * A code is kept an hour past its expiry: a used one must outlive the 30 minutes in which it allows the first
   * password (it is used before it expires), and a late try at an unused one still hears "expired", not "invalid".
   */
  oneTimeCodeAfterExpiryMs: hour,
  /** A refresh token is kept a day past its expiry, so that presenting a stolen, used one still revokes its family. */
  refreshTokenAfterExpiryMs: 24 * hour,
  /** Dev-outbox mail (codes included) is kept a week. */
  outboxMailMs: 7 * 24 * hour,
  /** A sent mail's row (the customer's address, their order) is kept a month, for questions about it; unsent ones stay. */
  sentMailMs: 30 * 24 * hour,
} as const;

export interface PurgeCounts {
  oneTimeCodes: number;
  refreshTokens: number;
  guestSessions: number;
  outboxMail: number;
  sentMails: number;
}

/** Deletes everything past its retention at `now`, `batchSize` rows per transaction; says how many rows of each went. */
export async function purgeExpiredData(db: Database, now = new Date(), batchSize = 500): Promise<PurgeCounts> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const codesBefore = before(retention.oneTimeCodeAfterExpiryMs);
  const tokensBefore = before(retention.refreshTokenAfterExpiryMs);
  const mailBefore = before(retention.outboxMailMs);
  const sentBefore = before(retention.sentMailMs);
  return {
    oneTimeCodes: await inBatches(db, batchSize, async (tx, limit) => {
      const ids = tx.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, codesBefore)).limit(limit);
      return (await tx.delete(oneTimeCodes).where(inArray(oneTimeCodes.id, ids)).returning({ id: oneTimeCodes.id })).length;
    }),
    refreshTokens: await inBatches(db, batchSize, async (tx, limit) => {
      const ids = tx.select({ id: refreshTokens.id }).from(refreshTokens).where(lt(refreshTokens.expiresAt, tokensBefore)).limit(limit);
      return (await tx.delete(refreshTokens).where(inArray(refreshTokens.id, ids)).returning({ id: refreshTokens.id })).length;
    }),
    // The same purge a new guest session runs for a few rows: one place decides what an expired session is.
    guestSessions: await inBatches(db, batchSize, (tx, limit) => purgeExpiredGuestSessions(tx, now, limit)),
    outboxMail: await inBatches(db, batchSize, async (tx, limit) => {
      const ids = tx.select({ id: outboxMail.id }).from(outboxMail).where(lt(outboxMail.createdAt, mailBefore)).limit(limit);
      return (await tx.delete(outboxMail).where(inArray(outboxMail.id, ids)).returning({ id: outboxMail.id })).length;
    }),
    sentMails: await inBatches(db, batchSize, async (tx, limit) => {
      const ids = tx.select({ id: mails.id }).from(mails).where(and(eq(mails.status, 'sent'), lt(mails.sentAt, sentBefore))).limit(limit);
      return (await tx.delete(mails).where(inArray(mails.id, ids)).returning({ id: mails.id })).length;
    }),
  };
}

/** Runs `deleteBatch` in one transaction per batch until a batch comes back short; the total deleted. */
async function inBatches(
  db: Database,
  batchSize: number,
  deleteBatch: (tx: Transaction, limit: number) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.transaction((tx) => deleteBatch(tx, batchSize));
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

/**
 * PGlite runs PostgreSQL as a single process, with no autovacuum worker to analyze a table as it grows: its planner
 * would plan from the statistics of the day each table was empty (a checkout once went through every pending order
 * of the shop that way). PostgreSQL's autovacuum does this on a real server.
 */
export async function analyzeEmbeddedDatabase(app: FastifyInstance): Promise<void> {
  if (app.database.kind === 'pglite') await app.db.execute(sql`analyze`);
}
