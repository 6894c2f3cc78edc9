// Sign Up's rules outside the machine: typing filters and field messages of the three steps (SPEC.md §5), the texts of
// a refused call (SPEC.md §8), and what a look-up of the e-mail fills in (SPEC.md §4).
import { authMessages, newPassword, otp as otpRule, signUpDetails } from '../domain/auth';
import type { CheckEmailPresentReply, SignUpDetails } from '../domain/auth';
import { fieldErrors, typingFilters } from '../domain/fields';
import { limits } from '../domain/limits';
import { failureOf } from './call-failure';

export type SignUpDetailsField = keyof SignUpDetails;
export type SignUpPasswordField = 'password' | 'confirmPassword';
export type SignUpField = SignUpDetailsField | 'otp' | SignUpPasswordField;

/** SPEC.md §5 typing filters: names letters and spaces (50), mobile 10 digits, OTP 6 digits, e-mail 50, passwords 30. */
const filters: Record<SignUpField, (value: string) => string> = {
  email: (value) => typingFilters.maxLength(value, limits.emailMax),
  mobileNumber: (value) => typingFilters.digits(value, limits.mobileLength),
  firstName: (value) => typingFilters.lettersAndSpaces(value, limits.nameMax),
  lastName: (value) => typingFilters.lettersAndSpaces(value, limits.nameMax),
  otp: (value) => typingFilters.digits(value, limits.otpLength),
  password: (value) => typingFilters.maxLength(value, limits.passwordMax),
  confirmPassword: (value) => typingFilters.maxLength(value, limits.passwordMax),
};

export function filterSignUpField(field: SignUpField, value: string): string {
  return filters[field](value);
}

export const emptySignUpDetails: SignUpDetails = { email: '', mobileNumber: '', firstName: '', lastName: '' };

const passwordRule = newPassword();

/** Field messages of the three steps, with the spec's wording; the view shows them once a field is non-empty. */
export function signUpErrors(values: { details: SignUpDetails; otp: string; password: string; confirmPassword: string }) {
  const errors: Partial<Record<SignUpField, string>> = fieldErrors(signUpDetails, values.details);
  const otpError = otpRule.safeParse(values.otp);
  if (!otpError.success) errors.otp = otpError.error.issues[0]?.message;
  const password = passwordRule.safeParse(values.password);
  if (!password.success) errors.password = password.error.issues[0]?.message;
  if (!values.confirmPassword) errors.confirmPassword = authMessages.passwordRequired;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = authMessages.passwordsDoNotMatch;
  return errors;
}

/** Step 2's message for a refused OTP: the server's own words for an expired or burned code (SPEC.md §8). */
export function otpFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  const ownWords: string[] = [authMessages.otpExpired, authMessages.otpBurned, authMessages.otpResendTooSoon];
  const ownCode = failure.code === 'OTP_EXPIRED' || failure.code === 'OTP_BURNED';
  if (failure.serverMessage && (failure.status === 429 || ownCode || ownWords.includes(failure.serverMessage))) {
    return failure.serverMessage;
  }
  if (failure.status === 400 || failure.status === 401) return authMessages.otpInvalid;
  return authMessages.genericError;
}

export function createUserFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === 409) return authMessages.signUpDuplicate;
  if (failure.status === 429 && failure.serverMessage) return failure.serverMessage;
  return authMessages.genericError;
}

/** A prefill only when the server knows at least one of the details. */
export const hasKnownDetails = (reply: CheckEmailPresentReply) =>
  Boolean(reply.firstName || reply.lastName || reply.mobileNumber);
