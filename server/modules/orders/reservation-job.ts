/** Gives back the stock of unpaid invoices: once at start-up, then every minute on an unref'd timer stopped on close. */
import type { FastifyInstance } from 'fastify';
import { releaseExpiredReservations } from './order-lifecycle';

export const reservationSweepMs = 60_000;

export async function startReservationJob(app: FastifyInstance): Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const sweep = () =>
    releaseExpiredReservations(app.db)
      .then((released) => {
        if (released > 0) app.log.info(`released the stock of ${released} unpaid order(s)`);
      })
      .catch((error: unknown) => {
        if (!stopped) app.log.error({ err: error }, 'reservation sweep failed');
      });
  await sweep();
  const timer = setInterval(() => {
    running = sweep();
  }, reservationSweepMs);
  timer.unref();
  // preClose runs before the database is closed by onClose, so a sweep never meets a closed database.
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
