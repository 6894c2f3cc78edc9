/**
 * buildTestApp: the real app on a fresh in-memory PGlite (or, with TEST_DATABASE_URL set, on a fresh database on that
 * PostgreSQL server, dropped again on app.close()). Close every app with app.close().
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../server/app';
import type { AppDeps } from '../../../server/app';
import { testConfig } from '../../../server/config';
import type { Config } from '../../../server/config';

/**
 * `deps.logStream` receives the app's log lines (set `logLevel` too: tests log nothing by default); `deps.jobTimings`
 * quickens the job queue's clocks; `deps.now` fixes the
 * delivery schedule's clock.
 */
export async function buildTestApp(overrides: Partial<Config> = {}, deps: Pick<AppDeps, 'logStream' | 'jobTimings' | 'now'> = {}): Promise<FastifyInstance> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl || overrides.database) return buildApp(testConfig(overrides), deps);

  const scratch = await createScratchDatabase(serverUrl);
  try {
    return await buildApp(testConfig({ ...overrides, database: { kind: 'postgres', url: scratch.url, poolSize: 4 } }), {
      ...deps,
      onClose: scratch.drop,
    });
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

/**
 * An embedded database on disk in a fresh folder (named after `prefix`), removed once `run` is done: `withApp` builds
 * an app over it for one step and closes it after, as a process that stops and another that starts over the same data.
 */
export async function withDatabaseOnDisk(
  prefix: string,
  run: (withApp: <T>(use: (app: FastifyInstance) => Promise<T>) => Promise<T>) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const onDisk = { database: { kind: 'pglite' as const, dataDir } };
  const withApp = async <T>(use: (app: FastifyInstance) => Promise<T>): Promise<T> => {
    const app = await buildTestApp(onDisk);
    try {
      return await use(app);
    } finally {
      await app.close();
    }
  };
  try {
    await run(withApp);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A new, empty database on the PostgreSQL server at `serverUrl`, with the URL to reach it and a drop for afterwards. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fs_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminClient(serverUrl, (client) => dropDatabase(client, name)),
  };
}

/**
 * The app's pool resolves end() before its sockets have closed, so the database can still look in use for a moment.
 * Waiting beats WITH (FORCE), which would kill those sockets and raise errors in a pool that no longer listens.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    try {
      await client.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await client.query(`drop database if exists ${name} with (force)`);
}

/** Connects to TEST_DATABASE_URL's database, or to the server's `postgres` database when that one does not exist. */
async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  let client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
    const maintenance = new URL(serverUrl);
    maintenance.pathname = '/postgres';
    client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
