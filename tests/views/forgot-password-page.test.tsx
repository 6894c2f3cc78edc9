// @vitest-environment jsdom
// The Forgot Password stepper with the real machine and API client, the network mocked with msw.
import './setup-dom';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { mockApi, recordedPosts, renderPageAt } from './page-harness';
import { toaster } from '../../src/app/toaster';
import { ForgotPasswordPage } from '../../src/features/auth/forgot-password-page';

const email = 'kavya@example.in';
const newPassword = 'Marigold@77';
const { requests, replies, respond, reset } = recordedPosts();

mockApi(
  [
    respond('verifyemail', () => HttpResponse.json({ status: 200, userId: 'u_kavya', body: 'OTP sent' })),
    respond('verifyotppassword', () => HttpResponse.json({ message: 'Password updated' })),
  ],
  reset,
);

function renderPage() {
  const user = renderPageAt('/forgotpassword', <ForgotPasswordPage />, { '/login': 'Login screen' });
  return { user, field: (label: string) => screen.getByLabelText(label) as HTMLInputElement };
}
type Page = ReturnType<typeof renderPage>;

const currentStep = () =>
  screen.getByRole('list', { name: 'Password reset progress' }).querySelector('[aria-current="step"] p')?.textContent;

async function reachStepTwo(page: Page) {
  await page.user.type(page.field('Email'), email);
  await page.user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await screen.findByLabelText('Email OTP');
  toaster.remove();
}

async function fillReset(page: Page, otp: string, password: string, confirm: string) {
  for (const [label, value] of [['Email OTP', otp], ['New Password', password], ['Confirm Password', confirm]] as const) {
    await page.user.clear(page.field(label));
    if (value) await page.user.type(page.field(label), value);
  }
  await page.user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('Forgot Password page', () => {
  it('verifies the e-mail, resets the password with the OTP and goes to /login after 3 s', async () => {
    const page = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeTruthy();
    expect(screen.getByText('Email Verification')).toBeTruthy();
    expect(screen.getByText('OTP and Password')).toBeTruthy();
    expect(currentStep()).toBe('Email Verification');
    expect(screen.getByRole('link', { name: 'Remember your password? SignIn here' }).getAttribute('href')).toBe('/login');

    await page.user.type(page.field('Email'), email);
    await page.user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('An OTP has been sent to your email.')).toBeTruthy();
    expect(currentStep()).toBe('OTP and Password');
    expect(requests).toEqual([{ path: 'verifyemail', body: { email } }]);

    await fillReset(page, '654321', newPassword, newPassword);
    expect(await screen.findByText('OTP Verification Successful. Password updated successfully')).toBeTruthy();
    expect(requests.at(-1)).toEqual({
      path: 'verifyotppassword',
      body: { email, otp: '654321', password: newPassword, confirmPassword: newPassword },
    });
    expect(screen.queryByText('Login screen')).toBeNull();
    expect(await screen.findByText('Login screen', undefined, { timeout: 4000 })).toBeTruthy();
  });

  it.each([
    [404, 'Please check the entered Email Address'],
    [500, 'An error occurred during the process'],
  ])('answers verifyemail %i with the spec message and stays on step 1', async (status, message) => {
    replies.verifyemail = () => HttpResponse.json({ message: 'no', code: 'NOT_FOUND' }, { status });
    const page = renderPage();
    await page.user.type(page.field('Email'), email);
    await page.user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(currentStep()).toBe('Email Verification');
  });

  it('sends nothing for an invalid e-mail and shows the e-mail rule', async () => {
    const page = renderPage();
    await page.user.type(page.field('Email'), 'kavya@');
    await page.user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByText('This is not a valid email format!')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('checks step 2: empty fields, mismatch, the long password rule', async () => {
    const page = renderPage();
    await reachStepTwo(page);
    await page.user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findAllByText('Please fill all the fields')).length).toBeGreaterThan(0);
    toaster.remove();

    await fillReset(page, '654321', newPassword, 'Marigold@78');
    expect((await screen.findAllByText('Passwords do not match')).length).toBeGreaterThan(1);
    toaster.remove();

    await fillReset(page, '654321', 'marigold', 'marigold');
    const longRule =
      'Password must be at least six characters long and contain at least one uppercase letter, one lowercase letter, one number and one special character (@$!%*?&)!';
    expect((await screen.findAllByText(longRule)).length).toBeGreaterThan(1);
    expect(requests.filter((request) => request.path === 'verifyotppassword')).toEqual([]);
  });

  it.each([
    [400, 'Incorrect OTP. Please validate the OTP sent to your mail'],
    [500, 'OTP verification failed: An error occurred'],
  ])('answers verifyotppassword %i with the spec message and stays on step 2', async (status, message) => {
    replies.verifyotppassword = () => HttpResponse.json({ message: 'Wrong code', code: 'OTP_INVALID' }, { status });
    const page = renderPage();
    await reachStepTwo(page);
    await fillReset(page, '000000', newPassword, newPassword);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(currentStep()).toBe('OTP and Password');
  });

  it('toggles each password field on its own', async () => {
    const page = renderPage();
    await reachStepTwo(page);
    await page.user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(page.field('New Password').type).toBe('text');
    expect(page.field('Confirm Password').type).toBe('password');
  });
});
