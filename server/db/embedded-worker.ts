/**
 * The embedded database's thread: PGlite served on PostgreSQL's wire protocol by @electric-sql/pglite-socket, on a
 * unix socket in a private directory (embedded-server.ts). PostgreSQL's WebAssembly runs synchronously, so here it
 * holds up only this thread, never the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { FromWorker, WorkerStart } from './embedded-server';
import { pgliteExtensions } from './pglite-extensions';

if (!parentPort) throw new Error('embedded-worker.ts runs as a worker thread of embedded-server.ts.');
const port = parentPort;
const { dataDir, socketPath, startParams, newDatabase, pgliteWasmModule, initdbWasmModule } = workerData as WorkerStart;
const send = (message: FromWorker) => port.postMessage(message);

const options = {
  startParams,
  pgliteWasmModule,
  initdbWasmModule,
  // Functions cannot cross to the thread in workerData: the thread imports them itself.
  extensions: pgliteExtensions,
  loadDataDir: newDatabase?.template ? new Blob([newDatabase.template]) : undefined,
};
const db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
// The server's pool holds one connection (client.ts says why); the second place lets the connection that replaces a
// failed one in while the old one is still being let go.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });

try {
  await db.waitReady;
  // initdb's output, before anything ran in it: the next new database's template (pglite-template.ts).
  const template = newDatabase?.dumpAsTemplate ? await dumpNewDatabase() : undefined;
  await server.start();
  send({ kind: 'ready', template });
} catch (error) {
  send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}

port.on('message', (message: 'close') => {
  if (message !== 'close') return;
  void (async () => {
    await server.stop();
    // A checkpoint on a data directory: the next start replays no WAL.
    if (!db.closed) await db.close();
    send({ kind: 'closed' });
  })().catch((error: unknown) => send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }));
});

async function dumpNewDatabase(): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
  } catch {
    return undefined;
  }
}
