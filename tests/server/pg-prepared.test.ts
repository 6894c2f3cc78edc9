// PostgreSQL's prepared statements (server/db/pg-prepared.ts): the shop's reads and writes prepared once per
// connection and run by name, with the same answers and errors; DDL and texts beyond the limit left unnamed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import type { OpenDatabase, Transaction } from '../../server/db/client';
import { statementNamer } from '../../server/db/pg-prepared';
import { users } from '../../server/db/schema';
import { createScratchDatabase } from './helpers/app';

describe('the statement namer', () => {
  it('names each read or write once and keeps its name, leaving DDL unnamed', () => {
    const nameOf = statementNamer();
    const read = 'select id from users where email = $1';
    const write = '  WITH gone AS (delete from carts where id = $1) select 1';
    expect(nameOf(read)).toMatch(/^shop_/);
    expect(nameOf(write)).toMatch(/^shop_/);
    expect(nameOf(write)).not.toBe(nameOf(read));
    expect(nameOf(read)).toBe(nameOf(read));
    expect(nameOf('create table notes (id int)')).toBeUndefined();
    expect(nameOf('alter table users add column nickname text')).toBeUndefined();
  });

  it('names no new text beyond its limit, and keeps the names it gave', () => {
    const nameOf = statementNamer(2);
    const first = nameOf('select 1');
    const second = nameOf('select 2');
    expect(nameOf('select 3')).toBeUndefined();
    expect([nameOf('select 1'), nameOf('select 2')]).toEqual([first, second]);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('a PostgreSQL connection of the shop (needs TEST_DATABASE_URL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: OpenDatabase;
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
    database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  /** What the connection `tx` runs on has prepared under the shop's names. */
  const preparedTexts = async (tx: Transaction) => {
    const result = await tx.execute(sql.raw(`select statement from pg_prepared_statements where name like 'shop\\_%'`));
    return (result as unknown as { rows: { statement: string }[] }).rows.map((row) => row.statement);
  };
  const aUser = (email: string) => ({ externalId: `u_${email}`, email, firstName: 'Asha' });

  it('prepares a read once and answers it by name, call after call', async () => {
    await database.db.insert(users).values(aUser('asha@example.in'));
    // A transaction's statements all run on one connection, whose prepared statements are then read back.
    await database.db.transaction(async (tx) => {
      const byEmail = (email: string) => tx.select({ name: users.firstName }).from(users).where(eq(users.email, email));
      expect(await byEmail('asha@example.in')).toEqual([{ name: 'Asha' }]);
      expect(await byEmail('nobody@example.in')).toEqual([]);
      expect(await byEmail('asha@example.in')).toEqual([{ name: 'Asha' }]);

      const texts = await preparedTexts(tx);
      const reads = texts.filter((text) => text.includes('from "users"') && text.includes('"email" = $1'));
      expect(reads).toHaveLength(1);
    });
  });

  it('refuses what PostgreSQL refuses, and the connection and its statements go on working', async () => {
    const { db } = database;
    const insert = () => db.insert(users).values(aUser('ravi@example.in'));
    await insert();
    await expect(insert()).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    await expect(
      db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: 'Ravi K' }).where(eq(users.email, 'ravi@example.in'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.update(users).set({ firstName: 'Ravi' }).where(eq(users.email, 'ravi@example.in'));
    const [ravi] = await db.select({ name: users.firstName }).from(users).where(eq(users.email, 'ravi@example.in'));
    expect(ravi).toEqual({ name: 'Ravi' });
  });
});
