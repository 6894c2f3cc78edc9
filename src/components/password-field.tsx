// A password input with the show/hide toggle of SPEC.md §2 (an icon button with an aria-label that says what it does).
import type { ChangeEvent } from 'react';
import { Field, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { EyeIcon, EyeOffIcon } from './eye-icons';

interface PasswordFieldProps {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  shown: boolean;
  onValueChange: (value: string) => void;
  onToggle: () => void;
  autoComplete: 'current-password' | 'new-password';
  readOnly?: boolean;
  /** What the toggle names, when the label would make it ambiguous (a label search must find the input only). */
  toggleName?: string;
}

export function PasswordField({ name, label, value, error, shown, onValueChange, onToggle, ...rest }: PasswordFieldProps) {
  const what = rest.toggleName ?? label.toLowerCase();
  return (
    <Field.Root invalid={Boolean(error)} readOnly={rest.readOnly}>
      <Field.Label fontWeight="medium">{label}</Field.Label>
      <InputGroup
        endElementProps={{ pe: '1' }}
        endElement={
          <IconButton
            type="button"
            variant="ghost"
            size="sm"
            color="brand.muted"
            _hover={{ color: 'brand.leaf', bg: 'brand.leafSoft' }}
            aria-label={shown ? `Hide ${what}` : `Show ${what}`}
            aria-pressed={shown}
            onClick={onToggle}
          >
            {shown ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
          </IconButton>
        }
      >
        <Input
          bg="white"
          size="lg"
          name={name}
          type={shown ? 'text' : 'password'}
          autoComplete={rest.autoComplete}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value)}
        />
      </InputGroup>
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  );
}
