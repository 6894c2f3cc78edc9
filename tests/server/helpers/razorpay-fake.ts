/**
 * A local stand-in for Razorpay's API, answering its documented shapes (order, payment and refund entities, and
 * `{ entity: 'collection', count, items }` lists, and payment.captured / refund webhook bodies) for the calls the shop makes: POST /v1/orders, GET
 * /v1/orders/{id}/payments, POST /v1/payments/{id}/refund, GET /v1/payments/{id}/refunds and GET /v1/refunds/{id}.
 * The test plays the buyer's side with `capture` and Razorpay's back office with `refundStatus` and `setRefund`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const fakeKeyId = 'rzp_test_Fake1234';
export const fakeKeySecret = 'razorpay-fake-secret';
export const fakeWebhookSecret = 'razorpay-fake-webhook-secret';

interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured';
  order_id: string;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: true;
  method: 'card' | 'upi';
  /** A card payment's card (Razorpay returns it with the payment; the test card's last four). */
  card: { id: string; entity: 'card'; last4: string; network: string; type: 'credit' } | null;
  vpa: string | null;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Record<string, string>;
  receipt: null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const now = () => Math.floor(Date.now() / 1000);

export interface RazorpayFake {
  baseUrl: string;
  /** Every refund call it was asked, in order. */
  readonly refundCalls: { paymentId: string; amount: number }[];
  /** The status a new refund starts in (Razorpay: usually pending, settled later by webhook). */
  refundStatus: FakeRefund['status'];
  /** While true, refund calls are refused with Razorpay's 400 BAD_REQUEST_ERROR. */
  refuseRefunds: boolean;
  /** While true, every call answers 500 (Razorpay down). */
  down: boolean;
  /** The buyer pays an order in the dialog (by card 4111…1111, or UPI from `upi`): a captured payment, which only the provider knows of yet. */
  capture(orderId: string, amount?: number, upi?: string): string;
  /** A payment entity as Razorpay holds it. */
  payment(paymentId: string): Payment;
  /** Changes a refund at the provider (processed or failed later). */
  setRefund(refundId: string, status: FakeRefund['status']): FakeRefund;
  refunds(): FakeRefund[];
  /** Razorpay's dialog signature for a payment: what verify is sent. */
  signature(orderId: string, paymentId: string): string;
  close(): Promise<void>;
}

export async function startRazorpayFake(): Promise<RazorpayFake> {
  const orders = new Map<string, { amount: number; payments: Payment[] }>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, FakeRefund>();
  const refundCalls: { paymentId: string; amount: number }[] = [];
  const authorization = `Basic ${Buffer.from(`${fakeKeyId}:${fakeKeySecret}`).toString('base64')}`;

  const send = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const badRequest = (response: ServerResponse, description: string) =>
    send(response, 400, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } });
  const collection = (items: object[]) => ({ entity: 'collection', count: items.length, items });

  async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
  }

  const fake: RazorpayFake = {
    baseUrl: '',
    refundCalls,
    refundStatus: 'pending',
    refuseRefunds: false,
    down: false,
    capture(orderId, amount, upi) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`the fake knows no order ${orderId}`);
      const payment: Payment = {
        id: id('pay'),
        entity: 'payment',
        amount: amount ?? order.amount,
        currency: 'INR',
        status: 'captured',
        order_id: orderId,
        amount_refunded: 0,
        refund_status: null,
        captured: true,
        method: upi ? 'upi' : 'card',
        card: upi ? null : { id: id('card'), entity: 'card', last4: '1111', network: 'Visa', type: 'credit' },
        vpa: upi ?? null,
        created_at: now(),
      };
      order.payments.push(payment);
      payments.set(payment.id, payment);
      return payment.id;
    },
    payment(paymentId) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`the fake knows no payment ${paymentId}`);
      return payment;
    },
    setRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`the fake knows no refund ${refundId}`);
      refund.status = status;
      return refund;
    },
    refunds: () => [...refunds.values()],
    signature: (orderId, paymentId) => createHmac('sha256', fakeKeySecret).update(`${orderId}|${paymentId}`).digest('hex'),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer((request, response) => {
    void (async () => {
      if (fake.down) return send(response, 500, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' } });
      if (request.headers.authorization !== authorization) {
        return send(response, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      }
      const path = request.url ?? '';
      let match: RegExpExecArray | null;
      if (request.method === 'POST' && path === '/v1/orders') {
        const body = await bodyOf(request);
        const order = { id: id('order'), entity: 'order', amount: body.amount, amount_paid: 0, amount_due: body.amount, currency: 'INR', receipt: body.receipt, status: 'created', attempts: 0, notes: [], created_at: now() };
        orders.set(order.id, { amount: Number(body.amount), payments: [] });
        return send(response, 200, order);
      }
      if (request.method === 'GET' && (match = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path))) {
        const order = orders.get(decodeURIComponent(match[1]!));
        if (!order) return badRequest(response, 'The id provided does not exist');
        return send(response, 200, collection(order.payments));
      }
      if (request.method === 'POST' && (match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path))) {
        const body = await bodyOf(request);
        const payment = payments.get(decodeURIComponent(match[1]!));
        if (!payment) return badRequest(response, 'The id provided does not exist');
        refundCalls.push({ paymentId: payment.id, amount: Number(body.amount) });
        if (fake.refuseRefunds) return badRequest(response, 'The refund amount provided is greater than amount captured');
        const refund: FakeRefund = {
          id: id('rfnd'),
          entity: 'refund',
          amount: Number(body.amount ?? payment.amount),
          currency: 'INR',
          payment_id: payment.id,
          notes: (body.notes as Record<string, string>) ?? {},
          receipt: null,
          acquirer_data: { arn: null },
          created_at: now(),
          batch_id: null,
          status: fake.refundStatus,
          speed_processed: 'normal',
          speed_requested: 'normal',
        };
        refunds.set(refund.id, refund);
        return send(response, 200, refund);
      }
      if (request.method === 'GET' && (match = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path))) {
        const paymentId = decodeURIComponent(match[1]!);
        return send(response, 200, collection([...refunds.values()].filter((refund) => refund.payment_id === paymentId)));
      }
      if (request.method === 'GET' && (match = /^\/v1\/refunds\/([^/]+)$/.exec(path))) {
        const refund = refunds.get(decodeURIComponent(match[1]!));
        return refund ? send(response, 200, refund) : badRequest(response, 'The id provided does not exist');
      }
      return send(response, 404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** A refund.processed / refund.failed webhook body, as Razorpay sends it (the refund and its payment). */
export function refundEvent(event: 'refund.processed' | 'refund.failed', refund: FakeRefund): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_Fake00000001',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: { ...refund, status: event === 'refund.processed' ? 'processed' : 'failed' } },
      payment: { entity: { id: refund.payment_id, entity: 'payment', status: 'refunded' } },
    },
    created_at: now(),
  });
}

/** A payment.captured webhook body, as Razorpay sends it (the payment entity as it holds it). */
export function paymentCapturedEvent(payment: object): string {
  return JSON.stringify({ entity: 'event', account_id: 'acc_Fake00000001', event: 'payment.captured', contains: ['payment'], payload: { payment: { entity: payment } }, created_at: now() });
}
