// The account screens' snackbars: the machines say what and how long, the shop's one toaster shows it top-centre.
import type { AuthNotice } from '../../../machines/auth.selectors';
import { toaster } from '../../app/toaster';

export function showNotice({ message, kind, duration }: AuthNotice): void {
  toaster.create({ description: message, type: kind, duration, closable: true });
}
