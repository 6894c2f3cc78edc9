/**
 * Drizzle reads and writes of `order_deliveries` (issue 40): an order's deliveries for every view of the order (My
 * Account, the admin's orders, the mails), and the florist's Deliveries board: a day's deliveries of paid orders with
 * what the florist needs, and a delivery's status change.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import type { DeliveryStatus, OrderDelivery } from '../../../domain/order-delivery';
import type { IndiaDate } from '../../../domain/india-time';
import type { Database, Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { categories, deliverySlots, orderDeliveries, orderItems, orders, products, users } from '../../db/schema';
import { resolvedDeliveryKind } from '../catalog/catalog.queries';

type Db = Database | Transaction;

const shownColumns = {
  orderId: orderDeliveries.orderId,
  id: orderDeliveries.id,
  kind: orderDeliveries.kind,
  date: orderDeliveries.date,
  slotName: orderDeliveries.slotName,
  windowStartMinute: orderDeliveries.windowStartMinute,
  windowEndMinute: orderDeliveries.windowEndMinute,
  feePaise: orderDeliveries.feePaise,
  status: orderDeliveries.status,
  statusNote: orderDeliveries.statusNote,
  feeTaxablePaise: orderDeliveries.feeTaxablePaise,
  feeTaxPaise: sql<number>`${orderDeliveries.feeCgstPaise} + ${orderDeliveries.feeSgstPaise} + ${orderDeliveries.feeIgstPaise}`.mapWith(Number),
};

export type OrderDeliveryRow = OrderDelivery & { feeTaxablePaise: number; feeTaxPaise: number };

/** A delivery as the order views answer it (without the fee's tax split). */
export const shownDelivery = ({ feeTaxablePaise: _taxable, feeTaxPaise: _tax, ...delivery }: OrderDeliveryRow): OrderDelivery => delivery;

/** The deliveries of each order, hand before courier (one query whatever the number of orders). */
export async function deliveriesOfOrders(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderDeliveryRow[]>> {
  const byOrder = new Map<number, OrderDeliveryRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select(shownColumns)
    .from(orderDeliveries)
    .where(inArray(orderDeliveries.orderId, [...orderIds]))
    .orderBy(asc(orderDeliveries.kind), asc(orderDeliveries.id));
  for (const { orderId, ...row } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), row]);
  return byOrder;
}

const { orderId: _orderId, ...rowColumns } = shownColumns;

/**
 * The deliveries of the order whose id is `orderId` (the outer statement's column), hand before courier, read inside
 * that statement as a JSON array: the order's mails take them along with the order (one statement).
 */
export const deliveriesOfOrder = (orderId: SQLWrapper) =>
  jsonRows<OrderDeliveryRow>({
    columns: rowColumns,
    from: orderDeliveries,
    where: sql`${orderDeliveries.orderId} = ${orderId}`,
    orderBy: sql`${orderDeliveries.kind}, ${orderDeliveries.id}`,
  });

/** An order on the board, and a sale in the reports: paid, and neither cancelled nor with its money due or gone back. */
export const isDeliverable = and(eq(orders.paymentState, 'paid'), ne(orders.status, 'Cancelled'));

const boardColumns = {
  id: orderDeliveries.id,
  orderId: orderDeliveries.orderId,
  providerOrderId: orders.providerOrderId,
  invoiceId: orders.invoiceId,
  orderStatus: orders.status,
  kind: orderDeliveries.kind,
  date: orderDeliveries.date,
  slotId: orderDeliveries.slotId,
  slotName: orderDeliveries.slotName,
  slotPosition: deliverySlots.position,
  windowStartMinute: orderDeliveries.windowStartMinute,
  windowEndMinute: orderDeliveries.windowEndMinute,
  status: orderDeliveries.status,
  statusNote: orderDeliveries.statusNote,
  statusAt: orderDeliveries.statusAt,
  address: orders.address,
  gift: orders.gift,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  deliveriesOfOrder: sql<number>`(select count(*) from order_deliveries d where d.order_id = ${orders.id})`.mapWith(Number),
};

/** The board's deliveries of orders that are to be delivered: on a date, or the one with `deliveryId`. */
export async function boardDeliveries(db: Db, which: { date: IndiaDate } | { deliveryId: number }) {
  const rows = await db
    .select(boardColumns)
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(deliverySlots, eq(deliverySlots.id, orderDeliveries.slotId))
    .where(and(isDeliverable, 'date' in which ? eq(orderDeliveries.date, which.date) : eq(orderDeliveries.id, which.deliveryId)))
    .orderBy(asc(deliverySlots.position), asc(orderDeliveries.slotId), asc(orderDeliveries.windowStartMinute), asc(orderDeliveries.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select({ orderId: orderItems.orderId, productName: orderItems.productName, size: orderItems.size, quantity: orderItems.quantity, kind: resolvedDeliveryKind })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(orderItems.orderId, [...new Set(rows.map((row) => row.orderId))]))
    .orderBy(orderItems.id);
  // A delivery carries its own kind's lines (the product's kind now, as the catalogue resolves it); an order with one
  // delivery carries all its lines, whatever their products have become since.
  return rows.map(({ deliveriesOfOrder, ...row }) => ({
    ...row,
    items: lines
      .filter((line) => line.orderId === row.orderId && (line.kind === row.kind || deliveriesOfOrder === 1))
      .map(({ productName, size, quantity }) => ({ productName, size, quantity })),
  }));
}

export type BoardDeliveryRow = Awaited<ReturnType<typeof boardDeliveries>>[number];

/** The delivery's status, locked until the caller's transaction ends; with whether its order is still to be delivered. */
export async function lockDelivery(tx: Transaction, deliveryId: number) {
  const [row] = await tx
    .select({ id: orderDeliveries.id, orderId: orderDeliveries.orderId, status: orderDeliveries.status, deliverable: sql<boolean>`${isDeliverable}` })
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
    .where(eq(orderDeliveries.id, deliveryId))
    .limit(1)
    .for('update');
  return row;
}

export async function setDeliveryStatus(tx: Transaction, deliveryId: number, status: DeliveryStatus, note: string): Promise<void> {
  await tx
    .update(orderDeliveries)
    .set({ status, statusNote: note, statusAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orderDeliveries.id, deliveryId));
}

/** When every delivery of the order is delivered, the order is Delivered (SPEC.md's purchase statuses); true if it changed. */
export async function markOrderDeliveredWhenDone(tx: Transaction, orderId: number): Promise<boolean> {
  const changed = await tx
    .update(orders)
    .set({ status: 'Delivered', updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, ['created', 'Dispatched']),
        sql`not exists (select 1 from ${orderDeliveries} where ${orderDeliveries.orderId} = ${orderId} and ${orderDeliveries.status} <> 'delivered')`,
      ),
    )
    .returning({ id: orders.id });
  return changed.length > 0;
}
