// Sign-in, sign-up, forgot-password and logout calls (SPEC.md §7 "Session", "Sign up and password"). Replies are
// parsed with the domain/ contracts; every failure becomes an ApiCallError (call-error.ts) carrying the status and the server's
// `{ message, code }`, so that the machines can pick the spec's message without knowing about HTTP clients.
import type { z } from 'zod/mini';
import { userDetails } from '../../domain/account';
import type { UserDetails } from '../../domain/account';
import {
  checkEmailPresentReply,
  checkEmailPresentRequest,
  createPasswordRequest,
  messageReply,
  signInReply,
  signInRequest,
  signUpDetails,
  verifyEmailReply,
  verifyEmailRequest,
  verifyOtpPasswordRequest,
  verifyOtpRequest,
} from '../../domain/auth';
import type {
  CheckEmailPresentReply,
  MessageReply,
  SignInReply,
  SignInRequest,
  SignUpDetails,
  VerifyOtpPasswordRequest,
} from '../../domain/auth';
import { sessionStore } from '../app/session-store';
import { api } from './client';
import { ApiCallError, call, toCallError, unauthenticated } from './call-error';

/**
 * `POST loginapi`. Resolves with the session on "Login successful"; a 200 carrying any other message resolves with
 * null (the spec's "login not successful").
 */
export async function signIn(body: SignInRequest): Promise<SignInReply | null> {
  try {
    const answer: unknown = await api.post('loginapi', { ...unauthenticated, json: signInRequest.parse(body) }).json();
    const parsed = signInReply.safeParse(answer);
    if (parsed.success) return parsed.data;
    if (messageReply.safeParse(answer).success) return null;
    throw new ApiCallError(200, null, null);
  } catch (error) {
    throw await toCallError(error);
  }
}

/** `POST syncGuestLoggedInCart`: merges the guest bag into the account (the bag issue owns the merge itself). */
export async function syncGuestLoggedInCart(body: { sessionId: string; userExtId: string }): Promise<void> {
  try {
    await api.post('syncGuestLoggedInCart', { json: body });
  } catch (error) {
    throw await toCallError(error);
  }
}

/** `GET getsingleuserdetails?id=` */
export function getSingleUserDetails(userExtId: string): Promise<UserDetails> {
  return call(() => api.get('getsingleuserdetails', { searchParams: { id: userExtId } }).json(), userDetails);
}

/** `POST checkemailpresent`: the known details of an e-mail whose sign-up was never finished. */
export function checkEmailPresent(email: string): Promise<CheckEmailPresentReply> {
  return call(
    () => api.post('checkemailpresent', { ...unauthenticated, json: checkEmailPresentRequest.parse({ email }) }).json(),
    checkEmailPresentReply,
  );
}

/** `POST createuser`: registers the details and mails the sign-up OTP. */
export function createUser(details: SignUpDetails): Promise<MessageReply> {
  return call(
    () => api.post('createuser', { ...unauthenticated, json: signUpDetails.parse(details) }).json(),
    messageReply,
  );
}

/** `POST verifyotp` */
export function verifyOtp(body: { email: string; otp: string }): Promise<MessageReply> {
  return call(
    () => api.post('verifyotp', { ...unauthenticated, json: verifyOtpRequest.parse(body) }).json(),
    messageReply,
  );
}

/** `POST createpassword` */
export function createPassword(body: { email: string; password: string }): Promise<MessageReply> {
  return call(
    () => api.post('createpassword', { ...unauthenticated, json: createPasswordRequest.parse(body) }).json(),
    messageReply,
  );
}

/** `POST verifyemail`: mails the password-reset OTP. */
export function verifyEmail(email: string): Promise<z.infer<typeof verifyEmailReply>> {
  return call(
    () => api.post('verifyemail', { ...unauthenticated, json: verifyEmailRequest.parse({ email }) }).json(),
    verifyEmailReply,
  );
}

/** `POST verifyotppassword`: checks the reset OTP and sets the new password. */
export function verifyOtpPassword(body: VerifyOtpPasswordRequest): Promise<MessageReply> {
  return call(
    () => api.post('verifyotppassword', { ...unauthenticated, json: verifyOtpPasswordRequest.parse(body) }).json(),
    messageReply,
  );
}

/**
 * `POST logout`: the server revokes the refresh token it reads from the HttpOnly cookie (sent with the credentials);
 * the `refreshToken` header carries the cookie too when a script can read it (SPEC.md §7).
 */
export async function logOut(): Promise<void> {
  const refreshCookie = sessionStore.readRefreshCookie();
  try {
    await api.post('logout', {
      headers: refreshCookie ? { refreshToken: refreshCookie } : {},
      // Signing out must not hang on a slow server: the browser side is cleared whatever the answer.
      timeout: 8_000,
    });
  } catch (error) {
    throw await toCallError(error);
  }
}
