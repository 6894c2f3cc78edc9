// The address form of SPEC.md §5 "Address form", shared by the edit-address screen and checkout: every input
// labelled, the states and union territories and India only as selects, and each field's first message shown once it is non-empty or
// after a submit. The caller owns the values (its machine applies the typing filters) and the rules (`schema`).
import type { ChangeEvent } from 'react';
import { NativeSelect, SimpleGrid } from '@chakra-ui/react';
import type { z } from 'zod/mini';
import { addressFields } from '../../domain/address';
import type { AddressField, AddressFormValues } from '../../domain/address';
import { fieldErrors } from '../../domain/fields';
import { countries, indianStates } from '../../domain/indian-states';
import { RequiredField, RequiredTextField } from './required-field';
import type { FieldBinding, TextInputSpec } from './required-field';
import { shownErrors } from './shown-errors';

interface AddressFormProps {
  values: AddressFormValues;
  onFieldChange: (field: AddressField, value: string) => void;
  /** The rules to show messages from: checkout's `addressFields` (default) or the edit screen's `editAddressFields`. */
  schema?: z.ZodMiniType;
  /** After a refused submit every field shows its message, not only the non-empty ones. */
  showAllErrors: boolean;
  disabled?: boolean;
  /** The pincode directory's objection (unknown pincode, another state), shown once the field's own rules pass. */
  pincodeError?: string;
}

interface TextFieldSpec extends TextInputSpec<Exclude<AddressField, 'state' | 'country'>> {
  /** Spans both columns on wide screens. */
  wide?: boolean;
}

const textFields: TextFieldSpec[] = [
  { field: 'fullName', label: 'Full Name', autoComplete: 'name', placeholder: 'Name of the recipient', wide: true },
  { field: 'address', label: 'Address', autoComplete: 'address-line1', placeholder: 'House number and street', wide: true },
  { field: 'locality', label: 'Locality', autoComplete: 'address-line2', placeholder: 'Area or locality' },
  { field: 'landmark', label: 'Landmark', autoComplete: 'off', placeholder: 'Near a well-known place' },
  { field: 'phoneNumber', label: 'Phone Number', autoComplete: 'tel-national', inputMode: 'numeric', type: 'tel', placeholder: '10-digit mobile number' },
  { field: 'pincode', label: 'Pincode', autoComplete: 'postal-code', inputMode: 'numeric', placeholder: '6-digit pincode' },
  { field: 'city', label: 'City', autoComplete: 'address-level2', placeholder: 'City' },
];

export function AddressForm({ values, onFieldChange, schema = addressFields, showAllErrors, disabled = false, pincodeError }: AddressFormProps) {
  const errors = fieldErrors(schema, values);
  const ownError = shownErrors<AddressField>(values, errors, showAllErrors);
  const shownError = (field: AddressField) => ownError(field) ?? (field === 'pincode' ? pincodeError : undefined);
  const change = (field: AddressField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onFieldChange(field, event.target.value);
  const bound: FieldBinding<AddressField> = { value: (field) => values[field], error: shownError, onChange: change };

  const select = (field: 'state' | 'country', label: string, options: readonly string[], placeholder?: string) => (
    <RequiredField label={label} error={shownError(field)} disabled={disabled}>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field name={field} bg="white" value={values[field]} onChange={change(field)} autoComplete={field === 'country' ? 'country-name' : 'address-level1'}>
          {placeholder ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </RequiredField>
  );

  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="5" rowGap="5">
      {textFields.map((spec) => (
        <RequiredTextField
          key={spec.field}
          spec={spec}
          bind={bound}
          disabled={disabled}
          gridColumn={spec.wide ? { md: 'span 2' } : undefined}
        />
      ))}
      {select('state', 'State', indianStates, 'Select a state')}
      {select('country', 'Country', countries)}
    </SimpleGrid>
  );
}
