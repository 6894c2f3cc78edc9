import { z } from 'zod/mini';
import { countries, indianStates } from './indian-states';
import { limits } from './limits';
import { patterns, requiredText, rowIdOf, typingFilters } from './fields';

/**
 * The address form of checkout and of the edit-address screen (SPEC.md §5 "Address form"). Where the original's
 * edit screen named a limit of 50 while enforcing 30, these messages state the real limit.
 */
export const addressMessages = {
  fullNameRequired: 'Full name is required!',
  fullNameTooShort: 'Full name must be at least 3 characters long!',
  fullNameFormat: 'This is not a valid format!',
  phoneRequired: 'Phone number is required!',
  phoneFormat: 'Phone number must be exactly 10 digits!',
  addressRequired: 'Address is required!',
  addressTooLong: `Address cannot exceed ${limits.addressMax} characters!`,
  localityRequired: 'Locality is required!',
  localityTooLong: `Locality cannot exceed ${limits.localityMax} characters!`,
  landmarkRequired: 'Landmark is required!',
  landmarkTooLong: `Landmark cannot exceed ${limits.landmarkMax} characters!`,
  characterSet: "Only alphanumeric characters (a-z, A-Z, 0-9), '/', '_', and '-' are allowed!",
  pincodeRequired: 'Pincode is required!',
  pincodeFormat: 'Invalid pincode format!',
  pincodeLength: 'Pincode must be exactly 6 digits!',
  cityRequired: 'city is required!',
  cityFormat: 'Invalid city format!',
  cityTooLong: `City cannot exceed ${limits.cityMax} characters!`,
  stateRequired: 'State is required!',
  countryRequired: 'Country is required!',
  checkoutInvalid: 'Please fill all the fields!',
  editEmptyField: 'Please fill in all fields',
  updated: 'Address updated successfully!',
  updateFailed: 'Address update failed. Please try again.',
} as const;

/** Letters, digits, spaces and / _ - (SPEC.md §5); typing filters drop anything else. */
export const addressCharacters = /^[A-Za-z0-9 /_-]+$/;
export const filterAddressCharacters = (value: string, max: number) => value.replace(/[^A-Za-z0-9 /_-]/g, '').slice(0, max);

const addressText = (required: string, max: number, tooLong: string) =>
  requiredText(required).check(
    z.maxLength(max, { error: tooLong }),
    z.regex(addressCharacters, { error: addressMessages.characterSet }),
  );

export const addressFields = z.object({
  fullName: requiredText(addressMessages.fullNameRequired).check(
    z.minLength(limits.fullNameMin, { error: addressMessages.fullNameTooShort }),
    z.maxLength(limits.nameMax, { error: addressMessages.fullNameFormat }),
    z.regex(patterns.lettersSpacesAndDots, { error: addressMessages.fullNameFormat }),
  ),
  address: addressText(addressMessages.addressRequired, limits.addressMax, addressMessages.addressTooLong),
  locality: addressText(addressMessages.localityRequired, limits.localityMax, addressMessages.localityTooLong),
  landmark: addressText(addressMessages.landmarkRequired, limits.landmarkMax, addressMessages.landmarkTooLong),
  city: requiredText(addressMessages.cityRequired).check(
    z.maxLength(limits.cityMax, { error: addressMessages.cityTooLong }),
    z.regex(patterns.lettersAndSpaces, { error: addressMessages.cityFormat }),
  ),
  pincode: requiredText(addressMessages.pincodeRequired).check(
    z.regex(patterns.sixDigits, { error: addressMessages.pincodeFormat }),
  ),
  state: z.enum(indianStates, { error: addressMessages.stateRequired }),
  country: z.enum(countries, { error: addressMessages.countryRequired }),
  phoneNumber: requiredText(addressMessages.phoneRequired).check(
    z.regex(patterns.tenDigits, { error: addressMessages.phoneFormat }),
  ),
});
export type AddressFields = z.infer<typeof addressFields>;

/** An address as the API returns it (SPEC.md §3 Address). */
export const address = z.extend(addressFields, {
  id: z.number().check(z.int()),
  User: z.object({ externalId: z.string() }),
});
export type Address = z.infer<typeof address>;
/** `GET getuseraddresses`, `GET getguestuseraddress` */
export const addressList = z.array(address);

/** `POST updateuseraddress?id={id}&userId={externalId}` */
export const updateAddressQuery = z.object({
  id: rowIdOf('id must be an address id'),
  userId: z.string().check(z.minLength(1), z.maxLength(64)),
});
export const updateAddressRequest = z.extend(addressFields, {
  id: z.optional(rowIdOf('id must be an address id')),
  userId: z.optional(z.string().check(z.maxLength(64))),
});

/** `POST updateuseraddress` answer: the confirmation and the address as stored. */
export const updateAddressReply = z.extend(address, { message: z.string() });
export type UpdateAddressReply = z.infer<typeof updateAddressReply>;

/** The address form as typed: every field a string until it validates. */
export type AddressFormValues = { [K in keyof AddressFields]: string };
export type AddressField = keyof AddressFormValues;
const addressFieldNames = Object.keys(addressFields.shape) as AddressField[];

/** Just the address fields of anything that carries them (a stored address, an order's snapshot), as the form holds them. */
export function addressFieldsOf<T extends AddressFormValues>(source: T): Pick<T, AddressField> {
  return Object.fromEntries(addressFieldNames.map((field) => [field, source[field]])) as Pick<T, AddressField>;
}

export const emptyAddressForm: AddressFormValues = {
  fullName: '',
  address: '',
  locality: '',
  landmark: '',
  city: '',
  pincode: '',
  state: '',
  country: 'India',
  phoneNumber: '',
};

/** The edit-address screen's rules: the same as checkout's, with its own pincode wording (SPEC.md §5). */
export const editAddressFields = z.extend(addressFields, {
  pincode: requiredText(addressMessages.pincodeRequired).check(
    z.regex(patterns.sixDigits, { error: addressMessages.pincodeLength }),
  ),
});

/** SPEC.md §5 typing filters of the address form: characters a field can never hold are dropped as typed. */
export function filterAddressField(field: AddressField, value: string): string {
  switch (field) {
    case 'fullName':
      return typingFilters.lettersSpacesAndDots(value, limits.nameMax);
    case 'address':
      return filterAddressCharacters(value, limits.addressMax);
    case 'locality':
      return filterAddressCharacters(value, limits.localityMax);
    case 'landmark':
      return filterAddressCharacters(value, limits.landmarkMax);
    case 'city':
      return typingFilters.lettersAndSpaces(value, limits.cityMax);
    case 'pincode':
      return typingFilters.digits(value, limits.pincodeLength);
    case 'phoneNumber':
      return typingFilters.digits(value, limits.mobileLength);
    case 'state':
    case 'country':
      return value;
  }
}
