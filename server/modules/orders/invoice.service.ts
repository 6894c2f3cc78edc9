/**
 * The checkout invoice (SPEC.md §4 Place Order, §7): priced from the database, stock reserved atomically, items and
 * address snapshotted, then a provider order. A double submit gets the same pending invoice back, never a second.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import { addressFieldsOf } from '../../../domain/address';
import { lineTax, orderTotals } from '../../../domain/gst';
import { paiseToRupees } from '../../../domain/money';
import { paymentMessages } from '../../../domain/payment';
import type { CheckoutInvoiceReply } from '../../../domain/payment';
import type { Database, Transaction } from '../../db/client';
import { addresses, cartItems, carts, categories, orderItems, orders, products, users } from '../../db/schema';
import { Conflict, HttpError, NotFound, NotReady } from '../../errors';
import type { PaymentProvider } from '../payments/provider';
import { ProviderError } from '../payments/provider';
import type { Buyer } from '../checkout/buyer-access';
import { takeStock } from './stock-reservation';

export class OutOfStockLines extends HttpError {
  constructor(readonly lines: { productName: string; size: string; available: number }[]) {
    const detail = lines.map((l) => `${l.productName} (${l.size}): ${l.available} left`).join('; ');
    super(409, 'OUT_OF_STOCK', `${paymentMessages.shortfall}: ${detail}`);
  }
}

export interface InvoiceDeps {
  db: Database;
  provider: PaymentProvider;
  /** How long the invoice holds its stock (config.reservationMinutes). */
  reservationMinutes: number;
  now?: () => Date;
}

/** The address as the order keeps it (jsonb): what the mails and the admin show, plus where it came from. */
export interface AddressSnapshot {
  addressId: number;
  fullName: string;
  address: string;
  locality: string;
  landmark: string;
  city: string;
  pincode: string;
  state: string;
  country: string;
  phoneNumber: string;
}

async function bagLines(tx: Transaction, cartId: number) {
  return tx
    .select({
      productId: products.id,
      productName: products.name,
      itemCode: products.itemCode,
      size: cartItems.size,
      quantity: cartItems.quantity,
      unitPricePaise: products.sellingPricePaise,
      mrpPaise: products.mrpPaise,
      isRemoved: products.isRemoved,
      gstRateBp: categories.gstRateBp,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.productId));
}

const lineKey = (lines: readonly { productId: number; quantity: number; size: string }[]) =>
  lines
    .map((l) => `${l.productId}:${l.quantity}:${l.size}`)
    .sort()
    .join(',');

/** This user's pending, unexpired orders to this address. */
const pendingFor = (userId: number, addressId: number, now: Date) =>
  and(
    eq(orders.userId, userId),
    eq(orders.paymentState, 'pending'),
    gt(orders.reservationExpiresAt, now),
    sql`(${orders.address} ->> 'addressId')::integer = ${addressId}`,
  );

/** A pending, unexpired invoice of this user for exactly these lines and this address, if any. */
async function samePendingInvoice(tx: Transaction, userId: number, addressId: number, key: string, now: Date) {
  const pending = await tx
    .select({ id: orders.id, invoiceId: orders.invoiceId, providerOrderId: orders.providerOrderId, totalPaise: orders.totalPaise })
    .from(orders)
    .where(pendingFor(userId, addressId, now));
  for (const order of pending) {
    const items = await tx
      .select({ productId: orderItems.productId, quantity: orderItems.quantity, size: orderItems.size })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    if (order.providerOrderId && lineKey(items) === key) return { ...order, providerOrderId: order.providerOrderId };
  }
  return undefined;
}

/**
 * The user (locked: one checkout per user at a time, so that a double submit finds the first invoice instead of racing
 * it), then the saved address with the buyer's own bag — a verified guest pays for the bag of its session, under the
 * account the session is linked to. Two statements where there were four: on the embedded database every statement of
 * this transaction is time no other checkout can use.
 */
async function lockedBuyer(tx: Transaction, buyer: Buyer, addressId: number, now: Date) {
  const [user] = await tx
    .select({ id: users.id, locked: sql<unknown>`pg_advisory_xact_lock(${users.id})` })
    .from(users)
    .where(eq(users.externalId, buyer.userExtId))
    .limit(1);
  if (!user) throw new NotFound('This account no longer exists.');
  const bagOwner = buyer.kind === 'guest' ? sql`${carts.guestSessionId} = ${buyer.sessionId}` : sql`${carts.userId} = ${user.id}`;
  const [address] = await tx
    .select({
      ...getTableColumns(addresses),
      cartId: sql<number | null>`(select ${carts.id} from ${carts} where ${bagOwner} limit 1)`,
      // Whether samePendingInvoice has anything to compare: usually not, and then it costs no statement.
      hasPending: sql<boolean>`exists (select 1 from ${orders} where ${pendingFor(user.id, addressId, now)})`,
    })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, user.id)))
    .limit(1);
  if (!address) throw new NotFound(paymentMessages.unknownAddress);
  return { userId: user.id, address, cartId: address.cartId, hasPending: address.hasPending };
}

export async function createCheckoutInvoice(deps: InvoiceDeps, buyer: Buyer, addressId: number): Promise<CheckoutInvoiceReply> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const { userId, address, cartId, hasPending } = await lockedBuyer(tx, buyer, addressId, now);
    const lines = cartId === null ? [] : await bagLines(tx, cartId);
    if (cartId === null || lines.length === 0) throw new Conflict(paymentMessages.emptyBag);
    if (lines.some((line) => line.isRemoved)) throw new Conflict(paymentMessages.removedProduct);

    const same = hasPending ? await samePendingInvoice(tx, userId, address.id, lineKey(lines), now) : undefined;
    if (same) return reply(same.invoiceId, same.providerOrderId, same.totalPaise);

    const short = await takeStock(tx, lines);
    if (short.length > 0) {
      throw new OutOfStockLines(
        short.map((s) => {
          const line = lines.find((l) => l.productId === s.productId)!;
          return { productName: line.productName, size: line.size, available: s.available };
        }),
      );
    }

    const snapshot: AddressSnapshot = { addressId: address.id, ...addressFieldsOf(address) };
    const priced = lines.map((line) => {
      const lineTotalPaise = line.unitPricePaise * line.quantity;
      return { line, lineTotalPaise, tax: lineTax(lineTotalPaise, line.gstRateBp, address.state) };
    });
    const totals = orderTotals(
      priced.map((p) => ({ totalPaise: p.lineTotalPaise, rateBp: p.line.gstRateBp })),
      address.state,
    );
    const invoiceId = `inv_${randomBytes(12).toString('base64url')}`;
    // Inside the transaction, after the stock is taken: if the provider refuses, the reservation rolls back with
    // everything else. Asked before the insert, so the order is written once, with its provider id.
    const providerOrder = await deps.provider.createOrder({ amountPaise: totals.totalPaise, receipt: invoiceId }).catch((error: unknown) => {
      if (error instanceof ProviderError) throw new NotReady('The payment service is unavailable. Please try again shortly.');
      throw error;
    });
    const [order] = await tx
      .insert(orders)
      .values({
        invoiceId,
        userId,
        cartId,
        providerOrderId: providerOrder.id,
        address: snapshot,
        subtotalPaise: totals.taxablePaise,
        taxPaise: totals.taxPaise,
        totalPaise: totals.totalPaise,
        reservationExpiresAt: new Date(now.getTime() + deps.reservationMinutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      priced.map(({ line, lineTotalPaise, tax }) => ({
        orderId: order!.id,
        productId: line.productId,
        productName: line.productName,
        itemCode: line.itemCode,
        size: line.size,
        quantity: line.quantity,
        unitPricePaise: line.unitPricePaise,
        mrpPaise: line.mrpPaise,
        gstRateBp: line.gstRateBp,
        lineTotalPaise,
        ...tax,
      })),
    );
    return reply(invoiceId, providerOrder.id, totals.totalPaise);
  });
}

function reply(invoiceId: string, providerOrderId: string, totalPaise: number): CheckoutInvoiceReply {
  return { invoiceId, orderValueId: providerOrderId, amount: paiseToRupees(totalPaise), currency: 'INR' };
}
