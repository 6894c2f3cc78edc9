/**
 * The job queue (server/jobs/job-queue.ts) with two apps on one PostgreSQL database, as two instances of the shop run:
 * a scheduled job runs once per tick, on one of them. Runs in the PostgreSQL pass (TEST_DATABASE_URL); on the
 * embedded database one process owns the data.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { reservationExpiryJob } from '../../server/jobs/reservation-expiry.job';
import { createScratchDatabase } from './helpers/app';
import { LogCapture } from './helpers/log-capture';

const serverUrl = process.env.TEST_DATABASE_URL;
/** The schedules checked every second instead of every 30: a tick's job is queued within seconds. */
const quickClock = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, pollingIntervalSeconds: 0.5 };

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
