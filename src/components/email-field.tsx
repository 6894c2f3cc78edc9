// The e-mail input every account and checkout form asks for, with the same name, label and autofill hints everywhere.
import { TextField } from './text-field';
import type { TextFieldProps } from './text-field';

export type EmailFieldProps = Pick<TextFieldProps, 'value' | 'error' | 'onValueChange' | 'onBlur' | 'readOnly'>;

export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      name="email"
      label="Email"
      type="email"
      inputMode="email"
      autoComplete="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}
