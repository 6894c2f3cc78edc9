// @vitest-environment jsdom
// A page a link leads to starts loading when the shopper points at the link (src/app/route-prefetch.ts), once.
import './setup-dom';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, lazyRoute } from '../../src/app/lazy-route';
import { prefetchPagesOnIntent } from '../../src/app/route-prefetch';

function routesWithLazyPages() {
  const loadFlower = vi.fn(() => Promise.resolve({ FlowerPage: () => null }));
  const loadCart = vi.fn(() => Promise.resolve({ CartPage: () => null }));
  const routes: RouteObject[] = [
    lazyRoute('/flower/:flower_ext_id', lazyPage(loadFlower, (module) => module.FlowerPage)),
    lazyRoute('/cart', lazyPage(loadCart, (module) => module.CartPage)),
  ];
  return { routes, loadFlower, loadCart };
}

function link(href: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.innerHTML = '<span>Blush Rose Posy</span>';
  document.body.append(anchor);
  return anchor;
}

describe('prefetching a page on intent', () => {
  it("loads the page's chunk when a pointer comes over its link, a finger touches it or it takes focus, once", () => {
    const { routes, loadFlower, loadCart } = routesWithLazyPages();
    prefetchPagesOnIntent(routes, document);

    const product = link('/flower/p_rose');
    product.firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loadFlower).toHaveBeenCalledTimes(1);
    product.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(loadFlower).toHaveBeenCalledTimes(1);

    link('/cart').dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(loadCart).toHaveBeenCalledTimes(1);
  });

  it('leaves links to other sites and places that are not links alone', () => {
    const { routes, loadFlower } = routesWithLazyPages();
    prefetchPagesOnIntent(routes, document);
    link('https://elsewhere.example/flower/p_rose').dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(loadFlower).not.toHaveBeenCalled();
  });
});
