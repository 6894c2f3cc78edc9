// A catalogue page arrives drawn by the server: the built server render (dist-render/, here a stand-in module that
// records what it was asked) fills #root from the very replies the page carries. A page is drawn once per address and
// data, a failed render still sends the page, and pages the browser must draw go out as built.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pageDataElementId, pageDataKeys, pageScriptsMetaName } from '../../domain/page-data';
import { pageRenderer } from '../../server/modules/web/page-renderer';
import { aCategory, aProduct, aSubCategory } from './helpers/factories';
import type { ProductRow } from './helpers/factories';
import { buildTestApp } from './helpers/app';

const indexHtml = `<!doctype html><html><head><title>Petals</title>
    <script type="module" crossorigin src="/static/js/start-app-1.js"></script>
  </head><body><div id="root"></div></body></html>`;
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

interface RenderCall {
  path: string;
  replies: Record<string, unknown>;
}
declare global {
  var pageRenderCalls: RenderCall[] | undefined;
}

/** A stand-in for dist-render/entry-server.js: records each call; `/category/Broken/…` throws as a failed render would. */
const standInRenderer = (label: string) => `
export async function renderPage(url, replies) {
  (globalThis.pageRenderCalls ??= []).push({ path: url.pathname, replies });
  if (url.pathname.startsWith('/category/Broken/')) throw new Error('the render failed');
  return { head: '<style data-render="${label}"></style>', body: '<main data-render="${label}">' + decodeURIComponent(url.pathname) + ' $& $1</main>' };
}
`;

const rootOf = (body: string) => /<div id="root">(.*?)<\/div>/s.exec(body)?.[1] ?? null;
const embeddedReplies = (body: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${pageDataElementId}">(.*?)</script>`, 's').exec(body)![1]!) as Record<string, unknown>;

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'fs-render-'));
  writeFileSync(join(folder, 'index.html'), indexHtml);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeEach(() => {
  globalThis.pageRenderCalls = [];
});

describe('catalogue pages arrive drawn by the server', () => {
  let app: FastifyInstance;
  let flower: ProductRow;
  const categoryPage = `/category/${encodeURIComponent('Everlasting Dry Flowers')}/Side`;

  beforeAll(async () => {
    const rendererFile = join(folder, 'app-renderer.mjs');
    writeFileSync(rendererFile, standInRenderer('app'));
    app = await buildTestApp({ distDir: folder, pageRendererFile: rendererFile });
    const category = await aCategory(app.db, { name: 'Everlasting Dry Flowers' });
    const side = await aSubCategory(app.db, { categoryId: category.id, name: 'Side' });
    flower = await aProduct(app.db, { subCategory: side });
    const broken = await aCategory(app.db, { name: 'Broken' });
    await aProduct(app.db, { subCategory: await aSubCategory(app.db, { categoryId: broken.id, name: 'Side' }) });
    await aSubCategory(app.db, { categoryId: category.id, name: 'Empty' });
  });
  afterAll(() => app.close());

  it('a category page: #root holds the render, drawn from exactly the replies the page carries', async () => {
    const res = await app.inject({ method: 'GET', url: categoryPage, headers: html });
    expect(res.statusCode).toBe(200);
    // Inserted as it came: '$&' in a render is text, not a replacement pattern.
    expect(rootOf(res.body)).toBe('<main data-render="app">/category/Everlasting Dry Flowers/Side $& $1</main>');
    expect(res.body).toContain('<style data-render="app"></style></head>');
    expect(globalThis.pageRenderCalls).toEqual([{ path: categoryPage, replies: embeddedReplies(res.body) }]);
  });

  it('the home and product pages are drawn too', async () => {
    for (const url of ['/home', `/flower/${flower.externalId}`]) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(rootOf(res.body), url).toContain('data-render="app"');
    }
  });

  it('a page already drawn for the same data is not drawn again, whatever its query', async () => {
    const first = await app.inject({ method: 'GET', url: '/HOME', headers: html });
    const second = await app.inject({ method: 'GET', url: '/HOME?utm_source=mail', headers: html });
    expect(rootOf(second.body)).toBe(rootOf(first.body));
    expect(globalThis.pageRenderCalls).toEqual([{ path: '/HOME', replies: embeddedReplies(first.body) }]);
  });

  it.each([
    ['/flower/no-such-flower', 'an unknown product, whose not-found view needs the API'],
    ['/cart', 'a page that is not a catalogue page'],
    ['/category/Nowhere/Side', 'a category the catalogue does not have'],
    [`/category/${encodeURIComponent('Everlasting Dry Flowers')}/Empty`, 'a sub-category without products'],
  ])('%s goes out with an empty #root: %s', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: html });
    // An unknown product's page is a 404 (seo.test.ts); the others are pages of the app.
    expect(res.statusCode).toBe(url.startsWith('/flower/') ? 404 : 200);
    expect(rootOf(res.body)).toBe('');
    expect(globalThis.pageRenderCalls).toEqual([]);
  });

  it.each(['//home', '/\\home', '/\\/home'])('%s, an address that reads as another host\'s, is never drawn', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: html });
    expect(res.statusCode).toBeLessThan(500);
    expect(globalThis.pageRenderCalls).toEqual([]);
  });

  it('a render that fails still sends the page, with its data, for the browser to draw', async () => {
    const res = await app.inject({ method: 'GET', url: '/category/Broken/Side', headers: html });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe('');
    expect(Object.keys(embeddedReplies(res.body))).toContain('allflowers:Broken');
  });
});

describe("the product page's lazy code is named in its <head>", () => {
  let app: FastifyInstance;
  let flower: ProductRow;
  const manifestFile = () => join(folder, '.vite', 'manifest.json');
  /** Vite's manifest as a build writes it: the product page's chunk imports the entry and a shared XState chunk. */
  const manifest = {
    'index.html': { file: 'static/js/index-1.js', isEntry: true, imports: ['_xstate-1.js'] },
    'src/features/catalog/flower-detail-page.tsx': { file: 'static/js/flower-detail-page-1.js', isDynamicEntry: true, imports: ['index.html', '_xstate-1.js'] },
    '_xstate-1.js': { file: 'static/js/xstate-1.js', imports: ['index.html'] },
  };
  const pageScripts = (body: string) => {
    const named = new RegExp(`<meta name="${pageScriptsMetaName}" content="([^"]*)">`).exec(body);
    return { names: named?.[1]?.split(' ') ?? [], inHead: named !== null && named.index < body.indexOf('</head>') };
  };

  beforeAll(async () => {
    mkdirSync(join(folder, '.vite'), { recursive: true });
    writeFileSync(manifestFile(), JSON.stringify(manifest));
    app = await buildTestApp({ distDir: folder });
    const category = await aCategory(app.db, { name: 'Fresh Flowers' });
    flower = await aProduct(app.db, { subCategory: await aSubCategory(app.db, { categoryId: category.id, name: 'Roses' }) });
  });
  afterAll(async () => {
    await app.close();
    rmSync(join(folder, '.vite'), { recursive: true, force: true });
  });

  it("names the product page's chunk and the chunks it imports, not the first script, in the <head>", async () => {
    const res = await app.inject({ method: 'GET', url: `/flower/${flower.externalId}`, headers: html });
    expect(pageScripts(res.body)).toEqual({ names: ['/static/js/flower-detail-page-1.js', '/static/js/xstate-1.js'], inHead: true });
  });

  it('names none on the home and category pages, whose code is in the first script', async () => {
    for (const url of ['/home', '/category/Fresh%20Flowers/Roses']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(pageScripts(res.body).names, url).toEqual([]);
    }
  });

  it('sends the product page without the hints when the manifest cannot be read', async () => {
    writeFileSync(manifestFile(), '{"src/features/catalog/flower-detail-page.tsx": ');
    utimesSync(manifestFile(), new Date(), new Date(Date.now() + 10_000));
    const res = await app.inject({ method: 'GET', url: `/flower/${flower.externalId}`, headers: html });
    expect(res.statusCode).toBe(200);
    expect(pageScripts(res.body).names).toEqual([]);
    expect(Object.keys(embeddedReplies(res.body))).toContain(pageDataKeys.flowerDetail(flower.externalId));
  });
});

describe('the page renderer', () => {
  const url = new URL('http://shop.invalid/home');
  const replies = { 'allflowers:*': { products: [] } };

  it('draws a page again when its data changed, and for each address', async () => {
    const file = join(folder, 'renderer-data.mjs');
    writeFileSync(file, standInRenderer('data'));
    const renderer = pageRenderer(file);
    await renderer.render(url, replies, JSON.stringify(replies));
    await renderer.render(url, replies, JSON.stringify(replies));
    const changed = { 'allflowers:*': { products: [{ name: 'new' }] } };
    await renderer.render(url, changed, JSON.stringify(changed));
    await renderer.render(new URL('http://shop.invalid/HOME'), replies, JSON.stringify(replies));
    expect(globalThis.pageRenderCalls?.map((call) => call.replies)).toEqual([replies, changed, replies]);
  });

  it('loads a new build of the render when one replaces it', async () => {
    const file = join(folder, 'renderer-rebuilt.mjs');
    writeFileSync(file, standInRenderer('before'));
    const renderer = pageRenderer(file);
    expect((await renderer.render(url, replies, '{}'))?.body).toContain('data-render="before"');
    writeFileSync(file, standInRenderer('after'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect((await renderer.render(url, replies, '{}'))?.body).toContain('data-render="after"');
  });

  it('leaves every page to the browser while there is no build', async () => {
    expect(await pageRenderer(join(folder, 'not-built.mjs')).render(url, replies, '{}')).toBeNull();
  });
});
