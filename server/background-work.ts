/**
 * Work a request starts and does not answer after: a paid order's mails, which a buyer should not wait for at the
 * moment of payment (a mail server can take seconds, or minutes to time out), and which `mails_due` keeps safe should
 * the process die first (order-confirmation.ts). Closing the app waits for what is still running, before the mailer
 * and the database close; tests wait for it before they read the outbox.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundWork {
  /** Runs `task` without waiting for it. A failure it does not handle itself is logged. */
  start(task: () => Promise<unknown>): void;
  /** Resolves once every task started so far, and any they started, has finished. */
  settled(): Promise<void>;
}

export function backgroundWork(log: FastifyBaseLogger): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    start(task) {
      const run: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error }, 'background work failed'),
        )
        .finally(() => running.delete(run));
      running.add(run);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
