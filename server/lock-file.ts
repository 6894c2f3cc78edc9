/**
 * One server per embedded database: PGlite in DATA_DIR must never be opened by two processes at once (it would be
 * corrupted), so the server holds DATA_DIR/server.lock while it runs. A lock left by a process that died is taken over.
 * A pid file rather than proper-lockfile's lock directory, whose staleness is its age: a refusal names the server that
 * holds the lock, a killed server's lock is taken over at once rather than after a timeout, and no timer keeps it fresh.
 * The process that takes the lock keeps DATA_DIR private: it holds every account's password hash, the orders and the
 * JWT secret.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const lockFileName = 'server.lock';

export class LockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `Another server (pid ${pid}) is already using the data directory ${dataDir}. ` +
        'Stop it first, or set DATA_DIR to another directory.',
    );
    this.name = 'LockedError';
  }
}

export interface LockFile {
  path: string;
  /** Idempotent; also runs by itself when the process exits. */
  release(): void;
}

/** Locks this process holds: a lock naming our own pid but not held here was left by an earlier container run. */
const heldPaths = new Set<string>();

export function acquireLock(dataDir: string): LockFile {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Also a directory an earlier version created open.
  chmodSync(dataDir, 0o700);
  const path = join(dataDir, lockFileName);
  const text = `${JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() })}\n`;
  // The second try follows the removal of a stale lock: should another process take it first, 'wx' fails again.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, text, { flag: 'wx', mode: 0o600 });
      return holdLock(path, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderPid(path);
    const stale = holder === null || (holder === process.pid ? !heldPaths.has(path) : !isAlive(holder));
    if (!stale) throw new LockedError(holder, dataDir);
    if (holderPid(path) === holder) rmSync(path, { force: true });
  }
  throw new LockedError(holderPid(path) ?? 0, dataDir);
}

function holdLock(path: string, text: string): LockFile {
  let held = true;
  heldPaths.add(path);
  const release = () => {
    if (!held) return;
    held = false;
    heldPaths.delete(path);
    process.removeListener('exit', release);
    try {
      // Only our own lock: never delete one that a later server wrote after taking ours over.
      if (readFileSync(path, 'utf8') === text) unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return { path, release };
}

/** The pid a lock names; null for a missing lock or garbage from a crash mid-write (stale either way). */
function holderPid(path: string): number | null {
  try {
    const { pid } = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Signal 0 checks existence only; EPERM means it exists but belongs to another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes every file in `dataDir` its user's alone (directories 0700, files 0600). PGlite sets the modes of the files it
 * unpacks and creates itself, most of them 0666, whatever the process's umask; PostgreSQL's own later files are 0600.
 */
export function keepPrivate(dataDir: string): void {
  for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600);
  }
}
