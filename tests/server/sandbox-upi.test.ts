// UPI in the sandbox (issue 39 §6): payment/sandbox/pay collects from a VPA as Razorpay's test mode does
// (success@razorpay pays, failure@razorpay is declined in Razorpay's words, a malformed VPA is a 400), and the method
// paid with is kept on the order for the admin: from the sandbox, and from a Razorpay webhook's payment entity.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PurchaseRecord } from '../../domain/admin-orders';
import { buildTestApp } from './helpers/app';
import { aUser, signedInAs } from './helpers/auth';
import { aBuyer, aTaxedProduct, invoiceFor, orderByProviderId, sandboxPay, sendWebhook, verify, webhookSignature } from './helpers/payments';
import type { Buyer } from './helpers/payments';

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.close();
});

const payByUpi = (orderId: string, vpa: unknown) =>
  app.inject({ method: 'POST', url: '/api/payment/sandbox/pay', payload: { method: 'upi', orderId, vpa } });

async function anInvoice(): Promise<{ buyer: Buyer; orderId: string }> {
  const buyer = await aBuyer(app, await aTaxedProduct(app), 1);
  return { buyer, orderId: (await invoiceFor(app, buyer)).orderValueId };
}

/** The admin's purchase list and the one record, as the admin pages read them. */
async function adminRecords(orderId: string): Promise<PurchaseRecord[]> {
  const admin = signedInAs(app, { externalId: (await aUser(app, { role: 'admin' })).externalId, role: 'admin' });
  const list = (await app.inject({ method: 'GET', url: '/api/users/purchases/list', headers: admin })).json<PurchaseRecord[]>();
  const listed = list.find((record) => record.UserOrder.rpayOrderId === orderId)!;
  const single = await app.inject({ method: 'GET', url: `/api/getSinglePurchase?id=${listed.id}`, headers: admin });
  return [listed, single.json<PurchaseRecord>()];
}

describe('sandbox UPI payment', () => {
  it('pays with success@razorpay (typed in any case): verify settles the order, which keeps "UPI" and the VPA masked', async () => {
    const { buyer, orderId } = await anInvoice();
    const paid = await payByUpi(orderId, ' Success@Razorpay ');
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await verify(app, buyer, paid.json())).json()).toEqual({ message: 'success' });

    const records = await adminRecords(orderId);
    expect(records.map((record) => record.paymentMethod)).toEqual(['UPI su•••@razorpay', 'UPI su•••@razorpay']);
  });

  it('declines failure@razorpay with Razorpay\'s words, records nothing, and a card then pays', async () => {
    const { buyer, orderId } = await anInvoice();
    const declined = await payByUpi(orderId, 'failure@razorpay');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      message: 'Payment failed. Please try again with another bank account.',
      code: 'PAYMENT_DECLINED',
      error: { code: 'GATEWAY_ERROR', description: 'Payment failed. Please try again with another bank account.' },
    });
    expect((await orderByProviderId(app, orderId)).paymentMethod).toBeNull();

    const card = await sandboxPay(app, orderId);
    expect((await verify(app, buyer, card.json())).json()).toEqual({ message: 'success' });
    expect((await adminRecords(orderId)).map((record) => record.paymentMethod)).toEqual(['Card ending 1111', 'Card ending 1111']);
  });

  it('refuses a malformed VPA with a 400 that says what a UPI ID looks like', async () => {
    const { orderId } = await anInvoice();
    for (const vpa of ['no-handle', '@razorpay', 'a@', 'two@at@signs', 'space in@upi', '', 42, undefined]) {
      const res = await payByUpi(orderId, vpa);
      expect(res.statusCode, String(vpa)).toBe(400);
      expect(res.json()).toEqual({ message: 'Please enter a valid UPI ID, like name@bank.', code: 'BAD_REQUEST' });
    }
  });

  it('refuses a method it does not offer, and a UPI payment for an unknown order', async () => {
    const { orderId } = await anInvoice();
    const netbanking = await app.inject({ method: 'POST', url: '/api/payment/sandbox/pay', payload: { method: 'netbanking', orderId } });
    expect(netbanking.statusCode).toBe(400);
    expect(netbanking.json()).toMatchObject({ message: 'Please choose card or UPI.' });
    expect((await payByUpi('order_Unknown0000001', 'success@razorpay')).statusCode).toBe(404);
  });
});

describe('payment method from the webhook', () => {
  it("keeps the method of Razorpay's payment entity (UPI with its VPA, a card's last four) for the admin", async () => {
    const upi = await anInvoice();
    const card = await anInvoice();
    const events = [
      { orderId: upi.orderId, entity: { id: 'pay_Webhook0000011', order_id: upi.orderId, method: 'upi', vpa: 'gaurav.kumar@exampleupi' } },
      { orderId: card.orderId, entity: { id: 'pay_Webhook0000012', order_id: card.orderId, method: 'card', card: { last4: '4242' } } },
    ];
    for (const { entity } of events) {
      const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity } } });
      expect((await sendWebhook(app, body, webhookSignature(app, body))).statusCode).toBe(200);
    }
    expect((await adminRecords(upi.orderId))[0]!.paymentMethod).toBe('UPI ga•••@exampleupi');
    expect((await adminRecords(card.orderId))[1]!.paymentMethod).toBe('Card ending 4242');
  });
});
