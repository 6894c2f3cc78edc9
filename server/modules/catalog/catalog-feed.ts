/**
 * Keeps an app's cached catalogue in step with catalogue writes from every server process on its database
 * (catalog.cache.ts explains the rules). On PostgreSQL one LISTEN connection per app, its own (a LISTEN belongs to its
 * session, which a pool would hand to other queries), kept by pg-listen: it reconnects after a drop and checks the
 * connection regularly, so that one that died silently is noticed too. On PGlite nothing to follow: one process owns
 * the database (its data-directory lock), makes every write and invalidates as it goes.
 */
import type { FastifyBaseLogger } from 'fastify';
import createSubscriber from 'pg-listen';
import type { DatabaseTarget, Database } from '../../db/client';
import { catalogChannel, catalogFeedDown, catalogFeedUp, invalidateCatalogCache } from './catalog.cache';

export interface CatalogFeed {
  /** Stops listening; resolves within `closeTimeoutMs` even if the connection is stuck. */
  close(): Promise<void>;
}

/** The listening sessions show under this name in pg_stat_activity (and tests find them by it). */
export const catalogFeedApplicationName = 'flower-shop listener';

const feedSettings = {
  /** How often pg-listen asks the connection a trivial query: a silently dead one is noticed within this plus the timeout. */
  checkEveryMs: 10_000,
  /** Connecting and each query give up after this long. */
  timeoutMs: 5_000,
  /** The first reconnect is at once; after a failed one it waits this long, doubling up to `maxRetryMs`. */
  firstRetryMs: 250,
  maxRetryMs: 10_000,
  closeTimeoutMs: 2_000,
};

/**
 * Starts following writes to `db`. On PostgreSQL it resolves once LISTEN is in place, and throws if the first
 * connection fails (the pool has just connected to the same database, so the start stops with the reason).
 */
export async function followCatalogChanges(target: DatabaseTarget, db: Database, log: FastifyBaseLogger): Promise<CatalogFeed> {
  if (target.kind !== 'postgres') {
    catalogFeedUp(db);
    return { close: () => Promise.resolve() };
  }

  const subscriber = createSubscriber(
    {
      connectionString: target.url,
      application_name: catalogFeedApplicationName,
      connectionTimeoutMillis: feedSettings.timeoutMs,
      query_timeout: feedSettings.timeoutMs,
    },
    {
      paranoidChecking: feedSettings.checkEveryMs,
      retryInterval: (attempt) => Math.min(feedSettings.maxRetryMs, feedSettings.firstRetryMs * 2 ** attempt),
      // 0: never give up reconnecting (pg-listen's default stops for good after 3 s).
      retryTimeout: 0,
      // The notification carries no payload; nothing to parse.
      parse: (payload) => payload,
    },
  );
  let listening = false;
  let closed = false;

  subscriber.notifications.on(catalogChannel, () => invalidateCatalogCache(db));
  subscriber.events.on('reconnect', (attempt) => {
    if (attempt !== 1 || closed) return;
    catalogFeedDown(db);
    log.warn('catalogue change feed: connection lost; reconnecting, meanwhile the catalogue is read from the database');
  });
  // After a reconnect pg-listen emits this once LISTEN is in place again; whatever was notified meanwhile is lost.
  subscriber.events.on('connected', () => {
    if (closed) {
      // A reconnect that was under way when the feed closed: end the connection it opened.
      void subscriber.close().catch(() => undefined);
      return;
    }
    if (!listening) return;
    catalogFeedUp(db);
    log.info('catalogue change feed: listening again; the cached catalogue was dropped');
  });
  // Without a listener an 'error' event would crash the process.
  subscriber.events.on('error', (error) => {
    log.error(`catalogue change feed: ${error.message}; the catalogue is read from the database until it listens again`);
  });

  const close = async () => {
    closed = true;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, feedSettings.closeTimeoutMs);
      timer.unref();
    });
    await Promise.race([subscriber.close().catch(() => undefined), giveUp]);
    clearTimeout(timer);
  };

  try {
    await subscriber.connect();
    await subscriber.listenTo(catalogChannel);
  } catch (error) {
    await close();
    throw error;
  }
  listening = true;
  catalogFeedUp(db);
  return { close };
}
