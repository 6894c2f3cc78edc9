// @vitest-environment jsdom
// The header's search box (issue 42): a plain search field until focused, then the combobox with suggestions while
// typing, keyboard navigation (Down, Up, Escape), Enter to the results page or to the highlighted product.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aFlowerDetail, aProduct, layoutHandlers } from './catalog-fixtures';
import { renderApp } from './render-app';
import { mockApi } from './page-harness';

const suggestions = [
  { externalId: 'p_gerbera', productName: 'Sunny Gerbera Bouquet', categoryName: 'Fresh Flowers' },
  { externalId: 'p_pastel', productName: 'Pastel Garden Bouquet', categoryName: 'Fresh Flowers' },
];
const asked: string[] = [];
mockApi([
  ...layoutHandlers,
  http.get('*/api/searchsuggestions', ({ request }) => {
    asked.push(new URL(request.url).searchParams.get('q') ?? '');
    return HttpResponse.json({ suggestions });
  }),
  http.get('*/api/searchflowers', ({ request }) =>
    HttpResponse.json({
      total: 1,
      page: 1,
      pageSize: 24,
      products: [{ ...aProduct({ productName: `Found for ${new URL(request.url).searchParams.get('q')}` }), categoryName: 'Fresh Flowers', subCategoryName: 'Bouquets' }],
    }),
  ),
  http.get('*/api/flowerdetail/:id', () => HttpResponse.json({ flowerDetail: aFlowerDetail({ externalId: 'p_pastel', productName: 'Pastel Garden Bouquet' }) })),
], () => asked.length = 0);

// jsdom applies no media queries: the desktop header's box is reached with `hidden: true`.
const box = () => screen.getAllByRole('combobox', { name: 'Search flowers', hidden: true })[0]!;

describe('header search box', () => {
  it('is a collapsed combobox that asks nothing until the shopper types', async () => {
    await renderApp('/search?q=rose');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(asked).toEqual([]);
  });

  it('suggests after a pause in typing, moves with Down and Up, and Escape closes the list', async () => {
    const user = userEvent.setup();
    await renderApp('/search?q=rose');
    await user.click(box());
    // The box with suggestions takes the plain field's place once its chunk is here.
    await waitFor(() => expect(box().getAttribute('aria-controls')).toBeTruthy());
    await user.keyboard('gerb');
    await waitFor(() => expect(box().getAttribute('aria-expanded')).toBe('true'));
    expect(asked).toEqual(['gerb']);
    const list = document.getElementById(box().getAttribute('aria-controls')!)!;
    expect(list.getAttribute('role')).toBe('listbox');
    const options = within(list).getAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['Sunny Gerbera BouquetFresh Flowers', 'Pastel Garden BouquetFresh Flowers']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{Escape}');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('Enter with nothing highlighted opens the results page of the words', async () => {
    const user = userEvent.setup();
    await renderApp('/search?q=rose');
    await user.click(box());
    await user.keyboard('gerbra{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “gerbra”' })).toBeTruthy();
    expect(await screen.findByText('Found for gerbra')).toBeTruthy();
  });

  it('Enter on a highlighted suggestion opens that product', async () => {
    const user = userEvent.setup();
    await renderApp('/search?q=rose');
    await user.click(box());
    await user.keyboard('bouq');
    await waitFor(() => expect(box().getAttribute('aria-expanded')).toBe('true'));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pastel Garden Bouquet' })).toBeTruthy();
  });
});
