// @vitest-environment jsdom
// The Sign In screen with the real machine and API client, the network mocked at the HTTP layer with msw.
import './setup-dom';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockApi, renderPageAt } from './page-harness';
import { SignInPage } from '../../src/features/auth/sign-in-page';

const account = { email: 'kavya@example.in', password: 'Jasmine@2026' };
let requests: { path: string; body: unknown; authorization: string | null }[] = [];
let login: () => Response = () => success(false);

function success(trueUser: boolean) {
  return HttpResponse.json({
    message: 'Login successful',
    userExtId: 'u_kavya',
    userId: 'u_kavya',
    email: account.email,
    trueUser,
    authorization: 'access-kavya',
  });
}

const record = async (request: Request) => {
  const url = new URL(request.url);
  const body = request.method === 'GET' ? Object.fromEntries(url.searchParams) : await request.json().catch(() => null);
  requests.push({ path: url.pathname, body, authorization: request.headers.get('Authorization') });
};

const server = mockApi(
  [
    http.post('*/api/loginapi', async ({ request }) => {
      await record(request);
      return login();
    }),
    http.post('*/api/syncGuestLoggedInCart', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message: 'merged' });
    }),
    http.get('*/api/getsingleuserdetails', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ id: 'u_kavya', firstName: 'Kavya', lastName: 'Iyer', email: account.email, mobileNumber: null });
    }),
    // A refresh here would mean a wrong password was taken for an expired token.
    http.post('*/api/refresh', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message: 'no', code: 'UNAUTHORIZED' }, { status: 401 });
    }),
  ],
  () => {
    requests = [];
    login = () => success(false);
  },
);

function renderPage(path = '/login') {
  const loadPage = vi.fn<(path: string) => void>();
  const user = renderPageAt(path, <SignInPage loadPage={loadPage} />);
  const form = screen.getByRole('form', { name: 'Sign In' });
  return {
    user,
    loadPage,
    email: within(form).getByLabelText('Email'),
    password: within(form).getByLabelText('Password'),
    submit: within(form).getByRole('button', { name: 'Sign In' }),
  };
}

async function fillAndSubmit(page: ReturnType<typeof renderPage>, password = account.password) {
  await page.user.type(page.email, account.email);
  await page.user.type(page.password, password);
  await page.user.click(page.submit);
}

describe('Sign In page', () => {
  it('shows the title, the forgot-password and sign-up links', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(document.title).toBe('Sign In');
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgotpassword');
    expect(screen.getByRole('link', { name: "Don't have an account? Sign Up here" }).getAttribute('href')).toBe('/signup');
  });

  it('shows the messages on an empty submit and sends nothing', async () => {
    const page = renderPage();
    await page.user.click(page.submit);
    expect(await screen.findByText('Email is required!')).toBeTruthy();
    expect(screen.getByText('Password is required!')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('shows the format message once the e-mail is typed, and sends nothing while it is wrong', async () => {
    const page = renderPage();
    await page.user.type(page.email, 'kavya@example');
    expect(screen.getByText('This is not a valid email format!')).toBeTruthy();
    expect(screen.queryByText('Password is required!')).toBeNull();
    await page.user.type(page.password, account.password);
    await page.user.click(page.submit);
    expect(requests).toEqual([]);
  });

  it('refuses typing beyond 50 characters of e-mail and 30 of password, and toggles the password visibility', async () => {
    const page = renderPage();
    await page.user.type(page.email, `${'k'.repeat(45)}@example.in`);
    expect(page.email).toHaveProperty('value', `${'k'.repeat(45)}@exam`);
    await page.user.type(page.password, 'Aa1@'.repeat(10));
    expect((page.password as HTMLInputElement).value).toHaveLength(30);
    expect(page.password.getAttribute('type')).toBe('password');
    await page.user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(page.password.getAttribute('type')).toBe('text');
    await page.user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(page.password.getAttribute('type')).toBe('password');
  });

  it('stores the session, says "SignIn Successful", fetches the details and reloads the app at /', async () => {
    const page = renderPage();
    await fillAndSubmit(page);
    expect(await screen.findByText('SignIn Successful')).toBeTruthy();
    await waitFor(() => expect(page.loadPage).toHaveBeenCalledWith('/'));
    expect(requests).toEqual([
      { path: '/api/loginapi', body: account, authorization: null },
      { path: '/api/getsingleuserdetails', body: { id: 'u_kavya' }, authorization: 'access-kavya' },
    ]);
    const stored = Object.fromEntries(Object.entries(window.localStorage));
    expect(stored).toEqual({
      userId: 'u_kavya',
      userExtId: 'u_kavya',
      isLoggedIn: 'true',
      accessToken: 'access-kavya',
      email: account.email,
    });
  });

  it('stores pkrpsrtyzx = "yes" for a trueUser', async () => {
    login = () => success(true);
    const page = renderPage();
    await fillAndSubmit(page);
    await waitFor(() => expect(page.loadPage).toHaveBeenCalled());
    expect(window.localStorage.getItem('pkrpsrtyzx')).toBe('yes');
  });

  it('syncs the guest bag when a guest session id exists, forgets that id on 200 and goes to / ', async () => {
    window.sessionStorage.setItem('guestSessionId', 'guest-123');
    const page = renderPage();
    await fillAndSubmit(page);
    await waitFor(() => expect(page.loadPage).toHaveBeenCalledWith('/'));
    expect(requests.map((request) => request.path)).toEqual([
      '/api/loginapi',
      '/api/syncGuestLoggedInCart',
      '/api/getsingleuserdetails',
    ]);
    expect(requests[1]).toEqual({
      path: '/api/syncGuestLoggedInCart',
      body: { sessionId: 'guest-123', userExtId: 'u_kavya' },
      authorization: 'access-kavya',
    });
    expect(window.sessionStorage.getItem('guestSessionId')).toBeNull();
  });

  it('from /g/login returns to /checkout, and a failed sync keeps the guest session id', async () => {
    window.sessionStorage.setItem('guestSessionId', 'guest-123');
    server.use(
      http.post('*/api/syncGuestLoggedInCart', () => HttpResponse.json({ message: 'down', code: 'INTERNAL' }, { status: 500 })),
    );
    const page = renderPage('/g/login');
    await fillAndSubmit(page);
    await waitFor(() => expect(page.loadPage).toHaveBeenCalledWith('/checkout'));
    expect(window.sessionStorage.getItem('guestSessionId')).toBe('guest-123');
    expect(window.localStorage.getItem('isLoggedIn')).toBe('true');
  });

  it.each([
    ['a 401', 401, 'UNAUTHORIZED', 'Wrong e-mail or password', 'SignIn failed: User not found or Incorrect credentials'],
    ['an unverified account', 403, 'EMAIL_NOT_VERIFIED', 'Please verify your e-mail address first.', 'Please verify your e-mail address first.'],
    ['too many tries', 429, 'TOO_MANY_REQUESTS', 'Too many sign-in attempts. Please wait a minute.', 'Too many sign-in attempts. Please wait a minute.'],
    ['a server failure', 500, 'INTERNAL', 'Something broke', 'Please verify your email and password.'],
  ])('answers %s with the right message, stores nothing and stays', async (_, status, code, message, shown) => {
    login = () => HttpResponse.json({ message, code }, { status });
    const page = renderPage();
    await fillAndSubmit(page, 'Wrong@123');
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(window.localStorage.length).toBe(0);
    expect(page.loadPage).not.toHaveBeenCalled();
    // A wrong password is not an expired token: no refresh is attempted.
    expect(requests.map((request) => request.path)).toEqual(['/api/loginapi']);
    // The form can be sent again.
    await waitFor(() => expect(page.submit.hasAttribute('disabled')).toBe(false));
  });

  it('says "Please verify your email and password." when the network fails', async () => {
    login = () => HttpResponse.error();
    const page = renderPage();
    await fillAndSubmit(page);
    expect(await screen.findByText('Please verify your email and password.')).toBeTruthy();
  });

  it('sends one request for a double click', async () => {
    let release: () => void = () => {};
    login = () => {
      throw new Error('unused');
    };
    server.use(
      http.post('*/api/loginapi', async ({ request }) => {
        await record(request);
        await new Promise<void>((resolve) => (release = resolve));
        return success(false);
      }),
    );
    const page = renderPage();
    await page.user.type(page.email, account.email);
    await page.user.type(page.password, account.password);
    await page.user.dblClick(page.submit);
    await waitFor(() => expect(requests).toHaveLength(1));
    release();
    await waitFor(() => expect(page.loadPage).toHaveBeenCalledTimes(1));
    expect(requests.filter((request) => request.path === '/api/loginapi')).toHaveLength(1);
  });
});
