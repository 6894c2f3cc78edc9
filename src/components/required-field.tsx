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
export interface TextInputSpec<F extends string = string> {
  field: F;
  label: string;
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  type?: 'text' | 'email' | 'tel';
  placeholder?: string;
  maxLength?: number;
}

/** How a form's fields read their value and shown message, and report a change. */
export interface FieldBinding<F extends string> {
  value: (field: F) => string;
  error: (field: F) => string | undefined;
  onChange: (field: F) => (event: ChangeEvent<HTMLInputElement>) => void;
}

interface RequiredTextFieldProps<F extends string> extends Omit<RequiredFieldProps, 'children' | 'label' | 'error'> {
  spec: TextInputSpec<F>;
  bind: FieldBinding<F>;
}

export function RequiredTextField<F extends string>({ spec, bind, ...field }: RequiredTextFieldProps<F>) {
  return (
    <RequiredField label={spec.label} error={bind.error(spec.field)} {...field}>
      <Input
        bg="white"
        size="lg"
        name={spec.field}
        type={spec.type ?? 'text'}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete}
        placeholder={spec.placeholder}
        maxLength={spec.maxLength}
        value={bind.value(spec.field)}
        onChange={bind.onChange(spec.field)}
      />
    </RequiredField>
  );
}
