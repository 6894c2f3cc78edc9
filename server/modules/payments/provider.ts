/**
 * The card payment provider (DESIGN.md §4 Payments): both adapters speak Razorpay's contract, so checkout, verify and
 * the webhook have one code path whatever the configuration.
 */
import { hmacHex, sameHex } from './signature';

export interface ProviderOrder {
  id: string;
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
}

/** Razorpay's checkout signature: hex HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function paymentSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacHex(secret, `${orderId}|${paymentId}`);
}

export function verifyPaymentSignature(secret: string, orderId: string, paymentId: string, signature: string): boolean {
  return sameHex(paymentSignature(secret, orderId, paymentId), signature);
}

export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}
