/**
 * Opens the database: embedded PGlite (a directory, or in memory for tests) on a worker thread (pglite-proxy.ts) or
 * PostgreSQL through a pool, and applies the committed migrations. Both drivers give the same Drizzle API, typed as
 * `Database`. On PostgreSQL `listen` opens a dedicated LISTEN connection (listener.ts); closing the database closes
 * those too.
 */
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { PgliteProxy, pgliteStartParams } from './pglite-proxy';
import type { ListenHandlers, Listener, ListenOptions } from './listener';
import { projectRoot } from '../project-root';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a service receives inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null } // null = in memory
  | { kind: 'postgres'; url: string; poolSize?: number };

export interface OpenDatabase {
  db: Database;
  kind: DatabaseTarget['kind'];
  ping(): Promise<void>;
  /**
   * Follows NOTIFYs on `channel` from every process on this database. Null on PGlite: one process owns it (the
   * data-directory lock), so whatever it writes it already knows about.
   */
  listen(channel: string, handlers: ListenHandlers, options?: ListenOptions): Promise<Listener | null>;
  /**
   * Runs `run` while no other server process on this database runs its own: the start-up writes (migrations, demo
   * seed, admin account) of several instances starting together on one PostgreSQL would otherwise collide. On PGlite
   * the data-directory lock already keeps other processes out.
   */
  exclusively<T>(run: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const migrationsFolder = join(projectRoot, 'server', 'db', 'migrations');

/**
 * Makes the template new embedded databases are unpacked from (pglite-template.ts), when there is none yet: an
 * in-memory database created without one writes it. The server's build runs this, so that `npm start` finds it.
 */
export async function preparePgliteTemplate(): Promise<void> {
  await (await PgliteProxy.open(null, pgliteStartParams)).close();
}

/**
 * Opens the database and brings its schema up to date. `embedded` is the embedded database's worker when it was
 * started already (embedded-start.ts); otherwise it is started here.
 */
export async function openDatabase(target: DatabaseTarget, embedded?: Promise<PgliteProxy>): Promise<OpenDatabase> {
  // Only a shop on PostgreSQL loads its driver: an embedded one starts without it (warm start, docs/performance.md).
  if (target.kind === 'postgres') return (await import('./postgres-database')).openPostgres(target, migrationsFolder);
  const client = await (embedded ?? PgliteProxy.open(target.dataDir, pgliteStartParams));
  // Drizzle's PGlite driver calls only query and transaction, which the proxy answers as PGlite does.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    listen: () => Promise.resolve(null),
    exclusively: (run) => run(),
    close: () => client.close(),
  };
}
