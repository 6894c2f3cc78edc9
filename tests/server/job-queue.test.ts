/**
 * The job queue (server/jobs/job-queue.ts): a failing pg-boss transaction leaves the shop's connections usable; closing
 * the app lets a job under way finish before the database closes; a job already due when the app starts finds the queue
 * ready for the jobs it queues;
 * and with two apps on one PostgreSQL database, as two instances of the shop run, a scheduled job runs once per tick,
 * on one of them (the PostgreSQL pass, TEST_DATABASE_URL: on the embedded database one process owns the data).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { mails, orders } from '../../server/db/schema';
import { jobDatabase } from '../../server/jobs/job-database';
import { reservationExpiryJob } from '../../server/jobs/reservation-expiry.job';
import { buildTestApp, createScratchDatabase } from './helpers/app';
import { LogCapture } from './helpers/log-capture';
import { aBuyer, aTaxedProduct, invoiceFor, paidWithCard, verify } from './helpers/payments';

const serverUrl = process.env.TEST_DATABASE_URL;
/** The schedules checked every second instead of every 30: a tick's job is queued within seconds. */
const quickClock = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, pollingIntervalSeconds: 0.5 };

describe("pg-boss's own transactions", () => {
  it('one that fails leaves no connection of the shop inside an aborted transaction', async () => {
    const app = await buildTestApp();
    try {
      const jobs = jobDatabase(app.database.pool);
      // The shape of pg-boss's maintenance: BEGIN, statements, COMMIT in one text; here the second one fails.
      await expect(jobs.executeSql('BEGIN;\nSELECT 1 / 0;\nCOMMIT;', [])).rejects.toThrow(/division by zero/);
      // Every connection the shop's next queries get still answers.
      for (let query = 0; query < 8; query += 1) expect(await app.db.execute(sql`select 1 as one`)).toBeDefined();
      expect(await jobs.executeSql('select 2 as two', [])).toMatchObject({ rows: [{ two: 2 }] });
    } finally {
      await app.close();
    }
  });
});

describe('closing the app', () => {
  it('waits for the jobs under way (a paid order\'s mails), then closes the database', async () => {
    // A mail server that takes the connection and does not answer until the test lets it drop.
    const connections: Socket[] = [];
    const silent = createServer((socket) => connections.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const dataDir = mkdtempSync(join(tmpdir(), 'fs-job-close-'));
    const database = { kind: 'pglite' as const, dataDir };
    try {
      const app = await buildTestApp({ database, smtpUrl: `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
      const buyer = await aBuyer(app, await aTaxedProduct(app), 1);
      const { orderValueId } = await invoiceFor(app, buyer);
      await verify(app, buyer, await paidWithCard(app, orderValueId));
      // Both mails on their way (the confirmation once its invoice PDF is drawn).
      await vi.waitFor(() => expect(connections).toHaveLength(2), { timeout: 15_000 });

      let closed = false;
      const closing = app.close().then(() => (closed = true));
      await sleep(300);
      expect(closed, 'the close waits for the mail job').toBe(false);
      for (const connection of connections) connection.destroy();
      await closing;

      // The jobs' last writes (each failed send gives its claim back) reached the database before it closed.
      const reopened = await openDatabase(database);
      try {
        const [order] = await reopened.db.select().from(orders).where(eq(orders.providerOrderId, orderValueId));
        expect(order).toMatchObject({ paymentState: 'paid' });
        const orderMails = await reopened.db.select().from(mails).where(eq(mails.orderId, order!.id));
        expect(orderMails.map(({ status, claimedUntil, attempts }) => ({ status, claimedUntil, attempts }))).toEqual([
          { status: 'queued', claimedUntil: null, attempts: 1 },
          { status: 'queued', claimedUntil: null, attempts: 1 },
        ]);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  }, 90_000);
});

describe('starting the app', () => {
  it('runs a job that was already due as it starts, with the queue ready for it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fs-job-start-'));
    const database = { kind: 'pglite' as const, dataDir };
    try {
      const first = await buildTestApp({ database });
      // Due a moment after this app has closed: the next one finds it waiting as its workers start. The minute sweep
      // queues the mails still due, through the app's queue.
      expect(await first.jobs.send(reservationExpiryJob, {}, { startAfter: 1 })).toBe(true);
      await first.close();
      await sleep(1_500);

      const log = new LogCapture();
      const app = await buildTestApp({ database, logLevel: 'warn' }, { logStream: log });
      try {
        await app.jobs.idle([reservationExpiryJob]);
        expect(log.lines.filter((line) => line.includes('"level":50'))).toEqual([]);
        const { rows } = (await app.db.execute(
          sql`select state from pgboss.job where name = ${reservationExpiryJob.name} order by created_on`,
        )) as unknown as { rows: { state: string }[] };
        expect(rows.map((row) => row.state)).toContain('completed');
        expect(rows.map((row) => row.state)).not.toContain('retry');
      } finally {
        await app.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(!serverUrl)('two apps on one PostgreSQL database', () => {
  it('run the minute schedule once per tick, on one app or the other', async () => {
    const scratch = await createScratchDatabase(serverUrl!);
    const logs = [new LogCapture(), new LogCapture()];
    const apps: FastifyInstance[] = [];
    try {
      const config = testConfig({ logLevel: 'debug', database: { kind: 'postgres', url: scratch.url, poolSize: 4 } });
      for (const log of logs) apps.push(await buildApp(config, { logStream: log, jobTimings: quickClock }));
      const runs = () =>
        logs.flatMap((log) =>
          log.lines.filter((line) => line.includes(`job ${reservationExpiryJob.name} done`)).map((line) => JSON.parse(line) as { jobId: string }),
        );
      await vi.waitFor(() => expect(runs().length).toBeGreaterThan(0), { timeout: 20_000, interval: 100 });
      // Both apps check the schedule every second: several more checks, and no second run for the same tick.
      await sleep(4_000);

      const result = await apps[0]!.db.execute(
        sql`select singleton_on, count(*)::int as jobs from pgboss.job where name = ${reservationExpiryJob.name} group by singleton_on`,
      );
      const ticks = (result as unknown as { rows: { jobs: number }[] }).rows;
      expect(ticks.length).toBeGreaterThan(0);
      for (const tick of ticks) expect(tick.jobs).toBe(1);
      const ran = runs().map((run) => run.jobId);
      expect(new Set(ran).size).toBe(ran.length);
      expect(ran).toHaveLength(ticks.length);
    } finally {
      for (const app of apps) await app.close();
      await scratch.drop();
    }
  }, 60_000);
});
