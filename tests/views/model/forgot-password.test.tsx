// @vitest-environment jsdom
// The forgot-password machine's paths walked through the real app at /forgotpassword: the e-mail step (Send OTP,
// verifyemail answering or refusing), the code and new password step (the toggles, Reset Password, verifyotppassword
// answering or refusing) and the way to /login 3 s after the new password is set.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { expect } from 'vitest';
import { authMessages } from '../../../domain/auth';
import { forgotPasswordErrors, resetOtpSentMessage } from '../../../machines/forgot-password.selectors';
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine';
import type { ForgotPasswordContext } from '../../../machines/forgot-password.machine';
import type { ForgotPasswordField } from '../../../machines/forgot-password.selectors';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp } from '../render-app';
import { heldNetwork } from './held-network';
import { expectToast, formNamed, isBusy, messageOf } from './view-checks';
import { mockApi } from '../page-harness';

const email = 'kavya@example.in';
const newPassword = 'Marigold@77';
const labels: Record<ForgotPasswordField, string> = {
  email: 'Email',
  otp: 'Email OTP',
  password: 'New Password',
  confirmPassword: 'Confirm Password',
};
const toggles = { password: /^(Show|Hide) new password$/, confirmPassword: /^(Show|Hide) password confirmation$/ };
const emailForm = 'Find your account';
const resetForm = 'Choose a new password';

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  ...network.holdCalls('post', 'verifyemail', 'verifyotppassword'),
]);

async function renderForgotPassword() {
  const app = await renderApp('/forgotpassword');
  const formOf = (field: ForgotPasswordField) => formNamed(field === 'email' ? emailForm : resetForm);
  return {
    ...app,
    field: (name: ForgotPasswordField) => within(formOf(name)).getByLabelText(labels[name]) as HTMLInputElement,
    button: (form: string, name: RegExp) => within(formNamed(form)).getByRole('button', { name }),
  };
}
type ForgotScreen = Awaited<ReturnType<typeof renderForgotPassword>>;

const currentStep = () =>
  screen.getByRole('list', { name: 'Password reset progress' }).querySelector('[aria-current="step"] p')?.textContent;

/** Both steps show the same way: the values, and a field's message once it is typed in or after a refused submit. */
function expectFields(page: ForgotScreen, context: ForgotPasswordContext, fields: ForgotPasswordField[], submitted: boolean) {
  const errors = forgotPasswordErrors(context);
  for (const name of fields) {
    expect(page.field(name).value).toBe(context[name]);
    expect(messageOf(page.field(name))).toBe(submitted || context[name] !== '' ? errors[name] : undefined);
  }
}

describeViewModel<ForgotScreen, undefined>('forgot-password machine through the real app at /forgotpassword', {
  machine: forgotPasswordMachine,
  network,
  situations: [{ name: 'at /forgotpassword', input: undefined }],
  events: [
    { type: 'field.change', field: 'email', value: email },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.verifyEmail', output: { status: 200, userId: 'u_kavya', body: 'OTP sent' } },
    { type: 'xstate.error.actor.verifyEmail', error: { status: 404 } },
    { type: 'field.change', field: 'otp', value: '482913' },
    { type: 'field.change', field: 'password', value: newPassword },
    { type: 'field.change', field: 'confirmPassword', value: newPassword },
    { type: 'password.toggle', field: 'password' },
    { type: 'xstate.done.actor.resetPassword', output: { message: 'Password updated' } },
    { type: 'xstate.error.actor.resetPassword', error: { status: 400 } },
    { type: 'xstate.after.afterPasswordReset.forgotPassword.passwordReset' },
  ],
  // The e-mail field is on the first step only.
  offers: (snapshot, event) => event.type !== 'field.change' || (event.field === 'email') === snapshot.matches('email'),
  render: () => renderForgotPassword(),
  perform: {
    'field.change': (page, event) => {
      fireEvent.change(page.field(event.field as ForgotPasswordField), { target: { value: event.value } });
    },
    'password.toggle': async (page, event, { user }) => {
      await user.click(page.button(resetForm, toggles[event.field as keyof typeof toggles]));
    },
    'form.submit': async (page, _, { user }, { from, to }) => {
      const onEmailStep = from.matches('email');
      await user.click(page.button(onEmailStep ? emailForm : resetForm, onEmailStep ? /^Send(ing)? OTP/ : /^(Reset Password|Updating)/));
      // The code step says which rule stopped it.
      if (to.matches('reset') && !(from.context as ForgotPasswordContext).otp) await expectToast(authMessages.fillAllFields);
    },
    'xstate.done.actor.verifyEmail': async (_, event, { network }) => {
      await network.answer('verifyemail', () => HttpResponse.json(event.output));
      await expectToast(resetOtpSentMessage);
    },
    'xstate.error.actor.verifyEmail': async (_, __, { network }) => {
      await network.answer('verifyemail', () => HttpResponse.json({ message: 'No such account', code: 'NOT_FOUND' }, { status: 404 }));
      await expectToast(authMessages.forgotCheckEmail);
    },
    'xstate.done.actor.resetPassword': async (_, event, { network }) => {
      await network.answer('verifyotppassword', () => HttpResponse.json(event.output));
      await expectToast(authMessages.forgotSuccess);
    },
    'xstate.error.actor.resetPassword': async (_, __, { network }) => {
      await network.answer('verifyotppassword', () => HttpResponse.json({ message: 'Wrong code', code: 'BAD_REQUEST' }, { status: 400 }));
      await expectToast(authMessages.forgotIncorrectOtp);
    },
  },
  shows: {
    email: (page, expected) => {
      const context = expected.context as ForgotPasswordContext;
      expect(currentStep()).toBe('Email Verification');
      expectFields(page, context, ['email'], context.submitted.email);
      expect(isBusy(page.button(emailForm, /^Send OTP/))).toBe(false);
    },
    verifyingEmail: (page, _, { network }) => {
      expect(isBusy(page.button(emailForm, /^Send(ing)? OTP/))).toBe(true);
      expect(network.waiting('verifyemail').map((request) => request.body)).toEqual([{ email }]);
    },
    reset: (page, expected) => {
      const context = expected.context as ForgotPasswordContext;
      expect(currentStep()).toBe('OTP and Password');
      expect(within(formNamed(resetForm)).getByText(context.email)).toBeTruthy();
      expectFields(page, context, ['otp', 'password', 'confirmPassword'], context.submitted.reset);
      expect(isBusy(page.button(resetForm, /^Reset Password/))).toBe(false);
    },
    resetting: (page, expected, { network }) => {
      const { otp, password, confirmPassword } = expected.context as ForgotPasswordContext;
      expect(isBusy(page.button(resetForm, /^(Reset Password|Updating)/))).toBe(true);
      expect(network.waiting('verifyotppassword').map((request) => request.body)).toEqual([{ email, otp, password, confirmPassword }]);
    },
    passwordReset: (page) => {
      expect(page.button(resetForm, /^Reset Password/).hasAttribute('disabled')).toBe(true);
      expect(page.router.state.location.pathname).toBe('/forgotpassword');
    },
    leaving: (page) => {
      expect(page.router.state.location.pathname).toBe('/login');
    },
    '*': (page, expected) => {
      // Each password field shows its secret only when toggled.
      if (expected.matches('email') || expected.matches('verifyingEmail') || expected.matches('leaving')) return;
      const { shown } = expected.context as ForgotPasswordContext;
      expect(page.field('password').getAttribute('type')).toBe(shown.password ? 'text' : 'password');
      expect(page.field('confirmPassword').getAttribute('type')).toBe(shown.confirmPassword ? 'text' : 'password');
    },
  },
});
