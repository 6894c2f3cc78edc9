// @vitest-environment jsdom
// The sign-up machine's paths walked through the real app at /signup: details typed (leaving the e-mail looks up an
// unfinished sign-up, which fills in what is known), Submit, the e-mail code and Verify, the password step with its
// toggles and Create Account, and the way to /login 2 s after the account is created; every call answers when the
// path says.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { authMessages } from '../../../domain/auth';
import type { CheckEmailPresentReply } from '../../../domain/auth';
import { signUpErrors } from '../../../machines/sign-up.selectors';
import { signUpMachine } from '../../../machines/sign-up.machine';
import type { SignUpContext } from '../../../machines/sign-up.machine';
import type { SignUpField } from '../../../machines/sign-up.selectors';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp } from '../render-app';
import { heldNetwork } from './held-network';
import { expectToast, formNamed, isBusy, messageOf } from './view-checks';
import { mockApi } from '../page-harness';

const known: CheckEmailPresentReply = { email: 'kavya@example.in', firstName: 'Kavya', lastName: 'Iyer', mobileNumber: '9876543210' };
const password = 'Jasmine@2026';

/** Each step's form, its fields with their labels, and its button. */
const steps = {
  details: {
    form: 'Your details',
    fields: { email: 'Email', mobileNumber: 'Mobile Number', firstName: 'First Name', lastName: 'Last Name' },
    button: /^(Submit|Sending OTP)/,
  },
  otp: { form: 'Verify your email', fields: { otp: 'OTP' }, button: /^Verif/ },
  password: { form: 'Set your password', fields: { password: 'Password', confirmPassword: 'Confirm Password' }, button: /^Creat/ },
} as const;
type Step = keyof typeof steps;
const toggles = { password: /^(Show|Hide) password$/, confirmPassword: /^(Show|Hide) password confirmation$/ };

/** The step a state shows: the busy states keep their step on screen. */
function stepOf(snapshot: AnyMachineSnapshot): Step {
  if (snapshot.matches('details') || snapshot.matches('creatingUser')) return 'details';
  if (snapshot.matches('otp') || snapshot.matches('verifyingOtp')) return 'otp';
  return 'password';
}
const stepOfField = (field: SignUpField): Step =>
  (Object.keys(steps) as Step[]).find((step) => field in steps[step].fields)!;

const valuesOf = (context: SignUpContext): Record<SignUpField, string> => ({
  ...context.details,
  otp: context.otp,
  password: context.password,
  confirmPassword: context.confirmPassword,
});

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  ...network.holdCalls('post', 'checkemailpresent', 'createuser', 'verifyotp', 'createpassword'),
]);

async function renderSignUp() {
  const app = await renderApp('/signup');
  const field = (name: SignUpField) => {
    const step = steps[stepOfField(name)];
    return within(formNamed(step.form)).getByLabelText((step.fields as Record<string, string>)[name]!) as HTMLInputElement;
  };
  const button = (step: Step, name: RegExp = steps[step].button) => within(formNamed(steps[step].form)).getByRole('button', { name });
  return { ...app, field, button };
}
type SignUpScreen = Awaited<ReturnType<typeof renderSignUp>>;

const refusal = (status: number, code: string, message: string) => HttpResponse.json({ message, code }, { status });

describeViewModel<SignUpScreen, undefined>('sign-up machine through the real app at /signup', {
  machine: signUpMachine,
  network,
  situations: [{ name: 'at /signup', input: undefined }],
  events: [
    { type: 'field.change', field: 'email', value: known.email },
    // Another e-mail while the look-up runs, or after it filled the form, starts the details afresh.
    { type: 'field.change', field: 'email', value: 'meera@example.in' },
    { type: 'field.change', field: 'firstName', value: 'Meera' },
    { type: 'field.change', field: 'lastName', value: 'Nair' },
    { type: 'field.change', field: 'mobileNumber', value: '9123456780' },
    { type: 'field.blur', field: 'email' },
    { type: 'xstate.done.actor.checkEmailPresent', output: known },
    { type: 'xstate.error.actor.checkEmailPresent', error: { status: 404 } },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.createUser', output: { message: 'created' } },
    { type: 'xstate.error.actor.createUser', error: { status: 409 } },
    { type: 'field.change', field: 'otp', value: '482913' },
    { type: 'otp.verify' },
    { type: 'xstate.done.actor.verifyOtp', output: { message: 'verified' } },
    { type: 'xstate.error.actor.verifyOtp', error: { status: 400 } },
    { type: 'field.change', field: 'password', value: password },
    { type: 'field.change', field: 'confirmPassword', value: password },
    { type: 'password.toggle', field: 'password' },
    { type: 'xstate.done.actor.createPassword', output: { message: 'password set' } },
    { type: 'xstate.error.actor.createPassword', error: { status: 500 } },
    { type: 'xstate.after.afterSignUp.signUp.created' },
  ],
  // A field is typed into only on the step that shows it, and typing what it already holds sends nothing.
  offers: (snapshot, event) =>
    event.type !== 'field.change' ||
    (stepOfField(event.field as SignUpField) === stepOf(snapshot) && valuesOf(snapshot.context as SignUpContext)[event.field as SignUpField] !== event.value),
  render: () => renderSignUp(),
  perform: {
    'field.change': (page, event) => {
      fireEvent.change(page.field(event.field as SignUpField), { target: { value: event.value } });
    },
    'field.blur': (page) => {
      fireEvent.blur(page.field('email'));
    },
    'password.toggle': async (page, event, { user }) => {
      await user.click(page.button('password', toggles[event.field as keyof typeof toggles]));
    },
    'form.submit': async (page, _, { user }, { from, to }) => {
      await user.click(page.button(stepOf(from)));
      if (to.matches('details') && from.matches('details')) await expectToast(authMessages.fillAllFieldsBang);
    },
    'otp.verify': async (page, _, { user }) => {
      await user.click(page.button('otp'));
    },
    'xstate.done.actor.checkEmailPresent': (_, event, { network }) =>
      network.answer('checkemailpresent', () => HttpResponse.json(event.output)),
    'xstate.error.actor.checkEmailPresent': (_, __, { network }) =>
      network.answer('checkemailpresent', () => refusal(404, 'NOT_FOUND', 'No unfinished sign-up')),
    'xstate.done.actor.createUser': async (_, event, { network }) => {
      await network.answer('createuser', () => HttpResponse.json(event.output));
      await expectToast(authMessages.signUpOtpSent);
    },
    'xstate.error.actor.createUser': async (_, __, { network }) => {
      await network.answer('createuser', () => refusal(409, 'CONFLICT', 'Already registered'));
      await expectToast(authMessages.signUpDuplicate);
    },
    'xstate.done.actor.verifyOtp': async (_, event, { network }) => {
      await network.answer('verifyotp', () => HttpResponse.json(event.output));
      await expectToast(authMessages.otpVerified);
    },
    'xstate.error.actor.verifyOtp': async (_, __, { network }) => {
      await network.answer('verifyotp', () => refusal(400, 'BAD_REQUEST', 'Wrong code'));
      await expectToast(authMessages.otpInvalid);
    },
    'xstate.done.actor.createPassword': async (_, event, { network }) => {
      await network.answer('createpassword', () => HttpResponse.json(event.output));
      await expectToast(authMessages.accountCreated);
    },
    'xstate.error.actor.createPassword': async (_, __, { network }) => {
      await network.answer('createpassword', () => refusal(500, 'INTERNAL', 'down'));
      await expectToast(authMessages.genericError);
    },
  },
  shows: {
    '*': (page, expected) => {
      if (expected.matches('leaving')) return;
      const context = expected.context as SignUpContext;
      const step = stepOf(expected);
      const current = screen.getByRole('list', { name: 'Sign-up progress' }).querySelector('[aria-current="step"] p')?.textContent;
      if (!expected.matches('created')) expect(current).toBe(['Your Details', 'Verify Email', 'Set Password'][Object.keys(steps).indexOf(step)]);
      // The step's fields show the values, and a field's message once it is typed in or after a refused submit.
      const values = valuesOf(context);
      const errors = signUpErrors(context);
      for (const name of Object.keys(steps[step].fields) as SignUpField[]) {
        expect(page.field(name).value).toBe(values[name]);
        expect(messageOf(page.field(name))).toBe(context.submitted[step] || values[name] !== '' ? errors[name] : undefined);
      }
      if (step === 'password') {
        expect(page.field('password').getAttribute('type')).toBe(context.shown.password ? 'text' : 'password');
        expect(page.field('confirmPassword').getAttribute('type')).toBe(context.shown.confirmPassword ? 'text' : 'password');
      }
    },
    'details.checkingEmail': (_, expected, { network }) => {
      expect(network.waiting('checkemailpresent').at(-1)?.body).toEqual({ email: (expected.context as SignUpContext).details.email });
    },
    creatingUser: (page, expected, { network }) => {
      expect(isBusy(page.button('details'))).toBe(true);
      expect(network.waiting('createuser').map((request) => request.body)).toEqual([(expected.context as SignUpContext).details]);
    },
    otp: (page, expected) => {
      expect(within(formNamed(steps.otp.form)).getByText((expected.context as SignUpContext).details.email)).toBeTruthy();
      expect(isBusy(page.button('otp'))).toBe(false);
    },
    verifyingOtp: (page, expected, { network }) => {
      const { details, otp } = expected.context as SignUpContext;
      expect(isBusy(page.button('otp'))).toBe(true);
      expect(network.waiting('verifyotp').map((request) => request.body)).toEqual([{ email: details.email, otp }]);
    },
    creatingPassword: (page, expected, { network }) => {
      const { details } = expected.context as SignUpContext;
      expect(isBusy(page.button('password'))).toBe(true);
      expect(network.waiting('createpassword').map((request) => request.body)).toEqual([{ email: details.email, password }]);
    },
    created: (page) => {
      expect(page.button('password').hasAttribute('disabled')).toBe(true);
      expect(page.router.state.location.pathname).toBe('/signup');
    },
    leaving: (page) => {
      expect(page.router.state.location.pathname).toBe('/login');
    },
  },
});
