// The shopper's e-mail, mobile number, first and last name (SPEC.md §5), as Sign Up and the guest's checkout ask them.
import type { ReactNode } from 'react';
import { SimpleGrid, Stack } from '@chakra-ui/react';
import { EmailField } from './email-field';
import { TextField } from './text-field';

export type ShopperField = 'email' | 'mobileNumber' | 'firstName' | 'lastName';

interface ShopperDetailsFieldsProps {
  values: Record<ShopperField, string>;
  /** The message a field shows now (the caller decides when, as SPEC.md §5 says), or undefined. */
  shownError: (field: ShopperField) => string | undefined;
  onFieldChange: (field: ShopperField, value: string) => void;
  onEmailBlur?: () => void;
  readOnly?: boolean;
  /** Shown right under the e-mail, such as what the checkout's e-mail check answered. */
  belowEmail?: ReactNode;
  /** The width from which first and last name sit side by side. */
  namesSideBySideFrom?: 'sm' | 'md';
}

/** The fields only, without a wrapper: they take the gaps of the caller's stack. */
export function ShopperDetailsFields({
  values,
  shownError,
  onFieldChange,
  onEmailBlur,
  readOnly,
  belowEmail,
  namesSideBySideFrom = 'sm',
}: ShopperDetailsFieldsProps) {
  /** What every field takes from the form: its value, its message now, its change and whether it can be edited. */
  const bound = (field: ShopperField) => ({
    value: values[field],
    error: shownError(field),
    onValueChange: (value: string) => onFieldChange(field, value),
    readOnly,
  });
  const email = <EmailField {...bound('email')} onBlur={onEmailBlur} />;

  return (
    <>
      {belowEmail === undefined ? (
        email
      ) : (
        <Stack gap="3">
          {email}
          {belowEmail}
        </Stack>
      )}
      <TextField
        name="mobileNumber"
        label="Mobile Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="10-digit mobile number"
        {...bound('mobileNumber')}
      />
      <SimpleGrid columns={{ base: 1, [namesSideBySideFrom]: 2 }} gap="5">
        <TextField name="firstName" label="First Name" autoComplete="given-name" {...bound('firstName')} />
        <TextField name="lastName" label="Last Name" autoComplete="family-name" {...bound('lastName')} />
      </SimpleGrid>
    </>
  );
}
