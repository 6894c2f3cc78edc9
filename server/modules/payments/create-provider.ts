/** The provider the configuration chooses: razorpay with keys, the sandbox otherwise. */
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PaymentProvider } from './provider';
import { createRazorpayProvider } from './razorpay-provider';
import { createSandboxProvider } from './sandbox-provider';
import type { SandboxProvider } from './sandbox-provider';

type RazorpayPayment = Config['payment'] & { provider: 'razorpay'; razorpayKeyId: string; razorpayKeySecret: string };

/** Razorpay only with both keys; the CSP (server/app.ts) follows the same rule, so it opens to Razorpay only then. */
export function usesRazorpay(payment: Config['payment']): payment is RazorpayPayment {
  return payment.provider === 'razorpay' && Boolean(payment.razorpayKeyId && payment.razorpayKeySecret);
}

/** `db`: where the sandbox keeps what it issued (Razorpay keeps its own). */
export function createPaymentProvider(config: Pick<Config, 'payment' | 'jwtSecret'>, db: Database): PaymentProvider | SandboxProvider {
  const { payment } = config;
  if (usesRazorpay(payment)) {
    return createRazorpayProvider({
      keyId: payment.razorpayKeyId,
      keySecret: payment.razorpayKeySecret,
      webhookSecret: payment.razorpayWebhookSecret,
      baseUrl: payment.razorpayBaseUrl ?? undefined,
    });
  }
  return createSandboxProvider(config.jwtSecret, db);
}
