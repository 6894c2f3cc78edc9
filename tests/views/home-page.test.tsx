// @vitest-environment jsdom
// The home page: hero and banners from heroimage, CATEGORIES tiles with the spec's links, a carousel per category
// with four sub-categories a slide and "Rs. {mrp}" cards, View More.
import './setup-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aCategory, aProduct, layoutHandlers } from './catalog-fixtures';
import { renderApp } from './render-app';
import { mockApi } from './page-harness';

const catalog = [
  aCategory('Fresh Flowers', {
    Exotic: [aProduct({ productName: 'Royal Lily Vase', mrp: 2499, sellingPrice: 2199 })],
    Bouquets: [aProduct({ productName: 'Pastel Garden Bouquet', mrp: 1499 })],
  }),
  aCategory('Everlasting Dry Flowers', {
    Posy: [aProduct({ productName: 'Golden Pampas Posy', mrp: 1250 }), aProduct({ productName: 'Second Posy' })],
    Exotic: [aProduct({ productName: 'Palm Spear Vase', mrp: 2999 })],
    Round: [aProduct({ productName: 'Bunny-Tail Round', mrp: 1799 })],
    Side: [aProduct({ productName: 'Pampas Bud Vase', mrp: 899 })],
    Wreath: [aProduct({ productName: 'Lavender Wreath', mrp: 2150 })],
  }),
];

const requests: (string | null)[] = [];
mockApi([
  ...layoutHandlers,
  http.get('*/api/allflowers', ({ request }) => {
    requests.push(new URL(request.url).searchParams.get('category_name'));
    return HttpResponse.json({ products: catalog });
  }),
], () => requests.length = 0);

const section = (name: string) => screen.getByRole('region', { name });

describe('home page', () => {
  it('loads the whole catalogue once, without a category', async () => {
    await renderApp('/home');
    await screen.findByRole('heading', { level: 2, name: 'Fresh Flowers' });
    expect(requests).toEqual([null]);
  });

  it('shows the hero with mobile and desktop images and the Shop Everlasting button', async () => {
    await renderApp('/home');
    const hero = screen.getByRole('region', { name: 'Flowers that stay, long after the day' });
    const img = within(hero).getByRole('img');
    expect(img.getAttribute('src')).toContain('/api/heroimage?image=topbannermobileimg');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(hero.querySelector('source')?.getAttribute('srcset')).toContain('image=topbannerimg');
    expect(within(hero).getByRole('link', { name: 'Shop Everlasting' }).getAttribute('href')).toBe(
      '/category/Everlasting%20Dry%20Flowers/Side',
    );
    const banner = screen.getByRole('region', { name: 'Our studio' });
    expect(within(banner).getByRole('img').getAttribute('src')).toContain('image=bottombannermobileimg');
  });

  it('links the CATEGORIES tiles: Fresh Flowers to Exotic, Dry Flowers to the first dry sub-category', async () => {
    await renderApp('/home');
    await screen.findByRole('heading', { level: 2, name: 'Fresh Flowers' });
    const tiles = section('CATEGORIES');
    expect(within(tiles).getByRole('link', { name: 'Fresh Flowers' }).getAttribute('href')).toBe('/category/Fresh%20Flowers/Exotic');
    expect(within(tiles).getByRole('link', { name: 'Dry Flowers' }).getAttribute('href')).toBe(
      '/category/Everlasting%20Dry%20Flowers/Posy',
    );
  });

  it('shows four sub-categories a slide: first product, upper-case name, product name and Rs. {mrp}', async () => {
    const user = userEvent.setup();
    await renderApp('/home');
    const dry = await screen.findByRole('region', { name: 'Everlasting Dry Flowers' });
    expect(within(dry).getAllByRole('article')).toHaveLength(4);
    const posy = within(dry).getAllByRole('article')[0]!;
    expect(within(posy).getByText('POSY')).toBeTruthy();
    expect(within(posy).getByText('Golden Pampas Posy')).toBeTruthy();
    expect(within(posy).getByText('Rs. 1,250')).toBeTruthy();
    expect(within(posy).getByRole('link').getAttribute('href')).toBe('/category/Everlasting%20Dry%20Flowers/Posy');
    expect(within(dry).queryByText('Second Posy')).toBeNull();
    expect(within(dry).queryByText('WREATH')).toBeNull();

    await user.click(within(dry).getByRole('button', { name: 'Next Everlasting Dry Flowers slide' }));
    expect(await within(dry).findByText('WREATH')).toBeTruthy();
    expect(within(dry).getByText('Rs. 2,150')).toBeTruthy();

    const fresh = section('Fresh Flowers');
    expect(within(fresh).getByText('Rs. 2,499')).toBeTruthy();
    // Two sub-categories fit one slide: no slide buttons.
    expect(within(fresh).queryByRole('button', { name: /slide/ })).toBeNull();
  });

  it('sends View More to the category page with its first sub-category', async () => {
    await renderApp('/home');
    const fresh = await screen.findByRole('region', { name: 'Fresh Flowers' });
    expect(within(fresh).getByRole('link', { name: 'View more Fresh Flowers' }).getAttribute('href')).toBe(
      '/category/Fresh%20Flowers/Exotic',
    );
  });
});
