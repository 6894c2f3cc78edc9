/**
 * The built-in provider: issues `order_…` / `pay_…` / `rfnd_…` ids itself and signs exactly as Razorpay does, with a
 * secret that never leaves the server (derived from the JWT secret, so it survives restarts without another setting).
 * It keeps the payments and refunds it made in the shop's database (sandbox_provider_records), as Razorpay keeps them
 * on its side (its order ids need no row: the shop's order keeps them, and nothing asks the sandbox about an order): the reconciliation job of any instance, or of this one after a restart, can ask about them.
 * Its refunds are processed at once. The method paid with is recorded on the order in the statement that pays.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { sandboxKeyId } from '../../../domain/payment';
import type { Database } from '../../db/client';
import { orders, sandboxProviderRecords } from '../../db/schema';
import { recordPaymentMethod } from './payment-method';
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
  /**
   * A successful payment of the shop's order `orderId` (its total) with `method` (in the admin's words): what the
   * sandbox dialog gets back, a real signature over a fresh payment id; null when there is no such order.
   */
  pay(orderId: string, method: string): Promise<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } | null>;
  /** For tests: while true, every refund is refused as Razorpay refuses one (a 4xx), and nothing is refunded. */
  refuseRefunds: boolean;
}

const records = sandboxProviderRecords;

export function createSandboxProvider(jwtSecret: string, db: Database): SandboxProvider {
  const secret = sandboxSecret(jwtSecret);
  let refuseRefunds = false;
  const refundOf = (row: typeof records.$inferSelect): ProviderRefund => ({
    id: row.id,
    paymentId: row.parentId ?? '',
    amountPaise: row.amountPaise,
    status: row.status as ProviderRefund['status'],
  });
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
    // No row: an invoice is the checkout's hot path, and only payments and refunds are ever asked about.
    async createOrder() {
      return { id: providerId('order') };
    },
    verifySignature: (orderId, paymentId, signature) => verifyPaymentSignature(secret, orderId, paymentId, signature),
    // One statement: the order's total read, the payment kept and the method recorded on the order, as the checkout's
    // other writes are (docs/performance.md: on the embedded database each statement waits its turn on one connection).
    async pay(orderId, method) {
      const paymentId = providerId('pay');
      const result = await db.execute(sql`with target as (
          select ${orders.totalPaise} as total_paise from ${orders} where ${orders.providerOrderId} = ${orderId} limit 1
        ), method as (${recordPaymentMethod(db, orderId, method).getSQL()}), kept as (
          insert into ${records} (id, kind, parent_id, amount_paise, status)
          select ${paymentId}, 'payment', ${orderId}, total_paise, 'captured' from target
        )
        select 1 from target`);
      if ((result as unknown as { rows: unknown[] }).rows.length === 0) return null;
      return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature(secret, orderId, paymentId) };
    },
    async refund(paymentId, amountPaise) {
      if (refuseRefunds) throw new ProviderError(sandboxRefundRefused, true);
      const refund: ProviderRefund = { id: providerId('rfnd'), paymentId, amountPaise, status: 'processed' };
      await db.insert(records).values({ id: refund.id, kind: 'refund', parentId: paymentId, amountPaise, status: refund.status });
      return refund;
    },
    async fetchOrderPayments(providerOrderId) {
      const rows = await db
        .select()
        .from(records)
        .where(and(eq(records.kind, 'payment'), eq(records.parentId, providerOrderId)))
        .orderBy(asc(records.createdAt), asc(records.id));
      return rows.map((row) => ({ id: row.id, orderId: providerOrderId, amountPaise: row.amountPaise, status: row.status as ProviderPayment['status'], method: null }));
    },
    async fetchRefund(refundId) {
      const [row] = await db.select().from(records).where(and(eq(records.kind, 'refund'), eq(records.id, refundId)));
      if (!row) throw new ProviderError('The sandbox knows no such refund.', true);
      return refundOf(row);
    },
    async fetchPaymentRefunds(paymentId) {
      const rows = await db
        .select()
        .from(records)
        .where(and(eq(records.kind, 'refund'), eq(records.parentId, paymentId)))
        .orderBy(asc(records.createdAt), asc(records.id));
      return rows.map(refundOf);
    },
  };
}
