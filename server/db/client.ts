/**
 * Opens the database through one path for both kinds: a `pg` pool and Drizzle's node-postgres driver, connected either
 * to PostgreSQL or to the embedded PGlite, which embedded-server.ts serves on PostgreSQL's wire protocol from a thread
 * of its own. Then the committed migrations are applied.
 */
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startEmbeddedServer } from './embedded-server';
import type { EmbeddedServer } from './embedded-server';
import { keepPrivate } from '../lock-file';
import { projectRoot } from '../project-root';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a service receives inside `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The job queue's own schema (server/jobs/job-queue.ts). It holds only work pg-boss rebuilds, so backups leave it out
 * (postgres-archive.ts): mails still unsent are queued again from their own table (`mails`).
 */
export const jobQueueSchema = 'pgboss';

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null } // null = in memory
  | { kind: 'postgres'; url: string; poolSize?: number };

export interface OpenDatabase {
  db: Database;
  kind: DatabaseTarget['kind'];
  /** The connections `db` runs on, for what needs `pg` itself (a job queue): the same driver on both databases. */
  pool: pg.Pool;
  ping(): Promise<void>;
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
 * Connections per server process on PostgreSQL (DATABASE_POOL_SIZE). Few connections keep a database busy: with the
 * shop and PostgreSQL on two cores, more backends take turns on the cores and wait on each other's locks.
 */
const defaultPoolSize = 5;

/**
 * What every connection starts with. Search (server/modules/search/search.queries.ts) finds a word close to a name with
 * pg_trgm's `<%`, whose threshold is this setting: its default (0.6) already misses one dropped letter in a six-letter
 * word ("gerbra": 0.57), 0.55 keeps it and still refuses "retired" for "red" (0.5). Set once per connection, so that a
 * search is one statement, not a transaction that sets it first (four round trips on the embedded database).
 */
const sessionSettings = 'set pg_trgm.word_similarity_threshold = 0.55';

/** Opens the database and brings its schema up to date; several servers on one PostgreSQL migrate one at a time. */
export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  const embedded = target.kind === 'pglite' ? await startEmbeddedServer(target.dataDir) : null;
  const pool = embedded ? embeddedPool(embedded) : postgresPool(target as Extract<DatabaseTarget, { kind: 'postgres' }>);
  // An idle connection dropped by the server (a restart, a network blip) must not crash the process: it is replaced.
  pool.on('error', (error) => console.warn(`Database pool: an idle connection failed (${error.message}); it is replaced.`));
  pool.on('connect', (client) => {
    // A migration reports what it changed in the data as a WARNING (0008 names the accounts it renamed).
    client.on('notice', (notice) => notice.severity === 'WARNING' && console.warn(`Database: ${notice.message}`));
    // Queued ahead of the first statement its user sends. A failure here fails that statement's connection anyway.
    client.query(sessionSettings).catch(() => undefined);
  });
  const db = drizzle(pool, { schema });
  const exclusively = <T>(run: () => Promise<T>) => (embedded ? run() : holdingStartUpLock(pool, run));
  const close = async () => {
    await pool.end();
    await embedded?.close();
  };
  try {
    await exclusively(() => migrate(db, { migrationsFolder }));
    if (target.kind === 'pglite' && target.dataDir !== null) keepPrivate(target.dataDir);
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: target.kind,
    pool,
    ping: async () => void (await pool.query('select 1')),
    exclusively,
    close,
  };
}

/**
 * One connection: PGlite is one PostgreSQL backend, so the connections of a larger pool would share its prepared
 * statements and its unnamed statement, and overwrite them in each other's exchanges. A transaction holds the
 * connection until it ends, so no other statement runs inside it; the rest wait in the pool's queue, as they would
 * wait for PGlite anyway.
 */
function embeddedPool(embedded: EmbeddedServer): pg.Pool {
  return new pg.Pool({
    ...embedded.connection,
    max: 1,
    idleTimeoutMillis: 0,
    // The pool replaces its connection after a failed statement; the new one finds the statements its predecessor
    // prepared still in the backend, under the names it is about to prepare.
    onConnect: (client) => client.query('deallocate all').then(() => undefined),
  });
}

function postgresPool(target: Extract<DatabaseTarget, { kind: 'postgres' }>): pg.Pool {
  return new pg.Pool({ connectionString: target.url, max: target.poolSize ?? defaultPoolSize });
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
