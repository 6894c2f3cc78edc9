// A new customer's whole account life in real Chromium against the real server: sign up with the OTP from the dev
// outbox, sign in, edit the profile, see the empty orders and addresses, log out, reset the password with an OTP and
// sign in with the new one. Also: an expired access token is refreshed (concurrent 401s sharing one refresh are
// covered with the real API client in tests/machines/session-refresh.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, outbox, removeDataDir, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const customer = {
  email: 'kavya.iyer@example.in',
  firstName: 'Kavya',
  lastName: 'Iyer',
  mobile: '9840012345',
  password: 'Jasmine@2026',
  newPassword: 'Marigold@77',
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, server.url));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** The newest six-digit code mailed to an address, waiting for it to arrive. */
async function latestOtp(to: string, previous?: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const code = (await outbox(server.url, to))[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code && code !== previous) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no new OTP mailed to ${to}`);
}

async function signIn(password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Non-error console noise that a refused sign-in or an expected 401 produces is not a page error. */
const pageErrors = () => errors.filter((message) => !/status of 40[013]/.test(message));

describe('a customer’s account', () => {
  let firstOtp = '';

  it('signs up in three steps with the OTP mailed to them', async () => {
    await page.goto('/signup');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Mobile Number').fill(customer.mobile);
    await page.getByLabel('First Name').fill(customer.firstName);
    await page.getByLabel('Last Name').fill(customer.lastName);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Registration successful! An OTP has been sent to your email.').waitFor();

    firstOtp = await latestOtp(customer.email);
    await page.getByLabel(/OTP/).fill(firstOtp);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('OTP verified successfully!').waitFor();

    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByLabel('Confirm Password').fill(customer.password);
    await page.getByRole('button', { name: /create|submit|sign up/i }).click();
    await page.getByText('Your account has been successfully created. Please log in.').waitFor();
    await page.waitForURL('**/login');
    const welcome = await outbox(server.url, customer.email);
    expect(welcome.map((mail) => mail.subject).join(' | ')).toMatch(/welcome/i);
  });

  it('refuses a wrong password, then signs in and shows My Account', async () => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong@123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('SignIn failed: User not found or Incorrect credentials').waitFor();

    await signIn(customer.password);
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('pkrpsrtyzx'))).toBeNull();
    const cookies = await context.cookies();
    const refresh = cookies.find((cookie) => cookie.name === 'refreshToken');
    expect(refresh?.httpOnly).toBe(true);
    expect(refresh?.sameSite).toBe('Strict');
    expect(await page.evaluate(() => document.cookie)).not.toContain('refreshToken');
    await page.getByRole('banner').getByRole('link', { name: 'My Account' }).first().waitFor();
  });

  it('edits the profile, with the e-mail read-only', async () => {
    await page.goto('/account');
    const firstName = page.getByLabel('First Name');
    await expect.poll(() => firstName.inputValue()).toBe(customer.firstName);
    expect(await page.getByLabel('Email').isEditable()).toBe(false);
    await firstName.fill('Kavya S.');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('First Name').inputValue()).toBe('Kavya S.');
  });

  it('shows the empty orders and addresses tabs', async () => {
    await page.goto('/account/orders');
    await page.getByText('You have not added anything to your bag yet.').waitFor();
    await page.goto('/account/addresses');
    await page.getByText('No addresses added. Please add a new address while you checkout').waitFor();
  });

  it('refreshes an expired access token with one refresh call and keeps the customer signed in', async () => {
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/refresh')) refreshes.push(request.method());
    });
    await page.evaluate(() => localStorage.setItem('accessToken', 'expired.or.forged'));
    await page.goto('/account/orders');
    await page.getByText('You have not added anything to your bag yet.').waitFor();
    expect(refreshes).toEqual(['POST']);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe('expired.or.forged');
  });

  it('logs out: storage cleared, refresh token revoked, back at /login', async () => {
    await page.goto('/account');
    await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const refreshed = await page.evaluate(async () => (await fetch('/api/refresh', { method: 'POST' })).status);
    expect(refreshed).toBe(401);
  });

  it('resets a forgotten password with an OTP and signs in with the new one', async () => {
    await page.goto('/forgotpassword');
    await page.getByText('Email Verification').first().waitFor();
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    // The newest code mailed so far (not necessarily the sign-up's): the reset's code is the next one.
    const newestBefore = await latestOtp(customer.email);
    await page.getByRole('button', { name: /submit|send|next|verify/i }).first().click();
    const code = await latestOtp(customer.email, newestBefore);
    await page.getByLabel(/OTP/).fill(code);
    await page.getByLabel(/^New Password$|^Password$/).fill(customer.newPassword);
    await page.getByLabel('Confirm Password').fill(customer.newPassword);
    await page.getByRole('button', { name: /submit|reset|update|verify/i }).first().click();
    await page.getByText('OTP Verification Successful. Password updated successfully').waitFor();
    await page.waitForURL('**/login', { timeout: 10_000 });

    await signIn(customer.newPassword);
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBe('true');
    expect(pageErrors()).toEqual([]);
  });

  it('sends a signed-out visitor from /account to /login', async () => {
    const fresh = await newPage(browser, server.url);
    await fresh.page.goto('/account');
    await fresh.page.waitForURL('**/login');
    await fresh.context.close();
  });
});
