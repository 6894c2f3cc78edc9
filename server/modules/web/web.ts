/**
 * Serves the built browser app from dist/: hashed assets with immutable caching, other root files briefly cached,
 * and index.html (never cached) for any page address, so the browser router handles deep links (history fallback).
 * A catalogue page's index.html carries what its first render needs (modules/catalog/catalog-page.ts) and what search
 * engines read of it (modules/seo/page-meta.ts); every page that is neither a catalogue page nor one of the shop's
 * information pages says `noindex`.
 */
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageDataElementId, pageScriptsMetaName } from '../../../domain/page-data';
import { webFontsCookie, webFontsTemplateId } from '../../../domain/web-fonts';
import type { CatalogPage, ImagePreload } from '../catalog/catalog-page';
import type { PageHead } from '../seo/page-meta';
import { isIndexableInfoPage, noindexHead, pageHeadOf } from '../seo/page-meta';
import type { PageRenderer, RenderedPage } from './page-renderer';
import { builtFileReader } from './built-file';
import { builtManifestReader, lazyCatalogModules, lazyModuleFiles } from './page-scripts';

const immutableFolders = ['js', 'css', 'fonts', 'media'].map((folder) => `static${sep}${folder}${sep}`);

export const cacheControl = {
  hashed: 'public, max-age=31536000, immutable',
  page: 'no-cache',
  rootFile: 'public, max-age=3600',
} as const;

export interface Web {
  /** Answers a GET for a page the server has no route for; false when the request is not one for a page. */
  servePage(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export interface WebOptions {
  distDir: string;
  /** Where `/` sends a visitor (SPEC.md §2), so that the first page a shopper sees arrives drawn like any other. */
  rootRedirect?: string;
  /** What a page at this address carries beyond index.html; null for none. */
  catalogPage?: (pathname: string) => Promise<CatalogPage | null>;
  /** Draws a catalogue page's HTML on the server from the replies it carries; without it the browser draws it. */
  renderer?: PageRenderer;
}

export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<Web> {
  const { distDir, rootRedirect, catalogPage, renderer } = options;
  const indexFile = join(distDir, 'index.html');
  // index.html as built; null while there is none.
  const template = builtFileReader(indexFile, (html) => html);
  const manifest = builtManifestReader(join(distDir, '.vite', 'manifest.json'));
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // Every page address reaches servePage: '/' through its own route below, the others through the not-found handler.
    index: false,
    redirect: false,
    wildcard: true,
    // Other engineers' builds and a missing dist/ (dev, tests) are normal: the page fallback says what to do.
    suppressWarning: true,
    cacheControl: false,
    serveDotFiles: false,
    setHeaders(reply, filePath) {
      const path = relative(distDir, filePath);
      if (immutableFolders.some((folder) => path.startsWith(folder))) reply.header('cache-control', cacheControl.hashed);
      else if (path === 'index.html') reply.header('cache-control', cacheControl.page);
      else reply.header('cache-control', cacheControl.rootFile);
    },
  });

  async function sendPage(request: FastifyRequest, reply: FastifyReply, path: string): Promise<FastifyReply> {
    const built = template();
    if (built === null) return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(notBuiltPage);
    let unread = false;
    const page = await catalogPage?.(path).catch((error: unknown) => {
      // The page still works without its data: the app asks the API, which answers for itself.
      request.log.warn({ err: error }, 'The page went out without its catalogue data');
      unread = true;
      return null;
    });
    const fonted = request.cookies[webFontsCookie] ? withWebFontsLive(built) : built;
    // A page whose data could not be read is not called unlistable for that: it goes out as built.
    const head = unread ? null : headOf(path, page ?? null);
    const html = head ? withPageHead(fonted, head) : fonted;
    const repliesJson = page ? JSON.stringify(page.replies) : '';
    const body = page ? withCatalogPage(html, page, repliesJson, await renderedPage(request, page, repliesJson), lazyScriptsOf(page)) : html;
    return reply.code(page?.notFound ? 404 : 200).header('cache-control', cacheControl.page).type('text/html; charset=utf-8').send(body);
  }

  /** The addresses of the page's lazy code, if it has any (modules/web/page-scripts.ts). */
  function lazyScriptsOf(page: CatalogPage): string[] {
    const module = lazyCatalogModules[page.kind];
    const built = module ? manifest() : null;
    return built && module ? lazyModuleFiles(built, module) : [];
  }

  async function renderedPage(request: FastifyRequest, page: CatalogPage, repliesJson: string): Promise<RenderedPage | null> {
    if (!renderer || !page.serverRender) return null;
    // No catalogue page reads its query: drawn without it, `?utm_source=…` shares the page already drawn.
    const { pathname } = new URL(request.url, 'http://shop.invalid');
    try {
      return await renderer.render(new URL(pathname, 'http://shop.invalid'), page.replies, repliesJson);
    } catch (error) {
      // The browser draws the page itself from the same data, as it does for every other page.
      request.log.warn({ err: error }, 'The page went out without its server render');
      return null;
    }
  }

  app.get('/', { schema: { hide: true } }, (request, reply) => {
    if (!rootRedirect) return sendPage(request, reply, '/');
    const query = request.url.indexOf('?');
    return reply.redirect(query === -1 ? rootRedirect : `${rootRedirect}${request.url.slice(query)}`, 302);
  });

  return {
    async servePage(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const path = request.url.split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/') || path.startsWith('/dev/') || path.startsWith('/static/')) return false;
      if (!wantsPage(request.headers.accept, path)) return false;
      await sendPage(request, reply, path);
      return true;
    },
  };
}


const emptyRoot = '<div id="root"></div>';

/**
 * What search engines read in a page's <head>: a live catalogue page's own tags; noindex for every other page but the
 * shop's information pages (which keep their head as built).
 */
function headOf(path: string, page: CatalogPage | null): PageHead | null {
  if (page) return page.meta ? pageHeadOf(page.meta) : noindexHead;
  return isIndexableInfoPage(path) ? null : noindexHead;
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const builtTitle = /<title>[\s\S]*?<\/title>/i;
const builtDescription = /\s*<meta\s+name="description"[^>]*>/i;

/**
 * The page's own title in place of the built one (and its own description in place of the built description), its
 * other tags right behind the title; a page without a title of its own keeps the built one and gets its tags (noindex)
 * at the end of <head>.
 */
export function withPageHead(html: string, head: PageHead): string {
  if (head.title === null || !builtTitle.test(html)) return html.replace('</head>', () => `${head.tags}</head>`);
  const title = `<title>${escapeText(head.title)}</title>`;
  return html.replace(builtDescription, '').replace(builtTitle, () => `${title}\n    ${head.tags}`);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON inside <script> must not close it: every '<' is escaped (JSON.parse reads \u003c back as '<'). */
const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c');

function imagePreloadTag(image: ImagePreload): string {
  const optional = { imagesrcset: image.srcSet, imagesizes: image.sizes, media: image.media };
  const more = Object.entries(optional)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value!)}"`)
    .join('');
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image.href)}"${more}>`;
}

/**
 * The picture's preload goes right behind the viewport's <meta>, early for the browser's preload scanner and after the
 * page's width is known (ahead of it, a media query would be read against the scanner's default 980 px, and a phone
 * would fetch the desktop picture as well); the names of the page's lazy scripts go into <head>; the server's render
 * of the page, if any, goes into #root (its styles into <head>), which the app then hydrates; the replies go at the
 * end of <body>, read by the app's script after the document is parsed.
 */
export function withCatalogPage(html: string, page: CatalogPage, repliesJson: string, rendered: RenderedPage | null, lazyScripts: string[] = []): string {
  let result = html;
  if (page.lcpImages?.length) {
    const tags = page.lcpImages.map(imagePreloadTag).join('\n    ');
    const viewport = /<meta name="viewport"[^>]*>/i.exec(result);
    result = viewport
      ? `${result.slice(0, viewport.index + viewport[0].length)}\n    ${tags}${result.slice(viewport.index + viewport[0].length)}`
      : result.replace('</head>', () => `${tags}</head>`);
  }
  if (lazyScripts.length) {
    result = result.replace('</head>', () => `<meta name="${pageScriptsMetaName}" content="${escapeAttribute(lazyScripts.join(' '))}"></head>`);
  }
  if (rendered !== null) {
    result = result.replace('</head>', () => `${rendered.head}</head>`).replace(emptyRoot, () => `<div id="root">${rendered.body}</div>`);
  }
  const data = `<script type="application/json" id="${pageDataElementId}">${scriptSafeJson(repliesJson)}</script>`;
  // Replacers as functions: a '$&' in a product's name is text, not a replacement pattern.
  return result.replace('</body>', () => `${data}</body>`);
}

const webFontsTemplate = new RegExp(`<template id="${webFontsTemplateId}">([\\s\\S]*?)</template>`);

/**
 * The page holds the shop's fonts back until its largest picture has painted (src/start-app.ts); a browser that has
 * loaded them before has them in its cache, so its page gets them live, and its first paint is already in them. (A
 * cache between shop and browser may hand either page to either browser: both are whole, one only swaps fonts later.)
 */
function withWebFontsLive(html: string): string {
  return html.replace(webFontsTemplate, (_template, rules: string) => rules);
}

/**
 * A browser navigation asks for HTML; a bare client (curl) asking for anything gets a page for extension-less paths,
 * and so does one that sends no Accept at all, which accepts anything (RFC 9110 §12.5.1).
 */
function wantsPage(accept = '*/*', path: string): boolean {
  if (accept.includes('text/html')) return true;
  return accept.includes('*/*') && !/\.[A-Za-z0-9]+$/.test(path);
}

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The shop is not built yet</title>
<style>body{font-family:system-ui,sans-serif;background:#FBF7F2;color:#2B2B2B;margin:0}main{max-width:560px;margin:15vh auto;padding:24px}h1{color:#1F4D3A}code{background:#fff;padding:2px 6px;border-radius:4px}</style>
</head><body><main>
<h1>The shop's web app has not been built yet</h1>
<p>The API is running, but there is no <code>dist/index.html</code> to serve.</p>
<p>Run <code>npm run build</code> (or simply <code>npm start</code>, which builds first), then reload this page.</p>
</main></body></html>`;
