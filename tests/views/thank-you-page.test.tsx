// @vitest-environment jsdom
// /thankyou through the real app: the spec's two lines, Keep Shopping to /, the Login and Sign Up links, and for a
// signed-in buyer the way to the Orders tab.
import './setup-dom';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { mockApi } from './page-harness';

mockApi([...layoutHandlers
]);

describe('/thankyou', () => {
  it('thanks the buyer, offers Keep Shopping to / and asks a guest to Login/Sign Up to track the order', async () => {
    await renderApp('/thankyou');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'We Thank you For your Purchase!' })).toBeTruthy();
    expect(main.getByText(/To track your order please/).textContent).toContain('To track your order please Login/Sign Up.');
    expect(main.getByRole('link', { name: 'Keep Shopping' }).getAttribute('href')).toBe('/');
    expect(main.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(main.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    expect(main.queryByRole('link', { name: 'View your orders' })).toBeNull();
  });

  it('shows a signed-in buyer the way to the Orders tab', async () => {
    signIn();
    await renderApp('/thankyou');
    const main = within(await screen.findByRole('main'));
    expect((await main.findByRole('link', { name: 'View your orders' })).getAttribute('href')).toBe('/account/orders');
  });
});
