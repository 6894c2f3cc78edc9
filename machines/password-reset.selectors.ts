// What Forgot Password and checkout's Set Password share outside their configs: both mail a code with verifyemail and
// set the password with verifyotppassword (SPEC.md §4), so their requests and the texts of a refused call (SPEC.md §8)
// are one.
import { authMessages } from '../domain/auth';
import type { VerifyOtpPasswordRequest } from '../domain/auth';
import { failureOf } from './call-failure';

/** verifyotppassword's body from the step's fields. */
export const resetPasswordRequest = (context: VerifyOtpPasswordRequest): VerifyOtpPasswordRequest => ({
  email: context.email,
  otp: context.otp,
  password: context.password,
  confirmPassword: context.confirmPassword,
});

/** An unknown e-mail (404), else the process error; a rate limit says when to try again. */
export function verifyEmailFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === 404) return authMessages.forgotCheckEmail;
  if (failure.status === 429 && failure.serverMessage) return failure.serverMessage;
  return authMessages.forgotProcessError;
}

/** A wrong code, else the failed verification; an expired or burned code, and a rate limit, in the server's words. */
export function resetFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  const ownWords: string[] = [authMessages.otpExpired, authMessages.otpBurned];
  const ownCode = failure.code === 'OTP_EXPIRED' || failure.code === 'OTP_BURNED';
  if (failure.serverMessage && (failure.status === 429 || ownCode || ownWords.includes(failure.serverMessage))) {
    return failure.serverMessage;
  }
  if (failure.status === 400) return authMessages.forgotIncorrectOtp;
  return authMessages.forgotOtpFailed;
}
