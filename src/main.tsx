// Browser entry: fonts, providers and the router.
import './app/fallback-fonts.css';
import './app/web-fonts.css';
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition, useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/app-providers';
import { announceAppReady } from './app/app-ready';
import { refreshCartCount } from './app/cart-owner';
import { browserEmotionCache } from './app/emotion-cache';
import { loadPagesOf } from './app/lazy-route';
import { createRoot, hydrateRoot } from './app/react-dom-client';
import { prefetchPagesOnIntent } from './app/route-prefetch';
import { AppRoutes, appRoutes } from './app/router';
import { shopSystem } from './app/theme';
import { loadToasterOnFirstInput } from './app/toaster';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Tells the page's first script that taps it held can be made again (src/start-app.ts). */
function AppReady() {
  useEffect(announceAppReady, []);
  return null;
}

/** Lets the browser paint and answer input before the next piece of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * On a slow phone, evaluating the app's script, matching the address to its pages and building the theme are each
 * long enough to matter: run one after the other, they held the main thread for over half a second at 4× CPU slowdown
 * (Total Blocking Time). Here each gets a task of its own.
 */
async function startApp(root: HTMLElement): Promise<void> {
  await nextTask();
  // The page's own chunk downloads while the theme is built; the app renders in a task of its own after it.
  const pageLoaded = loadPagesOf(appRoutes, window.location.pathname);
  await nextTask();
  shopSystem();
  await pageLoaded;
  await nextTask();
  const app = (
    <StrictMode>
      <CacheProvider value={browserEmotionCache(document)}>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </CacheProvider>
      <AppReady />
    </StrictMode>
  );
  // A catalogue page arrives drawn by the server (src/entry-server.tsx): the app takes over that HTML (hydration)
  // instead of drawing it again. As a transition, the first render yields to the browser every few milliseconds
  // instead of holding the main thread for the whole page: on a slow phone a tap or a scroll during start-up is
  // answered at once (Total Blocking Time).
  startTransition(() => {
    if (root.hasChildNodes()) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

void startApp(root);

// SPEC.md §7: the bag's count is fetched at app start (here, once, rather than in an effect StrictMode would repeat).
void refreshCartCount();
loadToasterOnFirstInput(document);
prefetchPagesOnIntent(appRoutes, document);
