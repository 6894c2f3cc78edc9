// The authenticated API client of DESIGN.md §3: every call carries `Authorization: <accessToken>` (no prefix); a 401
// asks the session actor for a fresh token and waits (any number of concurrent 401s share one refresh), then the
// request is repeated once. When the session cannot be refreshed the actor signs out and goes to /login, and the
// caller gets the 401.
import ky from 'ky';
import type { KyInstance } from 'ky';
import { waitFor } from 'xstate';
import { sessionActor } from '../app/session-actor';
import type { SessionActor } from '../app/session-actor';
import { sessionStore } from '../app/session-store';
import { apiBaseUrl } from './api-base';

export interface ApiClientOptions {
  prefixUrl: string;
  session: SessionActor;
}

/** Pass `context: { skipSessionRefresh: true }` on calls whose 401 means "wrong credentials", not "token expired". */
export interface ApiCallContext {
  skipSessionRefresh?: boolean;
}

const requestTimeoutMs = 20_000;

/** A new access token, or null when the session is gone. */
async function freshAccessToken(session: SessionActor, tokenSent: string | null): Promise<string | null> {
  const stored = sessionStore.getAccessToken();
  // This 401 answered a token that a refresh has already replaced: retry with the new one, no second refresh.
  if (stored && stored !== tokenSent && session.getSnapshot().matches('idle')) return stored;
  session.send({ type: 'token.expired' });
  const settled = await waitFor(session, (snapshot) => !snapshot.matches('refreshing'));
  return settled.matches('idle') ? (settled.context.accessToken ?? sessionStore.getAccessToken()) : null;
}

export function createApiClient({ prefixUrl, session }: ApiClientOptions): KyInstance {
  // Repeats a request exactly once, without hooks, so a second 401 goes back to the caller.
  const once = ky.create({ credentials: 'same-origin', timeout: requestTimeoutMs, retry: 0, throwHttpErrors: false });

  return ky.create({
    prefixUrl,
    credentials: 'same-origin',
    timeout: requestTimeoutMs,
    // Only reads are repeated on network trouble; a repeated POST could order twice.
    retry: { limit: 2, methods: ['get'] },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = sessionStore.getAccessToken();
          if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', token);
        },
      ],
      afterResponse: [
        async (request, options, response) => {
          if (response.status !== 401) return undefined;
          if ((options.context as ApiCallContext).skipSessionRefresh) return undefined;
          if (new URL(request.url).pathname.endsWith('/refresh')) return undefined;
          const token = await freshAccessToken(session, request.headers.get('Authorization'));
          if (!token) return undefined;
          const headers = new Headers(request.headers);
          headers.set('Authorization', token);
          return once(new Request(request, { headers }));
        },
      ],
    },
  });
}

export const api = createApiClient({ prefixUrl: apiBaseUrl, session: sessionActor });
