// @vitest-environment jsdom
// The category page: products of the sub-category in the address, local sub-category switching (no new request),
// struck MRP only above the selling price, and the empty message.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aCategory, aProduct, layoutHandlers } from './catalog-fixtures';
import { renderApp } from './render-app';
import { mockApi } from './page-harness';

const dry = aCategory('Everlasting Dry Flowers', {
  Exotic: [aProduct({ productName: 'Palm Spear Vase' })],
  Posy: [aProduct({ productName: 'Golden Pampas Posy', sellingPrice: 1199, mrp: 1199 })],
  Round: [],
  Side: [
    aProduct({ productName: 'Pampas Bud Vase', externalId: 'p_bud', sellingPrice: 899, mrp: 899 }),
    aProduct({ productName: 'Gold Palm Bottle', sellingPrice: 1199, mrp: 1399 }),
  ],
});

const requests: string[] = [];
mockApi([
  ...layoutHandlers,
  http.get('*/api/allflowers', ({ request }) => {
    const category = new URL(request.url).searchParams.get('category_name');
    requests.push(category ?? '*');
    return HttpResponse.json({ products: category === dry.categoryName ? [dry] : [] });
  }),
], () => requests.length = 0);

const cards = () => screen.getAllByTestId('product-card');

describe('category page', () => {
  it('shows the category heading, its sub-category pills and the products of the chosen one', async () => {
    await renderApp('/category/Everlasting%20Dry%20Flowers/Side');
    expect(screen.getByRole('heading', { level: 1, name: 'Everlasting Dry Flowers' })).toBeTruthy();
    expect(await screen.findByText('Pampas Bud Vase')).toBeTruthy();
    expect(cards()).toHaveLength(2);
    const pills = within(screen.getByRole('group', { name: 'Sub-categories' })).getAllByRole('button');
    expect(pills.map((pill) => [pill.textContent, pill.getAttribute('aria-pressed')])).toEqual([
      ['Exotic', 'false'],
      ['Posy', 'false'],
      ['Round', 'false'],
      ['Side', 'true'],
    ]);
    expect(requests).toEqual(['Everlasting Dry Flowers']);
  });

  it('links each product to its detail page, with its image and prices', async () => {
    await renderApp('/category/Everlasting%20Dry%20Flowers/Side');
    const [bud, palm] = await waitFor(() => cards());
    expect(within(bud!).getByRole('link', { name: 'Pampas Bud Vase' }).getAttribute('href')).toBe('/flower/p_bud');
    expect(within(bud!).getByRole('img', { name: 'Pampas Bud Vase' }).getAttribute('srcset')).toContain('w=320');
    expect(within(bud!).getByText('Rs. 899')).toBeTruthy();
    // MRP equal to the selling price: no struck price.
    expect(bud!.querySelector('s')).toBeNull();
    expect(within(palm!).getByText('Rs. 1,199')).toBeTruthy();
    expect(palm!.querySelector('s')?.textContent).toBe('Rs. 1,399');
  });

  it('switches sub-category locally: new products and address, no new request', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/category/Everlasting%20Dry%20Flowers/Side');
    await screen.findByText('Pampas Bud Vase');
    await user.click(screen.getByRole('button', { name: 'Posy' }));
    expect(await screen.findByText('Golden Pampas Posy')).toBeTruthy();
    expect(screen.queryByText('Pampas Bud Vase')).toBeNull();
    expect(router.state.location.pathname).toBe('/category/Everlasting%20Dry%20Flowers/Posy');
    expect(screen.getByRole('button', { name: 'Posy' }).getAttribute('aria-pressed')).toBe('true');
    expect(requests).toEqual(['Everlasting Dry Flowers']);
  });

  it('keeps what search engines read true when the shopper moves on: title, description and canonical of the new page', async () => {
    // The head as the server sent it for the Side page (server/modules/seo/page-meta.ts).
    document.title = 'Side · Everlasting Dry Flowers';
    document.head.insertAdjacentHTML('beforeend', [
      '<meta name="description" content="Side from the server">',
      '<link rel="canonical" href="https://shop.example.in/category/Everlasting%20Dry%20Flowers/Side">',
      '<meta property="og:title" content="Side · Everlasting Dry Flowers">',
      '<script type="application/ld+json">{"@type":"BreadcrumbList"}</script>',
    ].join(''));
    const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    const user = userEvent.setup();
    await renderApp('/category/Everlasting%20Dry%20Flowers/Side');
    await screen.findByText('Pampas Bud Vase');
    // The page the server sent: its tags stay.
    expect(canonical()).toBe('https://shop.example.in/category/Everlasting%20Dry%20Flowers/Side');
    expect(document.head.querySelector('meta[property="og:title"]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Posy' }));
    await screen.findByText('Golden Pampas Posy');
    await waitFor(() => expect(document.title).toMatch(/^Posy · Everlasting Dry Flowers/));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      'Posy from our Everlasting Dry Flowers collection: 1 arrangement from Rs. 1,199, such as Golden Pampas Posy.',
    );
    expect(new URL(canonical()!).pathname).toBe('/category/Everlasting%20Dry%20Flowers/Posy');
    // The Side page's link preview and JSON-LD no longer describe what is shown.
    expect(document.head.querySelector('meta[property="og:title"], script[type="application/ld+json"]')).toBeNull();
  });

  it('says so when a sub-category has no flowers', async () => {
    await renderApp('/category/Everlasting%20Dry%20Flowers/Round');
    expect(await screen.findByText('No flowers available for this category.')).toBeTruthy();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });

  it('says so for a category the shop does not have', async () => {
    await renderApp('/category/Silk%20Flowers/Side');
    expect(await screen.findByText('No flowers available for this category.')).toBeTruthy();
  });
});
