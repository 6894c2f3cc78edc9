/**
 * The built-in provider: issues `order_…` / `pay_…` ids itself and signs exactly as Razorpay does, with a secret that
 * never leaves the server (derived from the JWT secret, so it survives restarts without another setting).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { sandboxKeyId } from '../../../domain/payment';
import type { PaymentProvider } from './provider';
import { paymentSignature, verifyPaymentSignature } from './provider';

export function sandboxSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('payment-sandbox-secret').digest('hex');
}

/** Razorpay ids are 14 base62 characters after the prefix. */
export function providerId(prefix: 'order' | 'pay'): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** What the sandbox dialog gets back for a successful card: a real signature over a fresh payment id. */
  pay(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

export function createSandboxProvider(jwtSecret: string): SandboxProvider {
  const secret = sandboxSecret(jwtSecret);
  return {
    name: 'sandbox',
    keyId: sandboxKeyId,
    webhookSecret: secret,
    async createOrder() {
      return { id: providerId('order') };
    },
    verifySignature: (orderId, paymentId, signature) => verifyPaymentSignature(secret, orderId, paymentId, signature),
    pay(orderId) {
      const paymentId = providerId('pay');
      return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature(secret, orderId, paymentId) };
    },
  };
}
