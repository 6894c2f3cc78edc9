// @vitest-environment jsdom
// The session root actor: model-based over every state and transition of the machine (fake refresh), then the real
// ky client against an HTTP layer mocked with msw: concurrent 401s share one refresh, a 401 that answered a token
// already replaced is retried with the new one, and a failed refresh signs out.
import { createTestModel } from 'xstate/graph';
import { HTTPError } from 'ky';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { sessionRefreshMachine } from '../../machines/session-refresh.machine';
import { expectFullCoverage, machineCoverage } from './machine-graph';
import { createApiClient } from '../../src/api/client';
import { createSessionActor, freshAccessToken } from '../../src/app/session-refresh-actor';

/**
 * xstate/graph walks machines without invocations, so the model is the real machine's own config with each invoke
 * turned into the two events it stands for, sent as plain events: its done and its error event. Same states,
 * same targets, same actions: the model cannot drift from the machine.
 */
type StateConfig = {
  invoke?: { onDone?: unknown; onError?: unknown };
  on?: Record<string, unknown>;
  states?: Record<string, StateConfig>;
};
function withInvocationsAsEvents(state: StateConfig): StateConfig {
  const { invoke, on, states, ...rest } = state;
  return {
    ...rest,
    on: { ...on, ...(invoke ? { 'xstate.done.actor.refreshToken': invoke.onDone, 'xstate.error.actor.refreshToken': invoke.onError } : {}) },
    ...(states
      ? { states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, withInvocationsAsEvents(child)])) }
      : {}),
  };
}
const modelMachine = createMachine(
  withInvocationsAsEvents(sessionRefreshMachine.config as StateConfig) as never,
  sessionRefreshMachine.implementations as never,
);

describe('session-refresh machine (model-based)', () => {
  const succeeded = { type: 'xstate.done.actor.refreshToken', output: 'new-token' };
  const failed = { type: 'xstate.error.actor.refreshToken', error: new Error('refresh refused') };
  /** A 401 for the token still stored, and one for a token that the stored one has replaced since. */
  const expired = { type: 'token.expired', tokenSent: 'old-token', tokenStored: 'old-token' };
  const replaced = { type: 'token.expired', tokenSent: 'old-token', tokenStored: 'new-token' };
  const model = createTestModel(modelMachine, {
    events: [expired, replaced, succeeded, failed] as never,
  });

  /** Every state entered and transition taken by the real machine, for expectFullCoverage. */
  const coverage = machineCoverage();

  function createSut() {
    const calls = { refreshes: 0, stored: [] as string[], cleared: 0, navigatedTo: [] as string[] };
    let pending: { resolve: (token: string) => void; reject: (error: Error) => void } | undefined;
    const actor = createActor(
      sessionRefreshMachine.provide({
        actors: {
          refreshToken: fromPromise(() => {
            calls.refreshes += 1;
            return new Promise<string>((resolve, reject) => {
              pending = { resolve, reject };
            });
          }),
        },
        actions: {
          storeToken: (_, { accessToken }) => calls.stored.push(accessToken),
          clearSession: () => (calls.cleared += 1),
          goToLogin: () => calls.navigatedTo.push('/login'),
        },
      }),
      { inspect: coverage.inspect },
    ).start();
    const settle = () => waitFor(actor, (snapshot) => !snapshot.matches('refreshing'));
    return { actor, calls, pending: () => pending, settle };
  }

  // Simple paths never revisit a state, so the coalescing self-transition gets its own event sequence.
  const paths = [
    ...model.getShortestPaths(),
    ...model.getSimplePaths(),
    ...model.getPathsFromEvents([expired, expired, succeeded] as never),
  ];
  const covered = new Set<string>();

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const sut = createSut();
    let refreshesBefore = 0;
    await path.test({
      states: {
        idle: (state) => {
          const { accessToken } = (state.context as { accessToken: string | null });
          expect(sut.actor.getSnapshot().value).toBe('idle');
          expect(sut.actor.getSnapshot().context.accessToken).toBe(accessToken);
        },
        refreshing: () => {
          expect(sut.actor.getSnapshot().value).toBe('refreshing');
          expect(sut.pending()).toBeDefined();
        },
        signedOut: () => {
          expect(sut.actor.getSnapshot().value).toBe('signedOut');
          expect(sut.calls.cleared).toBeGreaterThan(0);
          expect(sut.calls.navigatedTo.at(-1)).toBe('/login');
          expect(sut.actor.getSnapshot().context.accessToken).toBeNull();
        },
      },
      events: {
        'token.expired': ({ event }: { event: typeof expired }) => {
          const from = String(sut.actor.getSnapshot().value);
          const tokenReplaced = event.tokenStored !== event.tokenSent;
          refreshesBefore = sut.calls.refreshes;
          const storedBefore = sut.calls.stored.length;
          sut.actor.send(event as never);
          // Reporting an expiry while a refresh runs joins it; a token already replaced is retried, not refreshed;
          // otherwise it starts exactly one.
          const joinsOrRetries = from === 'refreshing' || (from === 'idle' && tokenReplaced);
          expect(sut.calls.refreshes).toBe(refreshesBefore + (joinsOrRetries ? 0 : 1));
          if (from === 'idle' && tokenReplaced) {
            expect(sut.actor.getSnapshot().context.accessToken).toBe(event.tokenStored);
            expect(sut.calls.stored).toHaveLength(storedBefore);
          }
          covered.add(`${from} token.expired${from === 'idle' && tokenReplaced ? ' (replaced)' : ''}`);
        },
        'xstate.done.actor.refreshToken': async () => {
          covered.add('refreshing done');
          sut.pending()?.resolve('new-token');
          await sut.settle();
          expect(sut.calls.stored.at(-1)).toBe('new-token');
        },
        'xstate.error.actor.refreshToken': async () => {
          covered.add('refreshing error');
          sut.pending()?.reject(new Error('refresh refused'));
          await sut.settle();
        },
      } as never,
    });
  });

  it('walked every transition of the machine', () => {
    expect([...covered].sort()).toEqual(
      [
        'idle token.expired',
        'idle token.expired (replaced)',
        'refreshing done',
        'refreshing error',
        'refreshing token.expired',
        'signedOut token.expired',
      ].sort(),
    );
    expectFullCoverage(coverage, sessionRefreshMachine);
  });
});

describe('the API client with the session actor (HTTP mocked with msw)', () => {
  const apiBase = 'http://localhost:3000/api';
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    window.localStorage.clear();
    window.sessionStorage.clear();
    document.cookie = 'refreshToken=; Max-Age=0; path=/';
  });
  afterAll(() => server.close());

  /** A protected API that only accepts the token `fresh-token`. */
  function protectedRoutes(seen: { authorization: string | null; body?: unknown }[]) {
    return [
      http.get(`${apiBase}/userorderslist`, ({ request }) => {
        seen.push({ authorization: request.headers.get('Authorization') });
        return request.headers.get('Authorization') === 'fresh-token'
          ? HttpResponse.json([{ status: 'created' }])
          : HttpResponse.json({ message: 'Token expired', code: 'UNAUTHORIZED' }, { status: 401 });
      }),
      http.post(`${apiBase}/updateuserdetails`, async ({ request }) => {
        const body: unknown = await request.json();
        seen.push({ authorization: request.headers.get('Authorization'), body });
        return request.headers.get('Authorization') === 'fresh-token'
          ? HttpResponse.json({ message: 'updated' })
          : HttpResponse.json({ message: 'Token expired', code: 'UNAUTHORIZED' }, { status: 401 });
      }),
    ];
  }

  function setUp() {
    const navigate = vi.fn();
    const session = createSessionActor({ apiBase, navigate });
    const api = createApiClient({ prefixUrl: apiBase, freshAccessToken: (tokenSent) => freshAccessToken(session, tokenSent) });
    return { api, navigate, session };
  }

  it('makes exactly one refresh for two concurrent 401s and retries both with the new token', async () => {
    const seen: { authorization: string | null; body?: unknown }[] = [];
    const refreshCalls: { authorization: string | null; body: string }[] = [];
    server.use(
      ...protectedRoutes(seen),
      http.post(`${apiBase}/refresh`, async ({ request }) => {
        refreshCalls.push({ authorization: request.headers.get('authorization'), body: await request.text() });
        await delay(30);
        return HttpResponse.json({ message: 'Token regenerated successfully.', authorization: 'fresh-token' });
      }),
    );
    window.localStorage.setItem('accessToken', 'stale-token');
    window.localStorage.setItem('userId', '7');
    document.cookie = 'refreshToken=refresh-123; path=/';
    const { api, navigate } = setUp();

    const [orders, update] = await Promise.all([
      api.get('userorderslist').json(),
      api.post('updateuserdetails', { json: { firstName: 'Asha' } }).json(),
    ]);

    expect(orders).toEqual([{ status: 'created' }]);
    expect(update).toEqual({ message: 'updated' });
    expect(refreshCalls).toEqual([{ authorization: 'refresh-123', body: '' }]);
    expect(window.localStorage.getItem('accessToken')).toBe('fresh-token');
    // Each call: first with the stale token (401), then once more with the fresh one, the POST with its body intact.
    expect(seen.map((request) => request.authorization).sort()).toEqual(
      ['fresh-token', 'fresh-token', 'stale-token', 'stale-token'],
    );
    expect(seen.filter((request) => request.body)).toEqual([
      { authorization: 'stale-token', body: { firstName: 'Asha' } },
      { authorization: 'fresh-token', body: { firstName: 'Asha' } },
    ]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries a 401 that answered a token already replaced with the stored one, without a refresh', async () => {
    // No refresh route: a refresh would be an unhandled request and fail the test.
    window.localStorage.setItem('accessToken', 'fresh-token');
    const { session, navigate } = setUp();

    await expect(freshAccessToken(session, 'stale-token')).resolves.toBe('fresh-token');
    expect(session.getSnapshot().value).toBe('idle');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the access token without a "Bearer" prefix', async () => {
    const seen: { authorization: string | null }[] = [];
    server.use(...protectedRoutes(seen));
    window.localStorage.setItem('accessToken', 'fresh-token');
    const { api } = setUp();
    await api.get('userorderslist').json();
    expect(seen).toEqual([{ authorization: 'fresh-token' }]);
  });

  it('on a refused refresh clears both storages, expires the refresh cookie and goes to /login', async () => {
    const seen: { authorization: string | null }[] = [];
    let refreshes = 0;
    server.use(
      ...protectedRoutes(seen),
      http.post(`${apiBase}/refresh`, () => {
        refreshes += 1;
        return HttpResponse.json({ message: 'Refresh token expired', code: 'UNAUTHORIZED' }, { status: 401 });
      }),
    );
    window.localStorage.setItem('accessToken', 'stale-token');
    window.localStorage.setItem('userId', '7');
    window.localStorage.setItem('isLoggedIn', 'true');
    window.sessionStorage.setItem('guestSessionId', 'guest-1');
    document.cookie = 'refreshToken=refresh-123; path=/';
    const { api, navigate, session } = setUp();

    const failure = await api.get('userorderslist').json().catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HTTPError);
    expect((failure as HTTPError).response.status).toBe(401);
    expect(refreshes).toBe(1);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(document.cookie).not.toContain('refreshToken=refresh-123');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(session.getSnapshot().value).toBe('signedOut');
  });

  it('treats a 200 refresh without the exact success message as a failure', async () => {
    server.use(
      ...protectedRoutes([]),
      http.post(`${apiBase}/refresh`, () => HttpResponse.json({ message: 'ok', authorization: 'fresh-token' })),
    );
    window.localStorage.setItem('accessToken', 'stale-token');
    const { api, navigate } = setUp();

    await expect(api.get('userorderslist').json()).rejects.toBeInstanceOf(HTTPError);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
