// Renders the real app (providers, routes, layout) at a path, on a memory router the test can inspect. As src/main.tsx
// does, the page's lazy code is loaded before the app starts; a page navigated to later loads on the way.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { Location } from 'react-router-dom';
import { AppProviders } from '../../src/app/app-providers';
import { loadPagesOf } from '../../src/app/lazy-route';
import { AppRoutes, appRoutes } from '../../src/app/router';

/** The app's router as a test sees it: the address on screen. */
export interface ShownRouter {
  readonly state: { location: Location };
}

/** The app at `path` on a memory router, with the router's address as last shown (not one a navigation is still loading). */
export async function appAt(path: string): Promise<{ app: ReactElement; router: ShownRouter }> {
  await loadPagesOf(appRoutes, new URL(path, 'http://shop.invalid').pathname);
  let shown: Location | undefined;
  function ShownLocation() {
    const location = useLocation();
    useLayoutEffect(() => {
      shown = location;
    }, [location]);
    return null;
  }
  const router: ShownRouter = {
    get state() {
      if (!shown) throw new Error('The app has not rendered yet');
      return { location: shown };
    },
  };
  const app = (
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <ShownLocation />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>
  );
  return { app, router };
}

export async function renderApp(path: string) {
  const { app, router } = await appAt(path);
  return { router, ...render(app) };
}

export function signIn({ dashboard = false } = {}): void {
  window.localStorage.setItem('userId', '12');
  window.localStorage.setItem('userExtId', 'u_12');
  window.localStorage.setItem('isLoggedIn', 'true');
  window.localStorage.setItem('accessToken', 'token-12');
  window.localStorage.setItem('email', 'asha@example.test');
  if (dashboard) window.localStorage.setItem('pkrpsrtyzx', 'yes');
}

/** The app at `path` for a signed-in admin, and a user to act as them. */
export async function openAsAdmin(path: string) {
  signIn({ dashboard: true });
  const user = userEvent.setup();
  return { ...(await renderApp(path)), user };
}
