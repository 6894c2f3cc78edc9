/**
 * How pg-boss reaches the shop's database: through the app's own pool (`database.pool`), not a pool of its own, so
 * that the job queue runs wherever the shop's tables do, on PostgreSQL and on the embedded database alike. Every
 * statement in flight is counted, so that closing the app can wait for the last one before the database closes.
 */
import type PgBoss from 'pg-boss';

/** What pg-boss needs of a connection: the app's `pg.Pool` (`database.pool`) has this shape. */
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

