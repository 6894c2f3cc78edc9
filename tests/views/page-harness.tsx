// One page alone, as the shopper sees it (the shop's theme and toaster, a memory router), and its API mocked with msw
// for the file's tests: served while they run, reset after each, together with the toasts it left.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { render } from '@testing-library/react';
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
