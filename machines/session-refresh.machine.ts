// The session root actor of DESIGN.md §3 / SPEC.md §4 "Session": the API client reports every 401 here and waits;
// any number of 401s while a refresh is running join that one refresh instead of starting another, and a 401 that
// answered a token already replaced is retried with the new one instead of starting a refresh of its own.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { outputOf } from './actor-events';

export interface SessionRefreshContext {
  /** The access token the callers retry with: the last refresh's, or the stored one that had already replaced theirs. */
  accessToken: string | null;
}

export type SessionRefreshEvent = {
  type: 'token.expired';
  /** The access token the refused call carried. */
  tokenSent: string | null;
  /** The access token stored when the refusal came back. */
  tokenStored: string | null;
};

const unimplemented = (): Promise<string> => Promise.reject(new Error('refreshToken is provided by the app'));

const sessionRefreshSetup = setup({
  types: {} as { context: SessionRefreshContext; events: SessionRefreshEvent },
  actors: {
    /** Resolves with the new access token; rejects when the session cannot be refreshed. */
    refreshToken: fromPromise<string>(unimplemented),
  },
  actions: {
    storeToken: (_, _params: { accessToken: string }) => {},
    clearSession: () => {},
    goToLogin: () => {},
    keepToken: assign({ accessToken: ({ event }) => outputOf<string>(event, 'refreshToken') }),
    forgetToken: assign({ accessToken: null }),
    keepStoredToken: assign({
      accessToken: ({ event }) => {
        assertEvent(event, 'token.expired');
        return event.tokenStored;
      },
    }),
  },
  guards: {
    /** The call was refused a token that a refresh (or a new sign-in) has replaced since: the stored one is good. */
    isTokenReplaced: ({ event }) => {
      assertEvent(event, 'token.expired');
      return event.tokenStored !== null && event.tokenStored !== event.tokenSent;
    },
  },
});

export const sessionRefreshMachine = sessionRefreshSetup.extend({
  actions: {
    storeRefreshedToken: sessionRefreshSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'storeToken', params: { accessToken: outputOf<string>(event, 'refreshToken') } });
    }),
  },
}).createMachine({
  id: 'sessionRefresh',
  context: { accessToken: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'token.expired': [{ guard: 'isTokenReplaced', actions: 'keepStoredToken' }, { target: 'refreshing' }],
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        // onDone is the spec's refresh.succeeded, onError its refresh.failed.
        onDone: {
          target: 'idle',
          actions: ['keepToken', 'storeRefreshedToken'],
        },
        onError: {
          target: 'signedOut',
          actions: ['forgetToken', 'clearSession', 'goToLogin'],
        },
      },
      // Coalesced: the callers that report it simply wait for the refresh already under way.
      on: { 'token.expired': {} },
    },
    signedOut: {
      // Someone signed in again and their token ran out: try a refresh for them too.
      on: { 'token.expired': { target: 'refreshing' } },
    },
  },
});
