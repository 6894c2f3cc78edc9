// Field messages of the two forms that set a password with an e-mailed code: Forgot Password's second step and
// checkout's Set Password modal (SPEC.md §5). They differ only in the wording of two messages.
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
