/**
 * The embedded database boots on a thread of its own: PGlite's WebAssembly and PostgreSQL's own start, 0.7 s and more
 * on a slow machine. Loading the server's modules keeps the main thread busy about as long. Started before those
 * modules load (serve.ts), the two run side by side on two cores instead of one after the other (docs/performance.md,
 * "The database started first"). This module loads little for that reason: the worker's proxy, not Drizzle or the app.
 */
import type { DatabaseTarget } from './client';
import { compiledWasm, PgliteProxy, pgliteStartParams } from './pglite-proxy';
import { isNewDatabase } from './pglite-template';

export interface EmbeddedStart {
  /** Whether the data directory was empty when the start began: a first start, which migrates and seeds. */
  readonly isNew: boolean;
  /** The worker, once PostgreSQL runs in it; openDatabase (client.ts) takes it from there. */
  readonly proxy: Promise<PgliteProxy>;
  /** Stops the worker, if it started: for a server that gives up before it took the database over. */
  abandon(): Promise<void>;
}

/**
 * Starts the embedded database's worker, and resolves once its thread runs; undefined for PostgreSQL, which runs on its
 * own.
 */
export async function startEmbeddedDatabase(target: DatabaseTarget): Promise<EmbeddedStart | undefined> {
  if (target.kind !== 'pglite') return undefined;
  const isNew = isNewDatabase(target.dataDir);
  // The worker needs PGlite's compiled WebAssembly, whose compile ends in a task on this thread: with the modules'
  // loading queued first, that task, and so the worker, would wait for all of them.
  await compiledWasm();
  const proxy = PgliteProxy.open(target.dataDir, pgliteStartParams);
  // Awaited later by openDatabase, which reports a failure; until then it must not count as an unhandled rejection.
  proxy.catch(() => undefined);
  return {
    isNew,
    proxy,
    abandon: () => proxy.then((started) => started.close()).catch(() => undefined),
  };
}
