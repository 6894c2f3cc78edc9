/**
 * How pg-boss reaches the shop's database: through the app's own connection (`database.db.$client`), not a pool of
 * its own, so that the job queue runs wherever the shop's tables do, on PostgreSQL and on the embedded database alike.
 * Every statement in flight is counted, so that closing the app can wait for the last one before the database closes.
 */
import type PgBoss from 'pg-boss';
import type { OpenDatabase } from '../db/client';

/** What pg-boss needs of a connection: PostgreSQL's `pg.Pool#query` has this shape. */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface JobDatabase extends PgBoss.Db {
  /** Resolves once no statement of pg-boss's is running any more (those started meanwhile included). */
  settled(): Promise<void>;
}

export function jobDatabase(client: SqlClient): JobDatabase {
  const running = new Set<Promise<unknown>>();
  return {
    executeSql(text, values) {
      const statement = client.query(text, values);
      running.add(statement);
      const forget = () => running.delete(statement);
      statement.then(forget, forget);
      return statement;
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/** The app's connection, as pg-boss's SqlClient. */
export function sqlClientOf(database: OpenDatabase): SqlClient {
  const client = (database.db as unknown as { $client: unknown }).$client;
  return database.kind === 'pglite' ? embeddedProxyClient(client as EmbeddedProxy) : (client as SqlClient);
}

// ---- Shim for today's embedded proxy (server/db/pglite-proxy.ts) ------------------------------------------------
// TO DROP when the embedded database is served over pglite-socket and `OpenDatabase` gains `pool: pg.Pool`: then
// `sqlClientOf` returns that pool on both databases and this shim goes.

interface EmbeddedProxy {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * pg-boss sends some texts of several statements without parameters (its schema, its maintenance in one transaction),
 * which `pg` runs as one simple query; the proxy's `query` prepares a single statement, so those go through `exec`.
 */
function embeddedProxyClient(proxy: EmbeddedProxy): SqlClient {
  return {
    async query(text, values) {
      if (values && values.length > 0) return proxy.query(text, values);
      try {
        const results = await proxy.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        // A statement failing inside pg-boss's own BEGIN … COMMIT leaves the one embedded connection in an aborted
        // transaction, which every later statement of the shop would meet: end it. (pg.Pool's query drops a
        // connection whose query failed, so a pool needs no such care.)
        if (/^\s*BEGIN\b/i.test(text)) await proxy.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}
