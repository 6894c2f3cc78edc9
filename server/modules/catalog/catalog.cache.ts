/**
 * The assembled catalogue (`allflowers`, `categoryheader`), search replies and the sitemap, cached in memory per database handle —
 * so per app — and per key (all categories, one category, the header, a search); and, under keys of their own, the
 * delivery rules that every schedule and checkout invoice reads (slots, holidays, courier settings, service areas)
 * and the shop's settings that every paid order's GST document reads. A hit costs no database round trip. The
 * server-rendered pages are drawn from these replies (catalog-page.ts), so they follow whatever the cache shows.
 *
 * What forgets it:
 * - a catalogue write in this app: `invalidateCatalogCache(db)` after the commit, before the admin is answered (a
 *   delivery rule's or the settings' write: `cachedDataChanged(db)`);
 * - a catalogue write in another app on the same PostgreSQL: the write's transaction runs `notifyCatalogChanged(tx)`,
 *   PostgreSQL delivers the notification when (and only if) it commits, and catalog-feed.ts invalidates on arrival;
 * - the feed losing its connection (`catalogFeedDown`): notifications may be missed, so until it listens again
 *   (`catalogFeedUp`, which forgets everything once more) every read goes to the database;
 * - `maxAgeMs` after a load, a safety net for rows changed by hand in psql.
 *
 * A handle nothing follows (no `catalogFeedUp` yet) is never served from memory: a cache no one keeps current is not
 * trusted. Stock is not part of these shapes (`flowerdetail` reads it fresh), and neither are product or site images,
 * so checkout reservations, payments, reservation expiry and banner uploads never invalidate.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, Transaction } from '../../db/client';
import type { Encoding } from '../../compression';

export interface Cached<T> {
  value: T;
  /** The value as JSON, made once per load: the route sends it as it is, rather than serializing it every time. */
  json: string;
  /** A weak ETag of that JSON. */
  etag: string;
  /** That JSON compressed, per encoding, made at the first answer that asks for it. */
  compressed: Map<Encoding, Buffer>;
}

interface CatalogCache {
  /** Loads in flight and loaded values alike, so that concurrent reads of one key share one load. */
  entries: LRUCache<string, Promise<Cached<unknown>>>;
  /** Search replies (issue 42), apart so that many different searches never push the catalogue out. */
  searches: LRUCache<string, Promise<Cached<unknown>>>;
  /** Documents drawn from catalogue rows alone (the sitemap, server/modules/seo): few, and possibly large. */
  documents: LRUCache<string, Promise<string>>;
  /** A product's public reviews page by page (issue 42): a review's save or hide forgets the catalogue, these with it. */
  reviews: LRUCache<string, Promise<unknown>>;
  /** Whether something keeps this cache current: PGlite's single process, or a listening change feed. */
  followed: boolean;
}

/** The PostgreSQL channel every catalogue write notifies. */
export const catalogChannel = 'catalog_changed';
export const maxAgeMs = 10 * 60_000;
/** Keys include any category name a visitor types; the least recently used go first beyond this many. */
const maxEntries = 200;
/** Searches repeat (the popular words, the suggestions of each letter typed); the rarest go first beyond this many. */
const maxSearches = 2000;
/** The sitemap, per public address the shop answers under (normally one). */
const maxDocuments = 4;

const caches = new WeakMap<Database, CatalogCache>();

function cacheOf(db: Database): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = {
      entries: new LRUCache({ max: maxEntries, ttl: maxAgeMs }),
      searches: new LRUCache({ max: maxSearches, ttl: maxAgeMs }),
      documents: new LRUCache({ max: maxDocuments, ttl: maxAgeMs }),
      reviews: new LRUCache({ max: maxSearches, ttl: maxAgeMs }),
      followed: false,
    };
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets the cached catalogue of `db`; call after any write to categories, sub-categories or products has committed. */
export function invalidateCatalogCache(db: Database): void {
  forget(cacheOf(db));
}

function forget(cache: CatalogCache): void {
  cache.entries.clear();
  cache.searches.clear();
  cache.documents.clear();
  cache.reviews.clear();
}

/**
 * Tells other apps on the same PostgreSQL that the catalogue changed. Call inside the write's transaction: PostgreSQL
 * delivers the notification on commit and drops it on rollback. Harmless on PGlite.
 */
export async function notifyCatalogChanged(tx: Transaction | Database): Promise<void> {
  await tx.execute(sql`select pg_notify(${catalogChannel}, '')`);
}

/**
 * After a single-statement write to something the cache holds (the delivery rules, the shop's settings) has committed: forgets the cache
 * here and tells the other apps. A write in a transaction notifies inside it instead (notifyCatalogChanged).
 */
export async function cachedDataChanged(db: Database): Promise<void> {
  await notifyCatalogChanged(db);
  invalidateCatalogCache(db);
}

/** Every later write to `db` will clear the cache (the feed listens, or this process makes them all): cache from now on. */
export function catalogFeedUp(db: Database): void {
  const cache = cacheOf(db);
  forget(cache);
  cache.followed = true;
}

/** Writes to `db` may go unnoticed (the feed lost its connection): read the database until `catalogFeedUp`. */
export function catalogFeedDown(db: Database): void {
  const cache = cacheOf(db);
  forget(cache);
  cache.followed = false;
}

export function cachedCatalog<T>(db: Database, key: string, load: () => Promise<T>): Promise<Cached<T>> {
  const cache = cacheOf(db);
  return remembered(cache, cache.entries as LRUCache<string, Promise<Cached<T>>>, key, () => load().then(answerOf));
}

function answerOf<T>(value: T): Cached<T> {
  const json = JSON.stringify(value);
  return { value, json, etag: etagOf(json), compressed: new Map() };
}

/**
 * A search's reply (server/modules/search), kept like the catalogue and forgotten with it: search reads only catalogue
 * rows (names, prices, removal), never stock.
 */
export function cachedSearch<T>(db: Database, key: string, load: () => Promise<T>): Promise<Cached<T>> {
  const cache = cacheOf(db);
  return remembered(cache, cache.searches as LRUCache<string, Promise<Cached<T>>>, key, () => load().then(answerOf));
}

/**
 * A document drawn from catalogue rows alone (the sitemap: which categories and products are live, and when they
 * changed), kept like the catalogue and forgotten with it.
 */
export function cachedDocument(db: Database, key: string, load: () => Promise<string>): Promise<string> {
  const cache = cacheOf(db);
  return remembered(cache, cache.documents, key, load);
}

/** A page of a product's public reviews (server/modules/reviews), kept like the catalogue and forgotten with it. */
export function cachedReviews<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  return remembered(cache, cache.reviews as LRUCache<string, Promise<T>>, key, load);
}

/** One load per key while something keeps `cache` current; concurrent reads share it, a failed one is not kept. */
function remembered<T>(cache: CatalogCache, store: LRUCache<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  if (!cache.followed) return load();
  const hit = store.get(key);
  if (hit) return hit;
  const entry = load();
  store.set(key, entry);
  // A failed load is not remembered: the next request tries again.
  entry.catch(() => {
    if (store.peek(key) === entry) store.delete(key);
  });
  return entry;
}

function etagOf(json: string): string {
  return `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
}
