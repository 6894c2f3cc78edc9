/**
 * The cached catalogue's rules (catalog.cache.ts): served from memory only while something keeps it current (the change
 * feed listens, or one process owns the database), forgotten on every invalidation, and read from the database, not
 * remembered, while the feed is down. The apps' side of the same promise, on PostgreSQL: catalog-freshness.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { cachedCatalog, catalogFeedDown, catalogFeedUp, invalidateCatalogCache } from '../../server/modules/catalog/catalog.cache';

// The cache is kept per database handle and never touches it: any object stands in for one.
const aDatabase = () => ({}) as Database;

/** A database whose catalogue is a new version at every load, so that a reply tells whether it came from memory. */
function versioned() {
  const db = aDatabase();
  let loads = 0;
  const read = async (key = 'all') => (await cachedCatalog(db, key, async () => ({ version: (loads += 1) }))).value.version;
  return { db, read, loads: () => loads };
}

describe('the cached catalogue', () => {
  it('is served from memory while followed, with the same ETag, until invalidated', async () => {
    const { db, read } = versioned();
    catalogFeedUp(db);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    const first = await cachedCatalog(db, 'all', async () => ({ version: 0 }));
    invalidateCatalogCache(db);
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
    const second = await cachedCatalog(db, 'all', async () => ({ version: 0 }));
    expect(second.etag).not.toBe(first.etag);
  });

  it('keeps each key apart: all categories, one category, the header', async () => {
    const { db, read } = versioned();
    catalogFeedUp(db);
    expect(await read('all')).toBe(1);
    expect(await read('category:roses')).toBe(2);
    expect(await read('all')).toBe(1);
    expect(await read('category:roses')).toBe(2);
  });

  it('is never served from memory while nothing follows the database', async () => {
    const { read } = versioned();
    expect(await read()).toBe(1);
    expect(await read()).toBe(2);
  });

  it('reads the database while the feed is down, and forgets what it held before and after', async () => {
    const { db, read } = versioned();
    catalogFeedUp(db);
    expect(await read()).toBe(1);
    catalogFeedDown(db);
    expect(await read()).toBe(2);
    expect(await read()).toBe(3);
    catalogFeedUp(db);
    expect(await read()).toBe(4);
    expect(await read()).toBe(4);
  });

  it('shares one load between concurrent reads, and keeps no load that an invalidation overtook', async () => {
    const db = aDatabase();
    catalogFeedUp(db);
    let loads = 0;
    let finish: (() => void) | undefined;
    const slowLoad = () =>
      new Promise<{ version: number }>((resolve) => {
        const version = (loads += 1);
        finish = () => resolve({ version });
      });
    const reading = [cachedCatalog(db, 'all', slowLoad), cachedCatalog(db, 'all', slowLoad)];
    expect(loads).toBe(1);
    // A write commits while the load (which may have read the rows before it) is still on its way.
    invalidateCatalogCache(db);
    finish!();
    expect((await Promise.all(reading)).map((cached) => cached.value.version)).toEqual([1, 1]);
    const after = cachedCatalog(db, 'all', slowLoad);
    finish!();
    expect((await after).value.version).toBe(2);
  });

  it('does not remember a failed load', async () => {
    const db = aDatabase();
    catalogFeedUp(db);
    await expect(cachedCatalog(db, 'all', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect((await cachedCatalog(db, 'all', async () => 'back')).value).toBe('back');
  });

  it('keeps a bounded number of keys, forgetting the least recently used first', async () => {
    const { db, read } = versioned();
    catalogFeedUp(db);
    expect(await read('all')).toBe(1);
    for (let n = 0; n < 300; n += 1) {
      await read(`category:visitor typed ${n}`);
      if (n % 50 === 0) expect(await read('all')).toBe(1); // recently used, so kept
    }
    expect(await read('category:visitor typed 0')).toBeGreaterThan(301);
  });
});
