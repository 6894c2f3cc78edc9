// @vitest-environment jsdom
// Routing of SPEC.md §2: the landing redirect, /myaccount, the guest-only and admin guards.
import './setup-dom';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { mockApi } from './page-harness';

mockApi([
  ...layoutHandlers,
  http.get('*/api/allflowers', () => HttpResponse.json({ products: [] })),
  http.get('*/api/flowercategorylist', () => HttpResponse.json([])),
  // The account screen a signed-in visitor is sent to loads their details.
  http.get('*/api/getsingleuserdetails', () =>
    HttpResponse.json({ id: 'u_12', firstName: 'Asha', lastName: 'Menon', email: 'asha@example.test', mobileNumber: '9876543210' }),
  ),
]);

const pathname = (router: Awaited<ReturnType<typeof renderApp>>['router']) => router.state.location.pathname;

describe('app routes', () => {
  it('sends / to the Everlasting Dry Flowers, Side page', async () => {
    const { router } = await renderApp('/');
    await waitFor(() => expect(pathname(router)).toBe('/category/Everlasting%20Dry%20Flowers/Side'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Everlasting Dry Flowers' })).toBeTruthy();
  });

  it('shows a guest the Sign In screen at /login and /g/login', async () => {
    await renderApp('/g/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it.each(['/login', '/g/login', '/signup', '/forgotpassword'])('sends a signed-in user from %s to the account', async (path) => {
    signIn();
    const { router } = await renderApp(path);
    await waitFor(() => expect(pathname(router)).toBe('/account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
  });

  it('sends an anonymous visitor from /dashboard to /access', async () => {
    const { router } = await renderApp('/dashboard');
    await waitFor(() => expect(pathname(router)).toBe('/access'));
  });

  it('sends a signed-in user without the dashboard flag from an admin screen to /access', async () => {
    signIn();
    const { router } = await renderApp('/flowerlist');
    await waitFor(() => expect(pathname(router)).toBe('/access'));
  });

  it('admits a signed-in user holding the flag, also at the /flowerSubcategory spelling', async () => {
    signIn({ dashboard: true });
    const { router } = await renderApp('/flowerSubcategory');
    expect(await screen.findByRole('heading', { level: 1, name: 'SubCategory Form' })).toBeTruthy();
    expect(pathname(router)).toBe('/flowerSubcategory');
  });

  it('sends /myaccount to /account', async () => {
    signIn();
    const { router } = await renderApp('/myaccount');
    await waitFor(() => expect(pathname(router)).toBe('/account'));
  });

  it('shows the bag placeholder titled CART inside the header and footer', async () => {
    await renderApp('/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'CART' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
