/**
 * What happens to an invoice after it is created: settled once when its money arrives (verify or webhook), its hand
 * delivery's slot place then kept for good; or its stock and slot place given back when the payment failed or the
 * 15-minute reservation ran out.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { purchasePaymentStates } from '../../../domain/admin-orders';
import type { Database, Transaction } from '../../db/client';
import { cartItems, carts, orderItems, orders, payments } from '../../db/schema';
import { queueMail, queueMails, queueMailsStatement } from '../mail/mail-queue';
import type { QueuedMail } from '../mail/mail-queue';
import { dueBackNotice, mailOrderColumns, orderMails, orderMailsOf } from './order-mails';
import type { MailContext } from './order-mails';
import { readOrderWithBuyer } from './order-with-buyer';
import { confirmDeliveryBooking, releaseDeliveryBooking } from '../delivery/schedule.service';
import { returnStock, takeStock } from './stock-reservation';
import type { ShopSettings } from '../../../domain/shop-settings';
import { composeInvoiceBody, invoiceBodyColumns, invoiceBodyOf } from '../documents/document-body';
import type { DocumentBody } from '../documents/document-body';
import { issueDocument, issueDocumentCtes } from '../documents/document-issue';
import { cachedSettings, readSettings } from '../settings/settings.service';

type PaymentState = (typeof orders.$inferSelect)['paymentState'];

async function itemsOf(tx: Transaction, orderId: number) {
  return tx.select({ productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId));
}

/** Moves a pending order to failed/expired and gives its stock and slot place back; false when it was no longer pending. */
async function release(tx: Transaction, orderId: number, to: 'failed' | 'expired', now: Date): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({ paymentState: to, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.paymentState, 'pending')))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;
  await returnStock(tx, await itemsOf(tx, orderId));
  await releaseDeliveryBooking(tx, orderId);
  return true;
}

/** The user's newest pending order is marked failed and its stock released; nothing happens when there is none. */
export async function failLatestPendingOrder(db: Database, userId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.paymentState, 'pending')))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1)
      .for('update');
    return order ? release(tx, order.id, 'failed', now) : false;
  });
}

/** Every pending order whose reservation ran out gets its stock back; how many were released. */
export async function releaseExpiredReservations(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentState, 'pending'), lt(orders.reservationExpiresAt, now)));
  let released = 0;
  for (const order of due) {
    if (await db.transaction((tx) => release(tx, order.id, 'expired', now))) released += 1;
  }
  return released;
}

export interface Settlement {
  orderId: number;
  userId: number;
  /** False for a replay: nothing changed, nothing is mailed again. */
  firstTime: boolean;
  paymentState: PaymentState;
  /** A further payment on an order already paid: stored and due back, for the admin to refund. */
  extraPayment?: boolean;
  /** The mails the payment queued (the buyer's confirmation, the shop's notice): to be woken once it has committed. */
  mailIds: number[];
}

type SettlementInput = {
  providerOrderId: string;
  providerPaymentId: string;
  provider: string;
  settledBy: 'verify' | 'webhook' | 'reconciliation';
};

/** A settled order's states: a payment on one of these is a further payment, due back. */
const settledStates: readonly PaymentState[] = purchasePaymentStates;

/**
 * Records the payment and marks the order paid, exactly once: the payments row is unique on the provider's payment id,
 * so a replayed verify or webhook finds it and changes nothing. A payment for an order whose reservation was already
 * released takes the stock again when it can, and is otherwise flagged refund_due for the admin. A second payment on
 * an order already settled is kept and marked due back, never dropped nor taken for the first. The order's mails are
 * queued in the same commit as the payment: a crash can lose neither without the other.
 */
export async function settleOrder(
  db: Database,
  input: SettlementInput,
  context: MailContext,
  now = new Date(),
): Promise<Settlement | undefined> {
  return settleComposed(db, input, await composeSettlement(db, input.providerOrderId, context, now), context, now);
}

/** The order's payment state and buyer, and what its settle writes along if pending: its mails and GST document. */
export interface ComposedSettlement {
  paymentState: string;
  /** The buyer's external id: verify checks the caller against it. */
  buyerExtId: string;
  mails: QueuedMail[];
  document: { body: DocumentBody; settings: ShopSettings } | undefined;
}

/**
 * Composes a pending order's mails and GST document before its settle, which is one statement that queues and issues
 * them only if it pays the order. Both are composed from one read of the order: each statement waits its turn on the
 * embedded database's one connection, and verify is the checkout's longest wait. Undefined when there is no such order.
 */
export async function composeSettlement(
  db: Database,
  providerOrderId: string,
  context: MailContext,
  now: Date,
): Promise<ComposedSettlement | undefined> {
  const order = await readOrderWithBuyer(db, { ...mailOrderColumns, ...invoiceBodyColumns }, { providerOrderId });
  if (!order) return undefined;
  const { paymentState, buyerExtId } = order;
  // A settled order's mails are already queued and its document issued: a replay composes nothing.
  if (paymentState !== 'pending') return { paymentState, buyerExtId, mails: [], document: undefined };
  const settings = await cachedSettings(db, context.shop);
  return { ...orderMailsOf(order, context), document: { body: invoiceBodyOf(order, settings, now), settings } };
}

/** settleOrder's second half, for a caller that looked at the composed settlement first (verify: its buyer). */
export async function settleComposed(
  db: Database,
  input: SettlementInput,
  composed: ComposedSettlement | undefined,
  context: MailContext,
  now: Date,
): Promise<Settlement | undefined> {
  if (!composed) return undefined;
  if (composed.paymentState === 'pending') {
    const settled = await settlePendingOrder(db, input, composed.mails, composed.document, now);
    if (settled !== 'not pending') return settled;
  }
  return settleOrderInTransaction(db, input, context, now);
}

/**
 * The usual case, a pending order's first payment, in one statement: the order locked, the payment recorded, the order
 * marked paid, its mails queued and its bag emptied. One statement, not a transaction of five: on the embedded
 * database a transaction holds the one connection across a thread round trip per statement (docs/performance.md).
 * 'not pending' when the order is paid already (a replay) or was released; settleOrderInTransaction decides those.
 */
async function settlePendingOrder(
  db: Database,
  input: SettlementInput,
  mails: readonly QueuedMail[],
  document: { body: DocumentBody; settings: ShopSettings } | undefined,
  now: Date,
): Promise<Settlement | undefined | 'not pending'> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`with target as (
      select id, user_id, cart_id, payment_state, total_paise from orders
      where provider_order_id = ${input.providerOrderId} limit 1 for update
    ), recorded as (
      insert into payments (order_id, provider, provider_payment_id, amount_paise, settled_by, created_at)
      select id, ${input.provider}, ${input.providerPaymentId}, total_paise, ${input.settledBy}, ${at} from target
      where payment_state = 'pending'
      on conflict (provider_payment_id) do nothing
      returning order_id
    ), paid as (
      update orders set payment_state = 'paid', paid_at = ${at}, updated_at = ${at}
      where id in (select order_id from recorded)
      returning id
    ), queued as (
      ${queueMailsStatement(mails, sql`select 1 from paid`)}
    ), ${document ? sql`${issueDocumentCtes(document.body, document.settings, sql`select id from paid`, now)}, ` : sql``}confirmed as (
      -- The hand delivery's slot place, held since the invoice, is the order's for good.
      update delivery_bookings set state = 'confirmed', updated_at = ${at}
      where order_id in (select id from paid) and state = 'held'
    ), emptied as (
      -- The bag the order was made from: a guest's session bag or the account's (older orders name no bag).
      delete from cart_items
      where exists (select 1 from paid) and cart_id in (
        select cart_id from target where cart_id is not null
        union all
        select carts.id from carts, target where target.cart_id is null and carts.user_id = target.user_id
      )
    )
    select id, user_id, exists (select 1 from paid) as paid, array(select id from queued) as mail_ids from target`);
  const [order] = (result as unknown as { rows: { id: number; user_id: number; paid: boolean; mail_ids: number[] }[] }).rows;
  if (!order) return undefined;
  if (!order.paid) return 'not pending';
  return { orderId: order.id, userId: order.user_id, firstTime: true, paymentState: 'paid', mailIds: order.mail_ids };
}

async function settleOrderInTransaction(
  db: Database,
  input: SettlementInput,
  context: MailContext,
  now: Date,
): Promise<Settlement | undefined> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        userId: orders.userId,
        cartId: orders.cartId,
        paymentState: orders.paymentState,
        totalPaise: orders.totalPaise,
        orderNumber: sql<string>`coalesce(${orders.providerOrderId}, ${orders.invoiceId})`,
      })
      .from(orders)
      .where(eq(orders.providerOrderId, input.providerOrderId))
      .limit(1)
      .for('update');
    if (!order) return undefined;

    const recorded = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        provider: input.provider,
        providerPaymentId: input.providerPaymentId,
        amountPaise: order.totalPaise,
        settledBy: input.settledBy,
        createdAt: now,
      })
      .onConflictDoNothing({ target: payments.providerPaymentId })
      .returning({ id: payments.id });
    if (recorded.length === 0) {
      return { orderId: order.id, userId: order.userId, firstTime: false, paymentState: order.paymentState, mailIds: [] };
    }
    if (settledStates.includes(order.paymentState)) {
      await tx.update(payments).set({ refundState: 'due' }).where(eq(payments.id, recorded[0]!.id));
      // The shop hears of it in the same commit: a replay records no payment, and the key is the payment's, so never twice.
      const notice = dueBackNotice(context, { orderId: order.id, orderNumber: order.orderNumber, providerPaymentId: input.providerPaymentId, amountPaise: order.totalPaise });
      const mailId = await queueMail(tx, notice);
      return { orderId: order.id, userId: order.userId, firstTime: false, paymentState: order.paymentState, extraPayment: true, mailIds: mailId === null ? [] : [mailId] };
    }

    let state: PaymentState = 'paid';
    if (order.paymentState !== 'pending') {
      // The reservation was released: take the stock again, all of it or none (a savepoint undoes a partial take). The
      // slot place is taken again when one is left; when not, the paid order still shows on the florist's board.
      await rebookDeliverySlot(tx, order.id);
      try {
        await tx.transaction(async (inner) => {
          if ((await takeStock(inner, await itemsOf(inner, order.id))).length > 0) throw new StockGone();
        });
      } catch (error) {
        if (!(error instanceof StockGone)) throw error;
        state = 'refund_due';
        await tx.update(payments).set({ refundState: 'due' }).where(eq(payments.id, recorded[0]!.id));
      }
    }
    const paid = tx.update(orders).set({ paymentState: state, paidAt: now, updatedAt: now }).where(eq(orders.id, order.id));
    // The bag the order was made from: a guest's session bag or the account's (older orders name no bag: the account's).
    const bag = order.cartId !== null ? eq(cartItems.cartId, order.cartId) : inArray(cartItems.cartId, tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, order.userId)));
    // One statement (PostgreSQL runs a WITH's update whether or not the rest reads it): one round trip less while the
    // embedded database serves no one else.
    await tx.execute(sql`with paid as (${paid.getSQL()}) ${tx.delete(cartItems).where(bag).getSQL()}`);
    await confirmDeliveryBooking(tx, order.id);
    // A paid order gets its GST document in the commit that pays it; one whose stock was gone is refunded instead.
    if (state === 'paid') {
      const settings = await readSettings(tx, context.shop);
      const body = await composeInvoiceBody(tx, settings, { id: order.id }, now);
      if (body) await issueDocument(tx, body, settings, order.id, now);
    }
    // Composed once paid: a refund_due order's notice says so.
    const mailIds = await queueMails(tx, (await orderMails(tx, context, { id: order.id }))?.mails ?? []);
    return { orderId: order.id, userId: order.userId, firstTime: true, paymentState: state, mailIds };
  });
}

class StockGone extends Error {}

/** A released order's hand delivery takes a place in its slot again, when one is left. */
async function rebookDeliverySlot(tx: Transaction, orderId: number): Promise<void> {
  await tx.execute(sql`select book_delivery_slot(d.order_id, d.slot_id, d.date) from order_deliveries d
    where d.order_id = ${orderId} and d.slot_id is not null
      and not exists (select 1 from delivery_bookings b where b.order_id = d.order_id and b.state <> 'released')`);
}
