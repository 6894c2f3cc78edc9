/**
 * Child rows read inside their parent's statement: a correlated subquery that answers the rows `where` picks as a JSON
 * array of objects keyed as `columns` is, `[]` when there are none. On the embedded database every statement waits its
 * turn on one connection (docs/performance.md), so a read that needs an order's lines or deliveries takes them along.
 * The outer select must join another table: Drizzle writes a one-table select's columns unqualified, and `where`'s
 * outer column would then name the child's own column of that name (see documentNumberColumns).
 */
import { sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';

export function jsonRows<Row>(query: { columns: Record<string, SQLWrapper>; from: SQLWrapper; where: SQL | undefined; orderBy: SQL }): SQL<Row[]> {
  // The keys are the code's own names, never input: written into the statement as literals.
  const fields = sql.join(
    Object.entries(query.columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  );
  return sql<Row[]>`(
    select coalesce(json_agg(json_build_object(${fields}) order by ${query.orderBy}), '[]'::json)
    from ${query.from} where ${query.where}
  )`;
}
