/**
 * One job per queued mail (server/modules/mail/mail-queue.ts), keyed by the mail's id: woken right after the commit
 * that queued it, and again by the minute sweep for any mail still unsent and without a waiting job (the process died
 * in between, or the retries ran out while the mail server stayed down). Each mail on its own: one that fails never
 * holds back another. mail-delivery.ts makes a second job for a mail harmless: it finds the mail sent or claimed.
 */
import { deliverMail, unsentMails } from '../modules/mail/mail-delivery';
import { defineJob } from './job-queue';
import type { JobApp } from './job-queue';

export const sendMailJob = defineJob<{ mailId: number }>({
  name: 'send-mail',
  // `short`: one job queued per mail. The retries' first wait is the config's (mailDelivery.retryDelaySeconds, given
  // when the job is sent), doubling each time; after the last one the minute sweep queues the mail again.
  queue: { policy: 'short', retryLimit: 6 },
  // A few at once: a mail server that keeps one mail waiting until the timeout holds back no other.
  workers: 4,
  async run(app, { mailId }) {
    await deliverMail(app, mailId);
  },
});

/**
 * Wakes the jobs of mails queued by a transaction that has committed. Never throws: a mail whose job could not be
 * queued stays unsent in its table, and the minute sweep queues it.
 */
export async function sendQueuedMails(app: JobApp, mailIds: readonly number[]): Promise<void> {
  const retryDelay = app.config.mailDelivery.retryDelaySeconds;
  // pg-boss's backoff waits a second at least; a delay of 0 (tests) retries at once.
  const options = { retryDelay, retryBackoff: retryDelay > 0 };
  // One statement for all of them (a paid order queues two): each statement waits its turn on the embedded database.
  await app.jobs
    .sendAll(sendMailJob, mailIds.map((mailId) => ({ ...options, data: { mailId }, singletonKey: String(mailId) })))
    .catch((error: unknown) => app.log.error({ err: error, mailIds }, 'queuing mail jobs failed; the minute sweep will'));
}

/** The sweep's part: queues a job for every unsent mail that has none waiting; how many. */
export async function sendUnsentMails(app: JobApp): Promise<number> {
  const unsent = (await unsentMails(app.db)).map(String);
  const waiting = await app.jobs.waiting(sendMailJob, unsent);
  const due = unsent.filter((key) => !waiting.has(key)).map(Number);
  await sendQueuedMails(app, due);
  return due.length;
}
