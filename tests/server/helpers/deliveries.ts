/**
 * Orders with deliveries (issue 40) for the tests that read or manage them: an order inserted straight into the
 * database (paid unless told otherwise; also what the account's and the admin's order lists show), and
 * `order_deliveries` rows given to an existing order, as checkout_invoice writes them: a hand delivery on a date in one
 * of the shop's slots (by name), and/or a courier parcel dispatched on a date.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { deliverySlots, orderDeliveries, orderItems, orders } from '../../../server/db/schema';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import type { GiftMessage } from '../../../domain/gift-message';
import type { IndiaDate } from '../../../domain/india-time';
import { giftRecipient } from '../../views/address-fixtures';
import { aCategory, aProduct, aSubCategory } from './factories';

let sequence = 0;

/** The orders' delivery address: a gift's recipient, as the admin's purchase view shows it too. */
export const recipient = giftRecipient;

/** A product delivered by `kind` (its category says so), as an order line names it (product names are unique, lines' not). */
export async function aProductDeliveredBy(db: Database, kind: DeliveryKind, lineName: string) {
  const category = await aCategory(db, { deliveryKind: kind });
  const product = await aProduct(db, { subCategory: await aSubCategory(db, { categoryId: category.id }) });
  return { ...product, name: lineName };
}

/** A line bought as a new product: its name on the order, how many, and the unit price (Rs. 1,250 unless given). */
export interface OrderItem {
  name: string;
  quantity: number;
  unitPricePaise?: number;
}

/**
 * An order of `userId`, paid and created unless told otherwise, to `recipient`: one each of the `products` given at
 * Rs. 1,250 and the `items` given (each a new product); one of a new product when neither is. Placed now unless
 * `createdAt` says when.
 */
export async function anOrder(
  db: Database,
  userId: number,
  options: {
    products?: { id: number; name: string; itemCode: string }[];
    items?: OrderItem[];
    paymentState?: (typeof orders.$inferInsert)['paymentState'];
    status?: (typeof orders.$inferInsert)['status'];
    trackingUrl?: string | null;
    gift?: GiftMessage | null;
    createdAt?: Date;
  } = {},
) {
  sequence += 1;
  const products = options.products ?? (options.items ? [] : [await aProduct(db)]);
  const lines = products.map((product) => ({ product, name: product.name, quantity: 1, unitPricePaise: 125_000 }));
  for (const item of options.items ?? []) {
    lines.push({ product: await aProduct(db), name: item.name, quantity: item.quantity, unitPricePaise: item.unitPricePaise ?? 125_000 });
  }
  const total = lines.reduce((sum, line) => sum + line.quantity * line.unitPricePaise, 0);
  const createdAt = options.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      invoiceId: `inv_test_${sequence}_${Date.now()}`,
      userId,
      providerOrderId: `order_test${sequence}${Date.now()}`,
      address: { addressId: 1, ...recipient },
      subtotalPaise: total,
      taxPaise: 0,
      totalPaise: total,
      status: options.status ?? 'created',
      paymentState: options.paymentState ?? 'paid',
      trackingUrl: options.trackingUrl ?? null,
      gift: options.gift ?? null,
      reservationExpiresAt: new Date(createdAt.getTime() + 15 * 60_000),
      createdAt,
    })
    .returning();
  for (const line of lines) {
    const lineTotal = line.quantity * line.unitPricePaise;
    await db.insert(orderItems).values({
      orderId: order!.id,
      productId: line.product.id,
      productName: line.name,
      itemCode: line.product.itemCode,
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      mrpPaise: line.unitPricePaise,
      lineTotalPaise: lineTotal,
      taxablePaise: lineTotal,
    });
  }
  return order!;
}

/** Gives an existing order its deliveries: by hand on a date in the named slot, and/or by courier dispatched on a date. */
export async function giveDeliveries(
  db: Database,
  orderId: number,
  plan: { hand?: { date: IndiaDate; slot: string; feePaise?: number }; courier?: { date: IndiaDate; feePaise?: number } },
) {
  const ids: Partial<Record<DeliveryKind, number>> = {};
  if (plan.hand) {
    const [slot] = await db.select().from(deliverySlots).where(eq(deliverySlots.name, plan.hand.slot)).limit(1);
    if (!slot) throw new Error(`no delivery slot named ${plan.hand.slot}`);
    const fee = plan.hand.feePaise ?? slot.feePaise;
    const [row] = await db
      .insert(orderDeliveries)
      .values({
        orderId,
        kind: 'hand',
        date: plan.hand.date,
        slotId: slot.id,
        slotName: slot.name,
        windowStartMinute: slot.startMinute,
        windowEndMinute: slot.endMinute,
        feePaise: fee,
        feeTaxablePaise: fee,
      })
      .returning({ id: orderDeliveries.id });
    ids.hand = row!.id;
  }
  if (plan.courier) {
    const fee = plan.courier.feePaise ?? 0;
    const [row] = await db
      .insert(orderDeliveries)
      .values({ orderId, kind: 'courier', date: plan.courier.date, feePaise: fee, feeTaxablePaise: fee })
      .returning({ id: orderDeliveries.id });
    ids.courier = row!.id;
  }
  return ids;
}
