// The real server process on an embedded database: data survives a restart, DATA_DIR is private, a second server on
// the same DATA_DIR is refused with a clear message, a start that fails after the database began to start stops it and frees the
// directory, and SIGTERM shuts down cleanly. Then `npm start` itself, stopped the ways a process manager and a
// terminal stop it: one SIGTERM to npm's pid, or Ctrl+C (SIGINT to the whole process group), stops the shop once and
// gracefully and leaves no process behind; a second Ctrl+C forces.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { lockFileName } from '../../server/lock-file';
import { connectionRefused, freePort, removeDataDir, slowPost, startServer, waitFor, type RunningServer, type SlowRequest } from './harness';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the server process', () => {
  let first: RunningServer | undefined;

  afterAll(async () => {
    await first?.stop();
    if (first) removeDataDir(first.dataDir);
  });

  it('refuses a second server on the same data directory while the first runs', async () => {
    first = await startServer();
    await expect(startServer({ dataDir: first.dataDir })).rejects.toThrow(/already using the data directory/);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('keeps what was written across a graceful restart', async () => {
    if (!first) throw new Error('the first server did not start');
    const sent = await fetch(`${first.url}/api/contactapi`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Meera Raman',
        userEmail: 'meera@example.in',
        phoneNumber: '9876543210',
        message: 'Do you deliver to Coimbatore?',
      }),
    });
    expect(sent.status).toBe(200);
    const catalogueBefore = await (await fetch(`${first.url}/api/allflowers`)).json();

    expect(await first.stop()).toBe(0);
    first = await startServer({ dataDir: first.dataDir });

    const mails = await (await fetch(`${first.url}/api/dev/outbox?to=${encodeURIComponent('support@petalsandstems.in')}`)).json();
    expect(JSON.stringify(mails)).toContain('Do you deliver to Coimbatore?');
    const catalogueAfter = await (await fetch(`${first.url}/api/allflowers`)).json();
    expect(catalogueAfter).toEqual(catalogueBefore);
  });

  it('keeps DATA_DIR its user\'s alone: the directory 0700 and every file in it 0600', () => {
    if (!first) throw new Error('the first server did not start');
    const entries = readdirSync(first.dataDir, { recursive: true, withFileTypes: true });
    expect(entries.length).toBeGreaterThan(100);
    const open = entries.filter((entry) => (statSync(join(entry.parentPath, entry.name)).mode & 0o077) !== 0);
    expect(open.map((entry) => join(entry.parentPath, entry.name))).toEqual([]);
    expect(statSync(first.dataDir).mode & 0o777).toBe(0o700);
  });

  it('stops with its message when REDIS_URL does not answer, though the database had begun to start, and frees the directory', async () => {
    if (!first) throw new Error('the first server did not start');
    expect(await first.stop()).toBe(0);
    const nothingThere = await freePort();
    await expect(startServer({ dataDir: first.dataDir, env: { REDIS_URL: `redis://127.0.0.1:${nothingThere}` } })).rejects.toThrow(
      new RegExp(`exited with 1:[\\s\\S]*REDIS_URL: Redis at 127\\.0\\.0\\.1:${nothingThere} did not answer`),
    );
    first = await startServer({ dataDir: first.dataDir });
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });
});

/** A Contact Us message in flight on a keep-alive connection, half of its body sent. */
function slowContactMessage(url: string, agent: Agent): Promise<SlowRequest> {
  const message = { fullName: 'Meera Raman', userEmail: 'meera@example.in', phoneNumber: '9876543210', message: 'Do you deliver to Madurai?' };
  return slowPost(url, '/api/contactapi', {}, message, agent);
}

/** Every process below `pid`, from `ps` (Linux and macOS alike). */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const below = (parent: number) => {
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        found.push(child);
        below(child);
      }
    }
  };
  below(pid);
  return found;
}

/** Whether a process still runs (a zombie has exited: only its parent has not collected it yet). */
function running(pid: number): boolean {
  try {
    return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim().startsWith('Z');
  } catch {
    return false;
  }
}

interface NpmStart {
  npm: ChildProcess;
  url: string;
  port: number;
  dataDir: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `npm start` as a person or a process manager runs it: in a process group of its own, as a terminal runs a job, with a
 * fresh DATA_DIR and a free PORT. Resolves once the shop answers /api/ready (a stale build is rebuilt first).
 */
async function npmStart(): Promise<NpmStart> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'flower-shop-npm-start-'));
  const url = `http://127.0.0.1:${port}`;
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: url,
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      DATABASE_URL: '',
      SEED_DEMO: 'false',
    },
  });
  let output = '';
  npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started: NpmStart = { npm, url, port, dataDir, output: () => output, exited };
  starts.push(started);
  await waitFor(
    '`npm start` to answer /api/ready',
    async () => {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${output}`);
      return fetch(`${url}/api/ready`).then(
        (response) => response.ok,
        () => false,
      );
    },
    180_000,
  );
  return started;
}

const starts: NpmStart[] = [];

describe('npm start', () => {
  afterEach(() => {
    for (const { npm, dataDir } of starts.splice(0)) {
      try {
        // Whatever a failed test left running, the whole group at once.
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // Already gone, as it should be.
      }
      removeDataDir(dataDir);
    }
  });

  /**
   * Sends `stop` with a request in flight, then checks what a process manager and a person at the terminal rely on:
   * the request answered, the stop announced once (never taken as a second, forcing one), every process of the tree
   * gone, npm's exit clean and the data directory's lock released.
   */
  async function stopsGracefully(stop: (shop: NpmStart) => void, signal: NodeJS.Signals): Promise<void> {
    const shop = await npmStart();
    const tree = descendants(shop.npm.pid!);
    expect(tree.length, 'the server runs below npm').toBeGreaterThan(0);
    const agent = new Agent({ keepAlive: true });
    try {
      const inFlight = await slowContactMessage(shop.url, agent);
      stop(shop);
      await waitFor('new connections to be refused', () => connectionRefused(shop.port));
      inFlight.finish();
      const answer = await inFlight.answer;
      expect(answer.status, answer.body).toBe(200);
      expect(answer.connection, 'the keep-alive connection is closed after its last answer').toBe('close');
      expect(await shop.exited, shop.output()).toEqual({ code: 0, signal: null });
      await waitFor('every process of the tree to exit', () => tree.every((pid) => !running(pid)), 5_000);
      expect(shop.output().match(new RegExp(`${signal} received: finishing in-flight requests`, 'g')), shop.output()).toHaveLength(1);
      expect(shop.output()).not.toContain('stopping now without waiting');
      expect(existsSync(join(shop.dataDir, lockFileName))).toBe(false);
    } finally {
      agent.destroy();
    }
  }

  it('stops gracefully at ONE SIGTERM sent to npm alone, as a process manager sends it', async () => {
    await stopsGracefully((shop) => process.kill(shop.npm.pid!, 'SIGTERM'), 'SIGTERM');
  }, 240_000);

  it('stops once and gracefully at Ctrl+C, which the terminal sends to every process of the group', async () => {
    await stopsGracefully((shop) => process.kill(-shop.npm.pid!, 'SIGINT'), 'SIGINT');
  }, 240_000);

  it('stops at once, with 1, at a second Ctrl+C, leaving the request in flight unanswered', async () => {
    const shop = await npmStart();
    const agent = new Agent({ keepAlive: true });
    try {
      const inFlight = await slowContactMessage(shop.url, agent);
      process.kill(-shop.npm.pid!, 'SIGINT');
      await waitFor('new connections to be refused', () => connectionRefused(shop.port));
      // A person's second press, well after the first (the first arrives twice: from the terminal and from npm).
      await sleep(1_500);
      process.kill(-shop.npm.pid!, 'SIGINT');
      const answer = await inFlight.answer;
      expect(answer.status, answer.body).toBe(0);
      expect((await shop.exited).code, shop.output()).toBe(1);
      expect(shop.output()).toContain('SIGINT again: stopping now without waiting');
      // Released on the way out all the same: the next start needs no takeover.
      expect(existsSync(join(shop.dataDir, lockFileName))).toBe(false);
    } finally {
      agent.destroy();
    }
  }, 240_000);
});
