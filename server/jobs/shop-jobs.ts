/** Every job the shop runs in the background: the one list the job queue (job-queue.ts) starts. */
import { lowStockJob } from './low-stock.job';
import { paymentReconciliationJob } from './payment-reconciliation.job';
import { purgeJob } from './purge.job';
import { reservationExpiryJob } from './reservation-expiry.job';
import { sendMailJob } from './send-mail.job';

export const shopJobs = [sendMailJob, reservationExpiryJob, paymentReconciliationJob, purgeJob, lowStockJob];
