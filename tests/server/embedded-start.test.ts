// The embedded database started before the app's modules load (server/db/embedded-start.ts): the app takes the started
// worker over as its database, a start abandoned before that leaves the data directory as it was, and PostgreSQL has
// nothing to start early.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { startEmbeddedDatabase } from '../../server/db/embedded-start';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'embedded-start-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const target = () => ({ kind: 'pglite' as const, dataDir });
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const productTables = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'products'`))[0]!.n;

describe('the embedded database started first', () => {
  it('is taken over by openDatabase, which migrates it, and a second start finds the database it left', { timeout: 60_000 }, async () => {
    const first = await startEmbeddedDatabase(target());
    expect(first?.isNew).toBe(true);
    const database = await openDatabase(target(), first!.proxy);
    expect(await productTables(database)).toBe(1);
    await database.db.execute(
      sql`insert into contact_messages (full_name, email, phone_number, message) values ('Meera Raman', 'meera@example.in', '9876543210', 'Started first')`,
    );
    await database.close();

    const again = await startEmbeddedDatabase(target());
    expect(again?.isNew).toBe(false);
    const reopened = await openDatabase(target(), again!.proxy);
    expect(rowsOf(await reopened.db.execute(sql`select message from contact_messages`))).toEqual([{ message: 'Started first' }]);
    await reopened.close();
  });

  it('when abandoned before the app took it, stops its worker and leaves the directory to the next start', { timeout: 60_000 }, async () => {
    const abandoned = await startEmbeddedDatabase(target());
    await abandoned!.abandon();
    await expect(abandoned!.proxy.then((proxy) => proxy.query('select 1'))).rejects.toThrow();
    // Abandoning twice, as both the app and the server entry may, is harmless.
    await abandoned!.abandon();

    const next = await startEmbeddedDatabase(target());
    const database = await openDatabase(target(), next!.proxy);
    expect(await productTables(database)).toBe(1);
    await database.close();
  });

  it('is nothing to start on PostgreSQL, which runs as a server of its own', async () => {
    expect(await startEmbeddedDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' })).toBeUndefined();
  });
});
