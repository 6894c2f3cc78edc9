// The sandbox keeps what it issued (orders, payments, refunds) in the shop's database, as Razorpay keeps them on its
// side: a payment whose browser verify never arrived is still found by the reconciliation job after a restart (or on
// another instance over the same database), and a refund issued before it is still known after.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, sandboxProviderRecords } from '../../server/db/schema';
import { reconcilePendingPayments } from '../../server/modules/payments/reconciliation';
import { withDatabaseOnDisk } from './helpers/app';
import { mailsTo } from './helpers/auth';
import { aBuyer, aTaxedProduct, invoiceFor, orderByProviderId, sandboxPay } from './helpers/payments';

describe('the sandbox over a restart', () => {
  it('a sandbox payment made on one app without verify is settled once by reconciliation on the next app over the same database', async () => {
    await withDatabaseOnDisk('fs-sandbox-restart-', async (withApp) => {
      const { email, orderNumber, paymentId } = await withApp(async (first) => {
        const buyer = await aBuyer(first, await aTaxedProduct(first), 1);
        const orderNumber = (await invoiceFor(first, buyer)).orderValueId;
        const paid = await sandboxPay(first, orderNumber);
        expect(paid.statusCode, paid.body).toBe(200);
        // The buyer's tab closed before verify: the shop knows nothing of the payment yet.
        expect((await orderByProviderId(first, orderNumber)).paymentState).toBe('pending');
        return { email: buyer.user.email, orderNumber, paymentId: paid.json<{ razorpay_payment_id: string }>().razorpay_payment_id };
      });

      await withApp(async (second) => {
        const later = new Date(Date.now() + 3 * 60_000);
        expect(await reconcilePendingPayments(second, undefined, later)).toBe(1);
        const order = await orderByProviderId(second, orderNumber);
        expect(order.paymentState).toBe('paid');
        const settled = await second.db.select({ id: payments.providerPaymentId, by: payments.settledBy }).from(payments).where(eq(payments.orderId, order.id));
        expect(settled).toEqual([{ id: paymentId, by: 'reconciliation' }]);
        await second.jobs.idle();
        expect((await mailsTo(second, email)).map((mail) => mail.subject)).toEqual([expect.stringContaining(`Order confirmed: ${orderNumber}`)]);
        // Asked again: nothing more.
        expect(await reconcilePendingPayments(second, undefined, later)).toBe(0);

        // The sandbox's own side: the payment it took, and a refund it issues is found by id.
        const records = await second.db.select({ id: sandboxProviderRecords.id, kind: sandboxProviderRecords.kind }).from(sandboxProviderRecords);
        expect(records).toEqual([{ id: paymentId, kind: 'payment' }]);
        const refund = await second.payments.refund(paymentId, 112_000, {});
        expect(await second.payments.fetchRefund(refund.id)).toEqual(refund);
        expect(await second.payments.fetchPaymentRefunds(paymentId)).toEqual([refund]);
      });
    });
    // Two databases opened on disk: slower than the in-memory ones of other tests.
  }, 90_000);
});
