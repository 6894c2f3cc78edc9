/**
 * Razorpay's Orders, Payments and Refunds APIs through fetch with basic auth; the base URL is configurable so tests can
 * use a local stand-in (tests/server/helpers/razorpay-fake.ts).
 */
import { providerPaymentMethod } from './payment-method';
import type { PaymentProvider, ProviderPayment, ProviderRefund } from './provider';
import { ProviderError, verifyPaymentSignature } from './provider';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string | null;
  baseUrl?: string;
  timeoutMs?: number;
}

export const razorpayBaseUrl = 'https://api.razorpay.com';

const paymentStates: readonly ProviderPayment['status'][] = ['created', 'authorized', 'captured', 'refunded', 'failed'];
const refundStates: readonly ProviderRefund['status'][] = ['pending', 'processed', 'failed'];

type Entity = Record<string, unknown>;

/** Razorpay's payment entity, or undefined when the answer is not one. */
function paymentOf(entity: Entity): ProviderPayment | undefined {
  const { id, order_id: orderId, amount, status } = entity;
  if (typeof id !== 'string' || typeof orderId !== 'string' || typeof amount !== 'number') return undefined;
  if (!paymentStates.includes(status as ProviderPayment['status'])) return undefined;
  return { id, orderId, amountPaise: amount, status: status as ProviderPayment['status'], method: providerPaymentMethod(entity) };
}

/** Razorpay's refund entity, or undefined when the answer is not one. */
export function refundOf(entity: Entity): ProviderRefund | undefined {
  const { id, payment_id: paymentId, amount, status } = entity;
  if (typeof id !== 'string' || !id.startsWith('rfnd_') || typeof paymentId !== 'string' || typeof amount !== 'number') return undefined;
  if (!refundStates.includes(status as ProviderRefund['status'])) return undefined;
  return { id, paymentId, amountPaise: amount, status: status as ProviderRefund['status'] };
}

/** The items of a Razorpay collection (`{ entity: 'collection', count, items }`) that `read` accepts. */
function itemsOf<T>(body: Entity, read: (entity: Entity) => T | undefined, what: string): T[] {
  if (!Array.isArray(body.items)) throw new ProviderError(`Razorpay answered no list of ${what}`);
  return body.items.flatMap((item: unknown) => {
    const read_ = typeof item === 'object' && item !== null ? read(item as Entity) : undefined;
    return read_ ? [read_] : [];
  });
}

export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const baseUrl = (options.baseUrl ?? razorpayBaseUrl).replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  /** One API call: the JSON answer of a 2xx; a ProviderError otherwise, `refused` for a 4xx. */
  async function call(what: string, method: 'GET' | 'POST', path: string, body?: object): Promise<Entity> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new ProviderError(`Razorpay could not be reached: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => null)) as unknown;
    if (!response.ok || typeof answer !== 'object' || answer === null) {
      const refused = response.status >= 400 && response.status < 500;
      throw new ProviderError(`Razorpay refused ${what} (HTTP ${response.status})`, refused);
    }
    return answer as Entity;
  }

  const one = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new ProviderError(`Razorpay answered no ${what}`);
    return value;
  };
  const path = (id: string) => encodeURIComponent(id);

  return {
    name: 'razorpay',
    keyId: options.keyId,
    webhookSecret: options.webhookSecret,
    async createOrder({ amountPaise, receipt }) {
      const body = await call('the order', 'POST', '/v1/orders', { amount: amountPaise, currency: 'INR', receipt });
      if (typeof body.id !== 'string' || !body.id.startsWith('order_')) throw new ProviderError('Razorpay answered no order');
      return { id: body.id };
    },
    verifySignature: (orderId, paymentId, signature) => verifyPaymentSignature(options.keySecret, orderId, paymentId, signature),
    async refund(paymentId, amountPaise, notes) {
      // speed normal: the buyer's bank credits it within 5 to 7 working days (Razorpay's refund docs).
      const body = await call('the refund', 'POST', `/v1/payments/${path(paymentId)}/refund`, { amount: amountPaise, speed: 'normal', notes });
      return one(refundOf(body), 'refund');
    },
    async fetchOrderPayments(providerOrderId) {
      return itemsOf(await call("the order's payments", 'GET', `/v1/orders/${path(providerOrderId)}/payments`), paymentOf, 'payments');
    },
    async fetchRefund(refundId) {
      return one(refundOf(await call('the refund', 'GET', `/v1/refunds/${path(refundId)}`)), 'refund');
    },
    async fetchPaymentRefunds(paymentId) {
      return itemsOf(await call("the payment's refunds", 'GET', `/v1/payments/${path(paymentId)}/refunds`), refundOf, 'refunds');
    },
  };
}
