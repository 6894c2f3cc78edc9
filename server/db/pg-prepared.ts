/**
 * PostgreSQL connections that prepare each statement once. node-postgres sends a statement without a name by default,
 * so PostgreSQL parses, analyses and plans it again on every call; given a name, a connection parses it once and then
 * only binds and executes it. A product page or an add to bag costs PostgreSQL about half the CPU so
 * (docs/performance.md, "Statements prepared on PostgreSQL too"), as the embedded database's statements already are
 * prepared (pglite-prepared.ts).
 *
 * A connection keeps what it prepared until it closes, so only statements the shop runs again and again are named:
 * reads and writes (not the migrations' DDL), and only the first `limit` distinct texts of the process (drizzle's
 * `inArray` makes a new text for each list length). Prepared statements outlive a transaction's rollback, and
 * PostgreSQL plans them again itself when a table they read changes.
 */
import pg from 'pg';

const preparedStatementLimit = 200;

const repeatable = /^\s*(select|insert|update|delete|with)\b/i;

/** The name a statement text runs under, or undefined for one that is not prepared. Names are this namer's own. */
export function statementNamer(limit = preparedStatementLimit): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined || names.size >= limit || !repeatable.test(text)) return known;
    const name = `shop_${names.size}`;
    names.set(text, name);
    return name;
  };
}

/** A pg.Client class for a pg.Pool (its `Client` option) whose connections prepare what `nameOf` names. */
export function preparingClient(nameOf: (text: string) => string | undefined): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    // pg's query has a dozen overloads; only a query given as an object with a text and no name of its own is named.
    override query(config: unknown, ...rest: unknown[]): never {
      const named = isUnnamedQuery(config) ? withName(config, nameOf(config.text)) : config;
      return (super.query as (...args: unknown[]) => never)(named, ...rest);
    }
  };
}

interface UnnamedQuery {
  text: string;
  name?: undefined;
}

function isUnnamedQuery(config: unknown): config is UnnamedQuery {
  if (typeof config !== 'object' || config === null) return false;
  const query = config as { text?: unknown; name?: unknown; submit?: unknown };
  // A Submittable (a cursor, a stream) runs its own protocol.
  return typeof query.text === 'string' && query.name === undefined && typeof query.submit !== 'function';
}

function withName(config: UnnamedQuery, name: string | undefined): object {
  return name === undefined ? config : { ...config, name };
}
