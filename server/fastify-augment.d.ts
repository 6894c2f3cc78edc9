// What buildApp decorates every Fastify instance with, so that plugins can read `app.db` and friends with types.
import type { BackgroundWork } from './background-work';
import type { Config } from './config';
import type { Database, OpenDatabase } from './db/client';
import type { Mailer } from './modules/mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The Drizzle handle; inside a transaction use its `tx` instead. */
    db: Database;
    /** The driver behind `db`: health checks and shutdown. */
    database: OpenDatabase;
    mailer: Mailer;
    /** Work started by a request that its answer does not wait for (a paid order's mails). */
    background: BackgroundWork;
  }
}
