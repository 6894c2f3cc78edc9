// Rules the account screens' machines share outside their configs: the toast every account screen shows, the password
// fields' eye buttons.
import { toastDurations } from '../domain/limits';
import { notice } from '../domain/notice';
import type { Notice, NoticeKind } from '../domain/notice';

/** Snackbars of the account screens stay 4000 ms (SPEC.md §9). */
export const authNotice = (message: string, kind: NoticeKind): Notice => notice(message, kind, toastDurations.default);

/** The password fields' visibility after one field's eye button (`password.toggle`). */
export const toggledSecret = <Field extends string>(shown: Record<Field, boolean>, field: Field): Record<Field, boolean> => ({
  ...shown,
  [field]: !shown[field],
});
