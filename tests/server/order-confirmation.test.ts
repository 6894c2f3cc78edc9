// A paid order's mails are never lost and never doubled: not when the process dies between the payment and the mail,
// and not when the mail server is down at the moment of payment. And the payment's answer never waits for them. The
// mails are a job on the job queue (server/jobs/order-mails.job.ts); the minute sweep queues those still due.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { paymentMessages } from '../../domain/payment';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/db/schema';
import type { FastifyInstance } from 'fastify';
import { reservationExpiryJob } from '../../server/jobs/reservation-expiry.job';
import { sendOrderMails } from '../../server/modules/orders/order-confirmation';
import { settleOrder } from '../../server/modules/orders/order-lifecycle';
import { buildTestApp } from './helpers/app';
import { mailsTo, signedInAs } from './helpers/auth';
import { aBuyer, aTaxedProduct, invoiceFor, orderByProviderId, paidWithCard, verify } from './helpers/payments';
import { closedPort, startSmtpListener } from './helpers/smtp';

/** A shop whose mail server is down, and an order paid by card there: its two mails are due. Close `app` after. */
async function paidWhileMailServerIsDown() {
  const port = await closedPort();
  const app = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  try {
    const buyer = await aBuyer(app, await aTaxedProduct(app), 1);
    const invoice = await invoiceFor(app, buyer);
    const paid = await verify(app, buyer, await paidWithCard(app, invoice.orderValueId));
    // The mails' first try, which the payment's answer did not wait for, has failed.
    await app.jobs.idle();
    return { app, port, buyer, invoice, paid };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** The minute sweep, run now (as its schedule would), and everything it queued. */
async function sweep(app: FastifyInstance): Promise<void> {
  await app.jobs.send(reservationExpiryJob, {});
  await app.jobs.idle();
}

describe('order mails', () => {
  it('a payment committed just before the process died gets its two mails once, at the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fs-order-mails-'));
    const onDisk = { database: { kind: 'pglite' as const, dataDir } };
    try {
      const first = await buildTestApp(onDisk);
      let buyer;
      let orderNumber: string;
      try {
        buyer = await aBuyer(first, await aTaxedProduct(first), 1);
        orderNumber = (await invoiceFor(first, buyer)).orderValueId;
        const signed = await paidWithCard(first, orderNumber);
        // What a verify does up to its commit; the process then dies before a mail is written.
        await settleOrder(first.db, { providerOrderId: orderNumber, providerPaymentId: signed.razorpay_payment_id, provider: 'sandbox', settledBy: 'verify' });
        expect(await mailsTo(first, buyer.user.email)).toHaveLength(0);
      } finally {
        await first.close();
      }

      const second = await buildTestApp(onDisk);
      try {
        const buyerMails = await mailsTo(second, buyer.user.email);
        expect(buyerMails).toHaveLength(1);
        expect(buyerMails[0]!.subject).toContain(orderNumber);
        const shopMails = (await mailsTo(second, second.config.shop.email)).filter((mail) => mail.subject.includes(orderNumber));
        expect(shopMails).toHaveLength(1);
        expect((await orderByProviderId(second, orderNumber)).mailsDue).toBe(false);

        // Another sweep, and the browser's verify arriving late, send nothing more.
        await sweep(second);
        const retry = await verify(second, { ...buyer, headers: signedInAs(second, buyer.user) }, await paidWithCard(second, orderNumber));
        expect(retry.json()).toEqual({ message: paymentMessages.success });
        expect(await mailsTo(second, buyer.user.email)).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two databases created and opened on disk: slower than the in-memory ones of other tests.
  }, 90_000);

  it('confirms the payment without waiting for the mail server; a try that fails leaves the mails due', async () => {
    // A mail server that takes the connection and never answers: a send waits on it until the connection drops.
    const connections: Socket[] = [];
    const silent = createServer((socket) => connections.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const app = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    try {
      const buyer = await aBuyer(app, await aTaxedProduct(app), 1);
      const invoice = await invoiceFor(app, buyer);
      const paid = await verify(app, buyer, await paidWithCard(app, invoice.orderValueId));
      expect(paid.json()).toEqual({ message: paymentMessages.success });
      // The answer came while the mails were still on their way: claimed for sending, the mail server still silent.
      await vi.waitFor(() => expect(connections.length).toBeGreaterThan(0));
      const sending = await orderByProviderId(app, invoice.orderValueId);
      expect(sending).toMatchObject({ paymentState: 'paid', mailsDue: true });
      expect(sending.mailsClaimedUntil).not.toBeNull();
      // The mail server drops them.
      for (const connection of connections) connection.destroy();
      await app.jobs.idle();
      expect(await orderByProviderId(app, invoice.orderValueId)).toMatchObject({ mailsDue: true, mailsClaimedUntil: null });
    } finally {
      await app.close();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a mail server that is down never undoes a payment; the mails stay due and go out once when it is back', async () => {
    const { app, port, buyer, invoice, paid } = await paidWhileMailServerIsDown();
    let smtp;
    try {
      expect(paid.json()).toEqual({ message: paymentMessages.success });
      expect(await orderByProviderId(app, invoice.orderValueId)).toMatchObject({ paymentState: 'paid', mailsDue: true });
      // A sweep while the mail server is still down sends nothing and keeps them due.
      await sweep(app);
      expect((await orderByProviderId(app, invoice.orderValueId)).mailsDue).toBe(true);

      smtp = await startSmtpListener(port);
      await sweep(app);
      expect(smtp.received.map((mail) => mail.to)).toEqual([[buyer.user.email], [app.config.shop.email]]);
      // Later sweeps, and the failed job's retries once due, find nothing left to send.
      await sweep(app);
      expect(smtp.received).toHaveLength(2);
      expect((await orderByProviderId(app, invoice.orderValueId)).mailsDue).toBe(false);
    } finally {
      await app.close();
      await smtp?.close();
    }
  });

  it('over SMTP, senders meeting the same due mails send them once; a claim left by a dead sender runs out', async () => {
    const { app, port, buyer, invoice } = await paidWhileMailServerIsDown();
    let smtp;
    try {
      const { id } = await orderByProviderId(app, invoice.orderValueId);
      smtp = await startSmtpListener(port);

      // Three senders (jobs of two instances and a retry), all at once: one of them sends.
      const sent = await Promise.all([sendOrderMails(app, id), sendOrderMails(app, id), sendOrderMails(app, id)]);
      expect(sent.map(Number).reduce((a, b) => a + b, 0)).toBe(1);
      expect(smtp.received.map((mail) => mail.to)).toEqual([[buyer.user.email], [app.config.shop.email]]);

      // A sender that claimed the mails and died: skipped while its claim lasts, sent once it has run out.
      await app.db.update(orders).set({ mailsDue: true, mailsClaimedUntil: new Date(Date.now() + 60_000) }).where(eq(orders.id, id));
      await sweep(app);
      expect(smtp.received).toHaveLength(2);
      await app.db.update(orders).set({ mailsClaimedUntil: new Date(Date.now() - 1_000) }).where(eq(orders.id, id));
      await sweep(app);
      expect(smtp.received).toHaveLength(4);
      expect(await orderByProviderId(app, invoice.orderValueId)).toMatchObject({ mailsDue: false, mailsClaimedUntil: null });
    } finally {
      await app.close();
      await smtp?.close();
    }
  });
});
