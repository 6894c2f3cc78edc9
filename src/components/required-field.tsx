// A required field of the shopper's forms (address, profile, contact): its label with the asterisk (hidden from the
// accessible name), the control, and the field's message under it.
import type { ChangeEvent, HTMLAttributes, ReactNode } from 'react';
import { Field, Input } from '@chakra-ui/react';
import type { FieldRootProps } from '@chakra-ui/react';

interface RequiredFieldProps {
  label: string;
  error: string | undefined;
  disabled?: boolean;
  readOnly?: boolean;
  gridColumn?: FieldRootProps['gridColumn'];
  children: ReactNode;
}

export function RequiredField({ label, error, children, ...root }: RequiredFieldProps) {
  return (
    <Field.Root required invalid={Boolean(error)} {...root}>
      <Field.Label fontWeight="medium">
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** What a form declares of one of its text inputs. */
export interface TextInputSpec {
  label: string;
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  type?: 'text' | 'email' | 'tel';
  placeholder?: string;
  maxLength?: number;
}

interface RequiredTextFieldProps extends Omit<RequiredFieldProps, 'children' | 'label'> {
  name: string;
  spec: TextInputSpec;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export function RequiredTextField({ name, spec, value, onChange, ...field }: RequiredTextFieldProps) {
  return (
    <RequiredField label={spec.label} {...field}>
      <Input
        bg="white"
        size="lg"
        name={name}
        type={spec.type ?? 'text'}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete}
        placeholder={spec.placeholder}
        maxLength={spec.maxLength}
        value={value}
        onChange={onChange}
      />
    </RequiredField>
  );
}
