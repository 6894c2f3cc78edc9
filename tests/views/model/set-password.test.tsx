// @vitest-environment jsdom
// The set-password machine's paths walked through the real app at /checkout, as a guest whose e-mail the shop knows
// from an earlier order: Create Password (verifyemail), the "Set Password" dialog with its code, passwords, toggles,
// Submit and Cancel (verifyotppassword), then the sign-in with the new password (loginapi) and the merge of the guest
// bag into the account (syncGuestLoggedInCart) that take the shopper on.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { authMessages } from '../../../domain/auth';
import { checkoutMessages } from '../../../domain/checkout';
import type { CheckEmailAvailabilityReply } from '../../../domain/checkout';
import { setPasswordErrors } from '../../../machines/set-password.selectors';
import { setPasswordMachine } from '../../../machines/set-password.machine';
import type { SetPasswordContext } from '../../../machines/set-password.machine';
import type { SetPasswordField } from '../../../machines/set-password.selectors';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp } from '../render-app';
import { oneLineBag } from './checkout-fixtures';
import { aSignInReply } from '../sign-in-fixtures';
import { heldNetwork } from './held-network';
import { expectToast, isBusy, messageOf } from './view-checks';
import { mockApi } from '../page-harness';

const sessionId = 'GuestSession0123456789ab';
const email = 'kavya@example.in';
const password = 'Jasmine@2026';
const reply = aSignInReply({ email });
const knownGuest: CheckEmailAvailabilityReply = {
  available: false,
  response: checkoutMessages.createPassword,
  data: { firstName: 'Kavya', lastName: 'Iyer', mobileNumber: '9876543210' },
};
const labels: Record<SetPasswordField, RegExp> = { otp: /^OTP/, password: /^Password/, confirmPassword: /^Confirm Password/ };
const toggles = { password: /^(Show|Hide) password$/, confirmPassword: /^(Show|Hide) password confirmation$/ };

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  http.get(`*/api/guest/${sessionId}/cart`, () => HttpResponse.json(oneLineBag)),
  // The guest form learns at once that this e-mail bought before: Create Password shows.
  http.post('*/api/checkemailavailability', () => HttpResponse.json(knownGuest)),
  network.hold('post', '*/api/verifyemail', 'verifyemail'),
  network.hold('post', '*/api/verifyotppassword', 'verifyotppassword'),
  network.hold('post', '*/api/loginapi', 'loginapi'),
  network.hold('post', '*/api/syncGuestLoggedInCart', 'syncGuestLoggedInCart'),
]);

async function renderKnownGuest() {
  window.sessionStorage.setItem('guestSessionId', sessionId);
  window.localStorage.setItem('accessToken', 'guest-token');
  // The new session reloads /checkout, which jsdom cannot do: it says so on the console.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await renderApp('/checkout');
  const form = await screen.findByRole('form', { name: 'Guest checkout' }, { timeout: 8000 });
  const emailField = within(form).getByLabelText(/^Email/);
  fireEvent.change(emailField, { target: { value: email } });
  fireEvent.blur(emailField);
  await screen.findByRole('button', { name: 'Create Password' });
  const dialog = () => screen.getByRole('dialog', { name: 'Set Password' });
  return {
    dialog,
    field: (name: SetPasswordField) => within(dialog()).getByLabelText(labels[name]) as HTMLInputElement,
    submit: () => within(dialog()).getByRole('button', { name: /^(Submit|Saving)/ }),
  };
}
type DialogScreen = Awaited<ReturnType<typeof renderKnownGuest>>;

const contextOf = (snapshot: { context: unknown }) => snapshot.context as SetPasswordContext;
const refusal = (status: number, code: string, message: string) => HttpResponse.json({ message, code }, { status });

describeViewModel<DialogScreen, undefined>('set-password machine through the real app at /checkout', {
  machine: setPasswordMachine,
  network,
  situations: [{ name: 'a guest who bought before', input: undefined }],
  inputOf: () => ({ guestSessionId: sessionId }),
  events: [
    { type: 'password.start', email },
    { type: 'xstate.done.actor.verifyEmail', output: { status: 200, userId: 'u_kavya', body: 'OTP sent' } },
    { type: 'xstate.error.actor.verifyEmail', error: { status: 404 } },
    { type: 'field.change', field: 'otp', value: '482913' },
    { type: 'field.change', field: 'password', value: password },
    { type: 'field.change', field: 'confirmPassword', value: password },
    { type: 'password.toggle', field: 'password' },
    { type: 'form.submit' },
    { type: 'modal.cancel' },
    { type: 'xstate.done.actor.resetPassword', output: { message: 'Password updated' } },
    { type: 'xstate.error.actor.resetPassword', error: { status: 400 } },
    { type: 'xstate.done.actor.signIn', output: reply },
    { type: 'xstate.done.actor.signIn', output: null },
    { type: 'xstate.error.actor.signIn', error: { status: 401 } },
    { type: 'xstate.done.actor.syncGuestCart', output: { message: 'merged' } },
    { type: 'xstate.error.actor.syncGuestCart', error: { status: 500 } },
  ],
  // Typing what a field already holds sends nothing.
  offers: (snapshot, event) => event.type !== 'field.change' || contextOf(snapshot)[event.field as SetPasswordField] !== event.value,
  render: () => renderKnownGuest(),
  perform: {
    'password.start': async (_, __, { user }) => {
      await user.click(screen.getByRole('button', { name: 'Create Password' }));
    },
    'xstate.done.actor.verifyEmail': (_, event, { network }) => network.answer('verifyemail', () => HttpResponse.json(event.output)),
    'xstate.error.actor.verifyEmail': async (_, __, { network }) => {
      await network.answer('verifyemail', () => refusal(404, 'NOT_FOUND', 'No such account'));
      await expectToast(authMessages.forgotCheckEmail);
    },
    'field.change': (page, event) => {
      fireEvent.change(page.field(event.field as SetPasswordField), { target: { value: event.value } });
    },
    'password.toggle': async (page, event, { user }) => {
      await user.click(within(page.dialog()).getByRole('button', { name: toggles[event.field as keyof typeof toggles] }));
    },
    'form.submit': async (page, _, { user }, { from, to }) => {
      await user.click(page.submit());
      if (to.matches('modalOpen') && !contextOf(from).otp) await expectToast(checkoutMessages.setPasswordInvalid);
    },
    'modal.cancel': async (page, _, { user }) => {
      await user.click(within(page.dialog()).getByRole('button', { name: 'Cancel' }));
    },
    'xstate.done.actor.resetPassword': (_, event, { network }) =>
      network.answer('verifyotppassword', () => HttpResponse.json(event.output)),
    'xstate.error.actor.resetPassword': async (_, __, { network }) => {
      await network.answer('verifyotppassword', () => refusal(400, 'BAD_REQUEST', 'Wrong code'));
      await expectToast(authMessages.forgotIncorrectOtp);
    },
    'xstate.done.actor.signIn': async (_, event, { network }) => {
      if (event.output) return network.answer('loginapi', () => HttpResponse.json(event.output));
      // A 200 that is not "Login successful": the password is set all the same, the shopper is told to sign in.
      await network.answer('loginapi', () => HttpResponse.json({ message: 'Something went wrong' }));
      await expectToast(authMessages.accountCreated);
    },
    'xstate.error.actor.signIn': async (_, __, { network }) => {
      await network.answer('loginapi', () => refusal(401, 'UNAUTHORIZED', 'Wrong e-mail or password'));
      // The password is set all the same: the shopper is told to sign in.
      await expectToast(authMessages.accountCreated);
    },
    'xstate.done.actor.syncGuestCart': async (_, __, { network }) => {
      await network.answer('syncGuestLoggedInCart', () => HttpResponse.json({ message: 'merged' }));
      // The bag is the account's now: the guest id goes.
      await waitFor(() => expect(window.sessionStorage.getItem('guestSessionId')).toBeNull());
    },
    'xstate.error.actor.syncGuestCart': async (_, __, { network }) => {
      await network.answer('syncGuestLoggedInCart', () => refusal(500, 'INTERNAL', 'Down'));
      // The shopper goes on signed in; the bag stays with the guest session for a later merge.
      expect(window.sessionStorage.getItem('guestSessionId')).toBe(sessionId);
    },
  },
  shows: {
    idle: () => {
      expect(screen.queryByRole('dialog', { name: 'Set Password' })).toBeNull();
      expect(isBusy(screen.getByRole('button', { name: 'Create Password' }))).toBe(false);
    },
    verifyingEmail: (_, __, { network }) => {
      expect(isBusy(screen.getByRole('button', { name: /^(Create Password|Sending code)/ }))).toBe(true);
      expect(network.waiting('verifyemail').map((request) => request.body)).toEqual([{ email }]);
    },
    modalOpen: (page, expected) => {
      const context = contextOf(expected);
      const errors = setPasswordErrors(context);
      expect(within(page.dialog()).getByText(email)).toBeTruthy();
      for (const name of Object.keys(labels) as SetPasswordField[]) {
        expect(page.field(name).value).toBe(context[name]);
        // A message shows once its field is typed in, or for every field after a refused submit.
        expect(messageOf(page.field(name))).toBe(context.submitted || context[name] !== '' ? errors[name] : undefined);
      }
      expect(page.field('password').getAttribute('type')).toBe(context.shown.password ? 'text' : 'password');
      expect(page.field('confirmPassword').getAttribute('type')).toBe(context.shown.confirmPassword ? 'text' : 'password');
      expect(isBusy(page.submit())).toBe(false);
    },
    settingPassword: (page, expected, { network }) => {
      const { otp, confirmPassword } = contextOf(expected);
      expect(isBusy(page.submit())).toBe(true);
      expect(network.waiting('verifyotppassword').map((request) => request.body)).toEqual([{ email, otp, password, confirmPassword }]);
    },
    signingIn: (page, _, { network }) => {
      expect(isBusy(page.submit())).toBe(true);
      expect(network.waiting('loginapi').map((request) => request.body)).toEqual([{ email, password }]);
    },
    // Signed in first: the merge carries the user's token, which the server asks of it.
    mergingGuestBag: (page, _, { network }) => {
      expect(isBusy(page.submit())).toBe(true);
      expect(window.localStorage.getItem('accessToken')).toBe(reply.authorization);
      const merges = network.waiting('syncGuestLoggedInCart');
      expect(merges.map((request) => request.body)).toEqual([{ sessionId, userExtId: reply.userExtId }]);
      expect(merges.map((request) => request.headers.get('Authorization'))).toEqual([reply.authorization]);
    },
    // Signed in, the bag handed over or left with the guest session, before /checkout loads again.
    done: () => {
      expect(window.localStorage.getItem('accessToken')).toBe(reply.authorization);
    },
  },
});
