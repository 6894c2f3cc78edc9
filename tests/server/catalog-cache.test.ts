/**
 * The cached catalogue's staleness bound (catalog.cache.ts): an entry is served from memory only while the change feed
 * has proven, within maxStalenessMs, that every earlier commit has reached this process, or while the entry is younger
 * than that. So a notification that is slow or lost (a half-open connection) hides a write for maxStalenessMs at most.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client';
import {
  cachedCatalog,
  catalogCaughtUp,
  catalogFeedUp,
  invalidateCatalogCache,
  liveLifetimeMs,
  maxStalenessMs,
  peekCatalog,
} from '../../server/modules/catalog/catalog.cache';

// The cache is kept per database handle and never touches it: any object stands in for one.
const aDatabase = () => ({}) as Database;

let loads = 0;
/** What the database holds: a new version at every load, so a reply tells whether it came from memory. */
const read = async (db: Database) => (await cachedCatalog(db, 'all', async () => ({ version: (loads += 1) }))).value.version;
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
/** The version an answer given without waiting would show, if any. */
const peek = (db: Database) => peekCatalog<{ version: number }>(db, 'all')?.value.version;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  loads = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the cached catalogue on PostgreSQL', () => {
  it('is served from memory while the feed keeps proving itself current', async () => {
    const db = aDatabase();
    catalogFeedUp(db);
    expect(await read(db)).toBe(1);
    for (let beat = 0; beat < 40; beat += 1) {
      advance(250);
      catalogCaughtUp(db, Date.now());
      expect(await read(db)).toBe(1);
    }
  });

  it('is loaded again once the proof is older than maxStalenessMs, as when the feed goes quiet', async () => {
    const db = aDatabase();
    catalogFeedUp(db);
    expect(await read(db)).toBe(1);
    advance(maxStalenessMs - 1);
    expect(await read(db)).toBe(1);
    advance(2);
    expect(await read(db)).toBe(2);
    // Without a proof an entry still serves while it is younger than the bound: one load a second, not one a request.
    advance(maxStalenessMs - 1);
    expect(await read(db)).toBe(2);
    advance(2);
    expect(await read(db)).toBe(3);
  });

  it('trusts a proof only for what was committed before its heartbeat was sent', async () => {
    const db = aDatabase();
    catalogFeedUp(db);
    expect(await read(db)).toBe(1);
    const sentAt = Date.now() + 100;
    advance(maxStalenessMs + 400); // the answer came back late
    catalogCaughtUp(db, sentAt);
    expect(await read(db)).toBe(2);
  });

  it('forgets everything on a notification, and on a (re)connected feed', async () => {
    const db = aDatabase();
    catalogFeedUp(db);
    expect(await read(db)).toBe(1);
    invalidateCatalogCache(db);
    expect(await read(db)).toBe(2);
    catalogFeedUp(db);
    expect(await read(db)).toBe(3);
  });
});

describe('the cached catalogue on PGlite (one process makes every write)', () => {
  it('lives until the safety-net lifetime without any heartbeat', async () => {
    const db = aDatabase();
    catalogFeedUp(db);
    catalogCaughtUp(db, Infinity);
    expect(await read(db)).toBe(1);
    advance(liveLifetimeMs - 1);
    expect(await read(db)).toBe(1);
    advance(2);
    expect(await read(db)).toBe(2);
  });
});

describe('a database handle no feed follows', () => {
  it('serves an entry for maxStalenessMs only', async () => {
    const db = aDatabase();
    expect(await read(db)).toBe(1);
    advance(maxStalenessMs + 1);
    expect(await read(db)).toBe(2);
  });
});

describe('a look without waiting (peekCatalog)', () => {
  it('finds an entry only once it is loaded, and only while cachedCatalog would serve it', async () => {
    const db = aDatabase();
    catalogFeedUp(db);
    const loading = read(db);
    expect(peek(db)).toBeUndefined();
    expect(await loading).toBe(1);
    expect(peek(db)).toBe(1);
    advance(maxStalenessMs + 1);
    expect(peek(db)).toBeUndefined();
    expect(await read(db)).toBe(2);
    expect(peek(db)).toBe(2);
    invalidateCatalogCache(db);
    expect(peek(db)).toBeUndefined();
  });

  it('never loads, and finds nothing under a key not loaded', async () => {
    const db = aDatabase();
    catalogCaughtUp(db, Infinity);
    expect(peek(db)).toBeUndefined();
    expect(await read(db)).toBe(1);
    expect(peekCatalog(db, 'header')).toBeUndefined();
    expect(loads).toBe(1);
  });
});
