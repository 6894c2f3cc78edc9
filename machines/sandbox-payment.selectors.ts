// The sandbox payment dialog's rules outside the machine: its typing filters and field messages, per method.
import type { FieldErrors } from '../domain/fields';
import { fieldErrors, typingFilters } from '../domain/fields';
import { sandboxCardFields, sandboxPayRequest, sandboxUpiFields } from '../domain/payment';
import type { SandboxPayBody, SandboxPayMethod } from '../domain/payment';

export type SandboxCardField = 'cardNumber' | 'expiry' | 'cvv';
export type SandboxPaymentField = SandboxCardField | 'vpa';

/** Card numbers run to 19 digits (ISO/IEC 7812). */
const cardDigitsMax = 19;
/** NPCI's limit on a UPI ID, handle included. */
const vpaMax = 320;

/**
 * Typing filters: the card number in groups of four, the expiry as MM/YY, the CVV three or four digits; a UPI ID
 * without spaces, in lower case as banks read it.
 */
const filters: Record<SandboxPaymentField, (value: string) => string> = {
  cardNumber: (value) => typingFilters.digits(value, cardDigitsMax).replace(/(\d{4})(?=\d)/g, '$1 '),
  // The slash comes with the third digit, so that deleting back over it is not undone at once.
  expiry: (value) => typingFilters.digits(value, 4).replace(/^(\d{2})(\d)/, '$1/$2'),
  cvv: (value) => typingFilters.digits(value, 4),
  vpa: (value) => value.replace(/\s/g, '').toLowerCase().slice(0, vpaMax),
};

export function filterSandboxPaymentField(field: SandboxPaymentField, value: string): string {
  return filters[field](value);
}

/** The dialog's field messages for the chosen method (domain/payment.ts's words); the view shows them per SPEC.md §5. */
export function sandboxPaymentErrors(
  form: { method: SandboxPayMethod } & Record<SandboxPaymentField, string>,
): FieldErrors<SandboxPaymentField> {
  if (form.method === 'upi') return fieldErrors(sandboxUpiFields, { vpa: form.vpa });
  return fieldErrors(sandboxCardFields, { cardNumber: form.cardNumber, expiry: form.expiry, cvv: form.cvv });
}

/** The pay request as the server reads it, from the dialog's order and chosen form (spaces dropped, other fields left out). */
export function sandboxPayBodyOf(
  form: { orderId: string; method: SandboxPayMethod } & Record<SandboxPaymentField, string>,
): SandboxPayBody {
  return sandboxPayRequest.parse(form);
}
