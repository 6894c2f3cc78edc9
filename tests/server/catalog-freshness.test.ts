/**
 * The storefront's cached catalogue (allflowers, categoryheader) and what it promises (catalog.cache.ts):
 * - the app that took an admin write shows it on the very next request;
 * - (PostgreSQL pass) another app on the same database shows it as soon as the commit's notification arrives, which
 *   the tests give `promptlyMs`;
 * - a cut listening connection drops the cache: while the feed is down the catalogue is read from the database, and
 *   once it listens again the cache starts afresh.
 * Rows changed directly in the database (no notification) prove that an app really serves from its cache, so that a
 * passing freshness check is not just a cache that never holds anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { categories, products } from '../../server/db/schema';
import { catalogFeedApplicationName } from '../../server/modules/catalog/catalog-feed';
import { invalidateCatalogCache } from '../../server/modules/catalog/catalog.cache';
import { buildTestApp } from './helpers/app';
import { aUser, signedInAs } from './helpers/auth';
import { aCategory, aProduct, aSubCategory } from './helpers/factories';
import type { CategoryRow, ProductRow, SubCategoryRow } from './helpers/factories';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** How long another app may take to see a write: the notification's trip, in milliseconds normally. */
const promptlyMs = 1_000;
/** Reconnecting after a cut, or as soon as connections are allowed again (the feed's backoff). */
const reconnectMs = 5_000;

interface Fixture {
  category: CategoryRow;
  sub: SubCategoryRow;
  product: ProductRow;
}

let unique = 0;
const next = () => {
  unique += 1;
  return unique;
};

async function aFixture(app: FastifyInstance): Promise<Fixture> {
  const category = await aCategory(app.db, { name: `Fresh Test ${next()}` });
  const sub = await aSubCategory(app.db, { categoryId: category.id, name: `Posies ${next()}` });
  const product = await aProduct(app.db, { subCategory: sub, name: `Freshness Rose ${next()}` });
  return { category, sub, product };
}

async function adminOf(app: FastifyInstance): Promise<Record<string, string>> {
  const user = await aUser(app, { role: 'admin' });
  return signedInAs(app, { externalId: user.externalId, role: 'admin' });
}

/** What a visitor sees: every category, sub-category and product name of allflowers and categoryheader. */
async function storefront(app: FastifyInstance): Promise<{ catalogue: string[]; header: string[] }> {
  const all = await app.inject({ method: 'GET', url: '/api/allflowers' });
  const header = await app.inject({ method: 'GET', url: '/api/categoryheader' });
  expect(all.statusCode).toBe(200);
  expect(header.statusCode).toBe(200);
  const catalogue = all
    .json<{ products: { categoryName: string; SubProductCategories: { subCategoryName: string; ProductSubProducts: { ProductDatum: { productName: string } }[] }[] }[] }>()
    .products.flatMap((c) => [
      c.categoryName,
      ...c.SubProductCategories.flatMap((s) => [s.subCategoryName, ...s.ProductSubProducts.map((p) => p.ProductDatum.productName)]),
    ]);
  const menu = header.json<{ body: { categoryName: string; Subcategories: string[] }[] }>().body.flatMap((c) => [c.categoryName, ...c.Subcategories]);
  return { catalogue, header: menu };
}

/** Polls until `done` holds or `withinMs` passes; returns the last view either way, for the assertion to judge. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const until = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const renameCategory = (app: FastifyInstance, admin: Record<string, string>, category: CategoryRow, name: string) =>
  app.inject({
    method: 'POST',
    url: '/api/updateflowercategory',
    headers: admin,
    payload: { id: category.id, categoryName: name, categoryDescription: category.description, CategoryGst: null },
  });

const createSubCategory = (app: FastifyInstance, admin: Record<string, string>, category: CategoryRow, name: string) =>
  app.inject({
    method: 'POST',
    url: '/api/createsubflowercategory',
    headers: admin,
    payload: { subCategoryName: name, subCategoryDescription: 'New posies', productCategoryName: category.id },
  });

/** The admin's product update form with "Removed from the shop" ticked or not. */
function setRemoved(app: FastifyInstance, admin: Record<string, string>, { category, sub, product }: Fixture, removed: boolean) {
  const data = new FormData();
  const fields: Record<string, string> = {
    id: product.externalId,
    flowerName: product.name,
    mrp: '1500',
    sellingPrice: '1250',
    description: 'Roses',
    Quantity: '5',
    isRemoved: String(removed),
    flowerCategoryName: String(category.id),
    flowerSubCategoryName: String(sub.id),
    shippingdetails: 'Ships in 2 days',
    note: 'Keep in water',
  };
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return app.inject({ method: 'POST', url: '/api/updateflowerdata', headers: admin, payload: data as unknown as string });
}

describe('one app: an admin write shows on the very next request', () => {
  let app: FastifyInstance;
  let admin: Record<string, string>;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await adminOf(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('renaming a category, adding a sub-category and removing a product', async () => {
    const fixture = await aFixture(app);
    const before = await storefront(app); // now cached
    expect(before.catalogue).toContain(fixture.product.name);

    // A row changed behind the app's back stays hidden: the catalogue is served from the cache.
    await app.db.update(products).set({ name: `${fixture.product.name} Deluxe` }).where(eq(products.id, fixture.product.id));
    expect((await storefront(app)).catalogue).not.toContain(`${fixture.product.name} Deluxe`);

    const renamed = `Renamed ${next()}`;
    expect((await renameCategory(app, admin, fixture.category, renamed)).statusCode).toBe(200);
    let now = await storefront(app);
    expect(now.catalogue).toContain(renamed);
    expect(now.header).toContain(renamed);
    expect(now.catalogue).not.toContain(fixture.category.name);
    expect(now.catalogue).toContain(`${fixture.product.name} Deluxe`);

    const posies = `New Posies ${next()}`;
    expect((await createSubCategory(app, admin, fixture.category, posies)).statusCode).toBe(200);
    expect((await storefront(app)).header).toContain(posies);

    const product = { ...fixture.product, name: `${fixture.product.name} Deluxe` };
    const removed = await setRemoved(app, admin, { ...fixture, product }, true);
    expect(removed.statusCode, removed.body).toBe(200);
    now = await storefront(app);
    expect(now.catalogue).not.toContain(product.name);
  });

  it('a refused write (duplicate name, rolled back) leaves the cache as it was', async () => {
    const fixture = await aFixture(app);
    const other = await aCategory(app.db, { name: `Taken ${next()}` });
    await storefront(app);
    await app.db.update(products).set({ name: `${fixture.product.name} Quiet` }).where(eq(products.id, fixture.product.id));
    expect((await renameCategory(app, admin, fixture.category, other.name)).statusCode).toBe(409);
    expect((await storefront(app)).catalogue).not.toContain(`${fixture.product.name} Quiet`);
    invalidateCatalogCache(app.db);
  });
});

describe('the cache belongs to one app (database handle), not to the process', () => {
  // Two embedded databases in one process, in both passes: a module-wide cache would let one app's write clear the other's.
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await buildTestApp({ database: { kind: 'pglite', dataDir: null } });
    second = await buildTestApp({ database: { kind: 'pglite', dataDir: null } });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("one app's write does not clear the other's cache", async () => {
    const admin = await adminOf(first);
    const mine = await aFixture(first);
    const theirs = await aFixture(second);
    await storefront(first);
    expect((await storefront(second)).catalogue).toContain(theirs.product.name);

    await second.db.update(products).set({ name: `${theirs.product.name} Unseen` }).where(eq(products.id, theirs.product.id));
    expect((await renameCategory(first, admin, mine.category, `Mine ${next()}`)).statusCode).toBe(200);
    expect((await storefront(second)).catalogue).not.toContain(`${theirs.product.name} Unseen`);

    invalidateCatalogCache(second.db);
    expect((await storefront(second)).catalogue).toContain(`${theirs.product.name} Unseen`);
  });
});

describe.skipIf(!onPostgres)('two apps on one PostgreSQL (needs TEST_DATABASE_URL: PGlite is one process only)', () => {
  let writer: FastifyInstance;
  let reader: FastifyInstance | undefined;
  let admin: Record<string, string>;
  let url: string;

  /** Runs `query` from the server's own database (TEST_DATABASE_URL), so that it works while the apps' refuses connections. */
  async function onServer<T extends pg.QueryResultRow>(query: string, values: unknown[]): Promise<T[]> {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      return (await client.query<T>(query, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** The apps' listening sessions on their database. */
  async function listenerPids(): Promise<number[]> {
    const rows = await onServer<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and application_name = $2', [
      databaseName(),
      catalogFeedApplicationName,
    ]);
    return rows.map((row) => row.pid);
  }

  const terminate = (pids: number[]) => onServer('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  const databaseName = () => new URL(url).pathname.slice(1);

  beforeAll(async () => {
    writer = await buildTestApp();
    const database = writer.config.database;
    if (database.kind !== 'postgres') throw new Error('expected the PostgreSQL pass');
    url = database.url;
    // Same database, its own pool, cache and listener; the writer drops the database when it closes, so it closes last.
    reader = await buildTestApp({ database });
    admin = await adminOf(writer);
  });
  afterAll(async () => {
    await reader?.close();
    await writer?.close();
  });

  it("an admin write through one app shows in the other's allflowers and categoryheader", async () => {
    const fixture = await aFixture(writer);
    const before = await storefront(reader!);
    expect(before.catalogue).toContain(fixture.product.name);

    // Behind both apps' backs: the reader keeps serving its cached copy.
    await writer.db.update(products).set({ name: `${fixture.product.name} Deluxe` }).where(eq(products.id, fixture.product.id));
    expect((await storefront(reader!)).catalogue).not.toContain(`${fixture.product.name} Deluxe`);

    const renamed = `Across ${next()}`;
    expect((await renameCategory(writer, admin, fixture.category, renamed)).statusCode).toBe(200);
    const after = await eventually(() => storefront(reader!), (view) => view.header.includes(renamed), promptlyMs);
    expect(after.header).toContain(renamed);
    expect(after.catalogue).toContain(renamed);
    expect(after.catalogue).toContain(`${fixture.product.name} Deluxe`);

    const product = { ...fixture.product, name: `${fixture.product.name} Deluxe` };
    expect((await setRemoved(writer, admin, { ...fixture, product }, true)).statusCode).toBe(200);
    const removed = await eventually(() => storefront(reader!), (view) => !view.catalogue.includes(product.name), promptlyMs);
    expect(removed.catalogue).not.toContain(product.name);

    const posies = `Across Posies ${next()}`;
    expect((await createSubCategory(writer, admin, fixture.category, posies)).statusCode).toBe(200);
    const created = await eventually(() => storefront(reader!), (view) => view.header.includes(posies), promptlyMs);
    expect(created.header).toContain(posies);
  });

  it('a write the database refused (rolled back) notifies no one: the other app keeps its cache', async () => {
    const fixture = await aFixture(writer);
    const other = await aCategory(writer.db, { name: `Taken Across ${next()}` });
    await storefront(reader!);
    await writer.db.update(products).set({ name: `${fixture.product.name} Quiet` }).where(eq(products.id, fixture.product.id));
    expect((await renameCategory(writer, admin, fixture.category, other.name)).statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await storefront(reader!)).catalogue).not.toContain(`${fixture.product.name} Quiet`);
  });

  it('a cut listening connection drops the cached catalogue, and the new connection carries notifications', async () => {
    const fixture = await aFixture(writer);
    await storefront(writer);
    await storefront(reader!);
    const pids = await listenerPids();
    expect(pids).toHaveLength(2);

    // No notification for this one: only the cut can reveal it.
    await writer.db.update(categories).set({ name: `${fixture.category.name} Missed` }).where(eq(categories.id, fixture.category.id));
    expect((await storefront(reader!)).header).not.toContain(`${fixture.category.name} Missed`);
    const cutAt = Date.now();
    await terminate(pids);

    for (const app of [reader!, writer]) {
      const view = await eventually(() => storefront(app), (v) => v.header.includes(`${fixture.category.name} Missed`), promptlyMs);
      expect(view.header).toContain(`${fixture.category.name} Missed`);
    }
    expect(Date.now() - cutAt).toBeLessThan(promptlyMs);
    const again = await eventually(listenerPids, (now) => now.length === 2, reconnectMs);
    expect(again).toHaveLength(2);
    expect(again.some((pid) => pids.includes(pid))).toBe(false);

    const renamed = `After Reconnect ${next()}`;
    expect((await renameCategory(writer, admin, fixture.category, renamed)).statusCode).toBe(200);
    const after = await eventually(() => storefront(reader!), (view) => view.header.includes(renamed), promptlyMs);
    expect(after.header).toContain(renamed);
  });

  it('while the listening connection cannot come back, the catalogue is read from the database; once back, cached again', async () => {
    const fixture = await aFixture(writer);
    await storefront(reader!);
    const name = (suffix: string) => `${fixture.product.name} ${suffix}`;
    const rename = (suffix: string) => writer.db.update(products).set({ name: name(suffix) }).where(eq(products.id, fixture.product.id));
    const shows = async (suffix: string) => (await storefront(reader!)).catalogue.includes(name(suffix));
    const allowConnections = (allow: boolean) =>
      onServer(`alter database ${pg.escapeIdentifier(databaseName())} allow_connections ${allow}`, []);
    try {
      // The pools keep the connections they have; new ones, the feeds' reconnects among them, are refused.
      await allowConnections(false);
      await terminate(await listenerPids());
      await eventually(listenerPids, (now) => now.length === 0, promptlyMs);

      // Without notifications, each change behind the apps' backs shows on the next read: nothing is served from memory.
      for (const suffix of ['Down One', 'Down Two']) {
        await rename(suffix);
        expect(await shows(suffix)).toBe(true);
      }
    } finally {
      await allowConnections(true);
    }
    await eventually(listenerPids, (now) => now.length === 2, reconnectMs);
    // Once a feed listens again, a read is kept: a change behind the apps' backs no longer shows.
    let attempt = 0;
    const cachedAgain = await eventually(
      async () => {
        attempt += 1;
        await storefront(reader!);
        await rename(`Unseen ${attempt}`);
        return !(await shows(`Unseen ${attempt}`));
      },
      Boolean,
      reconnectMs,
    );
    expect(cachedAgain).toBe(true);
  });

  it('closing an app ends its listening connection promptly, also while it is reconnecting', async () => {
    await eventually(listenerPids, (now) => now.length === 2, reconnectMs);
    await terminate(await listenerPids());
    const started = Date.now();
    await reader!.close();
    reader = undefined;
    expect(Date.now() - started).toBeLessThan(promptlyMs);
    // The writer reconnects; the closed reader's reconnect, if it got that far, is ended again.
    const left = await eventually(listenerPids, (now) => now.length === 1, reconnectMs);
    expect(left).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await listenerPids()).toHaveLength(1);
  });
});
