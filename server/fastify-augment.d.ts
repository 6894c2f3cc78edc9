// What buildApp decorates every Fastify instance with, so that plugins can read `app.db` and friends with types.
import type { Config } from './config';
import type { Database, OpenDatabase } from './db/client';
import type { JobQueue } from './jobs/job-queue';
import type { Mailer } from './modules/mail/mailer';
import type { PaymentProvider } from './modules/payments/provider';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The Drizzle handle; inside a transaction use its `tx` instead. */
    db: Database;
    /** The driver behind `db`: health checks and shutdown. */
    database: OpenDatabase;
    mailer: Mailer;
    /** Background work (a paid order's mails, the scheduled sweeps): server/jobs/. */
    jobs: JobQueue;
    /** The card payment provider (sandbox or Razorpay): checkout, verify, refunds and the reconciliation job. */
    payments: PaymentProvider;
  }
}
