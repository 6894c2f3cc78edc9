// @vitest-environment jsdom
// The guest's side of /checkout with the real machines and API client, the network mocked with msw: the e-mail check's
// answers, the refused and accepted submits, the "Enter Email OTP" modal, and Create Password through to signing in
// with the guest bag merged into the account.
import './setup-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { AppProviders } from '../../src/app/app-providers';
import { guestSessionIdKey, storageKeys } from '../../src/app/session-store';
import { GuestCheckoutSection } from '../../src/features/checkout/guest-checkout';
import { useGuestCheckoutActors } from '../../src/features/checkout/use-guest-checkout-actors';
import { mockApi } from './page-harness';

const sessionId = 'GuestSession0123456789ab';
const guestToken = 'guest-access-token';
const userToken = 'user-access-token';
const shopper = { email: 'meera@example.in', mobileNumber: '9840012345', firstName: 'Meera', lastName: 'Nair' };
const shippingAddress = {
  fullName: 'Meera Nair',
  address: '12 Temple Street',
  locality: 'Mylapore',
  landmark: 'Near Kapaleeswarar Temple',
  phoneNumber: '9840012345',
  pincode: '600004',
  city: 'Chennai',
  state: 'Tamil Nadu',
  country: 'India',
};

interface Received {
  path: string;
  body: unknown;
  authorization: string | null;
}
let requests: Received[] = [];
const replies: Record<string, (body: Record<string, unknown>) => Response> = {};

const respond = (path: string, fallback: (body: Record<string, unknown>) => Response) =>
  http.post(`*/api/${path}`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    requests.push({ path, body, authorization: request.headers.get('Authorization') });
    return (replies[path] ?? fallback)(body);
  });

mockApi([
  respond('checkemailavailability', () =>
    HttpResponse.json({ available: true, response: 'Continue as Guest User', data: {} }),
  ),
  respond('createguestcheckout', () =>
    HttpResponse.json({ duplicateUser: 'false', unverifiedUser: 'false', userExtId: 'usr_guest_1' }),
  ),
  respond('verifyotp', (body) =>
    body.otp === '246810'
      ? HttpResponse.json({ message: 'OTP verified successfully!' })
      : HttpResponse.json({ message: 'OTP is invalid', code: 'OTP_INVALID' }, { status: 400 }),
  ),
  respond('verifyemail', () => HttpResponse.json({ status: 200, userId: 'usr_meera', body: 'OTP sent to your email' })),
  respond('verifyotppassword', () =>
    HttpResponse.json({ message: 'OTP Verification Successful. Password updated successfully' }),
  ),
  respond('loginapi', (body) =>
    HttpResponse.json({
      message: 'Login successful',
      userExtId: 'usr_meera',
      userId: 'usr_meera',
      email: body.email,
      trueUser: false,
      authorization: userToken,
    }),
  ),
  respond('syncGuestLoggedInCart', () => HttpResponse.json({ message: 'Bag merged' })),
], () => {
  requests = [];
  for (const key of Object.keys(replies)) delete replies[key];
  vi.restoreAllMocks();
});

beforeEach(() => {
  // The guest session that holds the bag, as cart-owner.ts leaves it.
  window.sessionStorage.setItem(guestSessionIdKey, sessionId);
  window.localStorage.setItem(storageKeys.accessToken, guestToken);
});

function Harness({ loadPage }: { loadPage: (path: string) => void }) {
  const { guest, setPassword } = useGuestCheckoutActors(sessionId, { loadPage });
  return <GuestCheckoutSection guest={guest} setPassword={setPassword} />;
}

function renderSection() {
  const user = userEvent.setup();
  const loadPage = vi.fn<(path: string) => void>();
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/checkout']}>
        <Routes>
          <Route path="/checkout" element={<Harness loadPage={loadPage} />} />
          <Route path="/g/login" element={<p>Guest sign-in screen</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  // The address form's labels carry a required mark after the name.
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement;
  return { user, loadPage, field };
}

type Section = ReturnType<typeof renderSection>;

const sent = (path: string) => requests.filter((request) => request.path === path);

async function leaveEmail(section: Section, email = shopper.email) {
  await section.user.type(section.field('Email'), email);
  await section.user.tab();
}

async function fillDetailsAndAddress(section: Section) {
  await leaveEmail(section);
  await section.user.type(section.field('Mobile Number'), shopper.mobileNumber);
  await section.user.type(section.field('First Name'), shopper.firstName);
  await section.user.type(section.field('Last Name'), shopper.lastName);
  // Pasted, not typed: the address form's own typing is the edit-address tests' business, and typing is slow here.
  const pasted = ['fullName', 'address', 'locality', 'landmark', 'phoneNumber', 'pincode', 'city'] as const;
  const labels = { fullName: 'Full Name', address: 'Address', locality: 'Locality', landmark: 'Landmark', phoneNumber: 'Phone Number', pincode: 'Pincode', city: 'City' };
  for (const key of pasted) {
    await section.user.click(section.field(labels[key]));
    await section.user.paste(shippingAddress[key]);
  }
  await section.user.selectOptions(section.field('State'), shippingAddress.state);
}

const welcomeBack = {
  response: 'Please create a password',
  data: { firstName: 'Meera', lastName: 'Nair', mobileNumber: '9840012345' },
};

describe('Guest checkout: details and e-mail check', () => {
  it('offers Create Password for an earlier guest buyer, prefilled, and forgets it when the e-mail changes', async () => {
    replies.checkemailavailability = () => HttpResponse.json({ available: false, ...welcomeBack });
    const section = renderSection();
    expect(screen.getByRole('form', { name: 'Guest checkout' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your Details' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Shipping Address' })).toBeTruthy();

    await leaveEmail(section);
    expect(
      await screen.findByText(
        'Thank you for visiting us again. Please create a password for a faster checkout experience.',
      ),
    ).toBeTruthy();
    expect(sent('checkemailavailability')).toEqual([
      { path: 'checkemailavailability', body: { email: shopper.email }, authorization: guestToken },
    ]);
    expect(screen.getByRole('button', { name: 'Create Password' })).toBeTruthy();
    expect(section.field('First Name').value).toBe('Meera');
    expect(section.field('Last Name').value).toBe('Nair');
    expect(section.field('Mobile Number').value).toBe('9840012345');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();

    await section.user.type(section.field('Email'), 'x');
    expect(section.field('Email').value).toBe(`${shopper.email}x`);
    expect(section.field('First Name').value).toBe('');
    expect(section.field('Last Name').value).toBe('');
    expect(section.field('Mobile Number').value).toBe('');
    expect(screen.queryByRole('button', { name: 'Create Password' })).toBeNull();
  });

  it('offers a Login link to /g/login for a registered e-mail', async () => {
    replies.checkemailavailability = () => HttpResponse.json({ available: false, response: 'Registered user', data: {} });
    const section = renderSection();
    await leaveEmail(section);
    expect(
      await screen.findByText('Thank you for visiting us again. Please log in for a faster checkout experience.'),
    ).toBeTruthy();
    const login = screen.getByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/g/login');
    expect(screen.queryByRole('button', { name: 'Create Password' })).toBeNull();
    await section.user.click(login);
    expect(await screen.findByText('Guest sign-in screen')).toBeTruthy();
  });

  it('refuses an incomplete submit with "Please fill all the fields properly" and every message, sending nothing', async () => {
    const section = renderSection();
    await section.user.type(section.field('First Name'), 'Me');
    expect(screen.getByText('First name must be at least 3 characters long!')).toBeTruthy();
    expect(screen.queryByText('Email is required!')).toBeNull();

    await section.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please fill all the fields properly')).toBeTruthy();
    expect(screen.getByText('Email is required!')).toBeTruthy();
    expect(screen.getByText('lastname is required!')).toBeTruthy();
    expect(screen.getByText('Full name is required!')).toBeTruthy();
    expect(screen.getByText('Pincode is required!')).toBeTruthy();
    expect(requests).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Guest checkout: creation and the e-mail code', () => {
  it('creates the guest checkout, verifies the code in the "Enter Email OTP" modal and shows the verified details', async () => {
    const section = renderSection();
    await fillDetailsAndAddress(section);
    await section.user.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: 'Enter Email OTP' });
    expect(sent('createguestcheckout')).toEqual([
      {
        path: 'createguestcheckout',
        body: { ...shopper, ...shippingAddress, sessionId },
        authorization: guestToken,
      },
    ]);
    expect(within(dialog).getByText(/sent a 6-digit code to/)).toBeTruthy();
    expect(within(dialog).getByText(shopper.email)).toBeTruthy();
    const otp = within(dialog).getByLabelText('OTP') as HTMLInputElement;
    expect(otp.getAttribute('inputmode')).toBe('numeric');
    expect(otp.getAttribute('autocomplete')).toBe('one-time-code');

    await section.user.type(otp, '1357');
    expect(within(dialog).getByText('OTP must be a 6-digit number')).toBeTruthy();
    await section.user.type(otp, '90');
    await section.user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP is invalid')).toBeTruthy();
    expect(sent('verifyotp')).toEqual([
      { path: 'verifyotp', body: { email: shopper.email, otp: '135790' }, authorization: guestToken },
    ]);
    expect(screen.getByRole('dialog', { name: 'Enter Email OTP' })).toBeTruthy();

    await section.user.clear(otp);
    await section.user.type(otp, '246810');
    await section.user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('verifyotp').at(-1)?.body).toEqual({ email: shopper.email, otp: '246810' });

    expect(screen.queryByRole('form', { name: 'Guest checkout' })).toBeNull();
    const card = screen.getByRole('region', { name: 'Your Details' });
    expect(within(card).getByText('Verified')).toBeTruthy();
    expect(within(card).getByText('Meera Nair')).toBeTruthy();
    expect(within(card).getByText(shopper.email)).toBeTruthy();
    expect(within(card).getByText(shopper.mobileNumber)).toBeTruthy();
  });

  it('cancelling the code modal returns to the form with everything still typed', async () => {
    const section = renderSection();
    await fillDetailsAndAddress(section);
    await section.user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter Email OTP' });
    await section.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(section.field('First Name').value).toBe('Meera');
    expect(section.field('City').value).toBe('Chennai');
    expect(sent('verifyotp')).toEqual([]);
  });

  it('says an unverified account got a new code, and opens the modal', async () => {
    replies.createguestcheckout = () =>
      HttpResponse.json({ duplicateUser: 'true', unverifiedUser: 'true', userExtId: 'usr_pending' });
    const section = renderSection();
    await fillDetailsAndAddress(section);
    await section.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email already exists but not verified. OTP sent to your email.')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Enter Email OTP' })).toBeTruthy();
  });

  it('turns a registered e-mail away without the modal', async () => {
    replies.createguestcheckout = () =>
      HttpResponse.json({ duplicateUser: 'true', unverifiedUser: 'false', userExtId: null });
    const section = renderSection();
    await fillDetailsAndAddress(section);
    await section.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('The email id is already registered please login into website and SHOP!!!'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('form', { name: 'Guest checkout' })).toBeTruthy();
  });
});

describe('Guest checkout: Create Password', () => {
  async function openSetPassword(section: Section) {
    replies.checkemailavailability = () => HttpResponse.json({ available: false, ...welcomeBack });
    await leaveEmail(section);
    await section.user.click(await screen.findByRole('button', { name: 'Create Password' }));
    return screen.findByRole('dialog', { name: 'Set Password' });
  }

  async function fillSetPassword(section: Section, dialog: HTMLElement) {
    await section.user.type(within(dialog).getByLabelText('OTP'), '112233');
    await section.user.type(within(dialog).getByLabelText('Password'), 'Lotus@2026');
    await section.user.type(within(dialog).getByLabelText('Confirm Password'), 'Lotus@2026');
  }

  it('sets the password, signs in, merges the guest bag and loads /checkout as the signed-in user', async () => {
    const section = renderSection();
    const dialog = await openSetPassword(section);
    expect(sent('verifyemail')).toEqual([
      { path: 'verifyemail', body: { email: shopper.email }, authorization: guestToken },
    ]);
    expect(within(dialog).getByText(shopper.email)).toBeTruthy();

    await section.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please fill all the fields')).toBeTruthy();
    expect(within(dialog).getByText('Please fill the OTP field')).toBeTruthy();
    expect(within(dialog).getAllByText('Password is required!')).toHaveLength(2);
    expect(sent('verifyotppassword')).toEqual([]);

    await fillSetPassword(section, dialog);
    await section.user.click(within(dialog).getByRole('button', { name: 'Show password confirmation' }));
    expect((within(dialog).getByLabelText('Confirm Password') as HTMLInputElement).type).toBe('text');
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    await section.user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(section.loadPage).toHaveBeenCalledWith('/checkout'));
    expect(section.loadPage).toHaveBeenCalledTimes(1);
    expect(sent('verifyotppassword').map((request) => request.body)).toEqual([
      { email: shopper.email, otp: '112233', password: 'Lotus@2026', confirmPassword: 'Lotus@2026' },
    ]);
    expect(sent('loginapi').map((request) => request.body)).toEqual([{ email: shopper.email, password: 'Lotus@2026' }]);
    // The merge runs as the signed-in user: the server refuses a guest's token.
    expect(sent('syncGuestLoggedInCart')).toEqual([
      { path: 'syncGuestLoggedInCart', body: { sessionId, userExtId: 'usr_meera' }, authorization: userToken },
    ]);
    expect(requests.map((request) => request.path)).toEqual([
      'checkemailavailability',
      'verifyemail',
      'verifyotppassword',
      'loginapi',
      'syncGuestLoggedInCart',
    ]);
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBe(userToken);
    expect(window.localStorage.getItem(storageKeys.isLoggedIn)).toBe('true');
    expect(window.localStorage.getItem(storageKeys.userExtId)).toBe('usr_meera');
    expect(window.localStorage.getItem(storageKeys.email)).toBe(shopper.email);
    expect(window.sessionStorage.getItem(guestSessionIdKey)).toBeNull();
  });

  it('still signs in when the bag merge fails, keeping the guest session for a later merge', async () => {
    replies.syncGuestLoggedInCart = () => HttpResponse.json({ message: 'Down', code: 'INTERNAL' }, { status: 500 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const section = renderSection();
    const dialog = await openSetPassword(section);
    await fillSetPassword(section, dialog);
    await section.user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(section.loadPage).toHaveBeenCalledWith('/checkout'));
    expect(sent('syncGuestLoggedInCart')).toHaveLength(1);
    expect(logged).toHaveBeenCalled();
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBe(userToken);
    expect(window.sessionStorage.getItem(guestSessionIdKey)).toBe(sessionId);
  });

  it('shows the wrong-code message and keeps the modal open', async () => {
    replies.verifyotppassword = () =>
      HttpResponse.json({ message: 'Incorrect OTP. Please validate the OTP sent to your mail', code: 'OTP_INVALID' }, { status: 400 });
    const section = renderSection();
    const dialog = await openSetPassword(section);
    await fillSetPassword(section, dialog);
    await section.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Incorrect OTP. Please validate the OTP sent to your mail')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Set Password' })).toBeTruthy();
    expect(sent('loginapi')).toEqual([]);
    expect(section.loadPage).not.toHaveBeenCalled();

    await section.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Create Password' })).toBeTruthy();
  });
});
