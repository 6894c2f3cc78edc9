// The input for the 6-digit code the shop e-mails (sign-up, password reset, guest checkout, Set Password).
import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';

export type OtpFieldProps = Pick<TextFieldProps, 'value' | 'error' | 'onValueChange' | 'readOnly'> & {
  /** The spec's wording differs by screen: "OTP" mostly, "Email OTP" on Forgot Password. */
  label?: string;
};

export function OtpField({ label = 'OTP', ...props }: OtpFieldProps) {
  return (
    <TextField
      name="otp"
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="6-digit code"
      {...props}
    />
  );
}
