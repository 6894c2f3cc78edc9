// The embedded database's prepared statements (server/db/pglite-prepared.ts): each text prepared once and run by
// name, with PGlite's own results and errors; the least recently used closed beyond the capacity.
import { messages, PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedStatements } from '../../server/db/pglite-prepared';

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`create table notes (id int primary key, body text not null, at timestamptz, doc jsonb, done boolean)`);
}, 60_000);
afterAll(async () => {
  await pg?.close();
});

/** The statements the session holds prepared under the shop's names, by their text. */
async function preparedTexts(): Promise<string[]> {
  const { rows } = await pg.query<{ statement: string }>(`select statement from pg_prepared_statements where name like 'shop\\_%' order by prepare_time`);
  return rows.map((row) => row.statement);
}

describe('prepared statements of the embedded database', () => {
  it('answers as PGlite does, with every kind of parameter, and prepares a text only once', async () => {
    const statements = new PreparedStatements(pg);
    const insert = 'insert into notes (id, body, at, doc, done) values ($1, $2, $3, $4, $5) returning id, body, at, doc, done';
    const at = new Date('2026-02-14T09:30:00Z');
    const first = await statements.query(insert, [1, 'roses', at, { stems: [12] }, true], {}, false);
    const second = await statements.query(insert, [2, 'lilies', null, null, false], { rowMode: 'array' }, false);
    expect(first.rows).toEqual([{ id: 1, body: 'roses', at, doc: { stems: [12] }, done: true }]);
    expect(second.rows).toEqual([[2, 'lilies', null, null, false]]);
    expect(second.fields.map((field) => field.name)).toEqual(['id', 'body', 'at', 'doc', 'done']);

    const select = 'select id, body from notes where id = any($1) order by id';
    const mine = await statements.query(select, [[1, 2]], {}, false);
    const pglites = await pg.query(select, [[1, 2]]);
    expect(mine.rows).toEqual(pglites.rows);
    expect(await preparedTexts()).toEqual([insert, select]);

    const update = await statements.query('update notes set done = true where id > $1', [0], {}, false);
    expect(update.affectedRows).toBe(2);
  });

  it("passes PostgreSQL's error on with the statement, and the next statement runs", async () => {
    const statements = new PreparedStatements(pg);
    const insert = 'insert into notes (id, body) values ($1, $2)';
    const failure = await statements.query(insert, [1, 'again'], {}, false).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(messages.DatabaseError);
    expect(failure).toMatchObject({ code: '23505', constraint: 'notes_pkey', query: insert, params: [1, 'again'] });
    const broken = await statements.query('select nothing from notes', [], {}, false).catch((error: unknown) => error);
    expect(broken).toMatchObject({ code: '42703' });
    expect((await statements.query('select count(*)::int as n from notes', [], {}, false)).rows).toEqual([{ n: 2 }]);
  });

  it('runs inside a transaction and is rolled back with it', async () => {
    const statements = new PreparedStatements(pg);
    await pg
      .transaction(async () => {
        await statements.query('insert into notes (id, body) values ($1, $2)', [3, 'tulips'], {}, true);
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    expect((await statements.query('select id from notes where id = $1', [3], {}, false)).rows).toEqual([]);
  });

  it('closes the least recently used statement beyond its capacity', async () => {
    await pg.exec('deallocate all');
    const statements = new PreparedStatements(pg, 2);
    const texts = ['select 1 as one', 'select 2 as two', 'select 3 as three'];
    await statements.query(texts[0]!, [], {}, false);
    await statements.query(texts[1]!, [], {}, false);
    await statements.query(texts[0]!, [], {}, false);
    await statements.query(texts[2]!, [], {}, false);
    expect((await preparedTexts()).sort()).toEqual([texts[0], texts[2]].sort());
    expect((await statements.query(texts[1]!, [], {}, false)).rows).toEqual([{ two: 2 }]);
  });
});
