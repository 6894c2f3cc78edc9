/** Every job the shop runs in the background: the one list the job queue (job-queue.ts) starts. */
import { orderMailsJob } from './order-mails.job';
import { paymentReconciliationJob } from './payment-reconciliation.job';
import { purgeJob } from './purge.job';
import { reservationExpiryJob } from './reservation-expiry.job';

export const shopJobs = [orderMailsJob, reservationExpiryJob, paymentReconciliationJob, purgeJob];
