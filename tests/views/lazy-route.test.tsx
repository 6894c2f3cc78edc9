// @vitest-environment jsdom
// Lazy pages (src/app/lazy-route.tsx): the spec's 120000 ms load time-out; a page whose code failed to load shows an
// error view with Retry, and loads again once the shopper comes back to it; a page loaded ahead renders at once; a
// link to a page still on its way keeps the current page on screen until it arrives.
import './setup-dom';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useRoutes } from 'react-router-dom';
import type { Location, RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/app-providers';
import { ChunkLoadTimeout, chunkLoadTimeoutMs, lazyPage, lazyRoute, loadPagesOf, useShownLocation, withTimeout } from '../../src/app/lazy-route';
import { PageErrors } from '../../src/app/route-error';

afterEach(() => {
  vi.useRealTimers();
});

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module');

/** The header's links, which stay on screen whatever a page does. */
function Layout() {
  return (
    <>
      <nav>
        <Link to="/">Home</Link> <Link to="/shipping">Shipping</Link>
      </nav>
      <PageErrors />
    </>
  );
}

const Home = () => <h1>Home</h1>;
const Shipping = () => <h1>Shipping Policy</h1>;

/** A shop of two pages: a home page in the first script and a lazy shipping page whose code `loadShipping` brings. */
function shopWith(loadShipping: () => Promise<{ Shipping: typeof Shipping }>) {
  const routes: RouteObject[] = [
    {
      element: <Layout />,
      children: [{ path: '/', element: <Home /> }, lazyRoute('/shipping', lazyPage(loadShipping, (module) => module.Shipping))],
    },
  ];
  function Pages() {
    const location = useShownLocation(routes);
    return location ? <Shown location={location} /> : <p>Loading the page</p>;
  }
  function Shown({ location }: { location: Location }) {
    return useRoutes(routes, location);
  }
  const renderAt = (path: string) =>
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <Pages />
        </MemoryRouter>
      </AppProviders>,
    );
  return { routes, renderAt };
}

/** A download the test settles when it wants. */
function heldDownload() {
  let arrive!: () => void;
  const download = new Promise<{ Shipping: typeof Shipping }>((resolve) => {
    arrive = () => resolve({ Shipping });
  });
  return { download, arrive };
}

describe('lazy pages', () => {
  it('uses the spec time-out of 120000 ms', () => {
    expect(chunkLoadTimeoutMs).toBe(120_000);
  });

  it('rejects a chunk that has not arrived after the time-out, and not before', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => {});
    const outcome = withTimeout(never).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadTimeout);
  });

  it('shows the error view with a Retry button when a chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { renderAt } = shopWith(() => Promise.reject(chunkFailure()));
    renderAt('/shipping');
    expect(await screen.findByRole('heading', { name: 'This page did not load' })).toBeTruthy();
    expect(screen.getByText('Something interrupted it on the way. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('says the page is taking too long when its chunk timed out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { renderAt } = shopWith(() => Promise.reject(new ChunkLoadTimeout('slow')));
    renderAt('/shipping');
    expect(await screen.findByText('It is taking too long to arrive. Please check your connection and try again.')).toBeTruthy();
  });

  it('lets the shopper move on from a page that did not load, and loads it again when they come back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const loadShipping = vi.fn<() => Promise<{ Shipping: typeof Shipping }>>().mockRejectedValueOnce(chunkFailure()).mockResolvedValue({ Shipping });
    const { renderAt } = shopWith(loadShipping);
    renderAt('/');
    await user.click(screen.getByRole('link', { name: 'Shipping' }));
    expect(await screen.findByRole('heading', { name: 'This page did not load' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Shipping' }));
    expect(await screen.findByRole('heading', { name: 'Shipping Policy' })).toBeTruthy();
    expect(loadShipping).toHaveBeenCalledTimes(2);
  });

  it('renders a page whose code was loaded ahead at once, without a loading screen (as a page the server drew needs)', async () => {
    const { routes, renderAt } = shopWith(() => Promise.resolve({ Shipping }));
    await loadPagesOf(routes, '/shipping');
    renderAt('/shipping');
    expect(screen.getByRole('heading', { name: 'Shipping Policy' })).toBeTruthy();
    expect(screen.queryByText('Loading the page')).toBeNull();
  });

  it('keeps the current page on screen while the next one is on its way', async () => {
    const user = userEvent.setup();
    const held = heldDownload();
    const { renderAt } = shopWith(() => held.download);
    renderAt('/');
    await user.click(screen.getByRole('link', { name: 'Shipping' }));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByText('Loading the page')).toBeNull();

    await act(async () => held.arrive());
    expect(await screen.findByRole('heading', { name: 'Shipping Policy' })).toBeTruthy();
  });
});
