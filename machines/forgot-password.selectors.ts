// Forgot Password's rules outside the machine: typing filters and field messages of both steps (SPEC.md §5), and the
// texts of a refused call (SPEC.md §8).
import { authMessages, email as emailRule } from '../domain/auth';
import { typingFilters } from '../domain/fields';
import { limits } from '../domain/limits';
import { passwordResetErrors } from '../domain/password-reset-errors';
import { failureOf } from './call-failure';

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

export function verifyEmailFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === 404) return authMessages.forgotCheckEmail;
  if (failure.status === 429 && failure.serverMessage) return failure.serverMessage;
  return authMessages.forgotProcessError;
}

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
