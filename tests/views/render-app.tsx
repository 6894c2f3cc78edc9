// Renders the real app (providers, routes, layout) at a path, on a memory router the test can inspect.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../src/app/app-providers';
import { appRoutes } from '../../src/app/router';

export function renderApp(path: string) {
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
