/**
 * The embedded PGlite, run on a worker thread (pglite-worker.ts) and driven from here through the part of PGlite's API
 * that drizzle-orm/pglite uses (`query`, `exec`, `transaction`), so that database work no longer blocks the server's
 * event loop (docs/performance.md, "Rush and the long tails").
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { messages, PGlite } from '@electric-sql/pglite';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { parserSets } from './pglite-protocol';
import { defaultTemplateFile, discardTemplate, isNewDatabase, readTemplate, saveTemplate } from './pglite-template';
import type { FromWorker, ParserSet, SerializedError, ToWorker, WorkerStart } from './pglite-protocol';

/**
 * PostgreSQL's default shared_buffers (128 MB) lives inside PGlite's WebAssembly memory, which never shrinks back.
 * The operating system's page cache already holds the data directory's files, so a small pool costs little and keeps
 * the server's resident memory over 100 MB lower (peak RSS of an idle demo shop: 480 MB with the default, 350 MB here).
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** What a transaction's callback gets: its statements run inside the transaction, ahead of everyone else's. */
export interface PgliteProxyTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/** A message to the worker before #call numbers it (Omit distributed over the union). */
type Request = ToWorker extends infer Message ? (Message extends { id: number } ? Omit<Message, 'id'> : never) : never;

export class PgliteProxy {
  readonly waitReady: Promise<void>;
  /** Resolves when PostgreSQL runs, with the template a new database's initdb made. */
  readonly #started: Promise<Uint8Array | undefined>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextTransaction = 1;
  /** Set once the worker has gone: every later call fails with it. */
  #stopped: Error | null = null;
  #ready = false;
  #closed: Promise<void> | undefined;
  /** After PGlite has closed, the worker's end is expected: later calls fail as on a closed PGlite, not as a crash. */
  #closing = false;

  /**
   * Starts the worker and waits until PostgreSQL runs in it. On an empty directory or in memory the database is created
   * from the template in `templateFile` (pglite-template.ts), or by initdb. Only an in-memory database's initdb output
   * becomes the template: PGlite's dump of a data directory holds every file in it, the shop's JWT secret and lock
   * file among them, which must never reach every new shop.
   */
  static async open(dataDir: string | null, startParams: string[], { templateFile = defaultTemplateFile } = {}): Promise<PgliteProxy> {
    const isNew = isNewDatabase(dataDir);
    const template = isNew ? readTemplate(templateFile) : null;
    const newDatabase = isNew ? { template, dumpAsTemplate: template === null && dataDir === null } : undefined;
    const proxy = new PgliteProxy(startWorker({ dataDir, startParams, newDatabase, ...(await compiledWasm()) }));
    try {
      const made = await proxy.#started;
      if (made) saveTemplate(templateFile, made);
    } catch (error) {
      if (newDatabase?.template) discardTemplate(templateFile);
      await proxy.close();
      throw error;
    }
    return proxy;
  }

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.#started = new Promise<Uint8Array | undefined>((resolve, reject) => {
      this.#worker.on('message', (message: FromWorker) => {
        if (message.kind === 'ready') resolve(message.template);
        else if (message.kind === 'failed') reject(reviveError(message.error));
        else this.#settle(message);
      });
      this.#worker.on('error', (error) => this.#stop(error));
      this.#worker.on('exit', (code) => {
        this.#stop(new Error(`The database worker stopped (exit code ${code}).`));
        reject(this.#stopped);
      });
    });
    this.waitReady = this.#started.then(() => undefined);
    // Idle, the worker does not keep the process alive, as an in-process PGlite would not; a call in flight does.
    void this.waitReady.then(
      () => {
        this.#ready = true;
        if (this.#pending.size === 0) this.#worker.unref();
      },
      () => undefined,
    );
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#statement<Results<T>>({ op: 'query', sql, params, ...optionsOf(options) });
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#statement<Results[]>({ op: 'exec', sql, ...optionsOf(options) });
  }

  /** Commits what `callback` did, or rolls it all back when it throws (and then throws that). */
  async transaction<T>(callback: (tx: PgliteProxyTransaction) => Promise<T>): Promise<T> {
    const transaction = this.#nextTransaction++;
    // Not waited for: the worker begins before it runs this transaction's first statement, which goes out right behind
    // it, so a transaction costs one thread round trip less. A failed begin fails that statement, and is thrown here.
    const begun = this.#call({ op: 'begin', transaction });
    begun.catch(() => undefined);
    let closed = false;
    const close = async (op: 'commit' | 'rollback') => {
      closed = true;
      await this.#call({ op, transaction });
    };
    const checkOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: PgliteProxyTransaction = {
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
        checkOpen();
        return this.#statement<Results<R>>({ op: 'query', transaction, sql, params, ...optionsOf(options) });
      },
      exec: (sql, options) => {
        checkOpen();
        return this.#statement<Results[]>({ op: 'exec', transaction, sql, ...optionsOf(options) });
      },
      rollback: async () => {
        checkOpen();
        await close('rollback');
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
      await begun;
    } catch (error) {
      await begun;
      if (!closed) await close('rollback');
      throw error;
    }
    if (!closed) await close('commit');
    return result;
  }

  /** Closes PGlite (a checkpoint, on a data directory) and ends the worker; a PGlite that never started just ends. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      if (this.#stopped) return;
      if (this.#ready) await this.#call({ op: 'close' });
      this.#closing = true;
      await this.#worker.terminate();
    })();
    return this.#closed;
  }

  #statement<T>(request: Request): Promise<T> {
    return this.#call(request) as Promise<T>;
  }

  #call(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } as ToWorker);
    });
  }

  #settle(message: Extract<FromWorker, { id: number }>): void {
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.kind === 'answer') pending.resolve(message.result);
    else pending.reject(reviveError(message.error));
  }

  /**
   * The worker is gone (it crashed, or was closed): what waited for it fails with a "connection failure" (08006),
   * which the error handler answers 503, as it does when PostgreSQL is out of reach.
   */
  #stop(cause: Error): void {
    if (this.#stopped) return;
    this.#stopped = this.#closing
      ? new Error('The database is closed.')
      : Object.assign(new Error(`The database worker failed: ${cause.message}`, { cause }), { code: '08006' });
    for (const pending of this.#pending.values()) pending.reject(this.#stopped);
    this.#pending.clear();
  }
}

/**
 * V8 recompiles PGlite's busiest functions with its optimising compiler on background threads. A compile of one of
 * PostgreSQL's largest functions takes 25 to 42 MB of scratch memory from its thread's own malloc arena, which keeps
 * that memory afterwards. Up to four compiles at a time, on four threads, grew four arenas; one at a time, they mostly
 * fall to the same thread and reuse its arena. An idle shop's peak went from about 281 to about 252 MB, with the same
 * invoices/s (docs/performance.md, "The WebAssembly compiler's scratch memory"). The flag is process-wide and read
 * when a compile starts, so it is set before PGlite's first.
 */
const oneWasmCompileAtATime = '--wasm-num-compilation-tasks=1';

let compiled: Promise<Pick<WorkerStart, 'pgliteWasmModule' | 'initdbWasmModule'>> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and shared by every worker: compiling it again in each new worker
 * took seconds, which the tests (an in-memory database each) paid over and over.
 */
export function compiledWasm(): NonNullable<typeof compiled> {
  compiled ??= (async () => {
    setFlagsFromString(oneWasmCompileAtATime);
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const compile = async (file: string) => WebAssembly.compile(await readFile(join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  return compiled;
}

/**
 * The database thread's own JavaScript only carries statements and rows between PostgreSQL and the server's thread,
 * so its young generation is kept at V8's smallest instead of growing to tens of megabytes under load: the rush's
 * peak memory was about 35 MB lower (median of alternated rush runs), with the same invoices/s and step latencies
 * (docs/performance.md, "The database thread's young generation").
 */
const workerLimits = { maxYoungGenerationSizeMb: 1 };

/**
 * From the bundle (dist-server/server.mjs) the worker is the bundled pglite-worker.mjs beside it. From sources (tsx,
 * vitest) it is pglite-worker.ts, which Node 20 cannot run by itself: the thread registers tsx first.
 */
function startWorker(start: WorkerStart): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const script = new URL(fromSources ? './pglite-worker.ts' : './pglite-worker.mjs', import.meta.url);
  const options = { workerData: start, resourceLimits: workerLimits };
  if (!fromSources) return new Worker(script, options);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * Type parsers are functions, which cannot cross to the worker: the worker knows drizzle's by name (pglite-protocol.ts),
 * and any other set is refused rather than silently ignored.
 */
function optionsOf(options: QueryOptions | undefined): { rowMode?: 'array' | 'object'; parsers?: ParserSet } {
  if (options?.serializers || options?.blob || options?.paramTypes || options?.onNotice) {
    throw new Error('The database worker takes only rowMode and parsers as query options.');
  }
  const parserTypes = Object.keys(options?.parsers ?? {}).map(Number);
  if (parserTypes.length === 0) return { rowMode: options?.rowMode };
  const named = (Object.keys(parserSets) as ParserSet[]).find((name) => sameTypes(parserSets[name], parserTypes));
  if (!named) throw new Error(`The database worker knows no type parsers for the types ${parserTypes.join(', ')}.`);
  return { rowMode: options?.rowMode, parsers: named };
}

function sameTypes(known: number[], given: number[]): boolean {
  return known.length === given.length && known.every((oid) => given.includes(oid));
}

/** Rebuilt as the error PGlite would have thrown in-process: a DatabaseError with PostgreSQL's fields, or an Error. */
function reviveError(serialized: SerializedError): Error {
  const error: Error = serialized.fromPostgres ? new messages.DatabaseError(serialized.message, 0, 'error') : new Error(serialized.message);
  Object.assign(error, serialized.fields, serialized.stack ? { stack: serialized.stack } : {});
  if (!serialized.fromPostgres) error.name = serialized.name;
  return error;
}
