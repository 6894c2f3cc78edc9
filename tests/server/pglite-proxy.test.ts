// The embedded database on its worker thread, through the Drizzle API the services use: the server's event loop keeps
// turning while PostgreSQL works, transactions hold everyone else off and roll back on a throw, and PostgreSQL's
// errors arrive with the fields the services map to domain errors.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/client';

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

describe('PGlite on its worker thread', () => {
  it('keeps the event loop turning while a long statement runs', async () => {
    const { longestGapMs, workMs } = await loopGapDuring(() =>
      database.db.execute(sql`select count(*) from generate_series(1, 3000000) as n where n % 7 = 0`),
    );
    expect(workMs, 'the statement was too quick to tell').toBeGreaterThan(200);
    expect(longestGapMs).toBeLessThan(workMs / 3);
  });

  it('answers with the types Drizzle expects: dates as text, json parsed, bytea as bytes, numbers as numbers', async () => {
    const [row] = rowsOf<Record<string, unknown>>(
      await database.db.execute(
        sql`select timestamptz '2026-01-02 03:04:05+00' as at, date '2026-01-02' as day, '{"a":[1]}'::jsonb as doc, '\\x0102'::bytea as bytes, 7::int as n`,
      ),
    );
    expect(row).toEqual({ at: '2026-01-02 03:04:05+00', day: '2026-01-02', doc: { a: [1] }, bytes: new Uint8Array([1, 2]), n: 7 });
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

  it('runs transactions begun together one after the other, each statement inside its own transaction', async () => {
    // A begin goes out without waiting for its answer, so the second transaction's first statement reaches the worker
    // while the first transaction is still open: it must wait for its own begin, not run in the first one.
    const counted = (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) =>
      tx.execute(sql`select count(*)::int as n from notes where id in (10, 11)`).then((result) => rowsOf<{ n: number }>(result)[0]!.n);
    const first = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (10, 'first')`);
      await sleep(100);
      return counted(tx);
    });
    const second = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (11, 'second')`);
      return counted(tx);
    });
    const empty = database.db.transaction(async () => 'no statement at all');
    expect(await Promise.all([first, second, empty])).toEqual([1, 2, 'no statement at all']);
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
    expect((duplicate as { cause: unknown }).cause).toBeInstanceOf(Error);

    const empty = await database.db.execute(sql`insert into notes values (6, '')`).catch((error: unknown) => error);
    expect(empty).toMatchObject({ cause: { code: '23514', constraint: 'notes_body_check' } });
  });

  it('refuses statements once closed', async () => {
    const other = await openDatabase({ kind: 'pglite', dataDir: null });
    await other.close();
    await expect(other.db.execute(sql`select 1`)).rejects.toThrow();
  }, 60_000);
});
