/**
 * Redis for the tests that need one (TEST_REDIS_URL, default redis://127.0.0.1:6379): whether it answers, a key prefix
 * of one's own that is deleted afterwards, and a TCP relay in front of it that a test can cut to play an outage.
 */
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { Redis } from 'ioredis';

export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when something answers PING at `url` within a second. */
export async function redisAnswers(url = testRedisUrl): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A prefix no other run uses (REDIS_KEY_PREFIX), and `clear()` that deletes every key under it. */
export function scratchKeyPrefix(url = testRedisUrl): { prefix: string; keys(): Promise<string[]>; clear(): Promise<void> } {
  const prefix = `flower-shop-test:${randomBytes(6).toString('hex')}:`;
  const withRedis = async <T>(run: (redis: Redis) => Promise<T>): Promise<T> => {
    const redis = new Redis(url, { maxRetriesPerRequest: 1 });
    try {
      return await run(redis);
    } finally {
      redis.disconnect();
    }
  };
  const keys = () =>
    withRedis(async (redis) => {
      const found: string[] = [];
      for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) found.push(...batch);
      return found;
    });
  return {
    prefix,
    keys,
    async clear() {
      const found = await keys();
      if (found.length > 0) await withRedis((redis) => redis.del(...found));
    },
  };
}

export interface RedisRelay {
  /** A redis:// URL that reaches the real Redis through the relay. */
  url: string;
  /** Drops every open connection and refuses new ones (Redis "goes away"). */
  cut(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
  /** Connections open through the relay right now. */
  connections(): number;
}

/** A relay on a free local port in front of the Redis at `url`. */
export async function redisRelay(url = testRedisUrl): Promise<RedisRelay> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  let port = 0;
  let server: Server | null = null;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        clients.add(client);
        client.on('close', () => clients.delete(client));
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : port;
        server = next;
        resolve();
      });
    });
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  return { url: relayed.toString(), cut: stop, restore: listen, close: stop, connections: () => clients.size };
}
