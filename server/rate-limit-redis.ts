/**
 * The Redis the rate limits count in when REDIS_URL is set (@fastify/rate-limit's `redis` option), so that every server
 * process shares one budget per client address and per e-mail. Without REDIS_URL each process counts on its own.
 *
 * Redis unreachable at start: the server does not start (an error naming REDIS_URL), since a shop that believes it is
 * limited while it is not would be worse. Redis lost while running: the plugin lets requests through unlimited
 * (`skipOnError` in app.ts) until ioredis has reconnected, so sign-in, guest sessions, code mails and the contact form
 * keep working through an outage; the loss and the return are logged once each. A Redis that hangs costs a limited
 * request at most `commandTimeoutMs`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** How long the start waits for Redis to connect and answer. */
const startTimeoutMs = 10_000;
/** Once running, how long a request waits for Redis before going on unlimited. */
const commandTimeoutMs = 1_000;

/** Connects to Redis; rejects with a message naming REDIS_URL (never its credentials) when Redis does not answer. */
export async function connectRateLimitRedis(url: string): Promise<Redis> {
  // Loaded here, not at start: a shop without REDIS_URL never needs the client.
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(url, {
    lazyConnect: true,
    connectionName: 'flower-shop rate limits',
    connectTimeout: startTimeoutMs,
    // The start's ready check too; a start on a busy machine may take longer than a request should.
    commandTimeout: startTimeoutMs,
    // Fail at once while disconnected instead of queueing: the request then goes on unlimited.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
  });
  let lastError: string | undefined;
  // Without a listener ioredis prints every failed reconnect; outages are logged once (logRateLimitOutages).
  redis.on('error', (error: Error) => {
    lastError = error.message;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `REDIS_URL: Redis at ${whereIs(url)} did not answer (${lastError ?? (error as Error).message}). ` +
        'Start Redis, or leave REDIS_URL unset to count rate limits in each server process.',
    );
  }
  redis.options.commandTimeout = commandTimeoutMs;
  return redis;
}

/** Logs a lost connection once, and its return once. */
export function logRateLimitOutages(redis: Redis, log: FastifyBaseLogger): void {
  let lost = false;
  // 'reconnecting', not 'close': a connection closed on purpose (app.close()) is not followed by a reconnect.
  redis.on('reconnecting', () => {
    if (lost) return;
    lost = true;
    log.warn('rate limits: Redis does not answer; requests are not limited until it does');
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info('rate limits: Redis answers again; counting there');
  });
}

/** Ends the connection without waiting long for a Redis that is gone (app.close()). */
export async function closeRateLimitRedis(redis: Redis): Promise<void> {
  await Promise.race([redis.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  redis.disconnect();
}

/** host:port of a Redis URL, for messages: never the user name or password it may carry. */
function whereIs(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}
