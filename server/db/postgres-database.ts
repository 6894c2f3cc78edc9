/**
 * The database on PostgreSQL: a pool of connections whose statements are prepared (pg-prepared.ts), the committed
 * migrations applied under a start-up lock, and LISTEN connections of their own (listener.ts). Loaded by client.ts only
 * for a PostgreSQL target, so that an embedded shop never loads `pg` and Drizzle's PostgreSQL driver.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, DatabaseTarget, OpenDatabase } from './client';
import { listenOnPostgres } from './listener';
import type { Listener } from './listener';
import { preparingClient, statementNamer } from './pg-prepared';
import * as schema from './schema';

/**
 * Connections per server process on PostgreSQL (DATABASE_POOL_SIZE). Few connections keep a database busy: with the
 * shop and PostgreSQL on two cores, 10 made PostgreSQL spend 20 to 30 % more CPU per invoice than 4 to 6 (more
 * backends taking turns on the cores and waiting on each other's locks), for fewer invoices per second
 * (docs/performance.md, "A smaller pool").
 */
const defaultPoolSize = 5;

/** Opens the pool and brings the schema up to date; several servers starting together migrate one at a time. */
export async function openPostgres(
  target: Extract<DatabaseTarget, { kind: 'postgres' }>,
  migrationsFolder: string,
): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? defaultPoolSize,
    Client: preparingClient(statementNamer()),
  });
  // An idle client dropped by the server (a restart, a network blip) must not crash the process: the pool replaces it.
  pool.on('error', (error) => console.warn(`PostgreSQL pool: an idle connection failed (${error.message}); it is replaced.`));
  const db = drizzle(pool, { schema });
  const exclusively = <T>(run: () => Promise<T>) => holdingStartUpLock(pool, run);
  await exclusively(() => migrate(db, { migrationsFolder }));
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
