import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, keepPrivate, LockedError } from '../../server/lock-file';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fs-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('the data directory lock', () => {
  it('is held in DATA_DIR/server.lock with our pid and start time, and removed on release', () => {
    const dir = tempDir();
    const lock = acquireLock(dir);
    const content = JSON.parse(readFileSync(join(dir, 'server.lock'), 'utf8'));
    expect(content.pid).toBe(process.pid);
    expect(Date.parse(content.startedAt)).not.toBeNaN();
    lock.release();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses a second holder while the first is alive, with a clear message', () => {
    const dir = tempDir();
    const lock = acquireLock(dir);
    try {
      expect(() => acquireLock(dir)).toThrow(LockedError);
      expect(() => acquireLock(dir)).toThrow(
        `Another server (pid ${process.pid}) is already using the data directory ${dir}. Stop it first, or set DATA_DIR to another directory.`,
      );
    } finally {
      lock.release();
    }
  });

  it('refuses while another live process holds it', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: holder.pid, startedAt: new Date().toISOString() }));
      expect(() => acquireLock(dir)).toThrow(`Another server (pid ${holder.pid})`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = tempDir();
    const pid = await deadPid();
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid, startedAt: '2020-01-01T00:00:00.000Z' }));
    const lock = acquireLock(dir);
    expect(JSON.parse(readFileSync(join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'server.lock'), '{garbage');
    const lock = acquireLock(dir);
    lock.release();
  });

  it('keeps DATA_DIR private: the directory 0700, even one made open before, and the lock 0600', () => {
    const parent = tempDir();
    for (const dir of [join(parent, 'new', 'data'), parent]) {
      chmodSync(parent, 0o755);
      const lock = acquireLock(dir);
      expect(statSync(dir).mode & 0o777, dir).toBe(0o700);
      expect(statSync(lock.path).mode & 0o777, dir).toBe(0o600);
      lock.release();
    }
  });

  it('makes every directory and file in DATA_DIR its user\'s alone', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'base', '5'), { recursive: true, mode: 0o777 });
    writeFileSync(join(dir, 'PG_VERSION'), '17', { mode: 0o666 });
    writeFileSync(join(dir, 'base', '5', '1259'), 'rows', { mode: 0o644 });
    keepPrivate(dir);
    expect(statSync(join(dir, 'base')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'base', '5')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'PG_VERSION')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'base', '5', '1259')).mode & 0o777).toBe(0o600);
  });

  it('can be taken again after release, and releasing twice is harmless', () => {
    const dir = tempDir();
    const first = acquireLock(dir);
    first.release();
    first.release();
    const second = acquireLock(dir);
    expect(existsSync(second.path)).toBe(true);
    first.release();
    expect(existsSync(second.path)).toBe(true);
    second.release();
  });
});
