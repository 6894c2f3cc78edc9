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
 * While the change feed is up an entry otherwise lives `liveLifetimeMs`, a safety net for rows changed outside the app
 * (by hand in psql); while it is down, or for a handle no feed follows, only `fallbackLifetimeMs`.
 *
 * Stock is not part of these shapes (`flowerdetail` reads it fresh), and neither are product or site images, so
 * checkout reservations, payments, reservation expiry and banner uploads never invalidate.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';

export interface Cached<T> {
  value: T;
  etag: string;
}

interface Entry {
  expiresAt: number;
  promise: Promise<Cached<unknown>>;
}

interface CatalogCache {
  entries: Map<string, Entry>;
  /** True while every write to this database reaches this process (LISTEN connected, or PGlite). */
  followed: boolean;
}

/** The PostgreSQL channel every catalogue write notifies. */
export const catalogChannel = 'catalog_changed';
export const liveLifetimeMs = 10 * 60_000;
export const fallbackLifetimeMs = 5_000;
/** Keys include any category name a visitor types; the oldest go first beyond this many. */
const maxEntries = 200;

const caches = new WeakMap<Database, CatalogCache>();

function cacheOf(db: Database): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), followed: false };
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
  cache.followed = true;
}

/** The change feed of `db` is down: writes elsewhere go unseen, so nothing is trusted beyond the short lifetime. */
export function catalogFeedDown(db: Database): void {
  const cache = cacheOf(db);
  cache.followed = false;
  const latest = Date.now() + fallbackLifetimeMs;
  for (const entry of cache.entries.values()) entry.expiresAt = Math.min(entry.expiresAt, latest);
}

export function cachedCatalog<T>(db: Database, key: string, load: () => Promise<T>): Promise<Cached<T>> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.entries.get(key);
  if (hit && hit.expiresAt > now) return hit.promise as Promise<Cached<T>>;

  const entry: Entry = {
    expiresAt: now + (cache.followed ? liveLifetimeMs : fallbackLifetimeMs),
    promise: load().then((value) => ({ value, etag: etagOf(value) })),
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

export function etagOf(value: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;
}
