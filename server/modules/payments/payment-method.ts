/**
 * How an order was paid (card or UPI, the card's last four or the VPA masked), recorded on the order for the admin:
 * by the sandbox when it signs a payment, by Razorpay's webhook from the payment entity. The browser's verify call
 * carries only ids, so an order settled by verify alone and never by a webhook keeps null.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { paymentMethodLabel } from '../../../domain/payment';
import type { SandboxPayBody } from '../../../domain/payment';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';

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

/** Records the method on the order once: the first payment known for an order is the one its settlement keeps. */
export async function recordPaymentMethod(db: Database, providerOrderId: string, method: string): Promise<void> {
  await db
    .update(orders)
    .set({ paymentMethod: method })
    .where(and(eq(orders.providerOrderId, providerOrderId), isNull(orders.paymentMethod)));
}
