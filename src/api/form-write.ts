// The admin forms' writes (api/admin.ts, api/coupons.ts): saved, or refused with the message the admin sees; a write
// that got no answer rejects, and the form machine says so and keeps what was typed. Its own module, so that a
// shopper's chunk that shares a file with admin calls (api/coupons.ts) does not pull in the admin API.
import type { AdminFormOutcome } from '../../machines/admin-form.machine';
import { toCallError } from './call-error';

/**
 * Runs a write: any 2xx is saved; an answer with another status is refused with `refusal(status, serverMessage)`;
 * no answer at all rejects (the form machine says so and keeps what was typed).
 */
export async function write(
  request: () => Promise<unknown>,
  refusal: (status: number, serverMessage: string | null) => string,
): Promise<AdminFormOutcome> {
  try {
    await request();
    return { ok: true };
  } catch (error) {
    const failure = await toCallError(error);
    if (failure.status === null) throw failure;
    return { ok: false, message: refusal(failure.status, failure.serverMessage) };
  }
}

/** A 4xx says what was wrong in the server's words; anything else gets the form's own failure text. */
export const refusedWith = (fallback: string) => (status: number, serverMessage: string | null) =>
  status >= 400 && status < 500 && serverMessage ? serverMessage : fallback;
