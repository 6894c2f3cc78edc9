// @vitest-environment jsdom
// Lazy chunks get the spec's 120000 ms load time-out; a chunk that fails shows an error view with Retry.
import './setup-dom';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/app-providers';
import { ChunkLoadTimeout, chunkLoadTimeoutMs, lazyComponent, withTimeout } from '../../src/app/lazy-route';
import { RouteError } from '../../src/app/route-error';

afterEach(() => {
  vi.useRealTimers();
});

describe('lazy routes', () => {
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
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          lazy: lazyComponent(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), () => () => null),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'This page did not load' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
