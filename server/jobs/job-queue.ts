/**
 * The shop's background work, on pg-boss: a job queue kept in the shop's own database (schema `pgboss`), reached over
 * the app's own pool (job-database.ts), so it runs alike on PostgreSQL and on the embedded database, and with
 * several server processes on one PostgreSQL each job runs once. Each job is a file here (*.job.ts), listed in
 * shop-jobs.ts; this module starts pg-boss, creates their queues, registers their workers and schedules, and stops it
 * on app.close(): jobs under way finish, then the database closes.
 *
 * Scheduled jobs: pg-boss's clock monitor, which one process at a time runs, sends each schedule's job once per cron
 * tick; `singletonSeconds` also keys the job to its tick, so that no second one can be queued for the same tick.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { FastifyInstance } from 'fastify';
import { jobDatabase } from './job-database';
import { jobQueueSchema } from '../db/client';

/** The app a job works with. */
export type JobApp = FastifyInstance;

export interface JobDefinition<Data extends object> {
  /** The queue's name; letters, digits and hyphens. */
  name: string;
  /** How pg-boss keeps the queue's jobs: policy, retries, expiry. */
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** A cron line (UTC) on which one process runs the job; `tickSeconds` is the tick's length (a minute, an hour). */
  schedule?: { cron: string; tickSeconds: number };
  /** Jobs of this queue one process runs at once (1 unless said): each worker takes one job at a time. */
  workers?: number;
  /** Also run once by every process as it starts, before it listens (not through the queue). */
  atStart?: boolean;
  /** The work. A throw fails the job, which pg-boss then retries as its queue says. */
  run(app: JobApp, data: Data): Promise<void>;
}

export const defineJob = <Data extends object = Record<string, never>>(job: JobDefinition<Data>) => job;

// Method syntax in JobDefinition keeps a job of any data assignable to this.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJob = JobDefinition<any>;

/** How often pg-boss looks at its tables. pg-boss's own defaults, except where a test needs a quicker clock. */
export interface JobTimings {
  /** How often an idle worker looks for a job another process sent (a job sent here wakes its worker at once). */
  pollingIntervalSeconds: number;
  /** How often one process checks the schedules for a tick that is due. */
  cronMonitorIntervalSeconds: number;
  /** How quickly a due tick's job is queued after that check. */
  cronWorkerIntervalSeconds: number;
}

export const defaultJobTimings: JobTimings = {
  pollingIntervalSeconds: 2,
  cronMonitorIntervalSeconds: 30,
  cronWorkerIntervalSeconds: 5,
};

export interface JobQueue {
  /** Queues a job and wakes a worker of this process for it. False when the queue's policy refused it as a duplicate. */
  send<Data extends object>(job: JobDefinition<Data>, data: Data, options?: PgBoss.SendOptions): Promise<boolean>;
  /**
   * Queues several jobs of `job` in one statement and wakes a worker for each; those the queue's policy refuses as
   * duplicates are left out, as `send` leaves them.
   */
  sendAll<Data extends object>(job: JobDefinition<Data>, jobs: readonly Omit<PgBoss.JobInsert<Data>, 'name'>[]): Promise<void>;
  /**
   * Which of `keys` (singleton keys of `job`'s jobs) have a job waiting: queued, or failed and due a retry. A sweep
   * leaves those alone, so that a retry keeps its backoff.
   */
  waiting(job: AnyJob, keys: readonly string[]): Promise<Set<string>>;
  /**
   * Resolves once none of `jobs` (all by default) is running or due: those queued meanwhile, and retries already due,
   * included. A job waiting out a retry delay does not count, nor one left running by a process that died before this
   * one started (pg-boss fails it once it expires). Tests and the dev outbox wait for this.
   */
  idle(jobs?: AnyJob[]): Promise<void>;
  /** Stops taking jobs, waits for those under way, and leaves the database open (the app closes it next). */
  stop(): Promise<void>;
}

/** Starts pg-boss on the app's database with `jobs`, decorates the app with it (`app.jobs`), runs at-start jobs. */
export async function startJobQueue(app: JobApp, jobs: AnyJob[], timings: Partial<JobTimings> = {}): Promise<JobQueue> {
  const { pollingIntervalSeconds, cronMonitorIntervalSeconds, cronWorkerIntervalSeconds } = { ...defaultJobTimings, ...timings };
  const db = jobDatabase(app.database.pool);
  const boss = new PgBoss({ db, schema: jobQueueSchema, cronMonitorIntervalSeconds, cronWorkerIntervalSeconds });
  let stopping = false;
  boss.on('error', (error) => {
    if (!stopping) app.log.error({ err: error }, 'job queue failed');
  });
  const running = new Set<Promise<void>>();
  const workers = new Map<string, string[]>();
  // On the database's clock, as pg-boss's own times are: jobs started before it are not this process's.
  const { rows: clock } = (await db.executeSql('select now() as now', [])) as { rows: { now: unknown }[] };
  const startedAt = clock[0]?.now;

  const wakeWorkers = (names: Iterable<string>) => {
    for (const name of names) for (const workerId of workers.get(name) ?? []) boss.notifyWorker(workerId);
  };
  // One worker per job sent, in turn: a woken worker looks for a job at once, and waking every worker of the queue for
  // each job would have the others find none, each with a statement of its own.
  let turn = 0;
  const wakeWorkersFor = (name: string, jobCount: number) => {
    const ids = workers.get(name) ?? [];
    for (let woken = 0; woken < Math.min(jobCount, ids.length); woken += 1) boss.notifyWorker(ids[turn++ % ids.length]!);
  };

  const queue: JobQueue = {
    async send(job, data, options = {}) {
      const id = await boss.send(job.name, data, options);
      wakeWorkersFor(job.name, 1);
      return id !== null;
    },
    async sendAll(job, list) {
      if (list.length === 0) return;
      await boss.insert(list.map((each) => ({ ...each, name: job.name })));
      wakeWorkersFor(job.name, list.length);
    },
    async waiting(job, keys) {
      if (keys.length === 0) return new Set();
      const { rows } = (await db.executeSql(
        `select distinct singleton_key as key from ${jobQueueSchema}.job
         where name = $1 and singleton_key = any($2::text[]) and state in ('created', 'retry')`,
        [job.name, keys],
      )) as { rows: { key: string }[] };
      return new Set(rows.map((row) => row.key));
    },
    async idle(which = jobs) {
      const names = which.map((job) => job.name);
      for (;;) {
        wakeWorkers(names);
        const { rows } = (await db.executeSql(
          `select count(*)::int as busy from ${jobQueueSchema}.job
           where name = any($1::text[])
             and (state < 'active' and start_after <= now() or state = 'active' and started_on >= $2::timestamptz)`,
          [names, startedAt],
        )) as { rows: { busy: number }[] };
        if (rows[0]?.busy === 0 && running.size === 0) return;
        await sleep(10);
      }
    },
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, close: false });
      while (running.size > 0) await Promise.allSettled([...running]);
      // pg-boss records a job's outcome without waiting for it: that statement too must end before the database.
      await db.settled();
    },
  };

  // Decorated before the first worker starts: a job already due (queued before a restart) runs at once, and may queue
  // another through `app.jobs`.
  app.decorate('jobs', queue);
  try {
    // One process at a time: pg-boss's schema and queues are tables, and instances creating them together deadlock.
    await app.database.exclusively(async () => {
      await boss.start();
      for (const job of jobs) {
        await boss.createQueue(job.name, { name: job.name, ...job.queue });
        const ids: string[] = [];
        for (let worker = 0; worker < (job.workers ?? 1); worker += 1) {
          ids.push(await boss.work<object>(job.name, { pollingIntervalSeconds }, ([queued]) => runJob(job, queued)));
        }
        workers.set(job.name, ids);
        if (job.schedule) {
          await boss.schedule(job.name, job.schedule.cron, {}, { singletonSeconds: job.schedule.tickSeconds });
        } else {
          await boss.unschedule(job.name);
        }
      }
    });
    for (const job of jobs) if (job.atStart) await job.run(app, {});
  } catch (error) {
    await queue.stop();
    throw error;
  }
  return queue;

  async function runJob(job: AnyJob, queued: PgBoss.Job<object> | undefined): Promise<void> {
    // A job fetched while the queue stops is handed back: it fails here and is retried, here after a restart or by
    // another process.
    if (stopping || !queued) throw new Error('the job queue is stopping');
    const work = job.run(app, queued.data).catch((error: unknown) => {
      app.log.error({ err: error, job: job.name }, `job ${job.name} failed`);
      throw error;
    });
    running.add(work);
    try {
      await work;
      app.log.debug({ job: job.name, jobId: queued.id }, `job ${job.name} done`);
    } finally {
      running.delete(work);
    }
  }
}
