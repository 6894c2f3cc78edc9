// Forgot Password's rules outside the machine: typing filters and field messages of both steps (SPEC.md §5); the texts
// of a refused call are Set Password's too (password-reset.selectors.ts).
import { authMessages, email as emailRule } from '../domain/auth';
import { typingFilters } from '../domain/fields';
import { limits } from '../domain/limits';
import { passwordResetErrors } from '../domain/password-reset-errors';

export type ForgotPasswordField = 'email' | 'otp' | 'password' | 'confirmPassword';
export type ForgotPasswordSecret = 'password' | 'confirmPassword';

/** Not a spec message: the spec only says that step 1 mails the OTP. */
export const resetOtpSentMessage = 'An OTP has been sent to your email.';

const filters: Record<ForgotPasswordField, (value: string) => string> = {
  email: (value) => typingFilters.maxLength(value, limits.emailMax),
  otp: (value) => typingFilters.digits(value, limits.otpLength),
  password: (value) => typingFilters.maxLength(value, limits.passwordMax),
  confirmPassword: (value) => typingFilters.maxLength(value, limits.passwordMax),
};

export function filterForgotPasswordField(field: ForgotPasswordField, value: string): string {
  return filters[field](value);
}

/** Field messages of both steps (the long wording of the password rule on this screen, SPEC.md §5). */
export function forgotPasswordErrors(values: Record<ForgotPasswordField, string>) {
  const email = emailRule.safeParse(values.email);
  const errors: Partial<Record<ForgotPasswordField, string>> = {
    email: email.success ? undefined : email.error.issues[0]?.message,
    ...passwordResetErrors(values, {
      passwordRule: authMessages.passwordRuleLong,
      confirmMissing: authMessages.fillAllFields,
    }),
  };
  return errors;
}
