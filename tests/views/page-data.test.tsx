// @vitest-environment jsdom
// A catalogue page that arrives with its replies embedded (server/modules/catalog/catalog-page.ts) shows its products in
// its very first render, asks the API for none of them, and a later visit asks the API again.
import './setup-dom';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageDataElementId, pageDataKeys } from '../../domain/page-data';
import { aCategory, aFlowerDetail, aProduct, headerCategories, shopInfoReply } from './catalog-fixtures';
import { renderApp } from './render-app';

const dry = aCategory('Everlasting Dry Flowers', {
  Side: [aProduct({ productName: 'Pampas Bud Vase', externalId: 'p_bud' }), aProduct({ productName: 'Gold Palm Bottle' })],
});
const rose = aFlowerDetail({ externalId: 'p_rose', productName: 'Blush Rose Posy' });

const requests: string[] = [];
const server = setupServer(
  http.get('*/api/categoryheader', () => {
    requests.push('categoryheader');
    return HttpResponse.json({ status: '200', body: headerCategories });
  }),
  http.get('*/api/shop', () => {
    requests.push('shop');
    return HttpResponse.json(shopInfoReply);
  }),
  http.get('*/api/allflowers', () => {
    requests.push('allflowers');
    return HttpResponse.json({ products: [dry] });
  }),
  http.get('*/api/flowerdetail/:id', () => {
    requests.push('flowerdetail');
    return HttpResponse.json({ flowerDetail: rose });
  }),
);

function embed(replies: Record<string, unknown>) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = pageDataElementId;
  script.textContent = JSON.stringify(replies);
  document.body.append(script);
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  embed({
    [pageDataKeys.allFlowers('Everlasting Dry Flowers')]: { products: [dry] },
    [pageDataKeys.categoryHeader]: { status: '200', body: headerCategories },
    [pageDataKeys.shopInfo]: shopInfoReply,
    [pageDataKeys.flowerDetail('p_rose')]: { flowerDetail: rose },
    // Breaks the contract: ignored, the API is asked instead.
    [pageDataKeys.flowerDetail('p_broken')]: { flowerDetail: { productName: 42 } },
  });
});
afterEach(() => {
  cleanup();
  requests.length = 0;
});
afterAll(() => server.close());

describe('a page that arrives with its data', () => {
  it('shows the category\'s products in its first render, without asking the API for them', async () => {
    await renderApp('/category/Everlasting%20Dry%20Flowers/Side');
    // getBy, not findBy: no wait for an answer.
    expect(screen.getByText('Pampas Bud Vase')).toBeTruthy();
    expect(screen.getAllByTestId('product-card')).toHaveLength(2);
    expect(screen.queryByTestId('grid-skeleton')).toBeNull();
    // The footer's contact details came along too.
    expect(screen.getByRole('link', { name: `${shopInfoReply.name} on Instagram` }).getAttribute('href')).toBe(shopInfoReply.instagramUrl);
    await screen.findByRole('contentinfo');
    expect(requests).toEqual([]);
  });

  it('a second visit to the same page asks the API: embedded data serves the page it came with only', async () => {
    await renderApp('/category/Everlasting%20Dry%20Flowers/Side');
    expect(screen.getByTestId('grid-skeleton')).toBeTruthy();
    expect(await screen.findByText('Pampas Bud Vase')).toBeTruthy();
    expect(requests).toEqual(expect.arrayContaining(['allflowers', 'categoryheader']));
  });

  it('shows a product in its first render', async () => {
    await renderApp('/flower/p_rose');
    expect(screen.getByRole('heading', { level: 1, name: 'Blush Rose Posy' })).toBeTruthy();
    expect(requests).not.toContain('flowerdetail');
  });

  it('asks the API when the embedded reply breaks the contract', async () => {
    await renderApp('/flower/p_broken');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blush Rose Posy' })).toBeTruthy();
    expect(requests).toContain('flowerdetail');
  });
});
