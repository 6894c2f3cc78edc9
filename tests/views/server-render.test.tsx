// @vitest-environment jsdom
// The storefront drawn on the server (src/entry-server.tsx) and taken over in the browser: the server's HTML shows the
// page from its embedded replies alone, and the app hydrates that very HTML (the same nodes, no mismatch), then shows
// what only the browser knows, such as a signed-in shopper's account link.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageDataElementId, pageDataKeys } from '../../domain/page-data';
import type { PageReplies } from '../../domain/page-data';
import { renderPage } from '../../src/entry-server';
import { aCategory, aFlowerDetail, aProduct, headerCategories, shopInfoReply } from './catalog-fixtures';
import { appAt, signIn } from './render-app';

const dry = aCategory('Everlasting Dry Flowers', {
  Side: [aProduct({ productName: 'Pampas Bud Vase', externalId: 'p_bud', itemCode: 'EDF-SIDE-01', sellingPrice: 999 })],
});
const rose = aFlowerDetail({ externalId: 'p_rose', productName: 'Blush Rose Posy' });
const replies: PageReplies = {
  [pageDataKeys.allFlowers('Everlasting Dry Flowers')]: { products: [dry] },
  [pageDataKeys.categoryHeader]: { status: '200', body: headerCategories },
  [pageDataKeys.shopInfo]: shopInfoReply,
  [pageDataKeys.flowerDetail('p_rose')]: { flowerDetail: rose },
};
const categoryPath = '/category/Everlasting%20Dry%20Flowers/Side';

// hydrateRoot is called here, not through Testing Library's render, which would declare this itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The page as the server sends it: its render inside #root, its replies at the end of <body>. */
async function serverPage(path: string): Promise<HTMLElement> {
  const rendered = await renderPage(new URL(path, 'http://shop.invalid'), replies);
  document.body.innerHTML = `<div id="root">${rendered.body}</div><script type="application/json" id="${pageDataElementId}"></script>`;
  document.getElementById(pageDataElementId)!.textContent = JSON.stringify(replies);
  return document.getElementById('root')!;
}

/** As src/main.tsx does it: the page's lazy code is loaded before the app starts. */
async function hydrate(container: HTMLElement, path: string, errors: unknown[]) {
  const { app } = await appAt(path);
  act(() => {
    root = hydrateRoot(container, app, { onRecoverableError: (error) => errors.push(error) });
  });
}

describe('a catalogue page drawn on the server', () => {
  it('shows the category\'s products, prices, links and pictures before any script runs', async () => {
    const page = await serverPage(categoryPath);
    const card = within(page).getByTestId('product-card');
    expect(within(card).getByRole('heading', { name: 'Pampas Bud Vase' })).toBeTruthy();
    expect(card.textContent).toContain('999');
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/flower/p_bud');
    // The same address the browser writes: a relative one, so that hydration finds it unchanged.
    expect(within(card).getByRole('img').getAttribute('src')).toBe('/api/flowerimage?sys_name=EDF-SIDE-01&w=640');
    expect(within(page).getByRole('link', { name: 'Sign In', hidden: true })).toBeTruthy();
    expect(within(page).queryByTestId('grid-skeleton')).toBeNull();
  });

  it('is hydrated in place: the same nodes, no mismatch, and then the signed-in header', async () => {
    const page = await serverPage(categoryPath);
    const card = within(page).getByTestId('product-card');
    // The browser's storage, which the server never sees.
    signIn();
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    await hydrate(page, categoryPath, errors);
    const header = screen.getByRole('banner');
    await waitFor(() => expect(within(header).getByRole('link', { name: 'My Account', hidden: true })).toBeTruthy());
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(within(page).getByTestId('product-card')).toBe(card);
    consoleError.mockRestore();
  });

  it('a product page is hydrated in place too', async () => {
    const page = await serverPage('/flower/p_rose');
    const heading = within(page).getByRole('heading', { level: 1, name: 'Blush Rose Posy' });
    const errors: unknown[] = [];
    await hydrate(page, '/flower/p_rose', errors);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeTruthy());
    expect(errors).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Blush Rose Posy' })).toBe(heading);
  });
});
