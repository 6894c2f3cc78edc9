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
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { listenOnPostgres } from './listener';
import { PgliteProxy, pgliteStartParams } from './pglite-proxy';
import { preparingClient, statementNamer } from './pg-prepared';
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
 * Connections per server process on PostgreSQL (DATABASE_POOL_SIZE). Few connections keep a database busy: with the
 * shop and PostgreSQL on two cores, 10 made PostgreSQL spend 20 to 30 % more CPU per invoice than 4 to 6 (more
 * backends taking turns on the cores and waiting on each other's locks), for fewer invoices per second
 * (docs/performance.md, "A smaller pool").
 */
export const defaultPoolSize = 5;

/**
 * Opens the database and brings its schema up to date. `embedded` is the embedded database's worker when it was
 * started already (embedded-start.ts); otherwise it is started here.
 */
export async function openDatabase(target: DatabaseTarget, embedded?: Promise<PgliteProxy>): Promise<OpenDatabase> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? defaultPoolSize,
      Client: preparingClient(statementNamer()),
    });
    // An idle client dropped by the server (a restart, a network blip) must not crash the process: the pool replaces it.
    pool.on('error', (error) => console.warn(`PostgreSQL pool: an idle connection failed (${error.message}); it is replaced.`));
    const db = drizzlePg(pool, { schema });
    const exclusively = <T>(run: () => Promise<T>) => holdingStartUpLock(pool, run);
    await exclusively(() => migratePg(db, { migrationsFolder }));
    const listeners = new Set<Listener>();
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      listen: async (channel, handlers, options) => {
        const listener = await listenOnPostgres(target.url, channel, handlers, options);
        listeners.add(listener);
        return listener;
      },
      exclusively,
      close: async () => {
        await Promise.all([...listeners].map((listener) => listener.close()));
        listeners.clear();
        await pool.end();
      },
    };
  }
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

/** Names the advisory lock the start-up writes take (a 32-bit hash of it, through PostgreSQL's hashtext). */
const startUpLock = 'flower-shop start-up';

/**
 * A session-level advisory lock on a connection of its own, held while `run` works through the pool. Should the unlock
 * fail, the connection is destroyed instead of returned: ending the session releases the lock.
 */
async function holdingStartUpLock<T>(pool: pg.Pool, run: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let unlocked = false;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [startUpLock]);
    try {
      return await run();
    } finally {
      unlocked = await client.query('select pg_advisory_unlock(hashtext($1))', [startUpLock]).then(
        () => true,
        () => false,
      );
    }
  } finally {
    client.release(!unlocked);
  }
}
