// The embedded database served on PostgreSQL's wire protocol from its own thread (server/db/embedded-server.ts) and
// reached through the same pg pool and Drizzle driver as PostgreSQL: the server's event loop keeps turning while
// PostgreSQL works, one client's transaction never takes in another's statements, a failed statement leaves the
// connection usable, and closing stops the thread.
import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/client';
import { startEmbeddedServer } from '../../server/db/embedded-server';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
  await database.db.execute(sql`create table notes (id int primary key, body text not null check (body <> ''))`);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const noteIds = async () => rowsOf<{ id: number }>(await database.db.execute(sql`select id from notes order by id`)).map((row) => row.id);

/** The longest the event loop went without running a 5 ms timer while `work` ran, and how long `work` took. */
async function loopGapDuring(work: () => Promise<unknown>): Promise<{ longestGapMs: number; workMs: number }> {
  let last = performance.now();
  let longestGapMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  }, 5);
  const began = performance.now();
  try {
    await work();
    // A loop blocked all along never ran the timer at all.
    const end = performance.now();
    return { longestGapMs: Math.max(longestGapMs, end - last), workMs: end - began };
  } finally {
    clearInterval(ticker);
  }
}

describe('the embedded database on its own thread', () => {
  it('keeps the event loop turning while a long statement runs', async () => {
    const { longestGapMs, workMs } = await loopGapDuring(() =>
      database.db.execute(sql`select count(*) from generate_series(1, 3000000) as n where n % 7 = 0`),
    );
    expect(workMs, 'the statement was too quick to tell').toBeGreaterThan(200);
    expect(longestGapMs).toBeLessThan(workMs / 3);
  });

  it('rolls a transaction back when its callback throws, and throws that error', async () => {
    const failure = new Error('changed my mind');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (1, 'kept?')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(rowsOf(await database.db.execute(sql`select * from notes where id = 1`))).toEqual([]);
  });

  it("never runs another client's statement inside an open transaction: its write survives that transaction's rollback", async () => {
    // PGlite is one PostgreSQL backend: a statement of another client let in while this transaction is open would run
    // inside it, and vanish with its rollback.
    const rolledBack = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (20, 'rolled back')`);
      await sleep(150);
      throw new Error('roll back');
    });
    rolledBack.catch(() => undefined);
    await sleep(30);
    const outside = Promise.all([
      database.db.execute(sql`insert into notes values (21, 'on its own')`),
      database.db.transaction((tx) => tx.execute(sql`insert into notes values (22, 'in a transaction of its own')`)),
    ]);
    await expect(rolledBack).rejects.toThrow('roll back');
    await outside;
    expect((await noteIds()).filter((id) => id >= 20 && id < 30)).toEqual([21, 22]);
  });

  it('holds other statements until an open transaction ends, then shows them its committed work', async () => {
    const seen: string[] = [];
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (2, 'first')`);
      await sleep(150);
      await tx.execute(sql`update notes set body = 'second' where id = 2`);
      seen.push('transaction done');
    });
    await sleep(30);
    const outside = database.db.execute(sql`select body from notes where id = 2`).then((result) => {
      seen.push(`outside saw ${rowsOf<{ body: string }>(result).map((row) => row.body).join()}`);
    });
    await Promise.all([transaction, outside]);
    expect(seen).toEqual(['transaction done', 'outside saw second']);
  });

  it('answers many statements sent at once each with its own result', async () => {
    // Statements of different texts, prepared and unnamed, in flight together: none may be bound or described as
    // another's.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0
          ? database.db.execute(sql`select ${i}::int + 1000 as n, 'even' as kind`)
          : database.pool.query({ name: 'odd', text: 'select $1::int + 2000 as n, $2::text as kind', values: [i, 'odd'] }),
      ),
    );
    expect(answers.map((answer) => rowsOf<{ n: number; kind: string }>(answer)[0])).toEqual(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? { n: i + 1000, kind: 'even' } : { n: i + 2000, kind: 'odd' })),
    );
  });

  it('keeps serving after a statement fails, inside a transaction and outside, prepared statements included', async () => {
    const prepared = (n: number) => database.pool.query({ name: 'doubled', text: 'select $1::int * 2 as n', values: [n] });
    expect((await prepared(2)).rows).toEqual([{ n: 4 }]);
    const failing = await database.db.execute(sql`select 1 / 0`).catch((error: unknown) => error);
    expect(failing).toMatchObject({ cause: { code: '22012' } });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (30, 'before the failure')`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(rowsOf(await database.db.execute(sql`select 7 as n`))).toEqual([{ n: 7 }]);
    expect((await prepared(3)).rows).toEqual([{ n: 6 }]);
    expect(await noteIds()).not.toContain(30);
  });

  it('rolls a nested transaction back to its savepoint only', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (3, 'outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into notes values (4, 'inner')`);
          inner.rollback();
        })
        .catch(() => undefined);
    });
    const ids = rowsOf<{ id: number }>(await database.db.execute(sql`select id from notes where id in (3, 4) order by id`));
    expect(ids.map((row) => row.id)).toEqual([3]);
  });

  it("passes PostgreSQL's error fields through (unique and check violations), under Drizzle's error as its cause", async () => {
    await database.db.execute(sql`insert into notes values (5, 'one')`);
    const duplicate = await database.db.execute(sql`insert into notes values (${5}, 'two')`).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ cause: { code: '23505', constraint: 'notes_pkey', detail: 'Key (id)=(5) already exists.', table: 'notes' } });

    const empty = await database.db.execute(sql`insert into notes values (6, '')`).catch((error: unknown) => error);
    expect(empty).toMatchObject({ cause: { code: '23514', constraint: 'notes_body_check' } });
  });

  it('refuses statements once closed, and closing stops the thread and removes its socket', async () => {
    const server = await startEmbeddedServer(null);
    await server.close();
    expect(existsSync(server.connection.host)).toBe(false);
    await expect(new pg.Client(server.connection).connect()).rejects.toThrow();

    const other = await openDatabase({ kind: 'pglite', dataDir: null });
    await other.close();
    await expect(other.db.execute(sql`select 1`)).rejects.toThrow();
  }, 60_000);
});
