// @vitest-environment jsdom
// The session-refresh machine's paths walked through the real app, whose root session actor it is: at
// /account/profile, signed in, calls answer 401 when the path says (the profile, then the Orders and Addresses tabs
// a person opens), POST refresh answers with a new token or refuses (back to /login, signed out), and a shopper who
// signs in again there and meets a 401 starts a refresh of their own.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on, the session actor created on import included.
import { describeViewModel } from './view-model';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import { authMessages } from '../../../domain/auth';
import type { SignInReply } from '../../../domain/auth';
import { sessionRefreshMachine } from '../../../machines/session-refresh.machine';
import { toaster } from '../../../src/app/toaster';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp, signIn } from '../render-app';
import { heldNetwork } from './held-network';

const again: SignInReply = {
  message: 'Login successful',
  userExtId: 'u_12',
  userId: 'u_12',
  email: 'asha@example.test',
  trueUser: false,
  authorization: 'token-again',
};
const expired = () => HttpResponse.json({ message: 'Token expired', code: 'UNAUTHORIZED' }, { status: 401 });

const network = heldNetwork();
const server = setupServer(
  ...layoutHandlers,
  network.hold('get', '*/api/getsingleuserdetails', 'getsingleuserdetails'),
  network.hold('get', '*/api/userorderslist', 'userorderslist'),
  network.hold('get', '*/api/getuseraddresses', 'getuseraddresses'),
  network.hold('post', '*/api/refresh', 'refresh'),
  http.post('*/api/loginapi', () => HttpResponse.json(again)),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => toaster.remove());
afterAll(() => server.close());

async function renderAccount(user: UserEvent) {
  signIn();
  // Failed loads of the account tabs are logged.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // The app loads the session actor with the first expired token (src/api/client.ts); loaded here, the walk sees it
  // idle from the start.
  await import('../../../src/app/session-refresh-actor');
  const app = await renderApp('/account/profile');
  /** The calls that can meet an expired token, in the order a person makes them here. */
  const expiries = [
    () => network.answer('getsingleuserdetails', expired),
    async () => {
      await user.click(screen.getByRole('tab', { name: 'Orders' }));
      await network.answer('userorderslist', expired);
    },
    async () => {
      await user.click(screen.getByRole('tab', { name: 'Addresses' }));
      await network.answer('getuseraddresses', expired);
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
    { type: 'token.expired' },
    { type: 'xstate.done.actor.refreshToken', output: 'token-2' },
    { type: 'xstate.error.actor.refreshToken', error: { name: 'RefreshFailed' } },
  ],
  render: ({ user }) => renderAccount(user),
  perform: {
    'token.expired': async (page, _, { user }, { from }) => {
      if (!from.matches('signedOut')) {
        const next = page.expiries.shift();
        if (!next) throw new Error('no call left to meet an expired token');
        await next();
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
