// @vitest-environment jsdom
// The sign-in machine's paths walked through the real Sign In page: typing, the password toggle and Sign In are done
// as a person does them; loginapi, syncGuestLoggedInCart and getsingleuserdetails answer when the path says.
import '../setup-dom';
import { describeViewModel } from './view-model';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { signInErrors } from '../../../machines/sign-in.selectors';
import { signInMachine } from '../../../machines/sign-in.machine';
import type { SignInField } from '../../../machines/sign-in.selectors';
import type { SignInInput } from '../../../machines/sign-in.machine';
import type { SignInRequest } from '../../../domain/auth';
import { SignInPage } from '../../../src/features/auth/sign-in-page';
import { aSignInReply, signInFormEvents } from '../sign-in-fixtures';
import { heldNetwork } from './held-network';
import { renderScreen } from './render-screen';
import { expectToast, isBusy, messageOf } from './view-checks';
import { mockApi } from '../page-harness';

const reply = aSignInReply();
const details = { id: 'u_kavya', firstName: 'Kavya', lastName: 'Iyer', email: reply.email, mobileNumber: null };
const refusal = (status: number, code: string, message: string) => HttpResponse.json({ message, code }, { status });

const network = heldNetwork();
mockApi([
  network.hold('post', '*/api/loginapi', 'loginapi'),
  network.hold('post', '*/api/syncGuestLoggedInCart', 'syncGuestLoggedInCart'),
  network.hold('get', '*/api/getsingleuserdetails', 'getsingleuserdetails'),
]);

function renderSignIn(input: SignInInput) {
  if (input.guestSessionId) window.sessionStorage.setItem('guestSessionId', input.guestSessionId);
  const loadPage = vi.fn<(path: string) => void>();
  renderScreen(<SignInPage loadPage={loadPage} />, input.guestLogin ? '/g/login' : '/login');
  const form = screen.getByRole('form', { name: 'Sign In' });
  const fields: Record<SignInField, HTMLInputElement> = {
    email: within(form).getByLabelText('Email'),
    password: within(form).getByLabelText('Password'),
  };
  return { form, fields, submit: within(form).getByRole('button', { name: 'Sign In' }), loadPage };
}
type SignInScreen = ReturnType<typeof renderSignIn>;

describeViewModel<SignInScreen, SignInInput>('sign-in machine through the real Sign In page', {
  machine: signInMachine,
  network,
  situations: [
    { name: 'at /login without a guest bag', input: { guestLogin: false, guestSessionId: null } },
    { name: 'at /g/login with a guest bag', input: { guestLogin: true, guestSessionId: 'guest-123' } },
  ],
  events: [
    ...signInFormEvents,
    { type: 'xstate.done.actor.signIn', output: reply },
    { type: 'xstate.done.actor.signIn', output: null },
    { type: 'xstate.error.actor.signIn', error: { status: 401 } },
    { type: 'xstate.done.actor.syncGuestCart', output: undefined },
    { type: 'xstate.error.actor.syncGuestCart', error: { status: 500 } },
    { type: 'xstate.done.actor.fetchUserDetails', output: details },
    { type: 'xstate.error.actor.fetchUserDetails', error: { status: 404 } },
  ],
  render: ({ input }) => renderSignIn(input),
  perform: {
    'field.change': (page, event) => {
      fireEvent.change(page.fields[event.field as SignInField], { target: { value: event.value } });
    },
    'password.toggle': async (page, _, { user }) => {
      await user.click(within(page.form).getByRole('button', { name: /^(Show|Hide) password$/ }));
    },
    'form.submit': async (page, _, { user }) => {
      await user.click(page.submit);
    },
    'xstate.done.actor.signIn': async (_, event, { network }) => {
      await network.answer('loginapi', () => HttpResponse.json(event.output ?? { message: 'Login failed' }));
      await expectToast(event.output ? 'SignIn Successful' : 'SignIn failed: User not found or Incorrect credentials');
    },
    'xstate.error.actor.signIn': async (_, __, { network }) => {
      await network.answer('loginapi', () => refusal(401, 'UNAUTHORIZED', 'Wrong e-mail or password'));
      await expectToast('SignIn failed: User not found or Incorrect credentials');
    },
    'xstate.done.actor.syncGuestCart': async (_, __, { network }) => {
      await network.answer('syncGuestLoggedInCart', () => HttpResponse.json({ message: 'merged' }));
      // Only a merged bag forgets the guest session.
      await expect.poll(() => window.sessionStorage.getItem('guestSessionId')).toBeNull();
    },
    'xstate.error.actor.syncGuestCart': async (_, __, { network }) => {
      await network.answer('syncGuestLoggedInCart', () => refusal(500, 'INTERNAL', 'down'));
      expect(window.sessionStorage.getItem('guestSessionId')).toBe('guest-123');
    },
    'xstate.done.actor.fetchUserDetails': (_, __, { network }) =>
      network.answer('getsingleuserdetails', () => HttpResponse.json(details)),
    'xstate.error.actor.fetchUserDetails': (_, __, { network }) =>
      network.answer('getsingleuserdetails', () => refusal(404, 'NOT_FOUND', 'No such user')),
  },
  shows: {
    editing: (page, expected) => {
      const { form, submitted, passwordShown } = expected.context as { form: SignInRequest; submitted: boolean; passwordShown: boolean };
      const errors = signInErrors(form);
      for (const field of ['email', 'password'] as const) {
        expect(page.fields[field].value).toBe(form[field]);
        // A message shows once its field is typed in, or for every field after a refused submit.
        expect(messageOf(page.fields[field])).toBe(submitted || form[field] !== '' ? errors[field] : undefined);
      }
      expect(page.fields.password.getAttribute('type')).toBe(passwordShown ? 'text' : 'password');
      expect(isBusy(page.submit)).toBe(false);
    },
    signingIn: (page, expected, { network }) => {
      expect(isBusy(page.submit)).toBe(true);
      expect(network.waiting('loginapi').map((request) => request.body)).toEqual([expected.context.form]);
    },
    syncingGuestCart: (_, __, { network }) => {
      expect(window.localStorage.getItem('accessToken')).toBe(reply.authorization);
      expect(network.waiting('syncGuestLoggedInCart').map((request) => request.body)).toEqual([
        { sessionId: 'guest-123', userExtId: 'u_kavya' },
      ]);
    },
    fetchingUserDetails: (_, __, { network }) => {
      expect(window.localStorage.getItem('isLoggedIn')).toBe('true');
      const [request] = network.waiting('getsingleuserdetails');
      expect(request?.url.searchParams.get('id')).toBe('u_kavya');
      expect(request?.headers.get('Authorization')).toBe(reply.authorization);
    },
    leaving: (page, _, { input }) => {
      expect(page.loadPage).toHaveBeenCalledWith(input.guestLogin ? '/checkout' : '/');
    },
  },
});
