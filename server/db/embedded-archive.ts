/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR) as one gzipped tarball of the data directory, made
 * and opened by PGlite itself (`dumpDataDir`, `loadDataDir`). Both take the data-directory lock, so neither runs while
 * a server has the database open. A restore builds the new directory beside DATA_DIR, opens it once to prove that
 * PostgreSQL starts on it, and only then renames it into place: DATA_DIR is never left half written.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { extract } from 'tar-stream';
import { acquireLock, LockedError, lockFileName } from '../lock-file';
import type { LockFile } from '../lock-file';
import { ArchiveError, refuseExistingFile, summariseShop, writeFileWhole } from './archive';
import type { ShopSummary } from './archive';
import type { Database } from './client';
import { pgliteStartParams } from './embedded-server';
import { pgliteExtensions } from './pglite-extensions';
import * as schema from './schema';

export interface EmbeddedBackup {
  file: string;
  size: number;
  summary: ShopSummary;
}

export interface EmbeddedRestore {
  dataDir: string;
  summary: ShopSummary;
  /** Where the directory that was replaced (--force) now lives; null when DATA_DIR was empty. */
  previousDataDir: string | null;
}

/** Writes the database in `dataDir` to `file` (a .tar.gz). Refuses while a server runs on it. */
export async function backupEmbedded(dataDir: string, file: string, options: { force?: boolean } = {}): Promise<EmbeddedBackup> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new ArchiveError(`There is no embedded database in ${dataDir}: check DATA_DIR (the server creates the database on its first start).`);
  }
  if (resolve(file).startsWith(`${resolve(dataDir)}${sep}`)) {
    throw new ArchiveError(`Write the archive outside ${dataDir}: every later backup would carry it along.`);
  }
  refuseExistingFile(file, options.force ?? false);
  const lock = lockDataDir(dataDir, 'back it up');
  try {
    const client = new PGlite(dataDir, { startParams: pgliteStartParams, extensions: pgliteExtensions });
    let tarball: Blob;
    let summary: ShopSummary;
    try {
      await client.waitReady;
      summary = await summariseShop(drizzle(client, { schema }) as unknown as Database, dataDir);
      // Everything written so far goes to the table files, so that opening the archive replays no WAL.
      await client.exec('CHECKPOINT');
      tarball = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
    const bytes = new Uint8Array(await tarball.arrayBuffer());
    writeFileWhole(file, bytes);
    return { file, size: bytes.length, summary };
  } finally {
    lock.release();
  }
}

/**
 * Replaces the database in `dataDir` with the one in `file`. An empty or missing `dataDir` is filled; a non-empty one
 * only with `force`, and it is then kept beside as `<dataDir>.before-restore-<time>` rather than deleted.
 */
export async function restoreEmbedded(file: string, dataDir: string, options: { force?: boolean } = {}): Promise<EmbeddedRestore> {
  const tar = await readEmbeddedArchive(file);
  const lock = lockDataDir(dataDir, 'restore into it');
  let staging: string | null = null;
  try {
    const existing = readdirSync(dataDir).filter((name) => name !== lockFileName);
    if (existing.length > 0 && !options.force) {
      throw new ArchiveError(
        `${dataDir} is not empty (${existing.length} entries): restore into an empty DATA_DIR, or add --force to replace ` +
          'it (the current one is kept beside it).',
      );
    }
    staging = mkdtempSync(join(dirname(dataDir), `${basename(dataDir)}.restoring-`));
    const summary = await openRestored(tar, staging, file);
    // The archive carries the lock of the backup's own process; the restored directory carries ours until we are done.
    copyFileSync(lock.path, join(staging, lockFileName));
    const previousDataDir = existing.length > 0 ? `${dataDir}.before-restore-${timestamp()}` : null;
    swapIn(staging, dataDir, previousDataDir);
    staging = null;
    return { dataDir, summary, previousDataDir };
  } finally {
    if (staging) rmSync(staging, { recursive: true, force: true });
    // Still names our own lock: it moved into place with the restored directory.
    lock.release();
  }
}

/**
 * The archive's tarball, unpacked from gzip and read entry by entry (header checksums, sizes, a PostgreSQL data
 * directory inside) before PGlite sees it: a cut-off or damaged file is refused with a clear message
 * instead of failing somewhere inside the database.
 */
async function readEmbeddedArchive(file: string): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new ArchiveError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  if (bytes.subarray(0, 5).toString('latin1') === 'PGDMP') {
    throw new ArchiveError(`${file} is a PostgreSQL archive (pg_dump): set DATABASE_URL to the database to restore it into.`);
  }
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    throw new ArchiveError(`${file} is not a backup of the embedded database (not a .tar.gz made by npm run backup).`);
  }
  let tar: Buffer;
  try {
    tar = await promisify(gunzip)(bytes);
  } catch (error) {
    throw new ArchiveError(`${file} is damaged or incomplete (${(error as Error).message}); nothing was restored.`);
  }
  const names = await tarEntryNames(tar, file);
  if (!names.has('PG_VERSION') || !names.has('global/pg_control')) {
    throw new ArchiveError(`${file} does not hold a PostgreSQL data directory; nothing was restored.`);
  }
  return tar;
}

/** The entry names of the tarball (leading '/' removed), or an ArchiveError when tar-stream finds it broken. */
async function tarEntryNames(tar: Buffer, file: string): Promise<Set<string>> {
  const names = new Set<string>();
  const entries = extract();
  entries.end(tar);
  try {
    for await (const entry of entries) {
      names.add(entry.header.name.replace(/^\/+/, ''));
      entry.resume();
    }
  } catch (error) {
    throw new ArchiveError(`${file} is damaged or incomplete (${(error as Error).message}); nothing was restored.`);
  }
  return names;
}

/** Unpacks the tarball into `directory` through PGlite and opens it: PostgreSQL must start on it and find the shop. */
async function openRestored(tar: Buffer, directory: string, file: string): Promise<ShopSummary> {
  const client = new PGlite(directory, { startParams: pgliteStartParams, extensions: pgliteExtensions, loadDataDir: new Blob([new Uint8Array(tar)]) });
  try {
    try {
      await client.waitReady;
    } catch (error) {
      throw new ArchiveError(
        `The database in ${file} does not open (${(error as Error).message}). It may be damaged, or come from another ` +
          'version of the shop; nothing was restored.',
      );
    }
    return await summariseShop(drizzle(client, { schema }) as unknown as Database, file);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * Puts `staging` at `dataDir`. With a previous directory it is renamed aside first, and renamed back should the second
 * rename fail, so that `dataDir` always holds a whole database (the old one or the new one).
 */
function swapIn(staging: string, dataDir: string, previousDataDir: string | null): void {
  if (previousDataDir === null) {
    // Only our lock file is in it.
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(staging, dataDir);
    return;
  }
  renameSync(dataDir, previousDataDir);
  try {
    renameSync(staging, dataDir);
  } catch (error) {
    renameSync(previousDataDir, dataDir);
    throw error;
  }
  // The copy of our lock that moved aside with it; the kept directory must open without it.
  rmSync(join(previousDataDir, lockFileName), { force: true });
}

function lockDataDir(dataDir: string, action: string): LockFile {
  try {
    return acquireLock(dataDir);
  } catch (error) {
    if (error instanceof LockedError) {
      throw new ArchiveError(
        `A server (pid ${error.pid}) is running on the embedded database in ${dataDir}. Stop it first, then ${action}: ` +
          'PGlite must never be opened by two processes at once.',
      );
    }
    throw error;
  }
}

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}
