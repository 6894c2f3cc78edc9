// The running session root actor: the pure session-refresh machine with the browser's real refresh call, storage
// and navigation plugged in.
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { sessionRefreshMachine } from '../../machines/session-refresh.machine';
import { apiBaseUrl } from '../api/api-base';
import { requestNewAccessToken } from '../api/refresh-token';
import { appActorOptions } from './inspection';
import { navigateTo } from './navigation';
import { paths } from './paths';
import { sessionStore } from './session-store';

export type SessionActor = ActorRefFrom<typeof sessionRefreshMachine>;

export interface SessionActorDeps {
  apiBase: string;
  navigate: (path: string) => void;
}

export function createSessionActor({ apiBase, navigate }: SessionActorDeps): SessionActor {
  return createActor(
    sessionRefreshMachine.provide({
      actors: {
        refreshToken: fromPromise(() => requestNewAccessToken(apiBase, sessionStore.readRefreshCookie())),
      },
      actions: {
        storeToken: (_, { accessToken }) => sessionStore.setAccessToken(accessToken),
        clearSession: () => sessionStore.clear(),
        goToLogin: () => navigate(paths.login),
      },
    }),
    appActorOptions,
  ).start();
}

/**
 * A new access token after a 401 answered `tokenSent`, or null when the session is gone: one refresh at a time, which
 * every 401 meanwhile joins; the machine decides whether the stored token already replaced the one sent.
 */
export async function freshAccessToken(session: SessionActor, tokenSent: string | null): Promise<string | null> {
  session.send({ type: 'token.expired', tokenSent, tokenStored: sessionStore.getAccessToken() });
  const settled = await waitFor(session, (snapshot) => !snapshot.matches('refreshing'));
  return settled.matches('idle') ? settled.context.accessToken : null;
}

export const sessionActor = createSessionActor({ apiBase: apiBaseUrl, navigate: navigateTo });
