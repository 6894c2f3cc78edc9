import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { searchFlowersReply, searchMessages, searchSuggestionsReply } from '../../domain/search';
import { categories, productRatings, products, subCategories } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed/seed-demo';
import { invalidateCatalogCache } from '../../server/modules/catalog/catalog.cache';
import { unstorableTextMessage } from '../../server/text-guard';
import { buildTestApp } from './helpers/app';
import { aProduct } from './helpers/factories';

/** Search over the demo catalogue (its real names), plus an orchid and a removed product of our own. */
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  await seedDemo(app.db);
  const [exotic] = await app.db
    .select({ id: subCategories.id, categoryId: subCategories.categoryId })
    .from(subCategories)
    .innerJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(eq(categories.name, 'Fresh Flowers'));
  await aProduct(app.db, { subCategory: exotic as never, name: 'Purple Orchid Stems', itemCode: 'T-ORCHID', sellingPricePaise: 180_000, description: 'Phalaenopsis in a pot.' });
  await aProduct(app.db, { subCategory: exotic as never, name: 'Crème Brûlée Carnations', itemCode: 'T-CREME', sellingPricePaise: 90_000, description: 'Café-au-lait carnations.' });
  await aProduct(app.db, { subCategory: exotic as never, name: 'Retired Gerbera Crate', itemCode: 'T-GONE', isRemoved: true, description: 'Gerberas no longer sold.' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function search(query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/searchflowers?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return searchFlowersReply.parse(res.json());
}
const names = (reply: { products: { productName: string }[] }) => reply.products.map((p) => p.productName);

describe('GET /api/searchflowers', () => {
  it('finds by a word of the name and puts the name match first', async () => {
    const reply = await search('q=gerbera');
    expect(names(reply)[0]).toBe('Sunny Gerbera Bouquet');
    expect(reply.products[0]).toMatchObject({ categoryName: 'Fresh Flowers', subCategoryName: 'Bouquets', sellingPrice: 899, deliveryKind: 'hand' });
  });

  it.each([
    ['gerbra', 'Sunny Gerbera Bouquet'],
    ['orchd', 'Purple Orchid Stems'],
    ['bouqet', 'Pastel Garden Bouquet'],
    ['lilly', 'Petite Lily Bud Vase'],
    ['pampass', 'Golden Pampas Posy'],
  ])('forgives the typo "%s"', async (typo, expected) => {
    expect(names(await search(`q=${typo}`))).toContain(expected);
  });

  it('ranks the typo\'s intended product above unrelated ones', async () => {
    const found = names(await search('q=gerbra'));
    expect(found[0]).toBe('Sunny Gerbera Bouquet');
    expect(found).not.toContain('Terracotta Palm Spear Vase');
  });

  it('folds accents both ways', async () => {
    expect(names(await search('q=creme%20brulee'))).toEqual(['Crème Brûlée Carnations']);
    expect(names(await search(`q=${encodeURIComponent('CAFÉ')}`))).toEqual(['Crème Brûlée Carnations']);
  });

  it('matches stems and prefixes as well as category and sub-category names', async () => {
    expect(names(await search('q=roses'))).toEqual(expect.arrayContaining(['Red Rose Hand-Tied Bouquet', 'Dusty Rose Kraft Posy']));
    expect(names(await search('q=lil'))).toContain('Royal Purple Lily Vase');
    // "Everlasting" is in no product's name: the category's name brings its products.
    expect((await search('q=everlasting&kind=courier')).total).toBeGreaterThanOrEqual(24);
  });

  it('needs every word: two words narrow the result', async () => {
    const both = names(await search('q=red%20roses'));
    expect(both).toContain('Dozen Red Roses in Glass');
    expect(both).not.toContain('White Rose Elegance Bouquet');
  });

  it('never shows a removed product', async () => {
    expect(names(await search('q=retired'))).toEqual([]);
    expect(names(await search('q=gerbera'))).not.toContain('Retired Gerbera Crate');
    // Replies are cached with the catalogue: a removal (which forgets the catalogue, as the admin's routes do) shows at once.
    expect(names(await search('q=orchid'))).toEqual(['Purple Orchid Stems']);
    await app.db.update(products).set({ isRemoved: true }).where(eq(products.itemCode, 'T-ORCHID'));
    invalidateCatalogCache(app.db);
    try {
      expect(names(await search('q=orchid'))).toEqual([]);
    } finally {
      await app.db.update(products).set({ isRemoved: false }).where(eq(products.itemCode, 'T-ORCHID'));
      invalidateCatalogCache(app.db);
    }
  });

  it('filters by category, price range and delivery kind', async () => {
    const fresh = await search('q=vase&category=fresh%20flowers');
    expect(fresh.products.length).toBeGreaterThan(0);
    expect(fresh.products.every((p) => p.categoryName === 'Fresh Flowers')).toBe(true);
    const cheap = await search('q=vase&minPrice=500&maxPrice=1500');
    expect(cheap.products.length).toBeGreaterThan(0);
    expect(cheap.products.every((p) => p.sellingPrice >= 500 && p.sellingPrice <= 1500)).toBe(true);
    const courier = await search('q=vase&kind=courier');
    expect(courier.products.length).toBeGreaterThan(0);
    // Everlasting vases, and the add-ons' glass vase (issue 42): no fresh flowers.
    expect(courier.products.every((p) => p.deliveryKind === 'courier' && ['Everlasting Dry Flowers', 'Gifts'].includes(p.categoryName))).toBe(true);
    expect(names(courier)).toContain('Clear Glass Vase');
    expect((await search('q=vase&category=no%20such%20category')).products).toEqual([]);
  });

  it('sorts by price both ways and by newest', async () => {
    const prices = (reply: { products: { sellingPrice: number }[] }) => reply.products.map((p) => p.sellingPrice);
    const up = prices(await search('q=vase&sort=price_asc'));
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = prices(await search('q=vase&sort=price_desc'));
    expect(down).toEqual([...up].sort((a, b) => b - a));
    expect(names(await search('q=flowers&sort=newest'))[0]).toBe('Crème Brûlée Carnations');
  });

  it('pages by 24 with the total', async () => {
    const first = await search('q=flowers');
    expect(first.pageSize).toBe(24);
    expect(first.total).toBeGreaterThan(24);
    expect(first.products).toHaveLength(24);
    const second = await search('q=flowers&page=2');
    expect(second.page).toBe(2);
    expect(second.products).toHaveLength(Math.min(24, first.total - 24));
    expect(names(second).some((name) => names(first).includes(name))).toBe(false);
  });

  it.each([
    ['punctuation only', '!!!%20---%20...'],
    ['emoji only', encodeURIComponent('🌹🌷')],
    ['SQL-shaped', encodeURIComponent("' OR 1=1; DROP TABLE products; --")],
    ['tsquery operators', encodeURIComponent('rose & | ! <-> :* (')],
    ['stop words only', 'the%20and'],
  ])('answers %s with a result, never an error', async (_label, q) => {
    const reply = await search(`q=${q}`);
    expect(reply.products.every((p) => typeof p.productName === 'string')).toBe(true);
  });

  it('finds nothing for words of symbols, and products still exist afterwards', async () => {
    expect((await search(`q=${encodeURIComponent("'; DELETE FROM products; --")}`)).total).toBe(0);
    expect((await search('q=gerbera')).total).toBeGreaterThan(0);
  });

  it.each([
    ['no words', '', searchMessages.query],
    ['only spaces', 'q=%20%20%20', searchMessages.query],
    ['too long', `q=${'a'.repeat(101)}`, searchMessages.queryTooLong],
    ['control characters', 'q=rose%1b%07', searchMessages.controlCharacters],
    ['a NUL', 'q=rose%00', unstorableTextMessage],
    ['a negative price', 'q=rose&minPrice=-1', searchMessages.price],
    ['a price of words', 'q=rose&maxPrice=cheap', searchMessages.price],
    ['min above max', 'q=rose&minPrice=2000&maxPrice=1000', searchMessages.priceRange],
    ['page 0', 'q=rose&page=0', searchMessages.page],
    ['a huge page', 'q=rose&page=99999999999999999999', searchMessages.page],
  ])('refuses %s with a 400 that says why', async (_label, query, message) => {
    const res = await app.inject({ method: 'GET', url: `/api/searchflowers?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'BAD_REQUEST' });
  });

  it("carries a product's stars when it has visible reviews, and none otherwise", async () => {
    const [orchid] = await app.db.select({ id: products.id }).from(products).where(eq(products.itemCode, 'T-ORCHID'));
    await app.db.insert(productRatings).values({ productId: orchid!.id, fourStars: 1, fiveStars: 2 });
    invalidateCatalogCache(app.db);
    try {
      const reply = await search('q=orchid');
      expect(reply.products.find((p) => p.productName === 'Purple Orchid Stems')?.rating).toEqual({ average: 4.7, count: 3 });
      expect((await search('q=carnations')).products.find((p) => p.productName === 'Crème Brûlée Carnations')?.rating).toBeUndefined();
    } finally {
      await app.db.delete(productRatings).where(eq(productRatings.productId, orchid!.id));
      invalidateCatalogCache(app.db);
    }
  });

  it('is revalidated with an ETag and sent compressed as the browser asks', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/searchflowers?q=rose', headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    const reply = searchFlowersReply.parse(JSON.parse(brotliDecompressSync(first.rawPayload).toString('utf8')));
    expect(reply.products.length).toBeGreaterThan(0);
    const again = await app.inject({ method: 'GET', url: '/api/searchflowers?q=rose', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses an unknown sort or kind with a 400', async () => {
    for (const query of ['q=rose&sort=cheapest', 'q=rose&kind=drone']) {
      const res = await app.inject({ method: 'GET', url: `/api/searchflowers?${query}` });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('GET /api/searchsuggestions', () => {
  it('gives the few best matches while typing, typos forgiven', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/searchsuggestions?q=gerb' });
    expect(res.statusCode).toBe(200);
    const { suggestions } = searchSuggestionsReply.parse(res.json());
    expect(suggestions[0]).toMatchObject({ productName: 'Sunny Gerbera Bouquet', categoryName: 'Fresh Flowers' });
    expect(suggestions.length).toBeLessThanOrEqual(6);
    const typo = searchSuggestionsReply.parse((await app.inject({ method: 'GET', url: '/api/searchsuggestions?q=orchd' })).json());
    expect(typo.suggestions.map((s) => s.productName)).toContain('Purple Orchid Stems');
  });

  it('answers emoji with no suggestions and an over-long query with a 400', async () => {
    const emoji = await app.inject({ method: 'GET', url: `/api/searchsuggestions?q=${encodeURIComponent('🌸')}` });
    expect(emoji.json()).toEqual({ suggestions: [] });
    const long = await app.inject({ method: 'GET', url: `/api/searchsuggestions?q=${'x'.repeat(500)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: searchMessages.queryTooLong });
  });
});
