// Field messages of the two forms that set a password with an e-mailed code: Forgot Password's second step and
// checkout's Set Password modal (SPEC.md §5), which differ only in the wording of two messages; and why a submit of a
// new password is refused, on those two and on Sign Up's password step.
import { authMessages, newPassword, otp } from './auth';
import type { FieldErrors } from './fields';

export type PasswordResetField = 'otp' | 'password' | 'confirmPassword';

export interface PasswordResetWording {
  /** The password rule's message on this screen. */
  passwordRule: string;
  /** What an empty confirmation says on this screen. */
  confirmMissing: string;
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/** The OTP's, the new password's and its confirmation's messages; a field without a message is valid. */
export function passwordResetErrors(
  values: Record<PasswordResetField, string>,
  wording: PasswordResetWording,
): FieldErrors<PasswordResetField> {
  return {
    otp: firstIssue(otp.safeParse(values.otp)),
    password: firstIssue(newPassword(wording.passwordRule).safeParse(values.password)),
    confirmPassword: !values.confirmPassword
      ? wording.confirmMissing
      : values.confirmPassword !== values.password
        ? authMessages.passwordsDoNotMatch
        : undefined,
  };
}

/** What a refused new-password submit says on each screen. */
export interface NewPasswordWording {
  /** An empty field's toast on this screen. */
  missing: string;
  /** The password rule's message on this screen. */
  passwordRule: string;
}

/**
 * Why a submit of a new password is refused, in the order the screens check (SPEC.md §5): an empty field, a malformed
 * OTP (where the step has one), a confirmation that differs, the password rule; null when the step may go on.
 */
export function newPasswordRefusal(
  values: { otp?: string; password: string; confirmPassword: string },
  wording: NewPasswordWording,
): string | null {
  const hasOtp = values.otp !== undefined;
  if ((hasOtp && !values.otp!.trim()) || !values.password || !values.confirmPassword) return wording.missing;
  if (hasOtp && !otp.safeParse(values.otp).success) return authMessages.otpLength;
  if (values.password !== values.confirmPassword) return authMessages.passwordsDoNotMatch;
  if (!newPassword(wording.passwordRule).safeParse(values.password).success) return wording.passwordRule;
  return null;
}
