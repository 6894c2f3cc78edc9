/**
 * The shop's hot statements (catalogue, product page, bag, invoice), prepared under a name with Drizzle's `prepare`:
 * each connection parses and plans such a statement once and then only binds and executes it. Values go in through
 * `sql.placeholder`. A prepared statement belongs to the database it was built on, so it is built once per open
 * database (the tests open many in one process); inside a transaction the statement runs unprepared on the
 * transaction's own connection.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client';

type Reader = Database | Transaction;
type Values = Record<string, unknown>;

interface Executable<Result> {
  execute(values?: Values): Promise<Result>;
}

interface Preparable<Result> extends Executable<Result> {
  prepare(name: string): Executable<Result>;
}

/** Runs the statement `build` makes, prepared under `name` (unique in the process) on each database. */
export function preparedStatement<Result>(
  name: string,
  build: (db: Reader) => Preparable<Result>,
): (db: Reader, values?: Values) => Promise<Result> {
  const byDatabase = new WeakMap<Reader, Executable<Result>>();
  return (db, values) => {
    if (db instanceof PgTransaction) return build(db).execute(values);
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = build(db).prepare(name);
      byDatabase.set(db, prepared);
    }
    return prepared.execute(values);
  };
}

const dialect = new PgDialect();

/** A raw SQL statement in the shape of a query builder, for `preparedStatement`: Drizzle's `execute` has no `prepare`. */
export function rawStatement<Row>(db: Reader, query: SQL): Preparable<{ rows: Row[] }> {
  const built = dialect.sqlToQuery(query);
  const prepare = (name: string | undefined) =>
    db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(built, undefined, name, false);
  return { prepare, execute: (values) => prepare(undefined).execute(values) };
}
