// The storefront drawn on the server (server/modules/web/page-renderer.ts loads this module's build, dist-render/): a
// catalogue page's HTML arrives with its header, products and pictures in it, so the browser paints it before the
// app's script has even downloaded (LCP), and the app then hydrates that HTML instead of drawing the page again.
import createCache from '@emotion/cache';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { PageReplies } from '../domain/page-data';
import { AppProviders } from './app/app-providers';
import { classStylesAttribute, emotionKey } from './app/emotion-cache';
import { withPageReplies } from './app/page-data';
import { loadPagesOf } from './app/lazy-route';
import { AppRoutes, appRoutes } from './app/router';

export interface RenderedPage {
  /** The page's styles, for <head>. */
  head: string;
  /** The HTML inside #root. */
  body: string;
}

/**
 * The page at `url`, drawn from `replies` as the browser draws it from the same replies. The server asks only for
 * catalogue pages (server/modules/web/web.ts), none of which redirects.
 */
export async function renderPage(url: URL, replies: PageReplies): Promise<RenderedPage> {
  await loadPagesOf(appRoutes, url.pathname);
  const cache = createCache({ key: emotionKey });
  // Styles are collected, not written beside each element: the page's styles go to <head> in a few <style> tags.
  cache.compat = true;
  const body = withPageReplies(replies, () =>
    renderToString(
      <StrictMode>
        <CacheProvider value={cache}>
          <AppProviders>
            <StaticRouter location={url.pathname}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </CacheProvider>
      </StrictMode>,
    ),
  );
  return { head: styleTags(cache, body), body };
}

/**
 * The styles the page used: the global styles one tag each, as emotion's own server tooling writes them
 * (@emotion/server's extractCriticalToChunks), with `data-s` to say they are in place already (else emotion's first
 * cache moves every one to the end of <head>, and the browser builds their style sheets again); the class styles the
 * HTML names in one tag that the browser's cache reads (src/app/emotion-cache.ts).
 */
function styleTags(cache: EmotionCache, html: string): string {
  const usedIds = new Set([...html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9-_]+)`, 'g'))].map((match) => match[1]));
  const tags: string[] = [];
  const classIds: string[] = [];
  let classCss = '';
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    const isClass = cache.registered[`${cache.key}-${id}`] !== undefined;
    if (!isClass) tags.push(`<style data-emotion="${cache.key}-global ${id}" data-s="">${css}</style>`);
    else if (usedIds.has(id)) {
      classIds.push(id);
      classCss += css;
    }
  }
  tags.push(`<style ${classStylesAttribute}="${classIds.join(' ')}">${classCss}</style>`);
  return tags.join('');
}
