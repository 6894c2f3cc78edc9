import { z } from 'zod/mini';
import { limits } from './limits';

/**
 * Field rules shared by forms and the server. Each rule carries the spec's exact message (SPEC.md §5); a form shows
 * the first message of a field, the server answers the first message of the request.
 */
export const patterns = {
  /** SPEC.md §5 Sign in: text, @, text, dot, at least 2 characters. */
  email: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
  lettersAndSpaces: /^[A-Za-z ]+$/,
  lettersSpacesAndDots: /^[A-Za-z. ]+$/,
  tenDigits: /^\d{10}$/,
  sixDigits: /^\d{6}$/,
  digits: /^\d+$/,
} as const;

/** Characters a typing filter lets through, per kind of field (SPEC.md §5: typing filters ignore the rest). */
export const typingFilters = {
  digits: (value: string, max: number) => value.replace(/\D/g, '').slice(0, max),
  lettersAndSpaces: (value: string, max: number) => value.replace(/[^A-Za-z ]/g, '').slice(0, max),
  lettersSpacesAndDots: (value: string, max: number) => value.replace(/[^A-Za-z. ]/g, '').slice(0, max),
  maxLength: (value: string, max: number) => value.slice(0, max),
} as const;

/** A required text field: `requiredMessage` when blank, then the given checks in order. */
export function requiredText(requiredMessage: string) {
  return z.string({ error: requiredMessage }).check(z.trim(), z.minLength(1, { error: requiredMessage }));
}

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** First message per field of a failed parse, for forms. */
export function fieldErrors(schema: z.ZodMiniType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export const maxEmail = limits.emailMax;

/** The largest id a row can have: ids are the database's 32-bit integers, so a larger number names no row. */
export const maxRowId = 2_147_483_647;

/**
 * A row id from a JSON number or a query string: a whole number from 1 to maxRowId, else `message`. Without the upper
 * bound a larger number reaches the database, which refuses to compare it with an integer column (a 500).
 */
export function rowIdOf(message: string) {
  return z.coerce
    .number({ error: message })
    .check(z.int({ error: message }), z.positive({ error: message }), z.maximum(maxRowId, { error: message }));
}
