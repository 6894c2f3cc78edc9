// A new embedded database is unpacked from a template of initdb's output (server/db/pglite-template.ts) rather than
// made by initdb; the first new in-memory database made without a template leaves one behind (never a data directory,
// which holds the shop's secret), and a template PGlite cannot start from is dropped.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedServer } from '../../server/db/embedded-server';

let dir: string;
let templateFile: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  templateFile = join(dir, 'cache', 'template.tar.gz');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The embedded database started as the server starts it, with one connection to it. */
async function open(dataDir: string | null) {
  const server = await startEmbeddedServer(dataDir, { templateFile });
  const client = new pg.Client(server.connection);
  await client.connect();
  return {
    query: <Row extends object>(text: string, values?: unknown[]) => client.query<Row>(text, values),
    exec: (text: string) => client.query(text),
    close: async () => {
      await client.end();
      await server.close();
    },
  };
}
type Opened = Awaited<ReturnType<typeof open>>;
const tablesNamed = async (db: Opened, name: string) =>
  (await db.query<{ n: number }>('select count(*)::int as n from pg_tables where tablename = $1', [name])).rows[0]!.n;

function writeTemplate(bytes: Buffer): void {
  mkdirSync(dirname(templateFile), { recursive: true });
  writeFileSync(templateFile, bytes);
}

/** A template whose cluster has a table of its own, so that a database made from it can be told from initdb's. */
async function markedTemplate(): Promise<Buffer> {
  const source = await PGlite.create();
  try {
    await source.exec('create table made_from_template (id int)');
    return Buffer.from(await (await source.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await source.close();
  }
}

describe('the embedded database template', () => {
  it('is written by the first new in-memory database made without one, before anything runs in that database', async () => {
    const first = await open(null);
    await first.exec('create table written_after_start (id int)');
    await first.close();

    expect([...readFileSync(templateFile).subarray(0, 2)], 'a gzipped tarball').toEqual([0x1f, 0x8b]);
    const second = await open(null);
    try {
      expect(await tablesNamed(second, 'written_after_start')).toBe(0);
      expect((await second.query<{ ok: number }>('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
    } finally {
      await second.close();
    }
  }, 60_000);

  it("is never made from a data directory, whose files (the shop's JWT secret among them) PGlite's dump would hold", async () => {
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'jwt-secret'), 'a shop secret');
    const created = await open(dataDir);
    await created.close();
    expect(existsSync(templateFile)).toBe(false);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe('a shop secret');
  }, 60_000);

  it('makes a new data directory, which keeps what is written in it when opened again', async () => {
    writeTemplate(await markedTemplate());

    const dataDir = join(dir, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'jwt-secret'), 'this shop’s own secret');
    const created = await open(dataDir);
    expect(await tablesNamed(created, 'made_from_template')).toBe(1);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe('this shop’s own secret');
    await created.exec('insert into made_from_template values (42)');
    await created.close();

    const reopened = await open(dataDir);
    try {
      expect((await reopened.query<{ id: number }>('select id from made_from_template')).rows).toEqual([{ id: 42 }]);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('is not used for a data directory that already holds a database', async () => {
    const dataDir = join(dir, 'data');
    await open(dataDir).then((db) => db.close());
    writeTemplate(await markedTemplate());

    const existing = await open(dataDir);
    try {
      expect(await tablesNamed(existing, 'made_from_template')).toBe(0);
    } finally {
      await existing.close();
    }
  }, 60_000);

  it('is dropped when PGlite cannot start from it, and the next new database runs initdb and writes a new one', async () => {
    writeTemplate(Buffer.from('not a tarball at all'));

    await expect(open(null)).rejects.toThrow();
    expect(existsSync(templateFile)).toBe(false);

    const next = await open(null);
    await next.close();
    expect([...readFileSync(templateFile).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  }, 60_000);
});
