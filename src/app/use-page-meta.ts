// What a catalogue page tells search engines, kept true in the browser: the server sends the page's title,
// description, canonical address, link preview and JSON-LD (server/modules/seo/page-meta.ts); when the shopper goes on
// to another page inside the app, this sets the new page's title, description and canonical address, and drops the
// tags that described the page the server sent (a link preview and JSON-LD are only ever read from the server's HTML).
import { useEffect } from 'react';
import { useDocumentTitle } from './use-document-title';

export interface PageMeta {
  title: string;
  /** Unset while the page's data loads: the description in place stays. */
  description?: string;
  /** The page's own path, as the server names it in its canonical link (domain/page-paths.ts). */
  canonicalPath: string;
}

/** Tags that describe one page as the server sent it (server/modules/seo/page-meta.ts pageHeadOf). */
const servedPageTags =
  'meta[property^="og:"], meta[property^="product:"], meta[name^="twitter:"], meta[name="robots"], script[type="application/ld+json"]';

function headElement<T extends Element>(selector: string, create: () => T): T {
  const found = document.head.querySelector<T>(selector);
  if (found) return found;
  const created = create();
  document.head.append(created);
  return created;
}

/** Sets the tab's title, the description and the canonical link while a catalogue page is shown. */
export function usePageMeta({ title, description, canonicalPath }: PageMeta) {
  useDocumentTitle(title);

  useEffect(() => {
    if (description === undefined) return;
    const meta = headElement('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }));
    meta.content = description;
  }, [description]);

  useEffect(() => {
    const href = new URL(canonicalPath, document.baseURI).href;
    const served = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    // The page the server sent (this is its hydration): its tags are true as they are.
    if (served?.href && new URL(served.href).pathname === new URL(href).pathname) return dropOnLeaving;
    for (const tag of document.head.querySelectorAll(servedPageTags)) tag.remove();
    headElement('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' })).href = href;
    return dropOnLeaving;
  }, [canonicalPath]);
}

/** On leaving a catalogue page, nothing of it stays to describe the next page (which sets its own, if it has any). */
function dropOnLeaving() {
  for (const tag of document.head.querySelectorAll(`link[rel="canonical"], ${servedPageTags}`)) tag.remove();
}
