// Rules the account screens' machines share outside their configs: the toast every account screen shows.
import { toastDurations } from '../domain/limits';
import { notice } from '../domain/notice';
import type { Notice, NoticeKind } from '../domain/notice';

/** Snackbars of the account screens stay 4000 ms (SPEC.md §9). */
export const authNotice = (message: string, kind: NoticeKind): Notice => notice(message, kind, toastDurations.default);
