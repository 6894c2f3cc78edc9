// @vitest-environment jsdom
// The header of SPEC.md §2: category menus from GET categoryheader, the account menu by login state, the bag badge
// and the off-canvas menu.
import './setup-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { cartCountStore } from '../../src/app/cart-count-store';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { mockApi } from './page-harness';

mockApi([
  ...layoutHandlers,
  http.get('*/api/allflowers', () => HttpResponse.json({ products: [] })),
  http.post('*/api/logout', () => HttpResponse.json({ message: 'Logged out successfully.' })),
  // The header tests stand on /cart: a signed-in customer's bag is empty.
  http.get('*/api/user/:userExtId/cart', () =>
    HttpResponse.json({ price: 0, gst: false, totalAmount: 0, totalCartItems: 0, productList: [] }),
  ),
], () => cartCountStore.set(0));

// jsdom applies no media queries, so it always shows the narrow layout: the desktop rows (display: none below md)
// are reached with `hidden: true`, and the hidden nav by its label.
function desktopNav(): HTMLElement {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Shop by category"]');
  if (!nav) throw new Error('no desktop category navigation');
  return nav;
}

describe('header', () => {
  it('builds the category menu from categoryheader, with sub-category links', async () => {
    const user = userEvent.setup();
    await renderApp('/cart');
    const nav = desktopNav();
    await user.click(await within(nav).findByRole('button', { name: /Everlasting Dry Flowers/, hidden: true }));
    const side = await screen.findByRole('menuitem', { name: 'Side' });
    expect(side.getAttribute('href')).toBe('/category/Everlasting%20Dry%20Flowers/Side');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Exotic', 'Posy', 'Round', 'Side']);
    expect(within(nav).getByRole('button', { name: /Fresh Flowers/, hidden: true })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Home', hidden: true }).getAttribute('href')).toBe('/home');
  });

  it('navigates to a sub-category from the menu', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/cart');
    const nav = desktopNav();
    await user.click(await within(nav).findByRole('button', { name: /Fresh Flowers/, hidden: true }));
    await user.click(await screen.findByRole('menuitem', { name: 'Roses' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/Fresh%20Flowers/Roses'));
  });

  it('keeps the focus on a category trigger focused as the real menus replace the look-alikes', async () => {
    await renderApp('/cart');
    const nav = desktopNav();
    const lookAlike = await within(nav).findByRole('button', { name: /Fresh Flowers/, hidden: true });
    expect(lookAlike.getAttribute('aria-haspopup')).toBeNull();
    act(() => lookAlike.focus());
    await waitFor(() => expect(within(nav).getByRole('button', { name: /Fresh Flowers/, hidden: true }).getAttribute('aria-haspopup')).toBe('menu'));
    expect(document.activeElement).toBe(within(nav).getByRole('button', { name: /Fresh Flowers/, hidden: true }));
  });

  it('leaves the focus alone when the menus arrive after the shopper has moved on from a trigger', async () => {
    await renderApp('/cart');
    const nav = desktopNav();
    const lookAlike = await within(nav).findByRole('button', { name: /Fresh Flowers/, hidden: true });
    // Focused on the way past, then gone from it: here to nothing, as when the next button is disabled while it works.
    act(() => {
      lookAlike.focus();
      lookAlike.blur();
    });
    await waitFor(() => expect(within(nav).getByRole('button', { name: /Fresh Flowers/, hidden: true }).getAttribute('aria-haspopup')).toBe('menu'));
    expect(document.activeElement).toBe(document.body);
  });

  it('offers Sign In and Sign Up to a visitor', async () => {
    await renderApp('/cart');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign In', hidden: true }).getAttribute('href')).toBe('/login');
    expect(within(header).getByRole('link', { name: 'Sign Up', hidden: true }).getAttribute('href')).toBe('/signup');
    expect(within(header).queryByRole('link', { name: 'My Account', hidden: true })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Log Out', hidden: true })).toBeNull();
  });

  it('offers My Account and Log Out, but no Dashboard, to a signed-in customer', async () => {
    signIn();
    await renderApp('/cart');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'My Account', hidden: true }).getAttribute('href')).toBe('/account');
    expect(within(header).getByRole('button', { name: 'Log Out', hidden: true })).toBeTruthy();
    expect(within(header).queryByRole('link', { name: 'Dashboard', hidden: true })).toBeNull();
    expect(within(header).queryByRole('link', { name: 'Sign In', hidden: true })).toBeNull();
  });

  it('adds Dashboard for a user holding the dashboard flag', async () => {
    signIn({ dashboard: true });
    await renderApp('/cart');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Dashboard', hidden: true }).getAttribute('href')).toBe('/dashboard');
  });

  it('logs out: storage cleared, Sign In back, on /login', async () => {
    const user = userEvent.setup();
    signIn({ dashboard: true });
    window.sessionStorage.setItem('guestSessionId', 'g-1');
    cartCountStore.set(2);
    const { router } = await renderApp('/cart');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log Out', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
    expect(window.sessionStorage.getItem('guestSessionId')).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In', hidden: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bag' })).toBeTruthy();
  });

  it('shows the bag count on the bag link only when above 0', async () => {
    await renderApp('/home');
    const bag = screen.getByRole('link', { name: 'Bag' });
    expect(bag.getAttribute('href')).toBe('/cart');
    expect(bag.textContent).toBe('');
    act(() => cartCountStore.set(3));
    const counted = screen.getByRole('link', { name: 'Bag, 3 items' });
    expect(counted.textContent).toBe('3');
  });

  it('opens the off-canvas menu with the same links', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/cart');
    await within(desktopNav()).findByRole('button', { name: /Everlasting Dry Flowers/, hidden: true });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    const menu = within(drawer).getByRole('navigation', { name: 'Menu' });
    expect(within(menu).getAllByRole('link', { name: 'Exotic' }).map((link) => link.getAttribute('href'))).toEqual([
      '/category/Everlasting%20Dry%20Flowers/Exotic',
      '/category/Fresh%20Flowers/Exotic',
    ]);
    expect(within(menu).getByRole('link', { name: 'Sign In' })).toBeTruthy();
    await user.click(within(menu).getByRole('link', { name: 'Roses' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/Fresh%20Flowers/Roses'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('footer has the social links with names and the policy links', async () => {
    await renderApp('/cart');
    const footer = screen.getByRole('contentinfo');
    expect((await within(footer).findByRole('link', { name: /on Instagram/ })).getAttribute('href')).toBe(
      'https://instagram.example/petals',
    );
    expect(within(footer).getByRole('link', { name: /on Facebook/ })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: /on WhatsApp/ })).toBeTruthy();
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    for (const path of ['/aboutus', '/shipping', '/refund', '/terms', '/privacy', '/contactus', '/home']) {
      expect(hrefs).toContain(path);
    }
  });
});
