/**
 * The built-in provider: issues `order_…` / `pay_…` / `rfnd_…` ids itself and signs exactly as Razorpay does, with a
 * secret that never leaves the server (derived from the JWT secret, so it survives restarts without another setting).
 * It remembers the payments it made while the process runs, so the reconciliation job can ask about them, and its
 * refunds are processed at once.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sandboxKeyId } from '../../../domain/payment';
import type { PaymentProvider, ProviderPayment, ProviderRefund } from './provider';
import { paymentSignature, ProviderError, verifyPaymentSignature } from './provider';

export function sandboxSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('payment-sandbox-secret').digest('hex');
}

/** Razorpay ids are 14 base62 characters after the prefix. */
export function providerId(prefix: 'order' | 'pay' | 'rfnd'): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

export const sandboxRefundRefused = 'The sandbox was told to refuse refunds.';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** What the sandbox dialog gets back for a successful card: a real signature over a fresh payment id. */
  pay(orderId: string, amountPaise?: number): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  /** For tests: while true, every refund is refused as Razorpay refuses one (a 4xx), and nothing is refunded. */
  refuseRefunds: boolean;
}

export function createSandboxProvider(jwtSecret: string): SandboxProvider {
  const secret = sandboxSecret(jwtSecret);
  const paymentsByOrder = new Map<string, ProviderPayment[]>();
  const refunds = new Map<string, ProviderRefund>();
  let refuseRefunds = false;
  return {
    name: 'sandbox',
    keyId: sandboxKeyId,
    webhookSecret: secret,
    get refuseRefunds() {
      return refuseRefunds;
    },
    set refuseRefunds(refuse: boolean) {
      refuseRefunds = refuse;
    },
    async createOrder() {
      return { id: providerId('order') };
    },
    verifySignature: (orderId, paymentId, signature) => verifyPaymentSignature(secret, orderId, paymentId, signature),
    pay(orderId, amountPaise = 0) {
      const paymentId = providerId('pay');
      paymentsByOrder.set(orderId, [...(paymentsByOrder.get(orderId) ?? []), { id: paymentId, orderId, amountPaise, status: 'captured' }]);
      return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature(secret, orderId, paymentId) };
    },
    async refund(paymentId, amountPaise) {
      if (refuseRefunds) throw new ProviderError(sandboxRefundRefused, true);
      const refund: ProviderRefund = { id: providerId('rfnd'), paymentId, amountPaise, status: 'processed' };
      refunds.set(refund.id, refund);
      return refund;
    },
    async fetchOrderPayments(providerOrderId) {
      return paymentsByOrder.get(providerOrderId) ?? [];
    },
    async fetchRefund(refundId) {
      const refund = refunds.get(refundId);
      if (!refund) throw new ProviderError('The sandbox knows no such refund.', true);
      return refund;
    },
    async fetchPaymentRefunds(paymentId) {
      return [...refunds.values()].filter((refund) => refund.paymentId === paymentId);
    },
  };
}
