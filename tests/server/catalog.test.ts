import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { allFlowersReply, categoryHeaderReply, flowerDetailReply } from '../../domain/catalog';
import { products } from '../../server/db/schema';
import { invalidateCatalogCache } from '../../server/modules/catalog/catalog.cache';
import { unstorableTextMessage } from '../../server/text-guard';
import { buildTestApp } from './helpers/app';
import { aCategory, aProduct, aSubCategory } from './helpers/factories';
import type { ProductRow } from './helpers/factories';

let app: FastifyInstance;
let rose: ProductRow;
let lily: ProductRow;
let hidden: ProductRow;
let posyOnly: ProductRow;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.db;
  const dry = await aCategory(db, { name: 'Everlasting Dry Flowers', gstRateBp: 250 });
  const fresh = await aCategory(db, { name: 'Fresh Flowers' });
  // Positions out of insertion order: the catalogue must follow position, not id.
  const side = await aSubCategory(db, { categoryId: dry.id, name: 'Side', position: 2 });
  const posy = await aSubCategory(db, { categoryId: dry.id, name: 'Posy', position: 1 });
  await aSubCategory(db, { categoryId: dry.id, name: 'Round', position: 3 });
  const exotic = await aSubCategory(db, { categoryId: fresh.id, name: 'Exotic', position: 1 });

  rose = await aProduct(db, { subCategory: side, name: 'Dried Rose Bunch', itemCode: 'DRY-ROSE', mrpPaise: 149_900, sellingPricePaise: 129_950 });
  lily = await aProduct(db, { subCategory: side, name: 'Lily Stems', itemCode: 'DRY-LILY', mrpPaise: 99_900, sellingPricePaise: 99_900, stock: 1 });
  hidden = await aProduct(db, { subCategory: side, name: 'Retired Wreath', itemCode: 'DRY-OLD', isRemoved: true });
  posyOnly = await aProduct(db, { subCategory: posy, name: 'Lavender Posy', itemCode: 'DRY-LAV' });
  await aProduct(db, { subCategory: exotic, name: 'Bird of Paradise', itemCode: 'FR-BOP', mrpPaise: 250_000, sellingPricePaise: 220_000 });
  invalidateCatalogCache(app.db);
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/allflowers', () => {
  it('lists every category with its sub-categories in position order and products in rupees (home page)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/allflowers' });
    expect(res.statusCode).toBe(200);
    const body = allFlowersReply.parse(res.json());
    expect(body.products.map((c) => c.categoryName)).toEqual(['Everlasting Dry Flowers', 'Fresh Flowers']);
    const dry = body.products[0]!;
    expect(dry.SubProductCategories.map((s) => s.subCategoryName)).toEqual(['Posy', 'Side', 'Round']);
    const side = dry.SubProductCategories[1]!;
    expect(side.ProductSubProducts).toEqual([
      {
        ProductDatum: { externalId: rose.externalId, itemCode: 'DRY-ROSE', productName: 'Dried Rose Bunch', sellingPrice: 1299.5, mrp: 1499, deliveryKind: 'courier' },
      },
      { ProductDatum: { externalId: lily.externalId, itemCode: 'DRY-LILY', productName: 'Lily Stems', sellingPrice: 999, mrp: 999, deliveryKind: 'courier' } },
    ]);
    expect(dry.SubProductCategories[2]!.ProductSubProducts).toEqual([]);
  });

  it('never shows a removed product', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/allflowers' });
    expect(res.body).not.toContain(hidden.externalId);
    expect(res.body).not.toContain('Retired Wreath');
  });

  it('gives one category by name, case-insensitively', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/allflowers?category_name=everlasting%20dry%20FLOWERS' });
    expect(res.statusCode).toBe(200);
    const body = allFlowersReply.parse(res.json());
    expect(body.products).toHaveLength(1);
    expect(body.products[0]!.categoryName).toBe('Everlasting Dry Flowers');
    expect(body.products[0]!.SubProductCategories[0]!.ProductSubProducts[0]!.ProductDatum.externalId).toBe(posyOnly.externalId);
  });

  it('answers an unknown category with an empty list', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/allflowers?category_name=Cactus' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [] });
  });

  it('refuses an over-long category name with 400', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/allflowers?category_name=${'a'.repeat(51)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('is revalidated with an ETag: no-cache, then 304 while unchanged', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/allflowers' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({ method: 'GET', url: '/api/allflowers', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows a change once the cache is invalidated (and the ETag changes)', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/allflowers' });
    await app.db.update(products).set({ name: 'Dried Rose Bunch Deluxe' }).where(eq(products.id, rose.id));
    const cached = await app.inject({ method: 'GET', url: '/api/allflowers' });
    expect(cached.body).not.toContain('Deluxe');

    invalidateCatalogCache(app.db);
    const after = await app.inject({ method: 'GET', url: '/api/allflowers', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Dried Rose Bunch Deluxe');
    expect(after.headers.etag).not.toBe(before.headers.etag);

    await app.db.update(products).set({ name: 'Dried Rose Bunch' }).where(eq(products.id, rose.id));
    invalidateCatalogCache(app.db);
  });
});

describe('GET /api/categoryheader', () => {
  it("gives status '200' and the categories with sub-category names in order", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/categoryheader' });
    expect(res.statusCode).toBe(200);
    expect(categoryHeaderReply.parse(res.json())).toEqual({
      status: '200',
      body: [
        { categoryName: 'Everlasting Dry Flowers', Subcategories: ['Posy', 'Side', 'Round'] },
        { categoryName: 'Fresh Flowers', Subcategories: ['Exotic'] },
      ],
    });
    expect(res.headers.etag).toBeTruthy();
  });
});

describe('GET /api/flowerdetail/:flower_ext_id', () => {
  it('gives the product with its category names, prices in rupees and stock as quantity', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/flowerdetail/${lily.externalId}` });
    expect(res.statusCode).toBe(200);
    expect(flowerDetailReply.parse(res.json())).toEqual({
      flowerDetail: {
        externalId: lily.externalId,
        id: lily.id,
        productName: 'Lily Stems',
        itemCode: 'DRY-LILY',
        mrp: 999,
        sellingPrice: 999,
        description: lily.description,
        note: lily.note,
        shippingDetails: lily.shippingDetails,
        quantity: 1,
        isRemoved: false,
        flowerCategoryName: 'Everlasting Dry Flowers',
        flowerSubCategoryName: 'Side',
        deliveryKind: 'courier',
        rating: { average: 0, count: 0 },
      },
    });
  });

  it('answers 404 Product not found for a removed product', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/flowerdetail/${hidden.externalId}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
  });

  it('answers 404 Product not found for an unknown id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/flowerdetail/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
  });

  it('answers 400 for a malformed id', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/flowerdetail/${'x'.repeat(65)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid product id', code: 'BAD_REQUEST' });
  });
});

describe('how the catalogue is sent', () => {
  // An app of its own, with enough products for a catalogue above the 1 KiB compression threshold.
  let shop: FastifyInstance;
  let first: ProductRow;
  const url = '/api/allflowers?category_name=everlasting%20dry%20flowers';
  const get = (path: string, headers: Record<string, string> = {}) => shop.inject({ method: 'GET', url: path, headers });

  beforeAll(async () => {
    shop = await buildTestApp();
    const category = await aCategory(shop.db, { name: 'Everlasting Dry Flowers' });
    const sub = await aSubCategory(shop.db, { categoryId: category.id, name: 'Bunches' });
    for (let i = 0; i < 20; i += 1) {
      const product = await aProduct(shop.db, { subCategory: sub, name: `Dried Bunch ${i}`, itemCode: `DRY-B${i}` });
      if (i === 0) first = product;
    }
    invalidateCatalogCache(shop.db);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('compressed with br when the browser accepts it, else gzip, with the same JSON and ETag as uncompressed', async () => {
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(allFlowersReply.parse(plain.json()).products[0]!.SubProductCategories[0]!.ProductSubProducts).toHaveLength(20);

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    for (const header of ['gzip', 'br;q=0, gzip']) {
      const res = await get(url, { 'accept-encoding': header });
      expect(res.headers['content-encoding'], header).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('keeps a small answer (the header menu) uncompressed', async () => {
    const res = await get('/api/categoryheader', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(categoryHeaderReply.parse(res.json())).toEqual({ status: '200', body: [{ categoryName: 'Everlasting Dry Flowers', Subcategories: ['Bunches'] }] });
  });

  it('answers 304 to a compressed request while its ETag is current (weak or strong form), and the whole answer once not', async () => {
    const { etag } = (await get(url, { 'accept-encoding': 'br' })).headers;
    const opaque = String(etag).replace(/^W\//, '');
    for (const ifNoneMatch of [String(etag), opaque, `"other", ${String(etag)}`, '*']) {
      const res = await get(url, { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.rawPayload).toHaveLength(0);
      expect(res.headers.etag).toBe(etag);
    }
    await shop.db.update(products).set({ name: 'Dried Bunch Royale' }).where(eq(products.id, first.id));
    invalidateCatalogCache(shop.db);
    const changed = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(brotliDecompressSync(changed.rawPayload).toString()).toContain('Dried Bunch Royale');
  });

  it('answers HEAD with the same status, type and ETag, and no body', async () => {
    const full = await get(url, { 'accept-encoding': 'br' });
    const head = await shop.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload).toHaveLength(0);
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers['content-type']).toBe(full.headers['content-type']);
  });

  it('refuses an empty category name or one the shop cannot store, every time', async () => {
    for (const round of [1, 2]) {
      expect((await get('/api/allflowers?category_name=%20')).statusCode, `round ${round}`).toBe(400);
      const nul = await get('/api/allflowers?category_name=Roses%00');
      expect(nul.statusCode, `round ${round}`).toBe(400);
      expect(nul.json()).toMatchObject({ message: unstorableTextMessage });
    }
  });
});
