// Sign In's rules outside the machine: typing filters and field messages (SPEC.md §5), and the refused login's text.
import { authMessages, signInRequest } from '../domain/auth';
import type { SignInRequest } from '../domain/auth';
import { fieldErrors, typingFilters } from '../domain/fields';
import { limits } from '../domain/limits';
import { failureOf } from './call-failure';

export type SignInField = keyof SignInRequest;

export const emptySignInForm: SignInRequest = { email: '', password: '' };

/** SPEC.md §5: typing beyond 50 (e-mail) or 30 (password) characters is refused. */
const filters: Record<SignInField, (value: string) => string> = {
  email: (value) => typingFilters.maxLength(value, limits.emailMax),
  password: (value) => typingFilters.maxLength(value, limits.passwordMax),
};

export function filterSignInField(field: SignInField, value: string): string {
  return filters[field](value);
}

export function signInErrors(form: SignInRequest) {
  return fieldErrors(signInRequest, form) as Partial<Record<SignInField, string>>;
}

/** The spec's message for a refused login (SPEC.md §8 "Sign in"). */
export function signInFailureMessage(error: unknown): string {
  const failure = failureOf(error);
  if (failure.status === 401) return authMessages.signInFailed;
  if (failure.status === 403 && failure.code === 'EMAIL_NOT_VERIFIED') {
    return failure.serverMessage ?? authMessages.emailNotVerified;
  }
  if (failure.status === 429 && failure.serverMessage) return failure.serverMessage;
  return authMessages.signInRequestError;
}
