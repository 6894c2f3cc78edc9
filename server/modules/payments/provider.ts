/**
 * The card payment provider (DESIGN.md §4 Payments): both adapters speak Razorpay's contract, so checkout, verify and
 * the webhook have one code path whatever the configuration.
 */
import { hmacHex, sameHex } from './signature';

export interface ProviderOrder {
  id: string;
}

/** A payment of a provider order, as the provider tells it (Razorpay's payment entity, the fields we read). */
export interface ProviderPayment {
  id: string;
  orderId: string;
  amountPaise: number;
  /** Razorpay's payment states; only `captured` money is the shop's. */
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** How it was paid, in the admin's words (payment-method.ts); null when the provider did not say. */
  method: string | null;
}

/** A refund, as the provider tells it (Razorpay's refund entity, the fields we read). */
export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'razorpay';
  /** The public key id the browser's payment dialog opens with. */
  readonly keyId: string;
  /** Null when webhooks cannot be verified (razorpay without RAZORPAY_WEBHOOK_SECRET): every webhook is refused. */
  readonly webhookSecret: string | null;
  createOrder(input: { amountPaise: number; receipt: string }): Promise<ProviderOrder>;
  /** `orderId` must be the order id stored on the server, never the one the browser sent alone. */
  verifySignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Asks for a payment's money back (Razorpay: POST /v1/payments/{id}/refund). */
  refund(paymentId: string, amountPaise: number, notes: Record<string, string>): Promise<ProviderRefund>;
  /** Every payment made towards a provider order (Razorpay: GET /v1/orders/{id}/payments). */
  fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /** One refund by its id (Razorpay: GET /v1/refunds/{id}). */
  fetchRefund(refundId: string): Promise<ProviderRefund>;
  /** Every refund of a payment (Razorpay: GET /v1/payments/{id}/refunds): a refund asked for whose answer was lost. */
  fetchPaymentRefunds(paymentId: string): Promise<ProviderRefund[]>;
}

/** Razorpay's checkout signature: hex HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function paymentSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacHex(secret, `${orderId}|${paymentId}`);
}

export function verifyPaymentSignature(secret: string, orderId: string, paymentId: string, signature: string): boolean {
  return sameHex(paymentSignature(secret, orderId, paymentId), signature);
}

export class ProviderError extends Error {
  /**
   * `refused`: the provider answered no (a 4xx), so nothing happened there; otherwise it may not have been reached, or
   * its answer was lost, and a refund asked for may yet exist.
   */
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
