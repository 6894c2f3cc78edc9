/** Drizzle reads and writes of the admin's orders area: purchase records with their lines, and never-buyers. */
import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { purchasePaymentStates } from '../../../domain/admin-orders';
import type { PurchaseStatus } from '../../../domain/admin-orders';
import type { Database, Transaction } from '../../db/client';
import { orderItems, orders, payments, users } from '../../db/schema';
import { orderCouponColumns } from '../coupons/order-coupon';
import { deliveriesOfOrders, shownDelivery } from '../delivery/order-deliveries.queries';
import { documentNumberColumns } from '../documents/document-issue';

type Db = Database | Transaction;

const purchaseColumns = {
  id: orders.id,
  invoiceId: orders.invoiceId,
  providerOrderId: orders.providerOrderId,
  status: orders.status,
  trackingUrl: orders.trackingUrl,
  paymentState: orders.paymentState,
  paymentMethod: orders.paymentMethod,
  totalPaise: orders.totalPaise,
  address: orders.address,
  gift: orders.gift,
  ...orderCouponColumns,
  createdAt: orders.createdAt,
  ...documentNumberColumns,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

const isPurchase = inArray(orders.paymentState, [...purchasePaymentStates]);

/**
 * Orders whose money arrived, newest first (or the one with `orderId`), each with its lines and captured payments:
 * three queries whatever the number of orders.
 */
export async function purchasesWithLines(db: Db, orderId?: number) {
  const rows = await db
    .select(purchaseColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(orderId === undefined ? isPurchase : and(isPurchase, eq(orders.id, orderId)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];

  const lines = await db
    .select({
      orderId: orderItems.orderId,
      quantity: orderItems.quantity,
      unitPricePaise: orderItems.unitPricePaise,
      productName: orderItems.productName,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(orderItems.id);

  const paid = await db
    .select({ orderId: payments.orderId, providerPaymentId: payments.providerPaymentId, amountPaise: payments.amountPaise, refundState: payments.refundState })
    .from(payments)
    .where(
      inArray(
        payments.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(payments.id);

  const deliveriesByOrder = await deliveriesOfOrders(
    db,
    rows.map((row) => row.id),
  );
  const linesByOrder = groupByOrder(lines);
  const paymentsByOrder = groupByOrder(paid);
  return rows.map((row) => ({
    ...row,
    lines: linesByOrder.get(row.id) ?? [],
    payments: paymentsByOrder.get(row.id) ?? [],
    deliveries: (deliveriesByOrder.get(row.id) ?? []).map(shownDelivery),
  }));
}

function groupByOrder<T extends { orderId: number }>(rows: readonly T[]): Map<number, Omit<T, 'orderId'>[]> {
  const byOrder = new Map<number, Omit<T, 'orderId'>[]>();
  for (const { orderId, ...row } of rows) {
    const list = byOrder.get(orderId) ?? [];
    list.push(row);
    byOrder.set(orderId, list);
  }
  return byOrder;
}

export type PurchaseRow = Awaited<ReturnType<typeof purchasesWithLines>>[number];

/** The purchase's current status and link, locked until the caller's transaction ends; undefined when no purchase. */
export async function lockPurchase(tx: Transaction, orderId: number) {
  const [row] = await tx
    .select({ id: orders.id, status: orders.status, trackingUrl: orders.trackingUrl })
    .from(orders)
    .where(and(eq(orders.id, orderId), isPurchase))
    .limit(1)
    .for('update');
  return row;
}

export async function setPurchaseProgress(
  tx: Transaction,
  orderId: number,
  changes: { status: PurchaseStatus; trackingUrl: string | null },
): Promise<void> {
  await tx
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** Customers (never admins) without an order whose money arrived, newest accounts first. */
export async function customersWithoutPurchase(db: Db) {
  return db
    .select({
      externalId: users.externalId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mobileNumber: users.mobileNumber,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'customer'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(and(eq(orders.userId, users.id), isPurchase)),
        ),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id));
}
