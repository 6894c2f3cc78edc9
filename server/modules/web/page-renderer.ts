/**
 * The storefront's server render: the browser app's own components (src/entry-server.tsx, built by `npm run build` into
 * dist-render/) draw a catalogue page's HTML from the replies the page carries, and the browser hydrates it. A page is
 * drawn once per address and data: the same replies give the same HTML, so it is kept (about 30 ms of CPU saved per
 * visit) until the catalogue changes, which changes the replies.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';
import type { PageReplies } from '../../../domain/page-data';

/** A page as src/entry-server.tsx draws it: its styles for <head>, its HTML for inside #root. */
export interface RenderedPage {
  head: string;
  body: string;
}

type RenderPage = (url: URL, replies: PageReplies) => Promise<RenderedPage>;

export interface PageRenderer {
  /** The page drawn, or null when it is left to the browser (no build). */
  render(url: URL, replies: PageReplies, repliesJson: string): Promise<RenderedPage | null>;
}

const maxPages = 64;
const maxBytes = 16 * 1024 * 1024;

/** `file`: the built module (config.pageRendererFile); read again when a new build replaces it, as index.html is. */
export function pageRenderer(file: string): PageRenderer {
  let loaded: { mtimeMs: number; renderPage: Promise<RenderPage> } | null = null;
  const pages = new LRUCache<string, RenderedPage>({
    max: maxPages,
    maxSize: maxBytes,
    sizeCalculation: (page) => Math.max(1, page.head.length + page.body.length),
  });

  function current(): Promise<RenderPage> | null {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (loaded?.mtimeMs !== mtimeMs) {
      pages.clear();
      const url = `${pathToFileURL(file).href}?v=${mtimeMs}`;
      loaded = { mtimeMs, renderPage: import(url).then((module: { renderPage: RenderPage }) => module.renderPage) };
    }
    return loaded.renderPage;
  }

  return {
    async render(url, replies, repliesJson) {
      const renderPage = current();
      if (!renderPage) return null;
      const key = createHash('sha256').update(url.pathname).update('\0').update(repliesJson).digest('base64url');
      const kept = pages.get(key);
      if (kept !== undefined) return kept;
      const page = await (await renderPage)(url, replies);
      pages.set(key, page);
      return page;
    },
  };
}
