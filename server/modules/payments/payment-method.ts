/**
 * How an order was paid (card or UPI, the card's last four or the VPA masked), recorded on the order for the admin:
 * by the sandbox when it signs a payment, by Razorpay's webhook or the reconciliation job from the payment entity. The
 * browser's verify call carries only ids: an order settled by verify keeps null until the webhook (or the job) reports
 * the same payment, which then fills it in.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { paymentMethodLabel } from '../../../domain/payment';
import type { SandboxPayBody } from '../../../domain/payment';
import type { Database } from '../../db/client';
import { orders, payments } from '../../db/schema';

/** What the sandbox was paid with, in the admin's words. */
export function sandboxPaymentMethod(body: SandboxPayBody): string {
  return body.method === 'upi'
    ? paymentMethodLabel({ method: 'upi', vpa: body.vpa })
    : paymentMethodLabel({ method: 'card', last4: body.cardNumber.slice(-4) });
}

/** The part of Razorpay's payment entity that names the method (https://razorpay.com/docs/api/payments/). */
interface PaymentEntity {
  method?: unknown;
  vpa?: unknown;
  upi?: { vpa?: unknown } | null;
  card?: { last4?: unknown } | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 320 ? value : null);

/** Razorpay's payment entity in the admin's words; null when it names no method. */
export function providerPaymentMethod(entity: PaymentEntity | undefined): string | null {
  const method = text(entity?.method);
  if (!method) return null;
  if (method === 'card') return paymentMethodLabel({ method, last4: text(entity?.card?.last4) });
  if (method === 'upi') return paymentMethodLabel({ method, vpa: text(entity?.vpa) ?? text(entity?.upi?.vpa) });
  return paymentMethodLabel({ method });
}

/**
 * Records the method on the order once: the first payment known for an order is the one its settlement keeps. The
 * update, to await or to join another statement (the sandbox's payment, sandbox-provider.ts).
 */
export function recordPaymentMethod(db: Database, providerOrderId: string, method: string) {
  return db
    .update(orders)
    .set({ paymentMethod: method })
    .where(and(eq(orders.providerOrderId, providerOrderId), isNull(orders.paymentMethod)));
}

/**
 * Fills the order's method from the provider's word on one of its payments, once settled: only while it is still
 * empty (never overwritten), and only from the payment the order keeps (its first), not from a second one due back.
 */
export async function fillPaymentMethod(db: Database, payment: { providerOrderId: string; providerPaymentId: string; method: string | null }): Promise<void> {
  if (!payment.method) return;
  const kept = sql`(select ${payments.providerPaymentId} from ${payments} where ${payments.orderId} = ${orders.id} order by ${payments.id} limit 1)`;
  await db
    .update(orders)
    .set({ paymentMethod: payment.method })
    .where(and(eq(orders.providerOrderId, payment.providerOrderId), isNull(orders.paymentMethod), eq(kept, payment.providerPaymentId)));
}
