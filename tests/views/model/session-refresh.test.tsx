// @vitest-environment jsdom
// The session-refresh machine's paths walked through the real app, whose root session actor it is: at
// /account/profile, signed in, calls answer 401 when the path says (the profile, then the Orders and Addresses tabs
// a person opens), POST refresh answers with a new token or refuses (back to /login, signed out), and a shopper who
// signs in again there and meets a 401 starts a refresh of their own. A 401 can also answer a token that another tab
// has replaced in the shared storage meanwhile: that call is retried with the stored token, without a refresh.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on, the session actor created on import included.
import { describeViewModel } from './view-model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import type { AnyEventObject } from 'xstate';
import { authMessages } from '../../../domain/auth';
import type { SignInReply } from '../../../domain/auth';
import { sessionRefreshMachine } from '../../../machines/session-refresh.machine';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp, signIn } from '../render-app';
import { heldNetwork } from './held-network';
import { mockApi } from '../page-harness';

const again: SignInReply = {
  message: 'Login successful',
  userExtId: 'u_12',
  userId: 'u_12',
  email: 'asha@example.test',
  trueUser: false,
  authorization: 'token-again',
};
const expired = () => HttpResponse.json({ message: 'Token expired', code: 'UNAUTHORIZED' }, { status: 401 });
/** The token another tab stored after this tab's call had left with the old one. */
const otherTabToken = 'token-other-tab';
const isReplaced = (event: AnyEventObject) => event.tokenStored !== event.tokenSent;

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  ...network.holdCalls('get', 'getsingleuserdetails', 'userorderslist', 'getuseraddresses'),
  network.hold('post', '*/api/refresh', 'refresh'),
  http.post('*/api/loginapi', () => HttpResponse.json(again)),
]);

async function renderAccount(user: UserEvent) {
  signIn();
  // Failed loads of the account tabs are logged.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // The app loads the session actor with the first expired token (src/api/client.ts); loaded here, the walk sees it
  // idle from the start.
  await import('../../../src/app/session-refresh-actor');
  const app = await renderApp('/account/profile');
  /** The calls that can meet an expired token, in the order a person makes them here: how each is made, and its route. */
  const expiries = [
    { make: async () => {}, route: 'getsingleuserdetails' },
    { make: () => user.click(screen.getByRole('tab', { name: 'Orders' })), route: 'userorderslist' },
    { make: () => user.click(screen.getByRole('tab', { name: 'Addresses' })), route: 'getuseraddresses' },
    // The profile again: its repeated load is refused (a status a read is not repeated on), and Try again loads it.
    {
      make: async () => {
        await user.click(screen.getByRole('tab', { name: 'Profile' }));
        await network.answer('getsingleuserdetails', () => HttpResponse.json({ message: 'Gone', code: 'NOT_FOUND' }, { status: 404 }));
        await user.click(await screen.findByRole('button', { name: 'Try again' }));
      },
      route: 'getsingleuserdetails',
    },
  ];
  return { ...app, expiries };
}
type AccountScreen = Awaited<ReturnType<typeof renderAccount>>;

describeViewModel<AccountScreen, undefined>('session-refresh machine through the real app', {
  machine: sessionRefreshMachine,
  network,
  outlivesScreen: true,
  situations: [{ name: 'signed in at /account/profile', input: undefined }],
  events: [
    { type: 'token.expired', tokenSent: 'token-12', tokenStored: 'token-12' },
    { type: 'token.expired', tokenSent: 'token-12', tokenStored: otherTabToken },
    { type: 'xstate.done.actor.refreshToken', output: 'token-2' },
    { type: 'xstate.error.actor.refreshToken', error: { name: 'RefreshFailed' } },
  ],
  // Only an idle session tells a replaced token from an expired one; elsewhere the one expiry event does.
  offers: (snapshot, event) => event.type !== 'token.expired' || !isReplaced(event) || snapshot.matches('idle'),
  render: ({ user }) => renderAccount(user),
  perform: {
    'token.expired': async (page, event, { user }, { from }) => {
      if (!from.matches('signedOut')) {
        const next = page.expiries.shift();
        if (!next) throw new Error('no call left to meet an expired token');
        const sentBefore = network.received.filter((request) => request.route === next.route).length;
        await next.make();
        if (isReplaced(event)) {
          // The call leaves with the token of the moment; another tab stores a new one before the 401 comes back.
          await waitFor(() => expect(network.received.filter((request) => request.route === next.route).length).toBe(sentBefore + 1));
          window.localStorage.setItem('accessToken', otherTabToken);
        }
        await network.answer(next.route, expired);
        return;
      }
      // Signed out at /login: the shopper signs in again, and the first call with the new token meets a 401.
      const form = await screen.findByRole('form', { name: 'Sign In' });
      fireEvent.change(within(form).getByLabelText('Email'), { target: { value: again.email } });
      fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'Jasmine@2026' } });
      await user.click(within(form).getByRole('button', { name: 'Sign In' }));
      await network.answer('getsingleuserdetails', expired);
    },
    'xstate.done.actor.refreshToken': (_, event, { network }) =>
      network.answer('refresh', () => HttpResponse.json({ message: authMessages.tokenRegenerated, authorization: event.output })),
    'xstate.error.actor.refreshToken': (_, __, { network }) => network.answer('refresh', expired),
  },
  shows: {
    idle: (page, expected, _, from) => {
      if (!from) return;
      // The new token is stored, and the calls that met the old one are sent again with it.
      const token = (expected.context as { accessToken: string }).accessToken;
      expect(window.localStorage.getItem('accessToken')).toBe(token);
      expect(page.router.state.location.pathname).toMatch(/^\/account\//);
      const repeated = network.received.filter((request) => request.route !== 'refresh' && request.headers.get('Authorization') === token);
      expect(repeated.length).toBeGreaterThan(0);
    },
    // One refresh however many calls met the expired token.
    refreshing: () => {
      expect(network.waiting('refresh')).toHaveLength(1);
    },
    signedOut: (page) => {
      expect(page.router.state.location.pathname).toBe('/login');
      expect(window.localStorage.getItem('accessToken')).toBeNull();
      expect(window.localStorage.getItem('isLoggedIn')).toBeNull();
    },
  },
});
