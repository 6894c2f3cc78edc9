/**
 * Gives back the stock of unpaid invoices whose reservation ran out, and sends paid orders' mails that are still due:
 * once at start-up, before the server listens (so whatever ran out or was left unsent while it was down is settled
 * first), then every minute on an unref'd timer stopped on close.
 */
import type { FastifyInstance } from 'fastify';
import { sendDueOrderMails } from './order-confirmation';
import { releaseExpiredReservations } from './order-lifecycle';

export const reservationSweepMs = 60_000;

export async function startReservationJob(app: FastifyInstance): Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const sweep = async (mailsPaidUpTo: Date) => {
    try {
      const released = await releaseExpiredReservations(app.db);
      if (released > 0) app.log.info(`released the stock of ${released} unpaid order(s)`);
      const mailed = await sendDueOrderMails(app, mailsPaidUpTo);
      if (mailed > 0) app.log.info(`sent the mails of ${mailed} paid order(s) that were still due`);
    } catch (error) {
      if (!stopped) app.log.error({ err: error }, 'reservation sweep failed');
    }
  };
  // At start nothing of this process can be sending yet: every due mail goes. Later only those the settling request
  // had a minute to send itself.
  await sweep(new Date());
  const timer = setInterval(() => {
    running = sweep(new Date(Date.now() - reservationSweepMs));
  }, reservationSweepMs);
  timer.unref();
  // preClose runs before the database is closed by onClose, so a sweep never meets a closed database.
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
