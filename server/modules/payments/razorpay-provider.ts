/** Razorpay's Orders API through fetch with basic auth; the base URL is configurable so tests can use a local fake. */
import type { PaymentProvider } from './provider';
import { ProviderError, verifyPaymentSignature } from './provider';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string | null;
  baseUrl?: string;
  timeoutMs?: number;
}

export const razorpayBaseUrl = 'https://api.razorpay.com';

export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const baseUrl = (options.baseUrl ?? razorpayBaseUrl).replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  return {
    name: 'razorpay',
    keyId: options.keyId,
    webhookSecret: options.webhookSecret,
    async createOrder({ amountPaise, receipt }) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/v1/orders`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new ProviderError(`Razorpay could not be reached: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
      if (!response.ok || typeof body?.id !== 'string' || !body.id.startsWith('order_')) {
        throw new ProviderError(`Razorpay refused the order (HTTP ${response.status})`);
      }
      return { id: body.id };
    },
    verifySignature: (orderId, paymentId, signature) => verifyPaymentSignature(options.keySecret, orderId, paymentId, signature),
  };
}
