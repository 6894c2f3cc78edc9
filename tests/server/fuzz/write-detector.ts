/**
 * Sees every row a request writes: a row-level trigger on every table of the test database (and only there) logs the
 * table and operation into `fuzz_write_log`. A rolled-back transaction takes its log rows with it, so the log holds
 * exactly the committed writes; `take()` reads and empties it after each request.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';

export interface Write {
  table: string;
  operation: 'INSERT' | 'UPDATE' | 'DELETE';
}

export interface WriteDetector {
  /** The tables watched: every table of the app's schema. */
  readonly tables: readonly string[];
  /** Writes committed since the last call. */
  take(): Promise<Write[]>;
}

const logTable = 'fuzz_write_log';

export async function installWriteDetector(db: Database): Promise<WriteDetector> {
  await db.execute(sql.raw(`create table ${logTable} (id bigserial primary key, table_name text not null, operation text not null)`));
  await db.execute(
    sql.raw(`create function fuzz_log_write() returns trigger language plpgsql as $$
      begin
        -- The reconciliation job's mark of when it last asked the provider about an order is background work on its
        -- own clock (every 2 minutes), never a request's write.
        if TG_OP = 'UPDATE' and TG_TABLE_NAME = 'orders'
          and (to_jsonb(NEW) - 'payment_checked_at') = (to_jsonb(OLD) - 'payment_checked_at') then
          return null;
        end if;
        insert into ${logTable} (table_name, operation) values (TG_TABLE_NAME, TG_OP);
        return null;
      end $$`),
  );
  const result = await db.execute(
    sql.raw(`select tablename from pg_tables where schemaname = 'public' and tablename <> '${logTable}' order by tablename`),
  );
  const tables = rowsOf<{ tablename: string }>(result).map((row) => row.tablename);
  for (const table of tables) {
    await db.execute(
      sql.raw(`create trigger fuzz_log_write after insert or update or delete on "${table}" for each row execute function fuzz_log_write()`),
    );
  }
  return {
    tables,
    async take() {
      const taken = await db.execute(sql.raw(`delete from ${logTable} returning table_name, operation`));
      return rowsOf<{ table_name: string; operation: Write['operation'] }>(taken).map((row) => ({ table: row.table_name, operation: row.operation }));
    },
  };
}

/** Both drivers (PGlite and node-postgres) answer `execute` with an object holding `rows`. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
