/**
 * Every two minutes: asks the payment provider about unpaid orders whose buyer has left, and settles the payments it
 * took that neither verify nor a webhook reported; and asks about refunds still pending (payments/reconciliation.ts,
 * payments/refunds.service.ts). Bounded per run; a provider that fails is logged and asked again next run.
 */
import { reconcilePendingPayments } from '../modules/payments/reconciliation';
import { resolvePendingRefunds } from '../modules/payments/refunds.service';
import { defineJob } from './job-queue';

/** A refund asked for whose answer never came is looked up at the provider after this long. */
export const lostRefundAfterMs = 5 * 60_000;

export const paymentReconciliationJob = defineJob({
  name: 'payment-reconciliation',
  // As the reservation sweep: never two runs at once; a failed run is the next tick's to redo.
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 },
  schedule: { cron: '*/2 * * * *', tickSeconds: 120 },
  async run(app) {
    const settled = await reconcilePendingPayments(app);
    if (settled > 0) app.log.info(`settled ${settled} payment(s) that no verify or webhook had reported`);
    const resolved = await resolvePendingRefunds(app, { limit: 20, lostAfterMs: lostRefundAfterMs });
    if (resolved > 0) app.log.info(`resolved ${resolved} pending refund(s)`);
  },
});
