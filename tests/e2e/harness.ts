/**
 * Browser-test harness: the real server as `npm start` runs it (the bundle dist-server/server.mjs on plain Node, built by
 * `npm run build`) as a child process on a free port with a fresh temporary DATA_DIR, serving the built app from dist/,
 * and Debian's Chromium driven by playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type Agent, type IncomingMessage } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium-path';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited; never sends a signal. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** The built server `npm start` runs; `npm run build` (and buildIfStale) makes it. */
export const serverBundle = join(root, 'dist-server', 'server.mjs');

/** Starts the built server and resolves once /api/ready answers, or rejects with the server's own output. */
export async function startServer(options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'flower-shop-e2e-'));
  if (!existsSync(serverBundle)) throw new Error(`${serverBundle} is missing: run \`npm run build\` first.`);
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    url,
    dataDir,
    process: child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`The server did not become ready within 60 s:\n${output}`);
}

export function removeDataDir(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium is missing: run `tsx scripts/ensure-browser.ts` or set CHROME_PATH.');
  return chromium.launch({ executablePath, args: chromiumArgs });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** Mail the dev outbox kept for an address, newest first. */
export async function outbox(baseURL: string, to: string): Promise<OutboxMail[]> {
  const response = await fetch(`${baseURL}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`outbox answered ${response.status}`);
  return (await response.json()) as OutboxMail[];
}

/** Polls until `check` holds, or fails saying what it waited for. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(20);
  }
}

/** Whether a new TCP connection to the port is refused (nothing listens there any more). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

export interface SlowRequest {
  /** Sends the rest of the body. */
  finish(): void;
  /** Never rejects: a broken connection answers status 0. `connection` is the answer's Connection header. */
  answer: Promise<{ status: number; body: string; connection: string | undefined }>;
}

/**
 * A POST in flight: resolves once the server has taken it (routed it, its body still to come) and the first half of
 * the body is sent; the rest goes only when `finish` is called. "Taken" is the server's `100 Continue`: Node writes it
 * and hands the request to Fastify's router in the same turn, before a signal can be handled.
 */
export function slowPost(url: string, path: string, headers: Record<string, string>, json: unknown, agent: Agent): Promise<SlowRequest> {
  const body = Buffer.from(JSON.stringify(json));
  const half = Math.floor(body.length / 2);
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const request = httpRequest({
      host: hostname,
      port,
      path,
      method: 'POST',
      agent,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length), expect: '100-continue' },
    });
    // Never rejects: a broken connection is an answer too (status 0), asserted like any other.
    const answer = new Promise<{ status: number; body: string; connection: string | undefined }>((done) => {
      const broken = (error: Error) => done({ status: 0, body: `the connection broke: ${error.message}`, connection: undefined });
      request.once('response', (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () =>
          done({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), connection: response.headers.connection }),
        );
        response.once('error', broken);
      });
      request.once('error', broken);
    });
    request.once('continue', () => {
      request.write(body.subarray(0, half));
      resolve({ finish: () => request.end(body.subarray(half)), answer });
    });
    request.once('error', reject);
    request.flushHeaders();
  });
}
