// The Contact Us form's rules outside the machine: its typing filters (SPEC.md §5) and its empty form.
import type { ContactForm } from '../domain/contact';
import { typingFilters } from '../domain/fields';
import { limits } from '../domain/limits';

export type ContactField = keyof ContactForm;

export const emptyContactForm: ContactForm = { fullName: '', userEmail: '', phoneNumber: '', message: '' };

/** SPEC.md §5: typing filters ignore characters a field can never hold. */
const filters: Record<ContactField, (value: string) => string> = {
  fullName: (value) => typingFilters.lettersAndSpaces(value, limits.nameMax),
  userEmail: (value) => typingFilters.maxLength(value, limits.emailMax),
  phoneNumber: (value) => typingFilters.digits(value, limits.mobileLength),
  message: (value) => typingFilters.maxLength(value, limits.contactMessageMax),
};

export function filterContactField(field: ContactField, value: string): string {
  return filters[field](value);
}
