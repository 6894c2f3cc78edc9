// @vitest-environment jsdom
// The results page of /search?q=… (issue 42): the product cards of the results, the criteria read from and written to
// the address, filters that start again at page 1, the empty state, and Try again after a failed call.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aProduct, layoutHandlers } from './catalog-fixtures';
import { renderApp } from './render-app';
import { mockApi } from './page-harness';

const result = (productName: string, externalId: string) => ({
  ...aProduct({ productName, externalId }),
  categoryName: 'Fresh Flowers',
  subCategoryName: 'Bouquets',
});
const requests: URLSearchParams[] = [];
let answer: () => Response = () =>
  HttpResponse.json({ total: 30, page: 1, pageSize: 24, products: [result('Sunny Gerbera Bouquet', 'p_gerbera'), result('Pastel Garden Bouquet', 'p_pastel')] });
mockApi([
  ...layoutHandlers,
  http.get('*/api/searchflowers', ({ request }) => {
    requests.push(new URL(request.url).searchParams);
    return answer();
  }),
], () => requests.length = 0);

describe('search results page', () => {
  it('shows the results of the address\'s words with the category grid\'s cards', async () => {
    await renderApp('/search?q=gerbra');
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “gerbra”' })).toBeTruthy();
    const cards = await screen.findAllByTestId('product-card');
    expect(within(cards[0]!).getByRole('link', { name: 'Sunny Gerbera Bouquet' }).getAttribute('href')).toBe('/flower/p_gerbera');
    expect(screen.getByText('30 flowers found')).toBeTruthy();
    expect(requests.map((params) => params.toString())).toEqual(['q=gerbra']);
  });

  it('sends a filter through the address, back at page 1, and pages on', async () => {
    await renderApp('/search?q=rose&page=2');
    await screen.findAllByTestId('product-card');
    await userEvent.selectOptions(screen.getByLabelText('Delivery'), 'courier');
    await waitFor(() => expect(requests.at(-1)?.toString()).toBe('q=rose&kind=courier'));
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'price_asc');
    await waitFor(() => expect(requests.at(-1)?.toString()).toBe('q=rose&kind=courier&sort=price_asc'));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requests.at(-1)?.toString()).toBe('q=rose&kind=courier&sort=price_asc&page=2'));
  });

  it('applies a price range typed the wrong way round', async () => {
    await renderApp('/search?q=lily');
    await screen.findAllByTestId('product-card');
    await userEvent.type(screen.getByLabelText('Min ₹'), '2000');
    await userEvent.type(screen.getByLabelText('Max ₹'), '5x00');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requests.at(-1)?.toString()).toBe('q=lily&minPrice=500&maxPrice=2000'));
  });

  it('says when nothing matches', async () => {
    answer = () => HttpResponse.json({ total: 0, page: 1, pageSize: 24, products: [] });
    await renderApp('/search?q=%F0%9F%8C%B9');
    expect(await screen.findByText('No flowers match “🌹”.')).toBeTruthy();
    expect(screen.queryAllByTestId('product-card')).toHaveLength(0);
  });

  it('says when the search failed, and Try again asks again', async () => {
    answer = () => HttpResponse.json({ message: 'down', code: 'INTERNAL' }, { status: 500 });
    await renderApp('/search?q=tulip');
    expect(await screen.findByText('We could not search just now.')).toBeTruthy();
    answer = () => HttpResponse.json({ total: 1, page: 1, pageSize: 24, products: [result('Coral Tulip Exotic Vase', 'p_tulip')] });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Coral Tulip Exotic Vase')).toBeTruthy();
  });
});
