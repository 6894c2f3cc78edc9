/**
 * The reports' reads (issue 41), grouped in SQL: a sale is a paid, not cancelled order (isDeliverable), dated by the
 * India day its payment arrived. Periods come in as moments [start, end) so that `paid_at` is compared as stored.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { purchasePaymentStates } from '../../../domain/admin-orders';
import type { IndiaDate } from '../../../domain/india-time';
import type { ExportStatus } from '../../../domain/reports';
import type { Database, Transaction } from '../../db/client';
import { categories, orderDeliveries, orderItems, orders, products, users } from '../../db/schema';
import { resolvedDeliveryKind } from '../catalog/catalog.queries';
import { isDeliverable } from '../delivery/order-deliveries.queries';

type Db = Database | Transaction;

export interface Moments {
  start: Date;
  end: Date;
}

/** The India calendar day of a moment column (IST is UTC+05:30 all year, whatever the session's zone). */
export const indiaDay = (column: SQL | typeof orders.paidAt) => sql`((${column} at time zone 'UTC') + interval '5 hours 30 minutes')::date`;

const soldIn = ({ start, end }: Moments) => and(isDeliverable, gte(orders.paidAt, start), lt(orders.paidAt, end));

/** Orders and revenue per India day of the period; days without a sale are left out (the service fills them). */
export async function salesPerDay(db: Db, period: Moments) {
  const day = sql<string>`to_char(${indiaDay(orders.paidAt)}, 'YYYY-MM-DD')`;
  return db
    .select({ date: day, orders: sql<number>`count(*)`.mapWith(Number), revenuePaise: sql<number>`sum(${orders.totalPaise})`.mapWith(Number) })
    .from(orders)
    .where(soldIn(period))
    .groupBy(day)
    .orderBy(day);
}

/** What the lines brought in: their totals less their shares of coupon discounts (issue 42). */
const linesRevenue = () => sql<number>`sum(${orderItems.lineTotalPaise} - ${orderItems.discountPaise})`.mapWith(Number);

/** The best sellers of the period by revenue (line totals after discounts), then by quantity. */
export async function topProducts(db: Db, period: Moments, limit: number) {
  const revenue = linesRevenue();
  const quantity = sql<number>`sum(${orderItems.quantity})`.mapWith(Number);
  return db
    .select({ productId: orderItems.productId, name: sql<string>`max(${orderItems.productName})`, quantity, revenuePaise: revenue })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(soldIn(period))
    .groupBy(orderItems.productId)
    .orderBy(desc(revenue), desc(quantity), asc(orderItems.productId))
    .limit(limit);
}

/** Goods sold by delivery kind, as the catalogue now says each product goes (lines do not keep it). */
export async function salesByDeliveryKind(db: Db, period: Moments) {
  return db
    .select({
      kind: resolvedDeliveryKind,
      lines: sql<number>`count(*)`.mapWith(Number),
      revenuePaise: linesRevenue(),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(soldIn(period))
    .groupBy(resolvedDeliveryKind);
}

/** Deliveries of sales not yet delivered, per India day from `from` to `to`, by kind. */
export async function upcomingDeliveries(db: Db, from: IndiaDate, to: IndiaDate) {
  return db
    .select({ date: orderDeliveries.date, kind: orderDeliveries.kind, count: sql<number>`count(*)`.mapWith(Number) })
    .from(orderDeliveries)
    .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
    .where(and(isDeliverable, ne(orderDeliveries.status, 'delivered'), gte(orderDeliveries.date, from), sql`${orderDeliveries.date} <= ${to}`))
    .groupBy(orderDeliveries.date, orderDeliveries.kind);
}

/**
 * A batch of the orders export: purchases (money arrived, refunded ones too) paid in the period, of one order status
 * or all, after `afterId`, oldest first, each with its GST split summed over its lines and delivery fees.
 */
export async function exportBatch(db: Db, period: Moments, status: ExportStatus, afterId: number, size: number) {
  const items = (column: SQL) => sql<number>`(select coalesce(sum(${column}), 0) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`.mapWith(Number);
  const fees = (column: SQL) =>
    sql<number>`(select coalesce(sum(${column}), 0) from ${orderDeliveries} where ${orderDeliveries.orderId} = ${orders.id})`.mapWith(Number);
  return db
    .select({
      id: orders.id,
      orderNumber: orders.providerOrderId,
      invoiceId: orders.invoiceId,
      paidAt: orders.paidAt,
      status: orders.status,
      paymentState: orders.paymentState,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      address: orders.address,
      items: items(sql`${orderItems.quantity}`),
      taxablePaise: sql<number>`${items(sql`${orderItems.taxablePaise}`)} + ${fees(sql`${orderDeliveries.feeTaxablePaise}`)}`.mapWith(Number),
      cgstPaise: sql<number>`${items(sql`${orderItems.cgstPaise}`)} + ${fees(sql`${orderDeliveries.feeCgstPaise}`)}`.mapWith(Number),
      sgstPaise: sql<number>`${items(sql`${orderItems.sgstPaise}`)} + ${fees(sql`${orderDeliveries.feeSgstPaise}`)}`.mapWith(Number),
      igstPaise: sql<number>`${items(sql`${orderItems.igstPaise}`)} + ${fees(sql`${orderDeliveries.feeIgstPaise}`)}`.mapWith(Number),
      feesPaise: fees(sql`${orderDeliveries.feePaise}`),
      totalPaise: orders.totalPaise,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        gte(orders.paidAt, period.start),
        lt(orders.paidAt, period.end),
        gt(orders.id, afterId),
        inArray(orders.paymentState, [...purchasePaymentStates]),
        status === 'all' ? undefined : eq(orders.status, status),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(size);
}

/**
 * The month's sales for the GST return, grouped by place of supply (the delivery address's state, as the invoice
 * split its tax) and CGST rate: the goods' lines and the delivery fees (each at its own rate) together.
 */
export async function suppliesByStateAndRate(db: Db, period: Moments) {
  const sold = soldIn(period);
  const result = await db.execute(sql`
    select state, rate_bp, sum(taxable) as taxable, sum(cgst) as cgst, sum(sgst) as sgst, sum(igst) as igst
    from (
      select ${orders.address} ->> 'state' as state, coalesce(${orderItems.gstRateBp}, 0) as rate_bp,
             ${orderItems.taxablePaise} as taxable, ${orderItems.cgstPaise} as cgst, ${orderItems.sgstPaise} as sgst, ${orderItems.igstPaise} as igst
      from ${orderItems} join ${orders} on ${orders.id} = ${orderItems.orderId}
      where ${sold}
      union all
      select ${orders.address} ->> 'state', coalesce(${orderDeliveries.feeGstRateBp}, 0),
             ${orderDeliveries.feeTaxablePaise}, ${orderDeliveries.feeCgstPaise}, ${orderDeliveries.feeSgstPaise}, ${orderDeliveries.feeIgstPaise}
      from ${orderDeliveries} join ${orders} on ${orders.id} = ${orderDeliveries.orderId}
      where ${sold} and ${orderDeliveries.feePaise} > 0
    ) as supplies
    group by state, rate_bp
    order by state, rate_bp`);
  const { rows } = result as unknown as { rows: { state: string; rate_bp: number; taxable: string; cgst: string; sgst: string; igst: string }[] };
  return rows.map((row) => ({
    state: row.state,
    rateBp: Number(row.rate_bp),
    taxablePaise: Number(row.taxable),
    cgstPaise: Number(row.cgst),
    sgstPaise: Number(row.sgst),
    igstPaise: Number(row.igst),
  }));
}

export async function salesCount(db: Db, period: Moments): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(soldIn(period));
  return row?.n ?? 0;
}
