/** The provider the configuration chooses: razorpay with keys, the sandbox otherwise. */
import type { Config } from '../../config';
import type { PaymentProvider } from './provider';
import { createRazorpayProvider } from './razorpay-provider';
import { createSandboxProvider } from './sandbox-provider';
import type { SandboxProvider } from './sandbox-provider';

export function createPaymentProvider(config: Pick<Config, 'payment' | 'jwtSecret'>): PaymentProvider | SandboxProvider {
  const { payment } = config;
  if (payment.provider === 'razorpay' && payment.razorpayKeyId && payment.razorpayKeySecret) {
    return createRazorpayProvider({
      keyId: payment.razorpayKeyId,
      keySecret: payment.razorpayKeySecret,
      webhookSecret: payment.razorpayWebhookSecret,
      baseUrl: payment.razorpayBaseUrl ?? undefined,
    });
  }
  return createSandboxProvider(config.jwtSecret);
}
