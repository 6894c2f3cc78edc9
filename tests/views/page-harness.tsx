// One page alone, as the shopper sees it (the shop's theme and toaster, a memory router), and its API mocked with msw
// for the file's tests: served while they run, reset after each, together with the toasts it left. Also what a page
// test waits with or catches: a slow lazy chunk loaded ahead, the faked clock run on, the files it downloads.
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { http } from 'msw';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { shopSystem } from './shop-system';
import { AppToaster } from '../../src/app/app-toaster';
import { toaster } from '../../src/app/toaster';

/** Serves `handlers` during the file's tests; after each test, `reset` clears what the file recorded. */
export function mockApi(handlers: RequestHandler[], reset: () => void = () => {}) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    reset();
    toaster.remove();
  });
  afterAll(() => server.close());
  return server;
}

/** Loads a lazy chunk before the file's tests: its first transform is slow, and no test's time should pay for it. */
export function preloadChunk(load: () => Promise<unknown>) {
  beforeAll(async () => {
    await load();
  }, 120_000);
}

/** POST endpoints that record each body and answer with the test's reply for the path, else the default. */
export function recordedPosts() {
  const requests: { path: string; body: unknown }[] = [];
  const replies: Record<string, () => Response> = {};
  const respond = (path: string, fallback: () => Response) =>
    http.post(`*/api/${path}`, async ({ request }) => {
      requests.push({ path, body: await request.json() });
      return (replies[path] ?? fallback)();
    });
  const reset = () => {
    requests.length = 0;
    for (const key of Object.keys(replies)) delete replies[key];
  };
  return { requests, replies, respond, reset };
}

/**
 * Renders `page` at `path`; `elsewhere` names the pages it may send the shopper to (path → the text shown there).
 * Without `elsewhere` the page is rendered alone, whatever the path.
 */
export function renderPageAt(path: string, page: ReactElement, elsewhere: Record<string, string> = {}) {
  const user = userEvent.setup();
  const others = Object.entries(elsewhere);
  render(
    <ChakraProvider value={shopSystem()}>
      <MemoryRouter initialEntries={[path]}>
        {others.length === 0 ? (
          page
        ) : (
          <Routes>
            <Route path={path} element={page} />
            {others.map(([to, text]) => (
              <Route key={to} path={to} element={<p>{text}</p>} />
            ))}
          </Routes>
        )}
      </MemoryRouter>
      <AppToaster />
    </ChakraProvider>,
  );
  return user;
}

/** Lets the faked clock run past `ms` (a saved form's redirect timer). */
export function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** A saved form's redirect on the faked clock: still at `from` half a second before `delayMs`, at `to` just after. */
export async function expectRedirect(at: () => string, { delayMs, from, to }: { delayMs: number; from: string; to: string }) {
  advance(delayMs - 500);
  expect(at()).toBe(from);
  advance(600);
  await waitFor(() => expect(at()).toBe(to));
}

/** Catches the browser's downloads of fetched files: the names they are saved under, in order. */
export function catchDownloads(): string[] {
  const names: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:download');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}
