/**
 * The assembled catalogue (`allflowers`, `categoryheader`), cached in memory per database handle — so per app
 * instance — and per key (all categories, one category, the header). A cache hit costs no database round trip.
 *
 * What forgets it:
 * - a catalogue write in this process: `invalidateCatalogCache(db)` right after the commit;
 * - a catalogue write in another process on the same PostgreSQL: the write's transaction runs
 *   `notifyCatalogChanged(tx)`, PostgreSQL delivers the notification when (and only if) it commits, and
 *   catalog-feed.ts invalidates every listening process;
 * - the listening connection coming back after a drop (whatever was notified meanwhile is lost).
 *
 * How stale another process may be, at most: `maxStalenessMs` after an admin's write was answered, whatever happens to
 * the notification (slow, lost with a half-open connection, a feed that is down). An entry is served only while the
 * feed has proven, within that time, that every earlier commit has reached this process (`catalogCaughtUp`, from the
 * listener's heartbeat), or while the entry itself is younger than that; otherwise it is loaded again. Normally the
 * notification arrives within milliseconds and the proof is a few hundred milliseconds old, so cached reads cost no
 * database round trip. An entry lives `liveLifetimeMs` at most, a safety net for rows changed by hand in psql.
 *
 * Stock is not part of these shapes (`flowerdetail` reads it fresh), and neither are product or site images, so
 * checkout reservations, payments, reservation expiry and banner uploads never invalidate.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';

export interface Cached<T> {
  /** What it is cached under (all categories, one category, the header): what `peekCatalog` finds it by. */
  key: string;
  value: T;
  etag: string;
}

interface Entry {
  /** When its load started: it shows every write committed before then. */
  loadedAt: number;
  promise: Promise<Cached<unknown>>;
  /** The promise's value once it has one, for an answer that cannot wait for a promise (`peekCatalog`). */
  settled?: Cached<unknown>;
}

interface CatalogCache {
  entries: Map<string, Entry>;
  /**
   * Every write committed before this time (Date.now()) has already cleared the entries it made stale: Infinity on
   * PGlite (this process makes every write), the latest answered heartbeat of the change feed on PostgreSQL.
   */
  caughtUpAt: number;
}

/** The PostgreSQL channel every catalogue write notifies. */
export const catalogChannel = 'catalog_changed';
export const liveLifetimeMs = 10 * 60_000;
/** The longest another process may show the catalogue as it was before an answered write. */
export const maxStalenessMs = 1_000;
/** How often the change feed proves itself current; well under maxStalenessMs, so that cached reads stay cached. */
export const catalogHeartbeatMs = 250;
/** Keys include any category name a visitor types; the oldest go first beyond this many. */
const maxEntries = 200;

const caches = new WeakMap<Database, CatalogCache>();

function cacheOf(db: Database): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), caughtUpAt: -Infinity };
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets the cached catalogue of `db`; call after any write to categories, sub-categories or products has committed. */
export function invalidateCatalogCache(db: Database): void {
  cacheOf(db).entries.clear();
}

/**
 * Tells other processes on the same PostgreSQL that the catalogue changed. Call inside the write's transaction:
 * PostgreSQL delivers the notification on commit and drops it on rollback. Harmless on PGlite.
 */
export async function notifyCatalogChanged(tx: Transaction | Database): Promise<void> {
  await tx.execute(sql`select pg_notify(${catalogChannel}, '')`);
}

/** The change feed of `db` is (again) in place: anything may have changed while it was not. */
export function catalogFeedUp(db: Database): void {
  const cache = cacheOf(db);
  cache.entries.clear();
  cache.caughtUpAt = Date.now();
}

/**
 * Every write to `db` committed before `since` has been seen (and has cleared the cache): a heartbeat's answer, or
 * Infinity for a database only this process writes to (PGlite). A feed that goes quiet simply stops calling this.
 */
export function catalogCaughtUp(db: Database, since: number): void {
  const cache = cacheOf(db);
  cache.caughtUpAt = Math.max(cache.caughtUpAt, since);
}

/** Whether an entry is sure to show every write answered more than maxStalenessMs ago. */
function isFresh(cache: CatalogCache, entry: Entry, now: number): boolean {
  return now - entry.loadedAt < liveLifetimeMs && Math.max(cache.caughtUpAt, entry.loadedAt) >= now - maxStalenessMs;
}

export function cachedCatalog<T>(db: Database, key: string, load: () => Promise<T>): Promise<Cached<T>> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.entries.get(key);
  if (hit && isFresh(cache, hit, now)) return hit.promise as Promise<Cached<T>>;

  const entry: Entry = {
    loadedAt: now,
    promise: load().then((value) => (entry.settled = { key, value, etag: etagOf(value) })),
  };
  cache.entries.delete(key);
  cache.entries.set(key, entry);
  if (cache.entries.size > maxEntries) cache.entries.delete(cache.entries.keys().next().value!);
  // A failed load is not remembered: the next request tries again.
  entry.promise.catch(() => {
    if (cache.entries.get(key) === entry) cache.entries.delete(key);
  });
  return entry.promise as Promise<Cached<T>>;
}

/**
 * The entry under `key`, only if it is loaded and as fresh as `cachedCatalog` would serve it; never loads. For an
 * answer given before the route's handler runs (catalog.routes.ts), which falls back on the handler otherwise.
 */
export function peekCatalog<T>(db: Database, key: string): Cached<T> | undefined {
  const cache = cacheOf(db);
  const hit = cache.entries.get(key);
  return hit?.settled && isFresh(cache, hit, Date.now()) ? (hit.settled as Cached<T>) : undefined;
}

export function etagOf(value: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;
}
