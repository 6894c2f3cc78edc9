// One labelled input of the account forms, with its message under it. The label is the field's accessible name,
// exactly as the spec words it (no visual asterisk in the name).
import type { ChangeEvent, HTMLAttributes } from 'react';
import { Field, Input } from '@chakra-ui/react';

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'email' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete: string;
  placeholder?: string;
  readOnly?: boolean;
}

export function TextField({ name, label, value, error, onValueChange, onBlur, type = 'text', ...rest }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} readOnly={rest.readOnly}>
      <Field.Label fontWeight="medium">{label}</Field.Label>
      <Input
        bg="white"
        size="lg"
        name={name}
        type={type}
        inputMode={rest.inputMode}
        autoComplete={rest.autoComplete}
        placeholder={rest.placeholder}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value)}
        onBlur={onBlur}
      />
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  );
}
