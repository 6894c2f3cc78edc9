// Rules the account screens' machines share outside their configs: the toast every account screen shows.
import { toastDurations } from '../domain/limits';

export interface AuthNotice {
  message: string;
  kind: 'success' | 'error' | 'info';
  duration: number;
}

/** Snackbars of the account screens stay 4000 ms (SPEC.md §9). */
export const authNotice = (message: string, kind: AuthNotice['kind']): AuthNotice => ({
  message,
  kind,
  duration: toastDurations.default,
});
