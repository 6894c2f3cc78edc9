/**
 * Deletes what the shop no longer needs: spent one-time codes, expired refresh tokens, expired guest sessions (with
 * their bags) and old dev-outbox mail. Once at start-up, then hourly on an unref'd timer stopped on close; each batch
 * is its own short transaction, so a large backlog never holds locks for long. The hourly run also refreshes the
 * embedded database's planner statistics.
 */
import { inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { oneTimeCodes, outboxMail, refreshTokens } from '../../db/schema';
import { purgeExpiredGuestSessions } from '../guest/guest.service';

export const purgeEveryMs = 60 * 60 * 1000;
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
} as const;

export interface PurgeCounts {
  oneTimeCodes: number;
  refreshTokens: number;
  guestSessions: number;
  outboxMail: number;
}

/** Deletes everything past its retention at `now`, `batchSize` rows per transaction; says how many rows of each went. */
export async function purgeExpiredData(db: Database, now = new Date(), batchSize = 500): Promise<PurgeCounts> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const codesBefore = before(retention.oneTimeCodeAfterExpiryMs);
  const tokensBefore = before(retention.refreshTokenAfterExpiryMs);
  const mailBefore = before(retention.outboxMailMs);
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

/** `now` is the job's clock (tests move it); `everyMs` how often it runs after the first run at start. */
export async function startPurgeJob(
  app: FastifyInstance,
  options: { now?: () => Date; everyMs?: number } = {},
): Promise<void> {
  const now = options.now ?? (() => new Date());
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const sweep = () =>
    purgeExpiredData(app.db, now())
      .then((purged) => {
        // Counts only: the rows themselves (codes, token hashes, mail) never go to the log.
        if (Object.values(purged).some((count) => count > 0)) app.log.info({ purged }, 'purged expired codes, sessions and outbox mail');
      })
      .catch((error: unknown) => {
        if (!stopped) app.log.error({ err: error }, 'purge of expired data failed');
      });
  await sweep();
  // Not at start: statistics are kept on disk, and the start waits for the first sweep.
  const analyze = () =>
    analyzeEmbeddedDatabase(app).catch((error: unknown) => {
      if (!stopped) app.log.error({ err: error }, 'analyzing the embedded database failed');
    });
  let busy = false;
  const timer = setInterval(() => {
    // A run slower than the interval is not overlapped by the next: overlapping runs would queue on the database
    // faster than they finish, and the close, which waits for the last one, would wait for them all.
    if (busy) return;
    busy = true;
    running = sweep()
      .then(analyze)
      .finally(() => (busy = false));
  }, options.everyMs ?? purgeEveryMs);
  timer.unref();
  // preClose runs before the database is closed by onClose, so a sweep never meets a closed database.
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
