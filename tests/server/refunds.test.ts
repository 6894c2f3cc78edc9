import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminOrderMessages } from '../../domain/admin-orders';
import type { PurchaseRecord, UpdatePurchaseReply } from '../../domain/admin-orders';
import { mails, orders, products } from '../../server/db/schema';
import { releaseExpiredReservations } from '../../server/modules/orders/order-lifecycle';
import { reconcilePendingPayments } from '../../server/modules/payments/reconciliation';
import { resolvePendingRefunds } from '../../server/modules/payments/refunds.service';
import type { SandboxProvider } from '../../server/modules/payments/sandbox-provider';
import { buildTestApp } from './helpers/app';
import { aUser, mailsTo, signedInAs } from './helpers/auth';
import { aBuyer, aTaxedProduct, invoiceFor, orderByProviderId, paidWithCard, sandboxPay, sendWebhook, stockOf, verify, webhookSignature } from './helpers/payments';
import type { Buyer } from './helpers/payments';
import { fakeKeyId, fakeKeySecret, fakeWebhookSecret, paymentCapturedEvent, refundEvent, startRazorpayFake } from './helpers/razorpay-fake';
import type { RazorpayFake } from './helpers/razorpay-fake';

let app: FastifyInstance;

async function adminCall(path: 'refundpurchaseorder' | 'cancelpurchaseorder' | 'updatepurchaseorder', payload: object) {
  const admin = await aUser(app, { role: 'admin' });
  return app.inject({ method: 'POST', url: `/api/${path}`, payload, headers: signedInAs(app, { externalId: admin.externalId, role: 'admin' }) });
}
const refund = (id: number) => adminCall('refundpurchaseorder', { id });
const cancel = (id: number) => adminCall('cancelpurchaseorder', { id });

async function purchase(id: number): Promise<PurchaseRecord> {
  const admin = await aUser(app, { role: 'admin' });
  const res = await app.inject({ method: 'GET', url: `/api/getSinglePurchase?id=${id}`, headers: signedInAs(app, { externalId: admin.externalId, role: 'admin' }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PurchaseRecord>();
}

const subjects = async (buyer: Buyer) => (await mailsTo(app, buyer.user.email)).map((mail) => mail.subject).reverse();

/** The shop's notices of a payment due back on an order, as sent (the dev outbox), and the queue's rows for them. */
async function dueBackNotices(providerOrderId: string) {
  await app.jobs.idle();
  const sent = (await mailsTo(app, app.config.shop.email)).filter((mail) => mail.subject.startsWith(`Second payment on order ${providerOrderId}`));
  const queued = await app.db.select({ key: mails.key, status: mails.status }).from(mails).where(eq(mails.kind, 'payment_due_back'));
  return { sent, queued };
}

/** A paid order of one Rs. 1,120 posy; its row id and provider order id. */
async function aPaidOrder(stock = 5) {
  const product = await aTaxedProduct(app, { stock });
  const buyer = await aBuyer(app, product, 1);
  const invoice = await invoiceFor(app, buyer);
  expect((await verify(app, buyer, await paidWithCard(app, invoice.orderValueId))).statusCode).toBe(200);
  const order = await orderByProviderId(app, invoice.orderValueId);
  return { product, buyer, order, providerOrderId: invoice.orderValueId };
}

describe('refunds on the sandbox', () => {
  beforeEach(async () => {
    app = await buildTestApp();
  });
  afterEach(async () => {
    await app.close();
  });

  it('a payment after the stock ran out is refund_due, the buyer is told the money comes back, and Refund refunds it once', async () => {
    const product = await aTaxedProduct(app, { stock: 1 });
    const buyer = await aBuyer(app, product, 1);
    const invoice = await invoiceFor(app, buyer);
    await app.db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 60_000) });
    await releaseExpiredReservations(app.db);
    await app.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    expect((await verify(app, buyer, await paidWithCard(app, invoice.orderValueId))).statusCode).toBe(200);

    const [confirmation] = await mailsTo(app, buyer.user.email);
    expect(confirmation!.subject).toContain('sold out, your money comes back');
    expect(confirmation!.text).toContain('flowers sold out');
    expect(confirmation!.text).toContain('5 to 7 business days');
    expect(confirmation!.text).not.toContain('2 to 5 business days');

    const order = await orderByProviderId(app, invoice.orderValueId);
    const before = await purchase(order.id);
    expect(before.paymentState).toBe('refund_due');
    expect(before.payments).toEqual([{ paymentId: expect.stringMatching(/^pay_/), amount: 1120, refundState: 'due' }]);

    const res = await refund(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<UpdatePurchaseReply>();
    expect(reply).toMatchObject({ message: adminOrderMessages.refunding, customerNotified: true });
    expect(reply.purchase.paymentState).toBe('refunded');
    expect(reply.purchase.payments[0]!.refundState).toBe('processed');
    const [refundMail] = await mailsTo(app, buyer.user.email);
    expect(refundMail!.subject).toContain(`Refund issued for order ${invoice.orderValueId}`);
    expect(refundMail!.text).toContain('Rs. 1,120');

    const again = await refund(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: adminOrderMessages.alreadyRefunded, code: 'CONFLICT' });
    expect(await mailsTo(app, buyer.user.email)).toHaveLength(2);
  });

  it('keeps a second payment on a paid order, due back and shown, and refunds it alone: the order stays paid', async () => {
    const { buyer, order, providerOrderId } = await aPaidOrder();
    const second = await paidWithCard(app, providerOrderId);
    expect((await verify(app, buyer, second)).json()).toEqual({ message: 'success' });

    const doubly = await purchase(order.id);
    expect(doubly.paymentState).toBe('paid');
    expect(doubly.payments.map((payment) => payment.refundState)).toEqual([null, 'due']);
    expect(doubly.payments[1]!.paymentId).toBe(second.razorpay_payment_id);
    // One confirmation: the second payment is news for the admin, not a second order.
    expect(await subjects(buyer)).toHaveLength(1);
    // The shop is told once, even when the browser's verify and the provider's webhook report it again.
    expect((await verify(app, buyer, second)).json()).toEqual({ message: 'success' });
    const replay = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: second.razorpay_payment_id, order_id: providerOrderId } } } });
    expect((await sendWebhook(app, replay, webhookSignature(app, replay))).statusCode).toBe(200);
    const { sent, queued } = await dueBackNotices(providerOrderId);
    expect(queued).toEqual([{ key: `payment:${second.razorpay_payment_id}:due_back`, status: 'sent' }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Second payment on order ${providerOrderId}: Rs. 1,120 due back`);
    expect(sent[0]!.text).toContain(`payment ${second.razorpay_payment_id} of Rs. 1,120`);
    expect(sent[0]!.text).toContain(`${app.config.publicBaseUrl}/purchaseorderlist/${order.id}`);
    expect(sent[0]!.html).toContain(`<a href="${app.config.publicBaseUrl}/purchaseorderlist/${order.id}"`);

    const res = await refund(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<UpdatePurchaseReply>().purchase;
    expect(after.paymentState).toBe('paid');
    expect(after.status).toBe('created');
    expect(after.payments.map((payment) => payment.refundState)).toEqual([null, 'processed']);
    expect((await refund(order.id)).json()).toMatchObject({ message: adminOrderMessages.nothingDue });
  });

  it('cancels a paid order before dispatch: Cancelled, stock back, every payment refunded, buyer mailed; then refuses again', async () => {
    const { product, buyer, order } = await aPaidOrder();
    expect(await stockOf(app, product)).toBe(4);

    const res = await cancel(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<UpdatePurchaseReply>();
    expect(reply).toMatchObject({ message: adminOrderMessages.cancelled, customerNotified: true });
    expect(reply.purchase).toMatchObject({ status: 'Cancelled', paymentState: 'refunded' });
    expect(await stockOf(app, product)).toBe(5);
    // Each mail is a job of its own: the confirmation (its invoice PDF drawn on a thread) may arrive after these.
    expect(await subjects(buyer)).toEqual(
      expect.arrayContaining([expect.stringContaining(`Order ${order.providerOrderId} cancelled`), expect.stringContaining('Refund issued')]),
    );

    expect((await cancel(order.id)).json()).toEqual({ message: adminOrderMessages.alreadyCancelled, code: 'CONFLICT' });
    const update = await adminCall('updatepurchaseorder', { id: order.id, status: 'Dispatched', userTrackingUrl: '' });
    expect(update.statusCode).toBe(409);
    expect(update.json().message).toBe(adminOrderMessages.cancelledNoUpdate);
    expect(await stockOf(app, product)).toBe(5);

    // The buyer's Orders tab shows it cancelled.
    const list = await app.inject({ method: 'GET', url: `/api/userorderslist?id=${buyer.user.externalId}`, headers: buyer.headers });
    expect(list.json()[0].status).toBe('Cancelled');
  });

  it('a payment arriving after the order was cancelled and refunded is kept, due back, and refunded in turn', async () => {
    const { buyer, order, providerOrderId } = await aPaidOrder();
    expect((await cancel(order.id)).statusCode).toBe(200);
    expect((await verify(app, buyer, await paidWithCard(app, providerOrderId))).statusCode).toBe(200);
    const late = await purchase(order.id);
    expect(late).toMatchObject({ status: 'Cancelled', paymentState: 'refunded' });
    expect(late.payments.map((payment) => payment.refundState)).toEqual(['processed', 'due']);
    expect((await refund(order.id)).json<UpdatePurchaseReply>().purchase.payments.map((payment) => payment.refundState)).toEqual(['processed', 'processed']);
  });

  it('refuses to cancel a dispatched order, or one whose money is due back, with 409; unknown and malformed ids too', async () => {
    const { order } = await aPaidOrder();
    expect((await adminCall('updatepurchaseorder', { id: order.id, status: 'Dispatched', userTrackingUrl: '' })).statusCode).toBe(200);
    const dispatched = await cancel(order.id);
    expect(dispatched.statusCode).toBe(409);
    expect(dispatched.json().message).toBe(adminOrderMessages.dispatched);
    expect((await purchase(order.id)).paymentState).toBe('paid');

    await app.db.update(orders).set({ status: 'created', paymentState: 'refund_due' }).where(eq(orders.id, order.id));
    expect((await cancel(order.id)).json().message).toBe(adminOrderMessages.notPaid);

    expect((await refund(999_999)).statusCode).toBe(404);
    expect((await cancel(0)).statusCode).toBe(400);
  });

  it('a refund the provider refuses stays due (502 that says so), and Refund works once the provider agrees', async () => {
    const { buyer, order, providerOrderId } = await aPaidOrder();
    await verify(app, buyer, await paidWithCard(app, providerOrderId));
    const sandbox = app.payments as SandboxProvider;
    sandbox.refuseRefunds = true;

    const refused = await refund(order.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ message: adminOrderMessages.providerRefused, code: 'PAYMENT_PROVIDER' });
    expect((await purchase(order.id)).payments[1]!.refundState).toBe('failed');

    sandbox.refuseRefunds = false;
    expect((await refund(order.id)).json<UpdatePurchaseReply>().purchase.payments[1]!.refundState).toBe('processed');
  });

  it('the reconciliation job settles a payment whose verify never came, once, with its mails', async () => {
    const product = await aTaxedProduct(app);
    const buyer = await aBuyer(app, product, 1);
    const invoice = await invoiceFor(app, buyer);
    expect((await sandboxPay(app, invoice.orderValueId)).statusCode).toBe(200);
    // The buyer closed the tab before verify: nothing is settled yet, and a fresh invoice is not asked about.
    expect(await reconcilePendingPayments(app)).toBe(0);
    expect((await orderByProviderId(app, invoice.orderValueId)).paymentState).toBe('pending');

    const later = new Date(Date.now() + 3 * 60_000);
    expect(await reconcilePendingPayments(app, undefined, later)).toBe(1);
    const order = await orderByProviderId(app, invoice.orderValueId);
    expect(order.paymentState).toBe('paid');
    await app.jobs.idle();
    expect(await subjects(buyer)).toEqual([expect.stringContaining('Order confirmed')]);
    expect(await reconcilePendingPayments(app, undefined, later)).toBe(0);
    expect(await stockOf(app, product)).toBe(4);
  });
});

describe('refunds against a Razorpay stand-in', () => {
  let razorpay: RazorpayFake;
  beforeEach(async () => {
    razorpay = await startRazorpayFake();
    app = await buildTestApp({
      payment: {
        provider: 'razorpay',
        razorpayKeyId: fakeKeyId,
        razorpayKeySecret: fakeKeySecret,
        razorpayWebhookSecret: fakeWebhookSecret,
        razorpayBaseUrl: razorpay.baseUrl,
      },
    });
  });
  afterEach(async () => {
    await app.close();
    await razorpay.close();
  });

  /** A buyer pays in Razorpay's dialog and the browser's verify reaches the shop. */
  async function aVerifiedOrder() {
    const buyer = await aBuyer(app, await aTaxedProduct(app), 1);
    const invoice = await invoiceFor(app, buyer);
    const paymentId = razorpay.capture(invoice.orderValueId);
    const signed = { razorpay_order_id: invoice.orderValueId, razorpay_payment_id: paymentId, razorpay_signature: razorpay.signature(invoice.orderValueId, paymentId) };
    expect((await verify(app, buyer, signed)).json()).toEqual({ message: 'success' });
    return { buyer, order: await orderByProviderId(app, invoice.orderValueId), providerOrderId: invoice.orderValueId };
  }

  const webhook = (body: string) => sendWebhook(app, body, webhookSignature(app, body, fakeWebhookSecret));

  it('a second payment by webhook is due back; Refund asks Razorpay once, refund.processed settles it once', async () => {
    const { buyer, order, providerOrderId } = await aVerifiedOrder();
    const second = razorpay.capture(providerOrderId);
    // Razorpay reports the second payment by webhook: kept, and due back.
    const captured = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: second, order_id: providerOrderId, status: 'captured' } } } });
    expect((await webhook(captured)).statusCode).toBe(200);
    expect((await purchase(order.id)).payments.map((payment) => [payment.paymentId, payment.refundState])).toEqual([
      [expect.any(String), null],
      [second, 'due'],
    ]);

    const [a, b] = await Promise.all([refund(order.id), refund(order.id)]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    expect([a!, b!].find((res) => res.statusCode === 409)!.json().message).toBe(adminOrderMessages.refundUnderWay);
    expect(razorpay.refundCalls).toEqual([{ paymentId: second, amount: 112_000 }]);
    expect((await purchase(order.id)).payments[1]!.refundState).toBe('pending');

    const processed = refundEvent('refund.processed', razorpay.setRefund(razorpay.refunds()[0]!.id, 'processed'));
    expect((await webhook(processed)).statusCode).toBe(200);
    expect((await webhook(processed)).statusCode).toBe(200);
    expect((await purchase(order.id)).payments[1]!.refundState).toBe('processed');
    expect((await subjects(buyer)).filter((subject) => subject.startsWith('Refund issued'))).toHaveLength(1);
    // The shop heard of the second payment once, replays of its webhook included.
    expect((await dueBackNotices(providerOrderId)).sent).toHaveLength(1);
  });

  it("verify records no method; the webhook's replay of that payment fills it in, from that payment only, never overwriting", async () => {
    const { buyer, order, providerOrderId } = await aVerifiedOrder();
    expect((await purchase(order.id)).paymentMethod).toBeNull();
    const [kept] = (await purchase(order.id)).payments;

    // A second payment (by UPI) reported first: due back, and not the order's method.
    const second = razorpay.capture(providerOrderId, undefined, 'gaurav.kumar@exampleupi');
    expect((await webhook(paymentCapturedEvent(razorpay.payment(second)))).statusCode).toBe(200);
    expect((await purchase(order.id)).paymentMethod).toBeNull();

    // The verified payment's own webhook arrives: a replay, which composes no mails, and fills the method.
    const replay = paymentCapturedEvent(razorpay.payment(kept!.paymentId));
    expect((await webhook(replay)).json()).toEqual({ message: 'success' });
    expect((await purchase(order.id)).paymentMethod).toBe('Card ending 1111');
    expect(await subjects(buyer)).toHaveLength(1);

    // Never overwritten, not even by the same payment told otherwise.
    const told = paymentCapturedEvent({ ...razorpay.payment(kept!.paymentId), method: 'upi', card: null, vpa: 'other@exampleupi' });
    expect((await webhook(told)).statusCode).toBe(200);
    expect((await purchase(order.id)).paymentMethod).toBe('Card ending 1111');
  });

  it('refund.failed makes the money due again (refund_due) and Refund asks Razorpay anew', async () => {
    const { order } = await aVerifiedOrder();
    expect((await cancel(order.id)).statusCode).toBe(200);
    expect((await purchase(order.id)).paymentState).toBe('refund_pending');

    const failed = refundEvent('refund.failed', razorpay.setRefund(razorpay.refunds()[0]!.id, 'failed'));
    expect((await webhook(failed)).statusCode).toBe(200);
    const record = await purchase(order.id);
    expect(record).toMatchObject({ status: 'Cancelled', paymentState: 'refund_due' });
    expect(record.payments[0]!.refundState).toBe('failed');

    expect((await refund(order.id)).statusCode).toBe(200);
    expect(razorpay.refundCalls).toHaveLength(2);
    expect((await purchase(order.id)).paymentState).toBe('refund_pending');
  });

  it('with no webhook, the job asks GET /v1/refunds/{id}; a refund whose answer was lost is looked up, and made due when absent', async () => {
    const { buyer, order } = await aVerifiedOrder();
    expect((await cancel(order.id)).statusCode).toBe(200);
    razorpay.setRefund(razorpay.refunds()[0]!.id, 'processed');
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await resolvePendingRefunds(app, { limit: 10, lostAfterMs: 5 * 60_000 }, later)).toBe(1);
    expect((await purchase(order.id)).paymentState).toBe('refunded');
    expect((await subjects(buyer)).filter((subject) => subject.startsWith('Refund issued'))).toHaveLength(1);

    // Razorpay down while the refund is asked for: pending (it may exist), then looked up: none there, so due again.
    const other = await aVerifiedOrder();
    razorpay.down = true;
    const lost = await cancel(other.order.id);
    expect(lost.statusCode).toBe(200);
    expect(lost.json().message).toContain(adminOrderMessages.providerUnavailable);
    expect(await resolvePendingRefunds(app, { limit: 10, lostAfterMs: 5 * 60_000 }, later)).toBe(0);
    razorpay.down = false;
    expect(await resolvePendingRefunds(app, { limit: 10, lostAfterMs: 5 * 60_000 }, later)).toBe(1);
    expect((await purchase(other.order.id)).paymentState).toBe('refund_due');
  });

  it('reconciliation settles a captured payment whose verify never came, once Razorpay answers again', async () => {
    const buyer = await aBuyer(app, await aTaxedProduct(app), 1);
    const invoice = await invoiceFor(app, buyer);
    razorpay.capture(invoice.orderValueId);
    const later = new Date(Date.now() + 3 * 60_000);
    razorpay.down = true;
    expect(await reconcilePendingPayments(app, undefined, later)).toBe(0);
    razorpay.down = false;
    expect(await reconcilePendingPayments(app, undefined, later)).toBe(1);
    const order = await orderByProviderId(app, invoice.orderValueId);
    expect(order.paymentState).toBe('paid');
    // Razorpay's payment entity names the method: the order keeps it, as a webhook's would.
    expect(order.paymentMethod).toBe('Card ending 1111');
  });
});
