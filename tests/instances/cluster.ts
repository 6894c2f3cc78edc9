/**
 * Several real server processes (the built bundle, started by the browser tests' harness) sharing one fresh PostgreSQL
 * database and one Redis key prefix, as a deployment behind a load balancer would run them. `stop()` ends them, drops
 * the database and deletes the keys.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { removeDataDir, startServer, type RunningServer } from '../e2e/harness';
import { createScratchDatabase } from '../server/helpers/app';
import { redisAnswers, scratchKeyPrefix, testRedisUrl } from '../server/helpers/redis';

export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const clusterAdmin = { email: 'admin@petals.example.in', password: 'Admin@Petals1' };

export interface Cluster {
  servers: RunningServer[];
  /** The database every instance uses. */
  databaseUrl: string;
  /** What the instances logged at warn level or above (LOG_LEVEL=warn), one JSON line each, for all of them. */
  problemsLogged(): string[];
  stop(): Promise<void>;
}

/** Why the suite cannot run here, or null when PostgreSQL and Redis both answer. */
export async function whyNoCluster(): Promise<string | null> {
  const missing: string[] = [];
  if (!(await postgresAnswers(testPostgresUrl))) missing.push(`no PostgreSQL answers at ${redacted(testPostgresUrl)} (TEST_DATABASE_URL)`);
  if (!(await redisAnswers())) missing.push(`no Redis answers at ${redacted(testRedisUrl)} (TEST_REDIS_URL)`);
  return missing.length > 0 ? missing.join('; ') : null;
}

/** Starts `instances` servers at the same moment on a fresh database, as several instances of a deployment do. */
export async function startCluster(instances = 2): Promise<Cluster> {
  const scratch = await createScratchDatabase(testPostgresUrl);
  const keys = scratchKeyPrefix();
  const env = {
    DATABASE_URL: scratch.url,
    REDIS_URL: testRedisUrl,
    REDIS_KEY_PREFIX: keys.prefix,
    // Tokens issued by one instance are checked by another.
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: clusterAdmin.email,
    ADMIN_PASSWORD: clusterAdmin.password,
  };
  const started = await Promise.allSettled(Array.from({ length: instances }, () => startServer({ env })));
  const servers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const server of servers) removeDataDir(server.dataDir);
    await scratch.drop();
    await keys.clear();
  };
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return {
    servers,
    databaseUrl: scratch.url,
    problemsLogged: () =>
      servers.flatMap((server) =>
        server
          .output()
          .split('\n')
          .filter((line) => /"level":(40|50|60)\b/.test(line) && !line.includes('Mail is NOT being sent')),
      ),
    stop,
  };
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    // The server answers but that database is missing: createScratchDatabase falls back to `postgres`.
    return (error as { code?: string }).code === '3D000';
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A URL fit for a message: without the password it may carry. */
function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
