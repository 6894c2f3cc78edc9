/**
 * A paid order's mails, one job per order: queued right after the payment commits (payments.service.ts), and again by
 * the minute sweep for any order whose mails are still due (reservation-expiry.job.ts), so that none is lost when the
 * process dies in between or the mail server stays down past the retries. order-confirmation.ts makes sending them
 * twice harmless: a job that finds them sent, or claimed by another sender, does nothing.
 */
import { sendOrderMails } from '../modules/orders/order-confirmation';
import { defineJob } from './job-queue';
import type { JobApp } from './job-queue';

export const orderMailsJob = defineJob<{ orderId: number }>({
  name: 'order-mails',
  // `short`: one job waiting per order (keyed by it), however often the sweep meets it still due. A mail server that
  // is down is tried again after 30 s, 1, 2 and 4 minutes; then the minute sweep queues the order again.
  queue: { policy: 'short', retryLimit: 4, retryDelay: 30, retryBackoff: true },
  async run(app, { orderId }) {
    await sendOrderMails(app, orderId);
  },
});

/** Queues the order's mails; false when a job for them was already waiting. */
export function queueOrderMails(app: JobApp, orderId: number): Promise<boolean> {
  return app.jobs.send(orderMailsJob, { orderId }, { singletonKey: String(orderId) });
}
