/**
 * The database thread: owns the embedded PGlite and runs the statements pglite-proxy.ts sends it. PostgreSQL's
 * WebAssembly runs synchronously, so here it holds up only this thread, not the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite } from '@electric-sql/pglite';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { PreparedStatements } from './pglite-prepared';
import { parserSets } from './pglite-protocol';
import type { FromWorker, SerializedError, ToWorker, WorkerStart } from './pglite-protocol';

interface OpenTransaction {
  /** PGlite's transaction once it has begun: statements sent right behind the begin wait for it. */
  began: Promise<Transaction>;
  end(request: { op: 'commit' | 'rollback'; id: number }): void;
}

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread of pglite-proxy.ts.');
const port = parentPort;
const { dataDir, newDatabase, ...options } = workerData as WorkerStart;
const loadDataDir = newDatabase?.template ? new Blob([newDatabase.template]) : undefined;
const pg = dataDir ? new PGlite(dataDir, { ...options, loadDataDir }) : new PGlite({ ...options, loadDataDir });
const prepared = new PreparedStatements(pg);
const openTransactions = new Map<number, OpenTransaction>();
const keepText = (value: string) => value;
const parsersByName = Object.fromEntries(
  Object.entries(parserSets).map(([name, oids]) => [name, Object.fromEntries(oids.map((oid) => [oid, keepText]))]),
);

const send = (message: FromWorker) => port.postMessage(message);

pg.waitReady.then(
  async () => send({ kind: 'ready', template: newDatabase?.dumpAsTemplate ? await dumpNewDatabase() : undefined }),
  (error: unknown) => send({ kind: 'failed', error: serializeError(error) }),
);

port.on('message', (request: ToWorker) => {
  switch (request.op) {
    case 'query':
      return void answer(request.id, async () => {
        // An open transaction's statement waits for its begin; then it runs inside it, ahead of everyone else's.
        if (request.transaction !== undefined) await runnerOf(request.transaction);
        return prepared.query(request.sql, request.params, optionsOf(request), request.transaction !== undefined);
      });
    case 'exec':
      return void answer(request.id, async () => (await runnerOf(request.transaction)).exec(request.sql, optionsOf(request)));
    case 'begin':
      return begin(request.id, request.transaction);
    case 'commit':
    case 'rollback': {
      const open = openTransactions.get(request.transaction);
      if (open) return open.end(request);
      return send({ kind: 'refusal', id: request.id, error: serializeError(new Error('Transaction is closed')) });
    }
    case 'close':
      return void answer(request.id, () => pg.close());
  }
});

/** initdb's output, before any statement has run: the next new database's template. Without one, initdb runs again. */
async function dumpNewDatabase(): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await (await pg.dumpDataDir('gzip')).arrayBuffer());
  } catch {
    return undefined;
  }
}

/** Whatever goes wrong (a closed transaction, an answer that cannot be cloned) is that request's refusal. */
async function answer(id: number, run: () => Promise<unknown>): Promise<void> {
  try {
    send({ kind: 'answer', id, result: await run() });
  } catch (error) {
    send({ kind: 'refusal', id, error: serializeError(error) });
  }
}

async function runnerOf(transaction: number | undefined): Promise<Pick<Transaction, 'query' | 'exec'>> {
  if (transaction === undefined) return pg;
  const open = openTransactions.get(transaction);
  if (!open) throw new Error('Transaction is closed');
  return open.began;
}

function optionsOf(request: { rowMode?: 'array' | 'object'; parsers?: keyof typeof parserSets }): QueryOptions {
  return { rowMode: request.rowMode, parsers: request.parsers ? parsersByName[request.parsers] : undefined };
}

const rollbackAsked = Symbol('rollback asked');

/**
 * PGlite's own transaction, held open until the server's thread says commit or rollback: PGlite then runs no other
 * statement meanwhile (one connection), and an error or a rollback ends in ROLLBACK, exactly as in-process.
 */
function begin(id: number, transaction: number): void {
  let ending: { op: 'commit' | 'rollback'; id: number } | undefined;
  let started!: (tx: Transaction) => void;
  let failed!: (error: unknown) => void;
  const began = new Promise<Transaction>((resolve, reject) => ((started = resolve), (failed = reject)));
  began.catch(() => undefined);
  // Registered now, not once PGlite has begun: the proxy sends the first statement without waiting for this answer.
  const ended = new Promise<NonNullable<typeof ending>>((resolve) => openTransactions.set(transaction, { began, end: resolve }));
  pg.transaction(async (tx) => {
    started(tx);
    send({ kind: 'answer', id });
    ending = await ended;
    openTransactions.delete(transaction);
    if (ending.op === 'rollback') throw rollbackAsked;
  }).then(
    () => send({ kind: 'answer', id: ending!.id }),
    (error: unknown) => {
      openTransactions.delete(transaction);
      failed(error);
      if (!ending) send({ kind: 'refusal', id, error: serializeError(error) });
      else if (error === rollbackAsked) send({ kind: 'answer', id: ending.id });
      else send({ kind: 'refusal', id: ending.id, error: serializeError(error) });
    },
  );
}

/** PostgreSQL's fields (code, constraint, detail…) and PGlite's (query, params) cross; anything not cloneable stays. */
function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fromPostgres: false, fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    try {
      fields[key] = structuredClone(value);
    } catch {
      // queryOptions carries the parser functions.
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, fromPostgres: error instanceof messages.DatabaseError, fields };
}
