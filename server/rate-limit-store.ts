/**
 * Where rate limits count when REDIS_URL is set: in Redis, so that every server process shares one budget per client
 * address and per e-mail. Without REDIS_URL the rate-limit plugin counts in each process and this module is not used.
 *
 * Redis unreachable at start: the server does not start (an error naming REDIS_URL), since a shop that believes it is
 * limited while it is not would be worse. Redis lost while running: each process counts on its own until Redis answers
 * again (logged once each way), so a limit loosens to "max per process" but never disappears, and sign-in, new guest
 * sessions and the contact form keep working. A Redis that hangs costs a request at most `commandTimeoutMs`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

export interface RateLimitStore {
  /** For the rate-limit plugin's `store` option; outages and recoveries are logged to `log`. */
  storeFor(log: FastifyBaseLogger): FastifyRateLimitStoreCtor;
  /** Ends the Redis connection (app.close()). */
  close(): Promise<void>;
}

type Count = { current: number; ttl: number };
type Done = (error: Error | null, result?: Count) => void;

/** Fixed windows like the plugin's own stores: the first hit starts the window, the key expires with it. */
const incrementScript = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

interface WithIncrement {
  rateLimitIncrement(key: string, windowMs: number): Promise<[number, number]>;
}

/** How long the start waits for Redis to connect and answer PING. */
const startTimeoutMs = 10_000;
/** Once running, how long a request waits for Redis before counting locally (a blocked event loop counts too). */
const commandTimeoutMs = 1_000;
/** Keys the stand-in counter keeps while Redis is away; the oldest windows go first beyond this. */
const maxLocalKeys = 10_000;

/** Connects to Redis; rejects with a message naming REDIS_URL (never its credentials) when Redis does not answer. */
export async function connectRateLimitStore(url: string, keyPrefix: string): Promise<RateLimitStore> {
  // Loaded here, not at start: a shop without REDIS_URL never needs the client (about 20 MB of memory).
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(url, {
    lazyConnect: true,
    connectionName: 'flower-shop rate limits',
    connectTimeout: startTimeoutMs,
    // Fail at once while disconnected instead of queueing: the request then counts locally (see the header).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
  });
  let lastError: string | undefined;
  // Without a listener ioredis prints every failed reconnect; the store reports outages itself, once.
  redis.on('error', (error: Error) => {
    lastError = error.message;
  });
  const answered = redis.connect().then(() => redis.ping());
  answered.catch(() => undefined); // reported through the race below
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      answered,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${startTimeoutMs / 1000} s`)), startTimeoutMs);
      }),
    ]);
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `REDIS_URL: Redis at ${whereIs(url)} did not answer (${lastError ?? (error as Error).message}). ` +
        'Start Redis, or leave REDIS_URL unset to count rate limits in each server process.',
    );
  } finally {
    clearTimeout(timer);
  }
  // Only now: a start on a busy machine (migrations, the demo seed's pictures) may take longer than a request should.
  redis.options.commandTimeout = commandTimeoutMs;
  redis.defineCommand('rateLimitIncrement', { numberOfKeys: 1, lua: incrementScript });
  const increment = (redis as unknown as WithIncrement).rateLimitIncrement.bind(redis);

  return {
    storeFor: (log) => sharedStore(redis, increment, keyPrefix, log),
    async close() {
      // quit() waits for Redis to answer; a Redis that is gone must not hold the shutdown.
      await Promise.race([redis.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      redis.disconnect();
    },
  };
}

/** The store class the plugin instantiates: one per route limit (child), all counting in the same Redis. */
function sharedStore(
  redis: Redis,
  increment: WithIncrement['rateLimitIncrement'],
  keyPrefix: string,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  const local = new LocalCounter();
  let shared = true;
  const countLocally = (key: string, windowMs: number, reason: unknown): Count => {
    if (shared) {
      shared = false;
      log.warn(`rate limits: Redis does not answer (${String(reason)}); counting in this process until it does`);
    }
    return local.increment(key, windowMs);
  };
  const countedShared = (count: Count): Count => {
    if (!shared) {
      shared = true;
      log.info('rate limits: Redis answers again; counting there');
    }
    return count;
  };

  // The plugin's typings say child() gets the route's options; it gets the route's merged limit with `routeInfo`.
  class SharedStore {
    constructor(private readonly prefix: string) {}

    incr(key: string, done: Done, windowMs: number): void {
      const fullKey = this.prefix + key;
      if (redis.status !== 'ready') {
        done(null, countLocally(fullKey, windowMs, `connection ${redis.status}`));
        return;
      }
      increment(fullKey, windowMs).then(
        ([current, ttl]) => done(null, countedShared({ current, ttl })),
        (error: unknown) => done(null, countLocally(fullKey, windowMs, error)),
      );
    }

    /** A route's own limit (routeInfo) or a limiter made with createRateLimit (none: its key names it). */
    child(options: { routeInfo?: { method?: unknown; url?: unknown } }): SharedStore {
      const route = options.routeInfo?.url ? `${String(options.routeInfo.method)}:${String(options.routeInfo.url)}:` : '';
      return new SharedStore(`${this.prefix}${route}`);
    }
  }
  // The plugin makes its first store with `new Store(itsOptions)`: that one starts at the root of the shop's keys.
  class RootStore extends SharedStore {
    constructor() {
      super(`${keyPrefix}rate-limit:`);
    }
  }
  return RootStore as unknown as FastifyRateLimitStoreCtor;
}

/** host:port of a Redis URL, for messages: never the user name or password it may carry. */
function whereIs(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '6379'}`;
}

/** The stand-in while Redis is away: fixed windows in this process, bounded in size. */
class LocalCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  increment(key: string, windowMs: number): Count {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > maxLocalKeys) this.windows.delete(this.windows.keys().next().value!);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }
}
