// The one rule for when a form shows a field's message (SPEC.md §5): once the field is non-empty, or for every field
// after a refused submit. Every form of the shop asks it here.
import type { FieldErrors } from '../../domain/fields';

/** `shownError(field)`: the field's message when the shopper should see it, else undefined. */
export function shownErrors<F extends string>(
  values: Readonly<Record<NoInfer<F>, string>>,
  errors: FieldErrors<F>,
  showAll: boolean,
): (field: F) => string | undefined {
  return (field) => (showAll || values[field] !== '' ? errors[field] : undefined);
}
