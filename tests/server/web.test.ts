import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { webFontsCookie, webFontsTemplateId } from '../../domain/web-fonts';
import { buildTestApp } from './helpers/app';

const indexHtml = '<!doctype html><html><head><title>Petals</title></head><body><div id="root"></div></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('serving the built app', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'fs-dist-'));
    mkdirSync(join(dist, 'static', 'js'), { recursive: true });
    mkdirSync(join(dist, 'static', 'css'), { recursive: true });
    mkdirSync(join(dist, 'static', 'fonts'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, 'static', 'js', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    writeFileSync(join(dist, 'static', 'css', 'index-def456.css'), 'body{margin:0}');
    writeFileSync(join(dist, 'static', 'fonts', 'inter-1a2b.woff2'), 'font');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    app = await buildTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed scripts, styles and fonts with immutable caching', async () => {
    for (const url of ['/static/js/index-abc123.js', '/static/css/index-def456.css', '/static/fonts/inter-1a2b.woff2']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });

  it('compresses a large script for a browser that accepts brotli', async () => {
    const res = await app.inject({ method: 'GET', url: '/static/js/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('serves other files in the root with short caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['/home', '/category/Everlasting%20Dry%20Flowers/Side', '/flower/prod-1', '/account/orders'])(
    'answers the page %s with index.html, never cached (history fallback)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: html });
      // No product prod-1 is sold here: its page still goes out, as a 404 (seo.test.ts).
      expect(res.statusCode).toBe(url === '/flower/prod-1' ? 404 : 200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      // Catalogue pages also carry their data and their largest picture's preload (catalog-page.test.ts), and every
      // page what search engines read in its <head> (seo.test.ts); the built page is all there.
      const added = /<script type="application\/json" id="page-data">.*?<\/script>|<link rel="preload" as="image"[^>]*>\s*/gs;
      const withoutHead = (body: string) => body.replace(/<head>.*<\/head>/s, '<head></head>');
      expect(withoutHead(res.body.replace(added, ''))).toBe(withoutHead(indexHtml));
      expect(res.body).toContain('<title>');
    },
  );

  it('answers a page request without an Accept header as one that accepts anything (RFC 9110 §12.5.1)', async () => {
    for (const url of ['/home', '/flower/prod-1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url === '/flower/prod-1' ? 404 : 200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
    const asset = await app.inject({ method: 'GET', url: '/static/js/gone-000.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json().code).toBe('NOT_FOUND');
  });

  it('sends `/` on to the landing category (SPEC.md §2), with its query', async () => {
    const res = await app.inject({ method: 'GET', url: '/?utm_source=mail&x=%20y', headers: html });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/category/Everlasting%20Dry%20Flowers/Side?utm_source=mail&x=%20y');
    expect((await app.inject({ method: 'GET', url: '/' })).headers.location).toBe('/category/Everlasting%20Dry%20Flowers/Side');
  });

  it('sends strict security headers with the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/home', headers: html });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers a missing hashed asset with 404, not the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/static/js/gone-000.js', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('never answers an unknown API address with the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('refuses to serve files outside dist', async () => {
    for (const url of ['/static/../../etc/passwd', '/static/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('root:');
      // The shop's page (a path like any other) or a refusal: never the file.
      expect(res.statusCode === 200 ? res.body.includes('<div id="root">') : res.json().code, url).toBeTruthy();
    }
  });
});

describe('before the app is built', () => {
  it('answers a page request with a 503 page saying to run npm run build', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'fs-nodist-'));
    const app = await buildTestApp({ distDir: join(empty, 'dist') });
    try {
      const res = await app.inject({ method: 'GET', url: '/home', headers: html });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('npm run build');
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("the shop's fonts", () => {
  const fontRules = "<style>@font-face{font-family:Inter Variable;src:url(/static/fonts/inter-1a2b.woff2)}</style>";
  const withHeldFonts = `<!doctype html><html><head><style>@font-face{font-family:Inter fallback;src:local(Arial)}</style><template id="${webFontsTemplateId}">${fontRules}</template></head><body><div id="root"></div></body></html>`;
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'fs-dist-fonts-'));
    writeFileSync(join(dist, 'index.html'), withHeldFonts);
    app = await buildTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('holds them back on a first visit: the page that start-app.ts adds them to after its largest picture', async () => {
    // An information page: one the server sends as built (others carry noindex or their own head: seo.test.ts).
    const res = await app.inject({ method: 'GET', url: '/shipping', headers: html });
    expect(res.body).toBe(withHeldFonts);
  });

  it('sends them live to a browser that has loaded them before, as the page was built otherwise', async () => {
    const res = await app.inject({ method: 'GET', url: '/shipping', headers: { ...html, cookie: `${webFontsCookie}=1` } });
    expect(res.body).not.toContain('<template');
    expect(res.body).toBe(withHeldFonts.replace(`<template id="${webFontsTemplateId}">${fontRules}</template>`, fontRules));
  });
});
