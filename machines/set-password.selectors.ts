// Checkout's Set Password modal's rules outside the machine: typing filters and field messages (SPEC.md §5), and the texts
// of a refused call (SPEC.md §8).
import { authMessages } from '../domain/auth';
import { typingFilters } from '../domain/fields';
import { limits } from '../domain/limits';
import { passwordResetErrors } from '../domain/password-reset-errors';
import type { PasswordResetField } from '../domain/password-reset-errors';
import { failureOf } from './call-failure';

export type SetPasswordField = PasswordResetField;
export type SetPasswordSecret = 'password' | 'confirmPassword';

/** SPEC.md §5 typing filters: OTP 6 digits, passwords 30 characters. */
const filters: Record<SetPasswordField, (value: string) => string> = {
  otp: (value) => typingFilters.digits(value, limits.otpLength),
  password: (value) => typingFilters.maxLength(value, limits.passwordMax),
  confirmPassword: (value) => typingFilters.maxLength(value, limits.passwordMax),
};

export function filterSetPasswordField(field: SetPasswordField, value: string): string {
  return filters[field](value);
}

/** Field messages of the Set Password modal, in the spec's words; the view shows them once a field is non-empty. */
export function setPasswordErrors(values: Record<SetPasswordField, string>) {
  return passwordResetErrors(values, { passwordRule: authMessages.passwordRule, confirmMissing: authMessages.passwordRequired });
}

/** SPEC.md §8: an unknown e-mail (404), else the process error; a rate limit says when to try again. */
export function verifyEmailFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === 404) return authMessages.forgotCheckEmail;
  if (failure.status === 429 && failure.serverMessage) return failure.serverMessage;
  return authMessages.forgotProcessError;
}

/** SPEC.md §8: a wrong code, else the failed verification; an expired or burned code in the server's own words. */
export function setPasswordFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  const ownCode = failure.code === 'OTP_EXPIRED' || failure.code === 'OTP_BURNED';
  if (failure.serverMessage && (failure.status === 429 || ownCode)) return failure.serverMessage;
  if (failure.status === 400) return authMessages.forgotIncorrectOtp;
  return authMessages.forgotOtpFailed;
}
