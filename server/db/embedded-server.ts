/**
 * Starts the embedded PostgreSQL (PGlite) on a worker thread (embedded-worker.ts), served on the wire protocol on a unix
 * socket in a private temporary directory, so that the server reaches it with `pg` exactly as it reaches PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { startThread } from '../worker-thread';
import { defaultTemplateFile, discardTemplate, isNewDatabase, readTemplate, saveTemplate } from './pglite-template';

/**
 * PostgreSQL's default shared_buffers (128 MB) lives inside PGlite's WebAssembly memory, which never shrinks back. The
 * operating system's page cache already holds the data directory's files, so a small pool costs little and keeps the
 * server's resident memory far lower.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** The port in the socket's name (`.s.PGSQL.<port>`), as `pg` builds it from `host` (the directory) and `port`. */
const socketPort = 5432;

export interface WorkerStart {
  dataDir: string | null;
  socketPath: string;
  startParams: string[];
  /** Set for a database not created yet: unpacked from `template`, or made by initdb and, with `dumpAsTemplate`, dumped. */
  newDatabase?: { template: Uint8Array<ArrayBuffer> | null; dumpAsTemplate: boolean };
  pgliteWasmModule: WebAssembly.Module;
  /** Only for a new database: PGlite runs initdb only then. */
  initdbWasmModule?: WebAssembly.Module;
}

export type FromWorker = { kind: 'ready'; template?: Uint8Array } | { kind: 'failed'; message: string } | { kind: 'closed' };

export interface EmbeddedServer {
  /** `pg`'s connection settings: the socket's directory as `host`. */
  readonly connection: { host: string; port: number; user: string; database: string };
  /** Closes PGlite (a checkpoint, on a data directory), ends the thread and removes the socket's directory. */
  close(): Promise<void>;
}

const compiled = new Map<string, Promise<WebAssembly.Module>>();

/**
 * One of PGlite's WebAssembly files, compiled once per process and shared by every worker (each test opens a database
 * of its own). initdb's is needed only to create a database.
 */
function compiledWasm(file: 'pglite.wasm' | 'initdb.wasm'): Promise<WebAssembly.Module> {
  let module = compiled.get(file);
  if (!module) {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    module = readFile(join(dist, file)).then((bytes) => WebAssembly.compile(bytes));
    compiled.set(file, module);
  }
  return module;
}

/**
 * Starts PGlite in `dataDir` (null: in memory) and resolves once it accepts connections. A new database is unpacked
 * from the template (pglite-template.ts) when there is one; only an in-memory database's initdb output becomes the
 * template, never a data directory's, whose dump would hold the shop's JWT secret.
 */
export async function startEmbeddedServer(
  dataDir: string | null,
  { templateFile = defaultTemplateFile } = {},
): Promise<EmbeddedServer> {
  const isNew = isNewDatabase(dataDir);
  const template = isNew ? readTemplate(templateFile) : null;
  const socketDir = mkdtempSync(join(tmpdir(), 'flower-shop-db-'));
  const start: WorkerStart = {
    dataDir,
    socketPath: join(socketDir, `.s.PGSQL.${socketPort}`),
    startParams: pgliteStartParams,
    newDatabase: isNew ? { template, dumpAsTemplate: template === null && dataDir === null } : undefined,
    pgliteWasmModule: await compiledWasm('pglite.wasm'),
    initdbWasmModule: isNew ? await compiledWasm('initdb.wasm') : undefined,
  };
  const worker = startWorker(start);
  let exited = false;
  worker.once('exit', () => (exited = true));
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // A thread that has already ended (it crashed) would never answer.
      if (!exited) {
        const closed = new Promise<void>((resolve) => {
          worker.on('message', (message: FromWorker) => message.kind !== 'ready' && resolve());
          worker.once('exit', () => resolve());
        });
        worker.postMessage('close');
        await closed;
        await worker.terminate();
      }
      rmSync(socketDir, { recursive: true, force: true });
    })());
  try {
    const made = await new Promise<Uint8Array | undefined>((resolve, reject) => {
      worker.once('message', (message: FromWorker) => {
        if (message.kind === 'ready') resolve(message.template);
        else reject(new Error(`The embedded database did not start: ${message.kind === 'failed' ? message.message : message.kind}`));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The embedded database's thread stopped (exit code ${code}).`)));
    });
    if (made) saveTemplate(templateFile, made);
  } catch (error) {
    if (start.newDatabase?.template) discardTemplate(templateFile);
    await close();
    throw error;
  }
  return { connection: { host: socketDir, port: socketPort, user: 'postgres', database: 'postgres' }, close };
}

/**
 * Makes the template new embedded databases are unpacked from, when there is none yet: an in-memory database created
 * without one writes it. The server's build runs this, so that `npm start` finds it.
 */
export async function preparePgliteTemplate(): Promise<void> {
  await (await startEmbeddedServer(null)).close();
}

function startWorker(start: WorkerStart): Worker {
  // The thread's own JavaScript only carries messages between the socket and PostgreSQL: V8's smallest young
  // generation does, where the default would grow to tens of megabytes under load. A --max-semi-space-size on the
  // command line (npm run serve's) overrides this for every thread (docs/performance.md, ninth session).
  return startThread('embedded-worker', import.meta.url, { workerData: start, resourceLimits: { maxYoungGenerationSizeMb: 1 } });
}
