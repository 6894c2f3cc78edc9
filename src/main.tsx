// Browser entry: fonts, providers and the router. The router also serves navigation outside React (session sign-out).
import '@fontsource/cormorant-garamond/latin-500.css';
import '@fontsource/cormorant-garamond/latin-600.css';
import './app/fonts.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/app-providers';
import { announceAppReady } from './app/app-ready';
import { refreshCartCount } from './app/cart-owner';
import { setNavigator } from './app/navigation';
import { appRoutes } from './app/router';

const router = createBrowserRouter(appRoutes);
setNavigator((path) => void router.navigate(path));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Tells the page's first script that taps it held can be made again (src/start-app.ts). */
function AppReady() {
  useEffect(announceAppReady, []);
  return null;
}

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
    <AppReady />
  </StrictMode>
);

// A catalogue page arrives drawn by the server (src/entry-server.tsx): the app takes over that HTML (hydration) instead
// of drawing it again. As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page: on a slow phone a tap or a scroll during start-up is answered at once
// (Total Blocking Time).
startTransition(() => {
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);
});

// SPEC.md §7: the bag's count is fetched at app start (here, once, rather than in an effect StrictMode would repeat).
void refreshCartCount();
