/**
 * Keeps an app's cached catalogue in step with catalogue writes from every server process on its database
 * (catalog.cache.ts explains the rules). On PostgreSQL one LISTEN connection per app, closed with the database; on
 * PGlite nothing to follow, since this process makes every write and invalidates as it goes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OpenDatabase } from '../../db/client';
import { catalogCaughtUp, catalogChannel, catalogFeedUp, catalogHeartbeatMs, invalidateCatalogCache } from './catalog.cache';

/** Resolves once the first LISTEN succeeded or failed (it then retries in the background). */
export async function followCatalogChanges(database: OpenDatabase, log: FastifyBaseLogger): Promise<void> {
  let everConnected = false;
  const listener = await database.listen(
    catalogChannel,
    {
      notified: () => invalidateCatalogCache(database.db),
      connected: () => {
        catalogFeedUp(database.db);
        if (everConnected) log.info('catalogue change feed: listening again; the cached catalogue was dropped');
        everConnected = true;
      },
      // Nothing to do on a drop: without heartbeats the proof ages, and within maxStalenessMs entries are reloaded.
      disconnected: (reason) => {
        log.warn(`catalogue change feed: not listening (${reason}); reconnecting, meanwhile the catalogue is read afresh every second`);
      },
      caughtUp: (sentAt) => catalogCaughtUp(database.db, sentAt),
    },
    { heartbeatMs: catalogHeartbeatMs },
  );
  if (!listener) {
    catalogFeedUp(database.db);
    catalogCaughtUp(database.db, Infinity);
  }
}
