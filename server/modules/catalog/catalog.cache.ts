/**
 * The assembled catalogue, cached in memory per database and per key (all categories, one category, the header).
 * Admin writes call invalidateCatalogCache(); the short lifetime bounds staleness when several server processes share
 * one PostgreSQL and only one of them saw the write.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';

export interface Cached<T> {
  value: T;
  etag: string;
}

interface Entry {
  generation: number;
  expiresAt: number;
  promise: Promise<Cached<unknown>>;
}

const lifetimeMs = 60_000;
let generation = 0;
const caches = new WeakMap<Database, Map<string, Entry>>();

/** Forgets every cached catalogue; call after any write to categories, sub-categories or products. */
export function invalidateCatalogCache(): void {
  generation += 1;
}

export function cachedCatalog<T>(db: Database, key: string, load: () => Promise<T>): Promise<Cached<T>> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.generation === generation && hit.expiresAt > now) return hit.promise as Promise<Cached<T>>;

  const entry: Entry = {
    generation,
    expiresAt: now + lifetimeMs,
    promise: load().then((value) => ({ value, etag: etagOf(value) })),
  };
  cache.set(key, entry);
  // A failed load is not remembered: the next request tries again.
  entry.promise.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.promise as Promise<Cached<T>>;
}

export function etagOf(value: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;
}
