// Account › Profile's rules outside the machine: the typing filters (SPEC.md §5 Profile) and the form of a stored user.
import { profileFields } from '../domain/account';
import type { ProfileFields, ProfileForm, UserDetails } from '../domain/account';
import { typingFilters } from '../domain/fields';
import { limits } from '../domain/limits';

export type ProfileField = Exclude<keyof ProfileForm, 'email'>;

export const emptyProfileForm: ProfileForm = { firstName: '', lastName: '', email: '', mobileNumber: '' };

/** SPEC.md §5 Profile: names take letters, spaces and dots; the mobile number digits, at most 10. */
const filters: Record<ProfileField, (value: string) => string> = {
  firstName: (value) => typingFilters.lettersSpacesAndDots(value, limits.nameMax),
  lastName: (value) => typingFilters.lettersSpacesAndDots(value, limits.nameMax),
  mobileNumber: (value) => typingFilters.digits(value, limits.mobileLength),
};

/** Whether the field can be edited at all: the e-mail is shown, never edited. */
export function isProfileField(field: string): field is ProfileField {
  return Object.hasOwn(filters, field);
}

export function filterProfileField(field: ProfileField, value: string): string {
  return filters[field](value);
}

/** The form as the server last stored it; missing values become empty fields. */
export function profileFormOf(details: UserDetails): ProfileForm {
  return {
    firstName: details.firstName ?? '',
    lastName: details.lastName ?? '',
    email: details.email,
    mobileNumber: details.mobileNumber ?? '',
  };
}

/** The profile as the save call sends it: the editable fields checked by the server's schema, the e-mail as shown. */
export function profileToSave(form: ProfileForm): ProfileFields & { email: string } {
  return { ...profileFields.parse(form), email: form.email };
}
