import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { products } from '../../server/db/schema';
import { bannerSizes } from '../../server/db/seed/art/banner-art';
import { setSiteImage, storeImage } from '../../server/modules/media/media.service';
import { buildTestApp } from './helpers/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ seedDemo: true });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('GET /api/flowerimage', () => {
  it('serves a product picture as WebP with an ETag and short, revalidating caching', async () => {
    const res = await get('/api/flowerimage?sys_name=EDF-SIDE-01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}-(w960|original)"$/);
    expect(res.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 960, 960]);
  });

  it('finds the item code whatever its case', async () => {
    const upper = await get('/api/flowerimage?sys_name=EDF-SIDE-01');
    const lower = await get('/api/flowerimage?sys_name=edf-side-01');
    expect(lower.statusCode).toBe(200);
    expect(lower.headers.etag).toBe(upper.headers.etag);
  });

  it('answers 304 without a body when the ETag still matches', async () => {
    const first = await get('/api/flowerimage?sys_name=EDF-POSY-01');
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get('/api/flowerimage?sys_name=EDF-POSY-01', { 'if-none-match': ifNoneMatch });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await get('/api/flowerimage?sys_name=EDF-POSY-01', { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('serves the srcset widths', async () => {
    const etags = new Set<string>();
    for (const w of [320, 640, 960]) {
      const res = await get(`/api/flowerimage?sys_name=FF-ROSE-01&w=${w}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(w);
      etags.add(String(res.headers.etag));
    }
    expect(etags.size).toBe(3);
  });

  it('refuses a width that is not offered and a missing or over-long item code with 400 JSON', async () => {
    for (const url of [
      '/api/flowerimage?sys_name=EDF-SIDE-01&w=500',
      '/api/flowerimage?sys_name=EDF-SIDE-01&w=abc',
      '/api/flowerimage',
      '/api/flowerimage?sys_name=',
      `/api/flowerimage?sys_name=${'X'.repeat(51)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: expect.any(String), code: 'BAD_REQUEST' });
    }
  });

  it('answers 404 JSON for an unknown item code', async () => {
    const res = await get('/api/flowerimage?sys_name=NO-SUCH-CODE');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
  });

  it('hides the pictures of removed products', async () => {
    expect((await get('/api/flowerimage?sys_name=FF-LILY-06')).statusCode).toBe(200);
    await app.db.update(products).set({ isRemoved: true }).where(eq(products.itemCode, 'FF-LILY-06'));
    const res = await get('/api/flowerimage?sys_name=FF-LILY-06');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('GET /api/heroimage', () => {
  it('serves each of the four site images at its size', async () => {
    for (const [slot, size] of Object.entries(bannerSizes)) {
      const res = await get(`/api/heroimage?image=${slot}`);
      expect(res.statusCode, slot).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}-original"$/);
      expect(res.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
      const meta = await sharp(res.rawPayload).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual(size);
    }
  });

  it('answers 304 on a matching If-None-Match', async () => {
    const first = await get('/api/heroimage?image=topbannerimg');
    const again = await get('/api/heroimage?image=topbannerimg', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('refuses an unknown slot with 400 JSON', async () => {
    for (const url of ['/api/heroimage?image=sidebanner', '/api/heroimage']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'BAD_REQUEST' });
    }
  });

  it('serves the new picture, with a new ETag, once an admin replaces it', async () => {
    const before = await get('/api/heroimage?image=bottombannermobileimg');
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#D98C8C' } }).png().toBuffer();
    const hash = await app.db.transaction(async (tx) => {
      const stored = await storeImage(tx, png);
      await setSiteImage(tx, 'bottombannermobileimg', stored);
      return stored;
    });
    const after = await get('/api/heroimage?image=bottombannermobileimg', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toBe(`"${hash}-original"`);
    expect(after.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(after.rawPayload, png)).toBe(0);
  });
});

describe('GET /api/heroimage on a shop without site images', () => {
  it('answers 404 JSON for an empty slot', async () => {
    const bare = await buildTestApp();
    try {
      const res = await bare.inject({ method: 'GET', url: '/api/heroimage?image=topbannerimg' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    } finally {
      await bare.close();
    }
  });
});
