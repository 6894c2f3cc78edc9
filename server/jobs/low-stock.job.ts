/**
 * Daily at 08:00 in India (02:30 UTC; the cron is UTC, job-queue.ts): mails the shop the flowers low in stock, when
 * any is (server/modules/reports/low-stock.service.ts).
 */
import { queueLowStockMail } from '../modules/reports/low-stock.service';
import { defineJob } from './job-queue';
import { sendQueuedMails } from './send-mail.job';

export const lowStockJob = defineJob({
  name: 'low-stock-mail',
  // A failed run is retried; the mail's key (the India day) keeps a retry, or a second instance, from a second mail.
  queue: { policy: 'stately', retryLimit: 3, retryDelay: 5 * 60, expireInSeconds: 10 * 60 },
  // The tick keys the cron's one job to its hour (pg-boss refuses a key longer than its 12-hour archive interval).
  schedule: { cron: '30 2 * * *', tickSeconds: 60 * 60 },
  async run(app) {
    const id = await queueLowStockMail(app.db, app.config, new Date());
    if (id !== null) await sendQueuedMails(app, [id]);
  },
});
