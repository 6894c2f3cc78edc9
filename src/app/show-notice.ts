// The one toast adapter: a machine's notice (domain/notice.ts) shown by the shop's one toaster, dismissable.
import type { Notice } from '../../domain/notice';
import { toaster } from './toaster';

export function showNotice({ message, lines = [], kind, duration }: Notice): void {
  toaster.create({ description: [message, ...lines].join('\n'), type: kind, duration, closable: true });
}

/** The machines' `notify` action, as views provide it: `actions: { notify }`. */
export const notify = (_: unknown, notice: Notice): void => showNotice(notice);
