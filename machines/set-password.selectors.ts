// Checkout's Set Password modal's rules outside the machine: typing filters and field messages (SPEC.md §5); the texts
// of a refused call are Forgot Password's too (password-reset.selectors.ts).
import { authMessages } from '../domain/auth';
import { typingFilters } from '../domain/fields';
import { limits } from '../domain/limits';
import { passwordResetErrors } from '../domain/password-reset-errors';
import type { PasswordResetField } from '../domain/password-reset-errors';

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
