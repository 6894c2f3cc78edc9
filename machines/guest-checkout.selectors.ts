// Guest checkout's rules outside the machine: typing filters and field messages of the guest form and the OTP modal
// (SPEC.md §5), the texts of a refused code (SPEC.md §8), the step's toast, and what an e-mail check fills in.
import { otp as otpRule, signUpDetails } from '../domain/auth';
import type { SignUpDetails } from '../domain/auth';
import { addressFields } from '../domain/address';
import type { AddressFormValues } from '../domain/address';
import { checkoutMessages } from '../domain/checkout';
import type { CheckEmailAvailabilityReply, CreateGuestCheckoutRequest } from '../domain/checkout';
import { fieldErrors, typingFilters } from '../domain/fields';
import { limits, toastDurations } from '../domain/limits';
import { notice } from '../domain/notice';
import type { Notice, NoticeKind } from '../domain/notice';
import { failureOf } from './call-failure';

export type GuestDetailsField = keyof SignUpDetails;
export type GuestField = GuestDetailsField | 'otp';

/** The checkout e-mail step's snackbars stay 5 s (SPEC.md §9). */
export const checkoutNotice = (message: string, kind: NoticeKind): Notice => notice(message, kind, toastDurations.checkoutEmail);

/** SPEC.md §5 typing filters: e-mail 40 typed, names letters and spaces (50), mobile 10 digits, OTP 6 digits. */
const filters: Record<GuestField, (value: string) => string> = {
  email: (value) => typingFilters.maxLength(value, limits.guestEmailTypingMax),
  mobileNumber: (value) => typingFilters.digits(value, limits.mobileLength),
  firstName: (value) => typingFilters.lettersAndSpaces(value, limits.nameMax),
  lastName: (value) => typingFilters.lettersAndSpaces(value, limits.nameMax),
  otp: (value) => typingFilters.digits(value, limits.otpLength),
};

export function filterGuestField(field: GuestField, value: string): string {
  return filters[field](value);
}

export const emptyGuestDetails: SignUpDetails = { email: '', mobileNumber: '', firstName: '', lastName: '' };

/** Field messages of the guest form and the OTP modal, in the spec's words; the view shows them once non-empty. */
export function guestFieldErrors(values: { details: SignUpDetails; otp: string }) {
  const errors: Partial<Record<GuestField, string>> = fieldErrors(signUpDetails, values.details);
  const otpResult = otpRule.safeParse(values.otp);
  if (!otpResult.success) errors.otp = otpResult.error.issues[0]?.message;
  return errors;
}

/** SPEC.md §8: a refused code shows the server's words (or "Failed to verify OTP"); no answer at all the network text. */
export function guestOtpFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === null) return checkoutMessages.otpVerifyError;
  return failure.serverMessage ?? checkoutMessages.otpVerifyFailed;
}

/** The details once the e-mail check answered: what the reply knows, else what was typed (a registered e-mail's reply holds nothing). */
export function detailsAfterEmailCheck(details: SignUpDetails, reply: CheckEmailAvailabilityReply): SignUpDetails {
  const known = (value: string | null | undefined, typed: string) => (value ? value : typed);
  return {
    ...details,
    firstName: known(reply.data.firstName, details.firstName),
    lastName: known(reply.data.lastName, details.lastName),
    mobileNumber: known(reply.data.mobileNumber, details.mobileNumber),
  };
}

/** The createguestcheckout request: the details and first address checked by the server's schemas, for this session. */
export function guestCheckoutRequestOf(form: {
  sessionId: string;
  details: SignUpDetails;
  address: AddressFormValues;
}): CreateGuestCheckoutRequest {
  return { ...signUpDetails.parse(form.details), ...addressFields.parse(form.address), sessionId: form.sessionId };
}
