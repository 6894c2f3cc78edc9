/**
 * Every minute, and at start before the server listens (whatever ran out or was left unsent while it was down is
 * settled first): gives back the stock of unpaid invoices whose reservation ran out, and queues the mails of paid
 * orders that are still due (order-mails.job.ts).
 */
import { ordersWithMailsDue } from '../modules/orders/order-confirmation';
import { releaseExpiredReservations } from '../modules/orders/order-lifecycle';
import { defineJob } from './job-queue';
import { queueOrderMails } from './order-mails.job';

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
    let queued = 0;
    for (const orderId of await ordersWithMailsDue(app.db)) if (await queueOrderMails(app, orderId)) queued += 1;
    if (queued > 0) app.log.info(`queued the mails of ${queued} paid order(s) that were still due`);
  },
});
