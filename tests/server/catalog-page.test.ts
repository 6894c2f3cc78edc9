// A catalogue page arrives with what its first render needs: the API replies, byte for byte as the API gives them,
// and its largest picture as a preload; every other page, and every address the API would refuse, goes out as built.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pageDataElementId, pageDataKeys } from '../../domain/page-data';
import type { ProductRow, SubCategoryRow } from './helpers/factories';
import { aCategory, aProduct, aSubCategory } from './helpers/factories';
import { buildTestApp } from './helpers/app';

const indexHtml = `<!doctype html><html><head><title>Petals</title>
    <script type="module" crossorigin src="/static/js/start-app-1.js"></script>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <style>@font-face{font-family:Inter}</style>
  </head><body><div id="root"></div></body></html>`;
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function embeddedReplies(body: string): Record<string, unknown> | null {
  const match = new RegExp(`<script type="application/json" id="${pageDataElementId}">(.*?)</script>`, 's').exec(body);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

/** Every image preload of the page, as its attributes. */
function preloadsOf(body: string): Record<string, string>[] {
  return [...body.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([tag]) =>
    Object.fromEntries([...tag.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!.replace(/&amp;/g, '&')])),
  );
}

/** Early for the preload scanner, but after the viewport's width is known: its media queries read the phone's width. */
function expectPreloadRightBehindTheViewport(body: string) {
  expect(body.indexOf('rel="preload"')).toBeGreaterThan(body.indexOf('name="viewport"'));
  expect(body.indexOf('rel="preload"')).toBeLessThan(body.indexOf('<style>'));
}

function preloadOf(body: string): Record<string, string> | null {
  return preloadsOf(body)[0] ?? null;
}

describe('catalogue pages carry their data', () => {
  let dist: string;
  let app: FastifyInstance;
  let side: SubCategoryRow;
  let firstFlower: ProductRow;
  const categoryName = 'Everlasting Dry Flowers';

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'fs-dist-'));
    writeFileSync(join(dist, 'index.html'), indexHtml);
    app = await buildTestApp({ distDir: dist });
    const category = await aCategory(app.db, { name: categoryName });
    side = await aSubCategory(app.db, { categoryId: category.id, name: 'Side' });
    firstFlower = await aProduct(app.db, { subCategory: side, name: 'Pampas </script><script>alert(1)</script> Vase', itemCode: 'EDF-SIDE-01' });
    await aProduct(app.db, { subCategory: side });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const api = async (url: string) => (await app.inject({ method: 'GET', url })).json();

  it('a category page: the category, the header menu and the shop\'s details as the API answers them, and its first picture preloaded', async () => {
    const res = await app.inject({ method: 'GET', url: `/category/${encodeURIComponent(categoryName)}/Side`, headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(embeddedReplies(res.body)).toEqual({
      [pageDataKeys.allFlowers(categoryName)]: await api(`/api/allflowers?category_name=${encodeURIComponent(categoryName)}`),
      [pageDataKeys.categoryHeader]: await api('/api/categoryheader'),
      [pageDataKeys.shopInfo]: await api('/api/shop'),
    });
    const preload = preloadOf(res.body);
    expect(preload).toMatchObject({ fetchpriority: 'high', href: '/api/flowerimage?sys_name=EDF-SIDE-01&w=640' });
    expect(preload?.imagesrcset).toContain('/api/flowerimage?sys_name=EDF-SIDE-01&w=320 320w');
    // Ahead of the first script, so the browser starts it at once.
    expectPreloadRightBehindTheViewport(res.body);
  });

  it('names in the data cannot end its script: "<" is escaped, and reads back unchanged', async () => {
    const res = await app.inject({ method: 'GET', url: `/category/${encodeURIComponent(categoryName)}/Side`, headers: html });
    const dataScript = res.body.slice(res.body.indexOf(`id="${pageDataElementId}">`));
    expect(dataScript.indexOf('</script>')).toBe(dataScript.lastIndexOf('</script>'));
    expect(JSON.stringify(embeddedReplies(res.body))).toContain(firstFlower.name);
  });

  it('the shop\'s root address sends the shopper to the landing category, whose page carries its data', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(302);
    const landing = await app.inject({ method: 'GET', url: res.headers.location as string, headers: html });
    expect(Object.keys(embeddedReplies(landing.body) ?? {}).sort()).toEqual(
      [pageDataKeys.categoryHeader, pageDataKeys.allFlowers(categoryName), pageDataKeys.shopInfo].sort(),
    );
  });

  it('a product page: the product as flowerdetail answers it, and its picture preloaded at its page size', async () => {
    const res = await app.inject({ method: 'GET', url: `/flower/${firstFlower.externalId}`, headers: html });
    expect(embeddedReplies(res.body)?.[pageDataKeys.flowerDetail(firstFlower.externalId)]).toEqual(
      await api(`/api/flowerdetail/${firstFlower.externalId}`),
    );
    expect(preloadOf(res.body)).toMatchObject({ imagesizes: '(min-width: 48em) 50vw, 100vw' });
  });

  it('an unknown product: the page as a 404, without a product or a preload (the app shows its not-found view)', async () => {
    const res = await app.inject({ method: 'GET', url: '/flower/no-such-flower', headers: html });
    expect(res.statusCode).toBe(404);
    expect(Object.keys(embeddedReplies(res.body) ?? {}).sort()).toEqual([pageDataKeys.categoryHeader, pageDataKeys.shopInfo].sort());
    expect(preloadOf(res.body)).toBeNull();
  });

  it('the home page: the whole catalogue, and its hero preloaded, the phone picture or the desktop one by media', async () => {
    const res = await app.inject({ method: 'GET', url: '/HOME', headers: html });
    expect(embeddedReplies(res.body)?.[pageDataKeys.allFlowers()]).toEqual(await api('/api/allflowers'));
    expect(preloadsOf(res.body)).toEqual([
      { rel: 'preload', as: 'image', fetchpriority: 'high', href: '/api/heroimage?image=topbannermobileimg', media: 'not all and (min-width: 48em)' },
      { rel: 'preload', as: 'image', fetchpriority: 'high', href: '/api/heroimage?image=topbannerimg', media: '(min-width: 48em)' },
    ]);
    expectPreloadRightBehindTheViewport(res.body);
  });

  it.each(['/account/orders', `/category/${'x'.repeat(80)}/Side`, '/flower/bad%20id', '/flower/a/b', '/cart'])(
    '%s goes out as built, with 200 (and noindex: seo.test.ts)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(indexHtml.replace('</head>', '<meta name="robots" content="noindex"></head>'));
    },
  );
});
