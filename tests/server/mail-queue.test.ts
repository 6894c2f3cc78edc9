// The mail queue against a real SMTP server that refuses chosen recipients, answers 4xx before accepting, or never
// answers: every mail is its own job, delivered exactly once after the server accepts it, and no failing mail holds
// back another (server/modules/mail/mail-delivery.ts, server/jobs/send-mail.job.ts).
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mails } from '../../server/db/schema';
import { reservationExpiryJob } from '../../server/jobs/reservation-expiry.job';
import { buildTestApp } from './helpers/app';
import { aBuyer, aTaxedProduct, invoiceFor, orderByProviderId, paidWithCard, verify } from './helpers/payments';
import { quickMailDelivery, startSmtpListener } from './helpers/smtp';
import type { SmtpBehaviour, SmtpListener } from './helpers/smtp';

let app: FastifyInstance | undefined;
let smtp: SmtpListener | undefined;
afterEach(async () => {
  await app?.close();
  await smtp?.close();
  app = smtp = undefined;
});

async function shopWithMailServer(behaviour: SmtpBehaviour) {
  smtp = await startSmtpListener(0, behaviour);
  app = await buildTestApp({ smtpUrl: smtp.url, mailDelivery: quickMailDelivery });
  return { app, smtp };
}

/** A buyer's order, paid; its mails queued (and their jobs under way). */
async function aPaidOrder(shop: FastifyInstance, email: string) {
  const buyer = await aBuyer(shop, await aTaxedProduct(shop), 1, { user: { email } });
  const invoice = await invoiceFor(shop, buyer);
  expect((await verify(shop, buyer, await paidWithCard(shop, invoice.orderValueId))).statusCode).toBe(200);
  return (await orderByProviderId(shop, invoice.orderValueId)).id;
}

const mailsOf = (shop: FastifyInstance, orderId: number) =>
  shop.db.select().from(mails).where(eq(mails.orderId, orderId)).orderBy(asc(mails.id));

const deliveredTo = (listener: SmtpListener, to: string) => listener.received.filter((mail) => mail.to.includes(to)).length;

async function sweep(shop: FastifyInstance) {
  await shop.jobs.send(reservationExpiryJob, {});
  await shop.jobs.idle();
}

describe('the mail queue over SMTP', () => {
  it("a relay refusing only the shop's notice: the buyer gets one confirmation, the notice fails, later orders still mail", async () => {
    const { app, smtp } = await shopWithMailServer({ refuse: [{ to: 'support@petalsandstems.in', code: 550 }] });
    expect(app.config.shop.email).toBe('support@petalsandstems.in');

    const first = await aPaidOrder(app, 'asha.first@example.in');
    await app.jobs.idle();
    expect(deliveredTo(smtp, 'asha.first@example.in')).toBe(1);
    const [confirmation, notice] = await mailsOf(app, first);
    expect(confirmation).toMatchObject({ kind: 'order_confirmation', status: 'sent', attempts: 1 });
    expect(notice).toMatchObject({ kind: 'order_notice', status: 'failed', attempts: quickMailDelivery.refusedTries });
    expect(notice!.lastError).toMatch(/^550 .*Mailbox unavailable/);
    expect(smtp.refused).toHaveLength(quickMailDelivery.refusedTries);

    const later = await aPaidOrder(app, 'ravi.later@example.in');
    await app.jobs.idle();
    expect(deliveredTo(smtp, 'ravi.later@example.in')).toBe(1);
    expect((await mailsOf(app, later)).map((mail) => mail.status)).toEqual(['sent', 'failed']);

    // Minutes later: nothing is sent again, and the failed notices are not tried again.
    await sweep(app);
    await sweep(app);
    expect(deliveredTo(smtp, 'asha.first@example.in')).toBe(1);
    expect(deliveredTo(smtp, 'ravi.later@example.in')).toBe(1);
    expect(smtp.refused).toHaveLength(2 * quickMailDelivery.refusedTries);
  });

  it('a relay answering 4xx twice, then accepting: the mail is delivered exactly once', async () => {
    const { app, smtp } = await shopWithMailServer({ refuse: [{ to: 'meera.later@example.in', code: 451, times: 2 }] });
    const order = await aPaidOrder(app, 'meera.later@example.in');
    await app.jobs.idle();
    expect(smtp.refused).toEqual([
      { to: 'meera.later@example.in', code: 451 },
      { to: 'meera.later@example.in', code: 451 },
    ]);
    expect(deliveredTo(smtp, 'meera.later@example.in')).toBe(1);
    expect((await mailsOf(app, order))[0]).toMatchObject({ status: 'sent', attempts: 3 });
    await sweep(app);
    expect(deliveredTo(smtp, 'meera.later@example.in')).toBe(1);
  });

  it('a relay that never answers one mail: its tries time out and are retried, and every other mail goes', async () => {
    const { app, smtp } = await shopWithMailServer({ hangOn: ['kiran.hung@example.in'] });
    const hung = await aPaidOrder(app, 'kiran.hung@example.in');
    const other = await aPaidOrder(app, 'lata.other@example.in');
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contactapi',
      payload: { fullName: 'Ravi Kumar', userEmail: 'ravi@example.in', phoneNumber: '9123456780', message: 'Bulk order?' },
    });
    expect(contact.statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.hung.length).toBeGreaterThanOrEqual(2), { timeout: 15_000 });
    await app.jobs.idle();

    expect(deliveredTo(smtp, 'kiran.hung@example.in')).toBe(0);
    expect(deliveredTo(smtp, 'lata.other@example.in')).toBe(1);
    // The shop's notices of both orders, and the contact message.
    expect(deliveredTo(smtp, app.config.shop.email)).toBe(3);
    const [waiting] = await mailsOf(app, hung);
    expect(waiting).toMatchObject({ status: 'queued', claimedUntil: null });
    expect(waiting!.attempts).toBeGreaterThan(1);
    expect(waiting!.lastError).toMatch(/timeout/i);
    expect((await mailsOf(app, other)).map((mail) => mail.status)).toEqual(['sent', 'sent']);
  }, 60_000);
});
