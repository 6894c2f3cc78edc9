// Renders the real app (providers, routes, layout) at a path, on a memory router the test can inspect. As src/main.tsx
// does, the page's lazy route is loaded before the router starts; a page navigated to later loads on the way.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../src/app/app-providers';
import { resolveLazyMatches } from '../../src/app/lazy-route';
import { appRoutes } from '../../src/app/router';

export async function renderApp(path: string) {
  await resolveLazyMatches(appRoutes, new URL(path, 'http://shop.invalid').pathname);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

export function signIn({ dashboard = false } = {}): void {
  window.localStorage.setItem('userId', '12');
  window.localStorage.setItem('userExtId', 'u_12');
  window.localStorage.setItem('isLoggedIn', 'true');
  window.localStorage.setItem('accessToken', 'token-12');
  window.localStorage.setItem('email', 'asha@example.test');
  if (dashboard) window.localStorage.setItem('pkrpsrtyzx', 'yes');
}
