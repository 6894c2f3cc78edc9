// A new password and its confirmation, each with its show/hide toggle (sign-up, password reset, Set Password).
import { PasswordField } from './password-field';

export type NewPasswordField = 'password' | 'confirmPassword';

interface NewPasswordFieldsProps {
  values: Record<NewPasswordField, string>;
  shown: Record<NewPasswordField, boolean>;
  shownError: (field: NewPasswordField) => string | undefined;
  onFieldChange: (field: NewPasswordField, value: string) => void;
  onToggle: (field: NewPasswordField) => void;
  readOnly?: boolean;
  /** "Password" mostly; "New Password" on Forgot Password. */
  passwordLabel?: string;
}

export function NewPasswordFields({ passwordLabel = 'Password', ...props }: NewPasswordFieldsProps) {
  const fields = [
    { field: 'password', label: passwordLabel, toggleName: undefined },
    { field: 'confirmPassword', label: 'Confirm Password', toggleName: 'password confirmation' },
  ] as const;
  return (
    <>
      {fields.map(({ field, label, toggleName }) => (
        <PasswordField
          key={field}
          name={field}
          label={label}
          toggleName={toggleName}
          autoComplete="new-password"
          value={props.values[field]}
          error={props.shownError(field)}
          shown={props.shown[field]}
          onValueChange={(value) => props.onFieldChange(field, value)}
          onToggle={() => props.onToggle(field)}
          readOnly={props.readOnly}
        />
      ))}
    </>
  );
}
