// @vitest-environment jsdom
// Log Out from the header of the real app: POST logout with the session's token, then storage cleared, the bag count
// 0 and /login — also when the server cannot be reached.
import './setup-dom';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { cartCountStore } from '../../src/app/cart-count-store';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { mockApi } from './page-harness';

let logouts: { authorization: string | null }[] = [];
let logoutReply: () => Response = () => HttpResponse.json({ message: 'Logged out successfully.' });

mockApi([
  ...layoutHandlers,
  http.get('*/api/allflowers', () => HttpResponse.json({ products: [] })),
  http.post('*/api/logout', ({ request }) => {
    logouts.push({ authorization: request.headers.get('Authorization') });
    return logoutReply();
  }),
], () => {
  cartCountStore.set(0);
  logouts = [];
  logoutReply = () => HttpResponse.json({ message: 'Logged out successfully.' });
});

async function logOutFromHeader() {
  signIn({ dashboard: true });
  window.sessionStorage.setItem('guestSessionId', 'guest-123');
  cartCountStore.set(3);
  const view = await renderApp('/cart');
  const user = userEvent.setup();
  await user.click(within(await screen.findByRole('banner')).getByRole('button', { name: 'Log Out', hidden: true }));
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  return view;
}

describe('Log Out', () => {
  it('posts logout with the access token, then clears local and session storage and the bag count', async () => {
    await logOutFromHeader();
    expect(logouts).toEqual([{ authorization: 'token-12' }]);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(cartCountStore.get()).toBe(0);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In', hidden: true })).toBeTruthy();
  });

  it('signs the browser out even when the server refuses or cannot be reached', async () => {
    logoutReply = () => HttpResponse.error();
    await logOutFromHeader();
    expect(logouts).toHaveLength(1);
    expect(window.localStorage.length).toBe(0);
    expect(cartCountStore.get()).toBe(0);
  });
});
