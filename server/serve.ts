/**
 * The server, started by server.ts: configuration, the data-directory lock, the app (which opens the database),
 * listening, and a graceful shutdown on SIGINT/SIGTERM (stop accepting, finish in-flight requests, close the database,
 * release the lock).
 */
import type { Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { acquireLock, LockedError } from './lock-file';
import type { LockFile } from './lock-file';

/** How long in-flight requests get to finish before the process gives up on them. */
const shutdownGraceMs = 10_000;

/**
 * A signal this soon after the first is the same stop, not a second one. `npm start` and `npm run serve` run the
 * server as npm's own child, and npm passes on each SIGINT and SIGTERM it gets: Ctrl+C in a terminal, which reaches
 * npm and the server alike, arrives twice within a few milliseconds, and so does a SIGTERM sent to the process group.
 */
const sameStopMs = 1_000;

async function main(): Promise<void> {
  const config = readConfigOrExit();
  // Released by lock-file.ts's own exit hook, however the process exits.
  lockDataDirOrExit(config);

  let app;
  try {
    const { buildApp } = await import('./app');
    app = await buildApp(config, { prettyLogs: Boolean(process.stdout.isTTY) && hasPrettyLogs() });
  } catch (error) {
    console.error('The server could not start:', error);
    process.exit(1);
  }

  stopOnSignals(app);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EADDRINUSE' ? `port ${config.port} is already in use (set PORT to another one)` : String(error);
    app.log.error(`The server could not listen: ${reason}`);
    await app.close().catch(() => undefined);
    process.exit(1);
  }

  app.log.info(`${config.shop.name} is open at ${config.publicBaseUrl} (API docs at ${config.publicBaseUrl}/api/docs)`);
  if (app.mailer.transport === 'outbox') {
    app.log.warn(`Mail is NOT being sent: dev outbox at ${config.publicBaseUrl}/dev/mailbox`);
  }
}

/**
 * SIGINT or SIGTERM: stop accepting connections, let in-flight requests finish (each keep-alive connection closing
 * after its last answer), close the app (database, mail), exit 0. The data-directory lock goes with the process
 * (lock-file.ts releases it on exit), however it exits. A later signal, or the grace period running out, exits at once
 * with 1.
 */
function stopOnSignals(app: FastifyInstance): void {
  const closeConnectionsAfterAnswers = closeKeepAliveOnStop(app.server);
  let stoppingSince: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince < sameStopMs) return;
      app.log.warn(`${signal} again: stopping now without waiting`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    app.log.info(`${signal} received: finishing in-flight requests, then stopping (press Ctrl+C again to force)`);
    closeConnectionsAfterAnswers();
    setTimeout(() => {
      app.log.error(`still busy after ${shutdownGraceMs} ms: stopping now`);
      process.exit(1);
    }, shutdownGraceMs).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * server.close() closes only the keep-alive connections that are idle at that moment; one whose request is still in
 * flight would then stay open after its answer until the client closed it, holding the shutdown until the grace period
 * ran out. Tracking the answers not yet sent lets stopping mark each one `Connection: close`, so every socket closes
 * right after its last answer. Returns what stopping calls.
 */
function closeKeepAliveOnStop(server: Server): () => void {
  const unanswered = new Set<ServerResponse>();
  let stopping = false;
  const closeAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close');
  };
  server.on('request', (_request, response: ServerResponse) => {
    if (stopping) return closeAfter(response);
    unanswered.add(response);
    response.once('close', () => unanswered.delete(response));
  });
  return () => {
    stopping = true;
    for (const response of unanswered) closeAfter(response);
  };
}

function readConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Only the embedded database needs the lock: PostgreSQL handles any number of servers. */
function lockDataDirOrExit(config: Config): LockFile | null {
  if (config.database.kind !== 'pglite' || config.database.dataDir === null) return null;
  try {
    return acquireLock(config.database.dataDir);
  } catch (error) {
    if (error instanceof LockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function hasPrettyLogs(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

await main();
