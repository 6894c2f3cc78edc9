// The authenticated API client of DESIGN.md §3: every call carries `Authorization: <accessToken>` (no prefix); a 401
// asks the session actor for a fresh token and waits (any number of concurrent 401s share one refresh), then the
// request is repeated once. When the session cannot be refreshed the actor signs out and goes to /login, and the
// caller gets the 401.
import ky from 'ky';
import type { KyInstance } from 'ky';
import { sessionStore } from '../app/session-store';
import { apiBaseUrl } from './api-base';

export interface ApiClientOptions {
  prefixUrl: string;
  /** A new access token after a 401 answered `tokenSent`, or null when the session is gone (src/app/session-refresh-actor.ts). */
  freshAccessToken: (tokenSent: string | null) => Promise<string | null>;
}

/** Pass `context: { skipSessionRefresh: true }` on calls whose 401 means "wrong credentials", not "token expired". */
export interface ApiCallContext {
  skipSessionRefresh?: boolean;
}

const requestTimeoutMs = 20_000;

export function createApiClient({ prefixUrl, freshAccessToken }: ApiClientOptions): KyInstance {
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
          const token = await freshAccessToken(request.headers.get('Authorization'));
          if (!token) return undefined;
          const headers = new Headers(request.headers);
          headers.set('Authorization', token);
          return once(new Request(request, { headers }));
        },
      ],
    },
  });
}

/**
 * The session actor, and XState with it, load with the first expired token rather than with the first page (a chunk
 * that cannot load leaves the caller its 401).
 */
async function fromSessionActor(tokenSent: string | null): Promise<string | null> {
  const session = await import('../app/session-refresh-actor').catch(() => null);
  return session ? session.freshAccessToken(session.sessionActor, tokenSent) : null;
}

export const api = createApiClient({ prefixUrl: apiBaseUrl, freshAccessToken: fromSessionActor });
