// The sandbox card dialog's rules outside the machine: its typing filters and field messages.
import type { FieldErrors } from '../domain/fields';
import { fieldErrors, typingFilters } from '../domain/fields';
import { sandboxCardFields } from '../domain/payment';

export type SandboxCardField = 'cardNumber' | 'expiry' | 'cvv';

/** Card numbers run to 19 digits (ISO/IEC 7812). */
const cardDigitsMax = 19;

/** Typing filters: the card number in groups of four, the expiry as MM/YY, the CVV three or four digits. */
const filters: Record<SandboxCardField, (value: string) => string> = {
  cardNumber: (value) => typingFilters.digits(value, cardDigitsMax).replace(/(\d{4})(?=\d)/g, '$1 '),
  // The slash comes with the third digit, so that deleting back over it is not undone at once.
  expiry: (value) => typingFilters.digits(value, 4).replace(/^(\d{2})(\d)/, '$1/$2'),
  cvv: (value) => typingFilters.digits(value, 4),
};

export function filterSandboxCardField(field: SandboxCardField, value: string): string {
  return filters[field](value);
}

/** The dialog's field messages (domain/payment.ts sandboxCardFields' words); the view shows them per SPEC.md §5. */
export function sandboxCardErrors(card: Record<SandboxCardField, string>): FieldErrors<SandboxCardField> {
  return fieldErrors(sandboxCardFields, { cardNumber: card.cardNumber, expiry: card.expiry, cvv: card.cvv });
}
