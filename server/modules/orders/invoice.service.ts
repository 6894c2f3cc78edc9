/**
 * The checkout invoice (SPEC.md §4 Place Order, §7): priced from the database, stock reserved atomically, items and
 * address snapshotted, then a provider order. A double submit gets the same pending invoice back, never a second.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import { addressFieldsOf } from '../../../domain/address';
import { lineTax, orderTotals } from '../../../domain/gst';
import { paiseToRupees } from '../../../domain/money';
import { paymentMessages } from '../../../domain/payment';
import type { CheckoutInvoiceReply } from '../../../domain/payment';
import type { Database, Transaction } from '../../db/client';
import { addresses, carts, orderItems, orders, users } from '../../db/schema';
import type { cartItems } from '../../db/schema';
import { Conflict, HttpError, NotFound, NotReady } from '../../errors';
import type { PaymentProvider } from '../payments/provider';
import { ProviderError } from '../payments/provider';
import type { Buyer } from '../checkout/buyer-access';
import { takeStock, takeStockUnless } from './stock-reservation';

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

/** A line of the bag, priced from the catalogue as it is now. */
interface BagLine {
  productId: number;
  productName: string;
  itemCode: string;
  size: (typeof cartItems.$inferSelect)['size'];
  quantity: number;
  unitPricePaise: number;
  mrpPaise: number;
  isRemoved: boolean;
  gstRateBp: number | null;
}

/** The lines of the bag lockedBuyer's statement joined, as one JSON array in product id order. */
const bagLines = sql<BagLine[]>`(
  select coalesce(json_agg(json_build_object(
    'productId', p.id, 'productName', p.name, 'itemCode', p.item_code, 'size', line.size, 'quantity', line.quantity,
    'unitPricePaise', p.selling_price_paise, 'mrpPaise', p.mrp_paise, 'isRemoved', p.is_removed, 'gstRateBp', c.gst_rate_bp
  ) order by line.product_id, line.id), '[]'::json)
  from cart_items line
  join products p on p.id = line.product_id
  left join categories c on c.id = p.category_id
  where line.cart_id = ${carts.id})`;

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
 * One statement: the user, locked (one checkout per user at a time, so that a double submit finds the first invoice
 * instead of racing it), with the saved address and the buyer's own bag and its lines — a verified guest pays for the
 * bag of its session, under the account the session is linked to. On the embedded database every statement of this
 * transaction is time no other request can use. What the lock guards (the pending invoices) is read by the next
 * statement, which sees what a checkout that held the lock before committed.
 */
async function lockedBuyer(tx: Transaction, buyer: Buyer, addressId: number) {
  // A user has one bag, and so has a guest session (unique indexes): the join finds one row or none.
  const bagOwner = buyer.kind === 'guest' ? eq(carts.guestSessionId, buyer.sessionId) : eq(carts.userId, users.id);
  const [row] = await tx
    .select({
      userId: users.id,
      locked: sql<unknown>`pg_advisory_xact_lock(${users.id})`,
      address: getTableColumns(addresses),
      cartId: carts.id,
      lines: bagLines,
    })
    .from(users)
    .leftJoin(addresses, and(eq(addresses.id, addressId), eq(addresses.userId, users.id)))
    .leftJoin(carts, bagOwner)
    .where(eq(users.externalId, buyer.userExtId))
    .limit(1);
  if (!row) throw new NotFound('This account no longer exists.');
  if (!row.address) throw new NotFound(paymentMessages.unknownAddress);
  return { userId: row.userId, address: row.address, cartId: row.cartId, lines: row.lines };
}

export async function createCheckoutInvoice(deps: InvoiceDeps, buyer: Buyer, addressId: number): Promise<CheckoutInvoiceReply> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const { userId, address, cartId, lines } = await lockedBuyer(tx, buyer, addressId);
    if (cartId === null || lines.length === 0) throw new Conflict(paymentMessages.emptyBag);
    if (lines.some((line) => line.isRemoved)) throw new Conflict(paymentMessages.removedProduct);

    // Usually there is no pending invoice to compare with, and then the stock is taken in the same statement.
    const pending = tx.select({ id: orders.id }).from(orders).where(pendingFor(userId, address.id, now));
    let short = await takeStockUnless(tx, lines, pending.getSQL());
    if (short === null) {
      const same = await samePendingInvoice(tx, userId, address.id, lineKey(lines), now);
      if (same) return reply(same.invoiceId, same.providerOrderId, same.totalPaise);
      short = await takeStock(tx, lines);
    }
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
    // The order and its items in one statement.
    const newOrder = tx
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
    const items = tx.insert(orderItems).values(
      priced.map(({ line, lineTotalPaise, tax }) => ({
        orderId: sql`(select id from new_order)`,
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
    await tx.execute(sql`with new_order as (${newOrder.getSQL()}) ${items.getSQL()}`);
    return reply(invoiceId, providerOrder.id, totals.totalPaise);
  });
}

function reply(invoiceId: string, providerOrderId: string, totalPaise: number): CheckoutInvoiceReply {
  return { invoiceId, orderValueId: providerOrderId, amount: paiseToRupees(totalPaise), currency: 'INR' };
}
