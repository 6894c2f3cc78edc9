/**
 * Backup and restore of a PostgreSQL database (DATABASE_URL) with PostgreSQL's own client tools: `pg_dump
 * --format=custom` while the shop runs (one consistent snapshot), and `pg_restore` in one transaction into a database
 * that holds no tables yet (or, with --force, whose tables it replaces): a failed restore leaves nothing behind.
 */
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ArchiveError, refuseExistingFile, summariseShop } from './archive';
import type { ShopSummary } from './archive';
import { jobQueueSchema } from './client';
import type { Database } from './client';
import * as schema from './schema';

type Env = Record<string, string | undefined>;

export interface PostgresOptions {
  force?: boolean;
  /** The environment the tools run with: PATH finds them; PGSSLMODE and the like reach them. Default process.env. */
  env?: Env;
}

/** Dumps the database at `url` to `file` (pg_dump's custom format). */
export async function backupPostgres(url: string, file: string, options: PostgresOptions = {}): Promise<{ file: string; size: number }> {
  refuseExistingFile(file, options.force ?? false);
  const connection = toolConnection(url, options.env ?? process.env);
  // pg_dump flushes its file to the disk before it exits (unless --no-sync); the rename then makes it appear whole.
  const partial = `${file}.partial-${process.pid}`;
  try {
    // Without the job queue's schema: pg-boss rebuilds it at start, and pg_restore --clean cannot drop its partitioned
    // tables' constraints.
    const args = ['--format=custom', `--exclude-schema=${jobQueueSchema}`, `--file=${partial}`, `--dbname=${connection.url}`];
    await runTool('pg_dump', args, connection.env);
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  return { file, size: statSync(file).size };
}

/** Restores `file` into the database at `url`: an empty one, or with `force` one whose tables are replaced. */
export async function restorePostgres(url: string, file: string, options: PostgresOptions = {}): Promise<{ summary: ShopSummary }> {
  checkPostgresArchive(file);
  const connection = toolConnection(url, options.env ?? process.env);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined);
  try {
    const tables = await countTables(pool, connection.url);
    if (tables > 0 && !options.force) {
      throw new ArchiveError(
        `The database ${connection.url} already holds ${tables} tables: restore into a new, empty database ` +
          '(createdb), or add --force to replace its tables with the archive\'s.',
      );
    }
    await runTool(
      'pg_restore',
      ['--exit-on-error', '--single-transaction', '--no-owner', ...(options.force ? ['--clean', '--if-exists'] : []), `--dbname=${connection.url}`, file],
      connection.env,
    );
    return { summary: await summariseShop(drizzle(pool, { schema }) as unknown as Database, connection.url) };
  } finally {
    await pool.end();
  }
}

/** pg_dump's custom format starts with PGDMP; a gzip file is an embedded-database backup. */
function checkPostgresArchive(file: string): void {
  const head = Buffer.alloc(5);
  try {
    const fd = openSync(file, 'r');
    try {
      readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw new ArchiveError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  if (head.toString('latin1') === 'PGDMP') return;
  if (head[0] === 0x1f && head[1] === 0x8b) {
    throw new ArchiveError(`${file} is a backup of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it.`);
  }
  throw new ArchiveError(`${file} is not a PostgreSQL archive (pg_dump --format=custom).`);
}

async function countTables(pool: pg.Pool, where: string): Promise<number> {
  try {
    const { rows } = await pool.query<{ n: number }>(
      "select count(*)::int as n from pg_catalog.pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.n;
  } catch (error) {
    throw new ArchiveError(`Cannot connect to ${where}: ${(error as Error).message}. Create the database first (createdb).`);
  }
}

/** The URL without its password (tools show their arguments to `ps`), which travels in PGPASSWORD instead. */
function toolConnection(url: string, env: Env): { url: string; env: Env } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { ...env, PGPASSWORD: password } : { ...env } };
}

/** Runs one of PostgreSQL's client tools; its own message when it fails, ours when it is not installed. */
function runTool(name: 'pg_dump' | 'pg_restore', args: string[], env: Env): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(name, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new ArchiveError(
              `${name} was not found on PATH. Install PostgreSQL's client tools, of the server's major version or newer ` +
                `(Debian and Ubuntu: apt-get install postgresql-client), or put their bin directory first in PATH.`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new ArchiveError(`${name} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}
