/**
 * Every minute, and at start before the server listens (whatever ran out or was left unsent while it was down is
 * settled first): gives back the stock of unpaid invoices whose reservation ran out, and queues a job for every mail
 * still unsent without one (send-mail.job.ts), each on its own.
 */
import { releaseExpiredReservations } from '../modules/orders/order-lifecycle';
import { queueMailsStillDue } from '../modules/orders/order-mails';
import { defineJob } from './job-queue';
import { sendQueuedMails, sendUnsentMails } from './send-mail.job';

export const reservationExpiryJob = defineJob({
  name: 'reservation-expiry',
  // `stately`: never two runs at once, nor more than one waiting; a failed run is simply the next minute's to redo. A
  // run left by a process that died holds the next ones back until it expires, hence a short expiry.
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 },
  schedule: { cron: '* * * * *', tickSeconds: 60 },
  atStart: true,
  async run(app) {
    const released = await releaseExpiredReservations(app.db);
    if (released > 0) app.log.info(`released the stock of ${released} unpaid order(s)`);
    await sendQueuedMails(app, await queueMailsStillDue(app.db, app.config));
    const woken = await sendUnsentMails(app);
    if (woken > 0) app.log.info(`queued the jobs of ${woken} unsent mail(s)`);
  },
});
