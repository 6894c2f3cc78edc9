// @vitest-environment jsdom
// The Sign Up screen's three steps with the real machine and API client, the network mocked with msw.
import './setup-dom';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { mockApi, recordedPosts, renderPageAt } from './page-harness';
import { toaster } from '../../src/app/toaster';
import { SignUpPage } from '../../src/features/auth/sign-up-page';

const newcomer = { email: 'kavya@example.in', mobileNumber: '9840012345', firstName: 'Kavya', lastName: 'Iyer' };
const { requests, replies, respond, reset } = recordedPosts();

mockApi(
  [
    respond('checkemailpresent', () => HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 })),
    respond('createuser', () => HttpResponse.json({ message: 'OTP sent' })),
    respond('verifyotp', () => HttpResponse.json({ message: 'OTP verified' })),
    respond('createpassword', () => HttpResponse.json({ message: 'Password created' })),
  ],
  reset,
);

function renderPage() {
  const user = renderPageAt('/signup', <SignUpPage />, { '/login': 'Login screen' });
  return { user, field: (label: string) => screen.getByLabelText(label) as HTMLInputElement };
}

type Page = ReturnType<typeof renderPage>;

async function fillDetails(page: Page) {
  await page.user.type(page.field('Email'), newcomer.email);
  await page.user.type(page.field('Mobile Number'), newcomer.mobileNumber);
  await page.user.type(page.field('First Name'), newcomer.firstName);
  await page.user.type(page.field('Last Name'), newcomer.lastName);
}

const currentStep = () => screen.getByRole('list', { name: 'Sign-up progress' }).querySelector('[aria-current="step"] p')?.textContent;

describe('Sign Up page', () => {
  it('signs up in three steps and goes to /login 2 s after the account is created', async () => {
    const page = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Already have an account? Sign In here' }).getAttribute('href')).toBe('/login');
    expect(currentStep()).toBe('Your Details');

    await fillDetails(page);
    await page.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Registration successful! An OTP has been sent to your email.')).toBeTruthy();
    expect(requests.filter((request) => request.path === 'createuser')).toEqual([{ path: 'createuser', body: newcomer }]);
    expect(currentStep()).toBe('Verify Email');

    await page.user.type(page.field('OTP'), '12a34567');
    expect(page.field('OTP').value).toBe('123456');
    await page.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP verified successfully!')).toBeTruthy();
    expect(requests.at(-1)).toEqual({ path: 'verifyotp', body: { email: newcomer.email, otp: '123456' } });
    expect(currentStep()).toBe('Set Password');

    await page.user.type(page.field('Password'), 'Jasmine@2026');
    await page.user.type(page.field('Confirm Password'), 'Jasmine@2026');
    await page.user.click(screen.getByRole('button', { name: 'Show password confirmation' }));
    expect(page.field('Confirm Password').type).toBe('text');
    expect(page.field('Password').type).toBe('password');
    await page.user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Your account has been successfully created. Please log in.')).toBeTruthy();
    expect(requests.at(-1)).toEqual({ path: 'createpassword', body: { email: newcomer.email, password: 'Jasmine@2026' } });
    // Still here a moment later; at /login after 2 s.
    expect(screen.queryByText('Login screen')).toBeNull();
    expect(await screen.findByText('Login screen', undefined, { timeout: 3000 })).toBeTruthy();
  });

  it('refuses an incomplete step 1 with "Please fill all the fields!" and every field message', async () => {
    const page = renderPage();
    await page.user.type(page.field('First Name'), 'Ka');
    expect(screen.getByText('First name must be at least 3 characters long!')).toBeTruthy();
    await page.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please fill all the fields!')).toBeTruthy();
    expect(screen.getByText('Email is required!')).toBeTruthy();
    expect(screen.getByText('mobile number is required!')).toBeTruthy();
    expect(screen.getByText('lastname is required!')).toBeTruthy();
    await page.user.type(page.field('Mobile Number'), '98400');
    expect(screen.getByText('This is not a valid mobile number format!')).toBeTruthy();
    expect(requests.filter((request) => request.path === 'createuser')).toEqual([]);
  });

  it('fills the known details when the e-mail field is left, and clears them when the e-mail changes', async () => {
    replies.checkemailpresent = () =>
      HttpResponse.json({ email: newcomer.email, firstName: 'Kavya', lastName: 'Iyer', mobileNumber: '9840012345' });
    const page = renderPage();
    await page.user.type(page.field('Email'), newcomer.email);
    await page.user.tab();
    await waitFor(() => expect(page.field('First Name').value).toBe('Kavya'));
    expect(page.field('Last Name').value).toBe('Iyer');
    expect(page.field('Mobile Number').value).toBe('9840012345');
    expect(requests).toEqual([{ path: 'checkemailpresent', body: { email: newcomer.email } }]);

    await page.user.type(page.field('Email'), 'x');
    expect(page.field('Email').value).toBe(`${newcomer.email}x`);
    expect(page.field('First Name').value).toBe('');
    expect(page.field('Last Name').value).toBe('');
    expect(page.field('Mobile Number').value).toBe('');
  });

  it('does not look up an invalid e-mail, and a failed look-up changes nothing', async () => {
    const page = renderPage();
    await page.user.type(page.field('Email'), 'kavya@');
    await page.user.tab();
    expect(requests).toEqual([]);
    await page.user.clear(page.field('Email'));
    await page.user.type(page.field('Email'), newcomer.email);
    await page.user.type(page.field('First Name'), 'Kavya');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(page.field('First Name').value).toBe('Kavya');
  });

  it.each([
    [409, 'The email and phone number already exist. Please log in to proceed.'],
    [500, 'An error occurred. Please try again.'],
  ])('answers createuser %i with the spec message and stays on step 1', async (status, message) => {
    replies.createuser = () => HttpResponse.json({ message: 'no', code: 'CONFLICT' }, { status });
    const page = renderPage();
    await fillDetails(page);
    await page.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(currentStep()).toBe('Your Details');
    expect(page.field('First Name').value).toBe('Kavya');
  });

  async function reachOtp(page: Page) {
    await fillDetails(page);
    await page.user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByLabelText('OTP');
  }

  it('asks for the OTP, and answers a wrong, expired or failed check with the right message', async () => {
    const page = renderPage();
    await reachOtp(page);
    await page.user.click(screen.getByRole('button', { name: 'Verify' }));
    // The snackbar and the field's own message.
    expect(await screen.findAllByText('Please fill the OTP field')).toHaveLength(2);
    toaster.remove();
    expect(requests.filter((request) => request.path === 'verifyotp')).toEqual([]);

    replies.verifyotp = () => HttpResponse.json({ message: 'Wrong code', code: 'OTP_INVALID' }, { status: 400 });
    await page.user.type(page.field('OTP'), '000000');
    await page.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP is invalid')).toBeTruthy();
    toaster.remove();

    replies.verifyotp = () =>
      HttpResponse.json({ message: 'This OTP has expired. Please ask for a new one.', code: 'OTP_EXPIRED' }, { status: 400 });
    await page.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This OTP has expired. Please ask for a new one.')).toBeTruthy();
    toaster.remove();

    replies.verifyotp = () => HttpResponse.error();
    await page.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeTruthy();
    expect(currentStep()).toBe('Verify Email');
  });

  it('checks the passwords on step 3: empty, mismatch, rule, then a failed create', async () => {
    const page = renderPage();
    await reachOtp(page);
    await page.user.type(page.field('OTP'), '123456');
    await page.user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByLabelText('Confirm Password');
    const create = () => page.user.click(screen.getByRole('button', { name: 'Create Account' }));

    await create();
    expect(await screen.findByText('Please fill all the fields!')).toBeTruthy();
    toaster.remove();
    await page.user.type(page.field('Password'), 'jasmine');
    await page.user.type(page.field('Confirm Password'), 'jasmin');
    await create();
    expect((await screen.findAllByText('Passwords do not match')).length).toBeGreaterThan(0);
    toaster.remove();
    await page.user.type(page.field('Confirm Password'), 'e');
    await create();
    const rule =
      'Minimum six characters, at least one uppercase letter, one lowercase letter, one number and one special character!';
    await waitFor(() => expect(screen.getAllByText(rule).length).toBeGreaterThan(1));
    expect(requests.filter((request) => request.path === 'createpassword')).toEqual([]);

    replies.createpassword = () => HttpResponse.json({ message: 'down', code: 'INTERNAL' }, { status: 500 });
    await page.user.clear(page.field('Password'));
    await page.user.clear(page.field('Confirm Password'));
    await page.user.type(page.field('Password'), 'Jasmine@2026');
    await page.user.type(page.field('Confirm Password'), 'Jasmine@2026');
    await create();
    expect(await screen.findByText('An error occurred. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Login screen')).toBeNull();
  });
});
