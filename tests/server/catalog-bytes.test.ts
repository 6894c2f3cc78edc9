/**
 * The catalogue answers from bytes made once per cache entry: the same JSON as the reply schema gives, compressed with
 * what the browser accepts (br, else gzip; `q=0` refuses one), and made again after the cache forgets the entry. A URL
 * answered once is answered again from memory, before validation: with the same answer, per encoding and ETag.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { allFlowersReply, categoryHeaderReply } from '../../domain/catalog';
import { products } from '../../server/db/schema';
import { chooseEncoding } from '../../server/modules/catalog/catalog-bytes';
import { invalidateCatalogCache } from '../../server/modules/catalog/catalog.cache';
import { unstorableTextMessage } from '../../server/text-guard';
import { buildTestApp } from './helpers/app';
import { aCategory, aProduct, aSubCategory } from './helpers/factories';
import type { ProductRow } from './helpers/factories';

let app: FastifyInstance;
let first: ProductRow;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const category = await aCategory(app.db, { name: 'Everlasting Dry Flowers' });
  const sub = await aSubCategory(app.db, { categoryId: category.id, name: 'Bunches' });
  // Enough products for a catalogue above the 1 KiB compression threshold.
  for (let i = 0; i < 20; i += 1) {
    const product = await aProduct(app.db, { subCategory: sub, name: `Dried Bunch ${i}`, itemCode: `DRY-B${i}` });
    if (i === 0) first = product;
  }
  invalidateCatalogCache(app.db);
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

/** An answer as a client sees it, without what differs on every answer (its date and request id). */
function seen(res: Awaited<ReturnType<typeof get>>) {
  const { date: _date, 'x-request-id': _requestId, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.rawPayload.toString('base64') };
}

describe('catalogue bytes', () => {
  it('answers br when the browser accepts it, with the same JSON as uncompressed', async () => {
    const plain = await get('/api/allflowers');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/api/allflowers', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    const body = brotliDecompressSync(br.rawPayload).toString();
    expect(body).toBe(plain.body);
    expect(allFlowersReply.parse(JSON.parse(body)).products[0]!.SubProductCategories[0]!.ProductSubProducts).toHaveLength(20);
  });

  it('answers gzip when br is refused or not offered', async () => {
    const plain = await get('/api/allflowers');
    for (const header of ['gzip', 'br;q=0, gzip']) {
      const res = await get('/api/allflowers', header);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('keeps a small answer (the header menu) uncompressed and shaped by its schema', async () => {
    const res = await get('/api/categoryheader', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(categoryHeaderReply.parse(res.json())).toEqual({ status: '200', body: [{ categoryName: 'Everlasting Dry Flowers', Subcategories: ['Bunches'] }] });
  });

  it('makes new bytes once the cache forgets the entry', async () => {
    await app.db.update(products).set({ name: 'Dried Bunch Deluxe' }).where(eq(products.id, first.id));
    invalidateCatalogCache(app.db);
    const res = await get('/api/allflowers', 'br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('Dried Bunch Deluxe');
  });

  it('chooses br, then gzip, and nothing for identity-only or refused encodings', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
  });

  it('gives the same choice for a value it has seen, among many different ones and long ones', () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 200; i++) {
        expect(chooseEncoding(`gzip;q=0.${i % 9 + 1}, x-custom-${i}`)).toBe('gzip');
        expect(chooseEncoding(`br;q=0, x-custom-${i}`)).toBeNull();
      }
      expect(chooseEncoding(`${'x-long, '.repeat(100)}br`)).toBe('br');
      expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
      expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    }
  });

  describe('a URL answered again', () => {
    const url = '/api/allflowers?category_name=everlasting%20dry%20flowers';

    it('gets the same answer as the first time, for each encoding in turn, with its own request id', async () => {
      const first: Record<string, ReturnType<typeof seen>> = {};
      const ids = new Set<string>();
      for (const round of [1, 2, 3]) {
        for (const encoding of ['gzip, deflate, br', 'gzip', '']) {
          const res = await get(url, encoding);
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
          ids.add(String(res.headers['x-request-id']));
          if (round === 1) first[encoding] = seen(res);
          else expect(seen(res)).toEqual(first[encoding]);
        }
      }
      expect(first['gzip, deflate, br']!.headers['content-encoding']).toBe('br');
      expect(first.gzip!.headers['content-encoding']).toBe('gzip');
      expect(first['']!.headers['content-encoding']).toBeUndefined();
      expect(ids.size).toBe(9);
    });

    it('gets a 304 while its ETag is current, and the whole answer once it is not', async () => {
      const { etag } = (await get(url, 'br')).headers;
      for (const round of [1, 2]) {
        const res = await get(url, 'br', { 'if-none-match': String(etag) });
        expect(res.statusCode, `round ${round}`).toBe(304);
        expect(res.rawPayload).toHaveLength(0);
        expect(res.headers.etag).toBe(etag);
      }
      await app.db.update(products).set({ name: 'Dried Bunch Royale' }).where(eq(products.id, first.id));
      invalidateCatalogCache(app.db);
      const changed = await get(url, 'br', { 'if-none-match': String(etag) });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(brotliDecompressSync(changed.rawPayload).toString()).toContain('Dried Bunch Royale');
    });

    it('gets the same answer to HEAD, without the body', async () => {
      const full = await get(url, 'br');
      for (const round of [1, 2]) {
        const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
        expect(head.statusCode, `round ${round}`).toBe(200);
        expect(head.rawPayload).toHaveLength(0);
        expect(head.headers.etag).toBe(full.headers.etag);
        expect(head.headers['content-encoding']).toBe('br');
      }
    });

    it('is refused every time when its query is', async () => {
      for (const round of [1, 2]) {
        const empty = await get('/api/allflowers?category_name=%20', 'br');
        expect(empty.statusCode, `round ${round}`).toBe(400);
        const nul = await get('/api/allflowers?category_name=Roses%00', 'br');
        expect(nul.statusCode, `round ${round}`).toBe(400);
        expect(nul.json()).toMatchObject({ message: unstorableTextMessage });
      }
    });
  });
});
