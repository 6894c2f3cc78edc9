/** Drizzle reads and writes of the account area: one user's profile, paid orders and saved addresses. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { documentNumberColumns } from '../documents/document-issue';
import { purchasePaymentStates } from '../../../domain/admin-orders';
import type { AddressFormValues } from '../../../domain/address';
import type { Database, Transaction } from '../../db/client';
import { addresses, orderItems, orders, products, users } from '../../db/schema';
import { orderCouponColumns } from '../coupons/order-coupon';

type Db = Database | Transaction;

export type UserRow = typeof users.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type AddressWithOwner = AddressRow & { ownerExternalId: string };

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  mobileNumber: string;
}

export async function findUserByExternalId(db: Db, externalId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.externalId, externalId)).limit(1);
  return row;
}

export async function updateUserProfile(db: Db, userId: number, changes: ProfileChanges): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Orders whose money arrived (paid, or due back, being or been refunded), newest first, with their lines. */
export async function paidOrdersOf(db: Db, userId: number) {
  const orderRows = await db
    .select({
      id: orders.id,
      invoiceId: orders.invoiceId,
      providerOrderId: orders.providerOrderId,
      status: orders.status,
      trackingUrl: orders.trackingUrl,
      totalPaise: orders.totalPaise,
      gift: orders.gift,
      ...orderCouponColumns,
      createdAt: orders.createdAt,
      ...documentNumberColumns,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.paymentState, [...purchasePaymentStates])))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (orderRows.length === 0) return [];

  const lines = await db
    .select({ orderId: orderItems.orderId, quantity: orderItems.quantity, productName: orderItems.productName, externalId: products.externalId })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      inArray(
        orderItems.orderId,
        orderRows.map((order) => order.id),
      ),
    )
    .orderBy(orderItems.id);

  const linesByOrder = new Map<number, { quantity: number; productName: string; externalId: string }[]>();
  for (const line of lines) {
    const list = linesByOrder.get(line.orderId) ?? [];
    list.push({ quantity: line.quantity, productName: line.productName, externalId: line.externalId });
    linesByOrder.set(line.orderId, list);
  }
  return orderRows.map((order) => ({ ...order, lines: linesByOrder.get(order.id) ?? [] }));
}

export async function addressesOf(db: Db, userId: number): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.createdAt), desc(addresses.id));
}

export async function findAddressWithOwner(db: Db, addressId: number): Promise<AddressWithOwner | undefined> {
  const [row] = await db
    .select({ address: addresses, ownerExternalId: users.externalId })
    .from(addresses)
    .innerJoin(users, eq(users.id, addresses.userId))
    .where(eq(addresses.id, addressId))
    .limit(1);
  return row ? { ...row.address, ownerExternalId: row.ownerExternalId } : undefined;
}

export async function updateAddress(db: Db, addressId: number, changes: AddressFormValues): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(addresses)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(addresses.id, addressId))
    .returning();
  return row;
}
