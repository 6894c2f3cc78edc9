/**
 * Statements for the embedded database, prepared once and run in one call each. PGlite's own `query` makes five calls
 * into PostgreSQL per statement (parse, describe, bind, describe, execute) and parses and plans it every time: about
 * 370 µs for a one-row select on the reference machine, against 110 µs for a statement prepared under a name and
 * run with bind, execute and sync in one call. PGlite runs one statement at a time, so that time is what every
 * statement waits behind in a rush (docs/performance.md).
 *
 * A statement is prepared the first time its text is seen (its parameter and row types described with it) and kept
 * by name; the least recently used are closed beyond `capacity`, as drizzle's `inArray` makes a new text for each
 * list length. Prepared statements outlive a transaction's rollback, as in PostgreSQL, and PostgreSQL plans them
 * again itself when a table they read changes.
 */
import { messages, parse, protocol } from '@electric-sql/pglite';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

interface Prepared {
  name: string;
  paramTypes: number[];
  /** What the statement's rows look like, or none for a statement without rows (an insert with no returning). */
  rowDescription?: messages.RowDescriptionMessage;
}

const { serialize } = protocol;
/** Names are unique in the process, so that any number of these may share one PGlite. */
let nextName = 0;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export class PreparedStatements {
  readonly #pg: PGlite;
  readonly #capacity: number;
  /** By statement text, least recently used first. */
  readonly #prepared = new Map<string, Prepared>();

  constructor(pg: PGlite, capacity = 500) {
    this.#pg = pg;
    this.#capacity = capacity;
  }

  /**
   * Runs one statement as PGlite's `query` would, with the same results and errors. `inTransaction`: the caller holds
   * PGlite's transaction (an open transaction's statement); otherwise the statement waits for any open transaction.
   */
  query<T>(sql: string, params: unknown[], options: QueryOptions, inTransaction: boolean): Promise<Results<T>> {
    const run = () => this.#pg.runExclusive(() => this.#run<T>(sql, params, options, inTransaction));
    return inTransaction ? run() : this.#pg._runExclusiveTransaction(run);
  }

  async #run<T>(sql: string, params: unknown[], options: QueryOptions, inTransaction: boolean): Promise<Results<T>> {
    try {
      const statement = await this.#statement(sql);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = options.serializers?.[statement.paramTypes[index]!] ?? this.#pg.serializers[statement.paramTypes[index]!];
        return serializer ? serializer(value) : String(value);
      });
      const { messages: answer } = await this.#pg.execProtocol(
        joined([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      );
      if (!inTransaction) await this.#pg.syncToFs();
      const described = statement.rowDescription ? [statement.rowDescription, ...answer] : answer;
      return parse.parseResults(described, this.#pg.parsers, options)[0] as Results<T>;
    } catch (error) {
      // As PGlite's query does: PostgreSQL's error carries the statement that failed.
      if (error instanceof messages.DatabaseError) Object.assign(error, { query: sql, params, queryOptions: options });
      throw error;
    }
  }

  async #statement(sql: string): Promise<Prepared> {
    const known = this.#prepared.get(sql);
    if (known) {
      this.#prepared.delete(sql);
      this.#prepared.set(sql, known);
      return known;
    }
    const name = `shop_${(nextName++).toString(36)}`;
    const { messages: described } = await this.#pg.execProtocol(
      joined([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const parameters = described.find((message): message is messages.ParameterDescriptionMessage => message.name === 'parameterDescription');
    const rows = described.find((message): message is messages.RowDescriptionMessage => message.name === 'rowDescription');
    const prepared = { name, paramTypes: parameters?.dataTypeIDs ?? [], rowDescription: rows };
    this.#prepared.set(sql, prepared);
    if (this.#prepared.size > this.#capacity) await this.#closeOldest();
    return prepared;
  }

  async #closeOldest(): Promise<void> {
    const [sql, oldest] = this.#prepared.entries().next().value!;
    this.#prepared.delete(sql);
    await this.#pg.execProtocol(joined([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]), { syncToFs: false });
  }
}
