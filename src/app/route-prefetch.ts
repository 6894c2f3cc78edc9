// Most pages are lazy chunks (src/app/router.tsx). A page a link leads to starts downloading as soon as the shopper
// points at the link (a mouse over it, a finger on it, keyboard focus), a few hundred milliseconds before the click:
// following the link then seldom waits for the page's code.
import type { RouteObject } from 'react-router-dom';
import { prefetchPagesOf } from './lazy-route';

const intents = ['pointerover', 'touchstart', 'focusin'] as const;

export function prefetchPagesOnIntent(routes: RouteObject[], target: Document): void {
  const prefetched = new Set<string>();
  const prefetch = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (prefetched.has(link.pathname)) return;
    prefetched.add(link.pathname);
    prefetchPagesOf(routes, link.pathname);
  };
  for (const intent of intents) target.addEventListener(intent, prefetch, { capture: true, passive: true });
}
