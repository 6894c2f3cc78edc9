// A paid order's mails are never lost and never doubled: not when the process dies between the payment and the mail,
// and not when the mail server is down at the moment of payment. And the payment's answer never waits for them. Each
// mail is a row queued with the payment and sent by its own job (server/jobs/send-mail.job.ts); the minute sweep
// queues a job for any left unsent.
import { createServer } from 'node:net';
import type { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { paymentMessages } from '../../domain/payment';
import { asc, eq } from 'drizzle-orm';
import { mails, orders } from '../../server/db/schema';
import type { FastifyInstance } from 'fastify';
import { reservationExpiryJob } from '../../server/jobs/reservation-expiry.job';
import { deliverMail } from '../../server/modules/mail/mail-delivery';
import { settleOrder } from '../../server/modules/orders/order-lifecycle';
import { buildTestApp, withDatabaseOnDisk } from './helpers/app';
import { mailsTo, signedInAs } from './helpers/auth';
import { aBuyer, aTaxedProduct, invoiceFor, orderByProviderId, paidWithCard, verify } from './helpers/payments';
import { closedPort, quickMailDelivery, startSmtpListener } from './helpers/smtp';

/** The mail rows an order queued, the buyer's confirmation first. */
async function mailsOfOrder(app: FastifyInstance, providerOrderId: string) {
  const { id } = await orderByProviderId(app, providerOrderId);
  return app.db.select().from(mails).where(eq(mails.orderId, id)).orderBy(asc(mails.id));
}

/** A shop whose mail server is down, and an order paid by card there: its two mails are due. Close `app` after. */
async function paidWhileMailServerIsDown() {
  const port = await closedPort();
  // Retried at once: the try and its retries have failed by the time the jobs are idle.
  const app = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailDelivery: quickMailDelivery });
  try {
    const buyer = await aBuyer(app, await aTaxedProduct(app), 1);
    const invoice = await invoiceFor(app, buyer);
    const paid = await verify(app, buyer, await paidWithCard(app, invoice.orderValueId));
    // The mails' tries, which the payment's answer did not wait for, have all failed.
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
    await withDatabaseOnDisk('fs-order-mails-', async (withApp) => {
      const { buyer, orderNumber } = await withApp(async (first) => {
        const buyer = await aBuyer(first, await aTaxedProduct(first), 1);
        const orderNumber = (await invoiceFor(first, buyer)).orderValueId;
        const signed = await paidWithCard(first, orderNumber);
        // What a verify does up to its commit; the process then dies before a mail is written.
        await settleOrder(
          first.db,
          { providerOrderId: orderNumber, providerPaymentId: signed.razorpay_payment_id, provider: 'sandbox', settledBy: 'verify' },
          first.config,
        );
        expect((await mailsOfOrder(first, orderNumber)).map((mail) => mail.status)).toEqual(['queued', 'queued']);
        return { buyer, orderNumber };
      });

      await withApp(async (second) => {
        const buyerMails = await mailsTo(second, buyer.user.email);
        expect(buyerMails).toHaveLength(1);
        expect(buyerMails[0]!.subject).toContain(orderNumber);
        // Links to the order in My Account and to the shop, clickable in HTML; the order's time in India time.
        const { publicBaseUrl } = second.config;
        expect(buyerMails[0]!.text).toContain(`See your order in My Account: ${publicBaseUrl}/account/orders`);
        expect(buyerMails[0]!.html).toContain(`<a href="${publicBaseUrl}/account/orders"`);
        expect(buyerMails[0]!.html).toContain(`<a href="${publicBaseUrl}/home"`);
        expect(buyerMails[0]!.text).toMatch(/^Order placed: \d{1,2} [A-Z][a-z]+ \d{4}, \d{1,2}:\d{2} [ap]m IST$/m);
        const shopMails = (await mailsTo(second, second.config.shop.email)).filter((mail) => mail.subject.includes(orderNumber));
        expect(shopMails).toHaveLength(1);
        expect(shopMails[0]!.html).toContain(`<a href="${publicBaseUrl}/purchaseorderlist/`);
        expect((await mailsOfOrder(second, orderNumber)).map((mail) => mail.status)).toEqual(['sent', 'sent']);

        // Another sweep, and the browser's verify arriving late, send nothing more.
        await sweep(second);
        const retry = await verify(second, { ...buyer, headers: signedInAs(second, buyer.user) }, await paidWithCard(second, orderNumber));
        expect(retry.json()).toEqual({ message: paymentMessages.success });
        expect(await mailsTo(second, buyer.user.email)).toHaveLength(1);
      });
    });
    // Two databases created and opened on disk: slower than the in-memory ones of other tests.
  }, 90_000);

  it('confirms the payment without waiting for the mail server; a try that fails leaves the mails queued', async () => {
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
      // Each mail has its connection (the confirmation's once its invoice PDF is drawn, on a thread started for it).
      await vi.waitFor(() => expect(connections).toHaveLength(2), { timeout: 15_000 });
      expect(await orderByProviderId(app, invoice.orderValueId)).toMatchObject({ paymentState: 'paid' });
      await vi.waitFor(async () => expect((await mailsOfOrder(app, invoice.orderValueId)).map((mail) => mail.status)).toEqual(['sending', 'sending']));
      // The mail server drops them; their retries (30 s away) are not waited for.
      for (const connection of connections) connection.destroy();
      await vi.waitFor(async () => {
        const queued = await mailsOfOrder(app, invoice.orderValueId);
        expect(queued.map(({ status, claimedUntil, attempts }) => ({ status, claimedUntil, attempts }))).toEqual([
          { status: 'queued', claimedUntil: null, attempts: 1 },
          { status: 'queued', claimedUntil: null, attempts: 1 },
        ]);
      });
    } finally {
      await app.close();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a mail server that is down never undoes a payment; the mails stay queued and go out once when it is back', async () => {
    const { app, port, buyer, invoice, paid } = await paidWhileMailServerIsDown();
    let smtp;
    try {
      expect(paid.json()).toEqual({ message: paymentMessages.success });
      expect(await orderByProviderId(app, invoice.orderValueId)).toMatchObject({ paymentState: 'paid' });
      // A sweep while the mail server is still down sends nothing and keeps them queued.
      await sweep(app);
      expect((await mailsOfOrder(app, invoice.orderValueId)).map((mail) => mail.status)).toEqual(['queued', 'queued']);

      smtp = await startSmtpListener(port);
      await sweep(app);
      // Both at once, in either order: the confirmation draws its invoice PDF before it goes.
      expect(smtp.received.map((mail) => mail.to).sort()).toEqual([[buyer.user.email], [app.config.shop.email]].sort());
      // Over SMTP too, the confirmation carries the order's invoice as a PDF file (issue 41); the shop's notice none.
      const { received } = smtp;
      const [toBuyer, toShop] = [buyer.user.email, app.config.shop.email].map((to) => received.find((mail) => mail.to[0] === to)!.raw);
      expect(toBuyer).toMatch(/Content-Type: application\/pdf; name="?PS-\d\d-\d\d-000001\.pdf/);
      expect(toBuyer).toMatch(/Content-Disposition: attachment; filename="?PS-\d\d-\d\d-000001\.pdf/);
      expect(toShop).not.toMatch(/application\/pdf/);
      // Later sweeps, and the failed job's retries once due, find nothing left to send.
      await sweep(app);
      expect(smtp.received).toHaveLength(2);
      expect((await mailsOfOrder(app, invoice.orderValueId)).map((mail) => mail.status)).toEqual(['sent', 'sent']);
    } finally {
      await app.close();
      await smtp?.close();
    }
  });

  it('over SMTP, senders meeting the same queued mail send it once; a claim left by a dead sender runs out', async () => {
    const { app, port, buyer, invoice } = await paidWhileMailServerIsDown();
    let smtp;
    try {
      const [confirmation] = await mailsOfOrder(app, invoice.orderValueId);
      smtp = await startSmtpListener(port);

      // Three senders (jobs of two instances and a retry), all at once: one of them sends.
      await Promise.all([deliverMail(app, confirmation!.id), deliverMail(app, confirmation!.id), deliverMail(app, confirmation!.id)]);
      expect(smtp.received.map((mail) => mail.to)).toEqual([[buyer.user.email]]);

      // A sender that claimed the mail and died: skipped while its claim lasts, sent once it has run out.
      const claimedUntil = (ms: number) => ({ status: 'sending' as const, claimedUntil: new Date(Date.now() + ms) });
      await app.db.update(mails).set(claimedUntil(60_000)).where(eq(mails.id, confirmation!.id));
      await sweep(app);
      expect(smtp.received.map((mail) => mail.to)).toEqual([[buyer.user.email], [app.config.shop.email]]);
      await app.db.update(mails).set(claimedUntil(-1_000)).where(eq(mails.id, confirmation!.id));
      await sweep(app);
      expect(smtp.received.map((mail) => mail.to)).toEqual([[buyer.user.email], [app.config.shop.email], [buyer.user.email]]);
      expect((await mailsOfOrder(app, invoice.orderValueId)).map(({ status, claimedUntil }) => ({ status, claimedUntil }))).toEqual([
        { status: 'sent', claimedUntil: null },
        { status: 'sent', claimedUntil: null },
      ]);
    } finally {
      await app.close();
      await smtp?.close();
    }
  });

  it('an order paid before the mail queue, its mails still due, gets them queued and sent at start', async () => {
    const app = await buildTestApp();
    try {
      const buyer = await aBuyer(app, await aTaxedProduct(app), 1);
      const invoice = await invoiceFor(app, buyer);
      // As migration 0013 finds such an order: paid, marked due, no mail rows.
      await app.db.update(orders).set({ paymentState: 'paid', paidAt: new Date(), mailsDue: true }).where(eq(orders.providerOrderId, invoice.orderValueId));
      await sweep(app);
      expect(await mailsTo(app, buyer.user.email)).toHaveLength(1);
      expect(await orderByProviderId(app, invoice.orderValueId)).toMatchObject({ mailsDue: false });
      await sweep(app);
      expect(await mailsTo(app, buyer.user.email)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
