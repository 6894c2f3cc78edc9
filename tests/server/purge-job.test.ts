/**
 * The maintenance job deletes, on the job's own clock, one-time codes an hour past their expiry (used or not), refresh
 * tokens a day past theirs, expired guest sessions with their bags and tokens, and dev-outbox mail older than a week;
 * everything younger stays. It works in batches, runs hourly on the job queue, and logs counts only.
 */
import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, guestSessions, mails, oneTimeCodes, outboxMail, refreshTokens } from '../../server/db/schema';
import { purgeJob } from '../../server/jobs/purge.job';
import { purgeExpiredData, retention } from '../../server/modules/maintenance/expired-data';
import { buildTestApp } from './helpers/app';
import { LogCapture } from './helpers/log-capture';
import { aUser } from './helpers/auth';

const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;
/** The job's clock: far from the real one, so only the clock given to the job decides what is old. */
const now = new Date('2031-03-15T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

let app: FastifyInstance;
const log = new LogCapture();
let userId: number;

beforeAll(async () => {
  app = await buildTestApp({ logLevel: 'info' }, { logStream: log });
  userId = (await aUser(app)).id;
});
afterAll(async () => {
  await app.close();
});

let sequence = 0;
const unique = () => `${(sequence += 1)}-${Math.random().toString(36).slice(2)}`;

async function aCode(expiresAt: Date, consumedAt: Date | null = null): Promise<number> {
  const [row] = await app.db
    .insert(oneTimeCodes)
    .values({ email: `code-${unique()}@example.in`, purpose: 'sign_up', codeHash: `hash-${unique()}`, expiresAt, consumedAt, createdAt: at(-day) })
    .returning({ id: oneTimeCodes.id });
  return row!.id;
}

async function aRefreshToken(expiresAt: Date, owner: { userId: number } | { guestSessionId: string } = { userId }, revokedAt: Date | null = null) {
  const [row] = await app.db
    .insert(refreshTokens)
    .values({ tokenHash: `token-${unique()}`, familyId: unique(), ...owner, expiresAt, revokedAt, createdAt: at(-2 * day) })
    .returning({ id: refreshTokens.id });
  return row!.id;
}

/** A guest session with a bag and a refresh token. */
async function aGuestSession(expiresAt: Date): Promise<string> {
  const id = `guest${unique()}`.replace(/[^A-Za-z0-9]/g, '').padEnd(24, 'x');
  await app.db.insert(guestSessions).values({ id, createdAt: at(-40 * day), lastSeenAt: at(-40 * day), expiresAt });
  await app.db.insert(carts).values({ guestSessionId: id });
  await aRefreshToken(at(day), { guestSessionId: id });
  return id;
}

async function aMail(createdAt: Date, text = 'Your code is 123456'): Promise<number> {
  const [row] = await app.db
    .insert(outboxMail)
    .values({ to: `mail-${unique()}@example.in`, subject: 'Your sign-up code', text, createdAt })
    .returning({ id: outboxMail.id });
  return row!.id;
}

/** A mail of the queue, sent (or failed, never sent) at `sentAt`. */
async function aQueuedMail(status: 'sent' | 'failed', at: Date): Promise<number> {
  const [row] = await app.db
    .insert(mails)
    .values({ key: `purge:${unique()}`, kind: 'contact', to: 'shop@example.in', subject: 'A message', text: 'Hello', status, sentAt: status === 'sent' ? at : null, updatedAt: at })
    .returning({ id: mails.id });
  return row!.id;
}
const remainingQueued = async (ids: number[]) =>
  (await app.db.select({ id: mails.id }).from(mails).where(inArray(mails.id, ids))).map((r) => r.id).sort();

const remainingCodes = async (ids: number[]) =>
  (await app.db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(inArray(oneTimeCodes.id, ids))).map((r) => r.id).sort();
const remainingTokens = async (ids: number[]) =>
  (await app.db.select({ id: refreshTokens.id }).from(refreshTokens).where(inArray(refreshTokens.id, ids))).map((r) => r.id).sort();
const remainingMail = async (ids: number[]) =>
  (await app.db.select({ id: outboxMail.id }).from(outboxMail).where(inArray(outboxMail.id, ids))).map((r) => r.id).sort();
const sorted = (ids: number[]) => [...ids].sort();

describe('purgeExpiredData', () => {
  it('deletes what is past its retention, in batches, and keeps everything younger', async () => {
    const oldCodes = [
      await aCode(at(-retention.oneTimeCodeAfterExpiryMs - minute)),
      await aCode(at(-2 * hour), at(-2 * hour - 5 * minute)), // used, then expired two hours ago
      await aCode(at(-day)),
    ];
    const keptCodes = [
      await aCode(at(-30 * minute)), // expired, but a late try still hears "expired"
      await aCode(at(5 * minute), at(-4 * minute)), // used minutes ago: allows the first password for 30 minutes
      await aCode(at(9 * minute)), // live
    ];
    const oldTokens = [await aRefreshToken(at(-retention.refreshTokenAfterExpiryMs - minute)), await aRefreshToken(at(-3 * day), { userId }, at(-4 * day))];
    const keptTokens = [
      await aRefreshToken(at(-2 * hour)), // expired, kept a day so that a replayed one still revokes its family
      await aRefreshToken(at(12 * hour), { userId }, at(-hour)), // revoked, not yet expired
      await aRefreshToken(at(12 * hour)), // live
    ];
    const expiredGuest = await aGuestSession(at(-minute));
    const liveGuest = await aGuestSession(at(29 * day));
    const oldMail = [await aMail(at(-retention.outboxMailMs - minute)), await aMail(at(-30 * day))];
    const keptMail = [await aMail(at(-6 * day)), await aMail(at(-minute))];
    const oldSent = [await aQueuedMail('sent', at(-retention.sentMailMs - minute))];
    // Sent lately, or never sent (a failed mail stays for the admin however old).
    const keptQueued = [await aQueuedMail('sent', at(-29 * day)), await aQueuedMail('failed', at(-90 * day))];

    const purged = await purgeExpiredData(app.db, now, 2);

    // The guest session's own refresh token goes with it (cascade), not counted as a token past its expiry.
    expect(purged).toEqual({ oneTimeCodes: 3, refreshTokens: 2, guestSessions: 1, outboxMail: 2, sentMails: 1 });
    expect(await remainingQueued([...oldSent, ...keptQueued])).toEqual(sorted(keptQueued));
    expect(await remainingCodes([...oldCodes, ...keptCodes])).toEqual(sorted(keptCodes));
    expect(await remainingTokens([...oldTokens, ...keptTokens])).toEqual(sorted(keptTokens));
    expect(await remainingMail([...oldMail, ...keptMail])).toEqual(sorted(keptMail));
    const sessions = await app.db.select({ id: guestSessions.id }).from(guestSessions).where(inArray(guestSessions.id, [expiredGuest, liveGuest]));
    expect(sessions.map((s) => s.id)).toEqual([liveGuest]);
    expect(await app.db.select().from(carts).where(eq(carts.guestSessionId, expiredGuest))).toEqual([]);
    expect(await app.db.select().from(refreshTokens).where(eq(refreshTokens.guestSessionId, expiredGuest))).toEqual([]);
    expect(await app.db.select().from(carts).where(eq(carts.guestSessionId, liveGuest))).toHaveLength(1);

    // Nothing left to do: a second run deletes nothing.
    expect(await purgeExpiredData(app.db, now, 2)).toEqual({ oneTimeCodes: 0, refreshTokens: 0, guestSessions: 0, outboxMail: 0, sentMails: 0 });
  });
});

describe('the purge job', () => {
  it('is scheduled hourly; a run purges on the real clock and logs counts without contents', async () => {
    const schedules = await app.db.execute(sql`select name, cron from pgboss.schedule where name = ${purgeJob.name}`);
    expect((schedules as unknown as { rows: unknown[] }).rows).toEqual([{ name: purgeJob.name, cron: '0 * * * *' }]);

    const realNow = Date.now();
    const secretText = 'Your password reset code is 918273';
    const mail = await aMail(new Date(realNow - 8 * day), secretText);
    const code = await aCode(new Date(realNow - 2 * hour));
    const linesBefore = log.lines.length;

    await app.jobs.send(purgeJob, {});
    await app.jobs.idle();
    expect(await remainingMail([mail])).toEqual([]);
    expect(await remainingCodes([code])).toEqual([]);
    const logged = log.lines.slice(linesBefore).filter((line) => line.includes('purged'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({
      msg: 'purged expired codes, sessions and old mail',
      purged: { oneTimeCodes: 1, refreshTokens: 0, guestSessions: 0, outboxMail: 1, sentMails: 0 },
    });
    expect(logged[0]).not.toContain('918273');
    expect(logged[0]).not.toContain('@example.in');
  });
});

describe('planner statistics of the embedded database', () => {
  it('the hourly run analyzes it (no autovacuum worker would), so its planner counts the rows there are', async () => {
    const own = await buildTestApp();
    try {
      if (own.database.kind !== 'pglite') return; // PostgreSQL's autovacuum analyzes a real server's tables
      for (let i = 0; i < 3; i += 1) await aUser(own);
      const plannedUsers = async () => {
        const result = await own.db.execute(sql`select reltuples from pg_class where relname = 'users'`);
        return Number((result as unknown as { rows: { reltuples: number }[] }).rows[0]!.reltuples);
      };
      expect(await plannedUsers()).not.toBe(3);
      await own.jobs.send(purgeJob, {});
      await own.jobs.idle();
      expect(await plannedUsers()).toBe(3);
    } finally {
      await own.close();
    }
  });
});
