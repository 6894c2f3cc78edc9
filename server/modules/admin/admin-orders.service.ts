/**
 * The admin's orders: purchase records in the spec's shape, the status and tracking update (which mails the order's
 * customer when something they can see changed) and the customers who never bought.
 */
import { randomUUID } from 'node:crypto';
import { adminOrderMessages } from '../../../domain/admin-orders';
import type { NeverPurchasedUser, PurchaseRecord, PurchaseStatus, UpdatePurchaseReply } from '../../../domain/admin-orders';
import { trackingLink } from '../../../domain/account';
import { addressFieldsOf } from '../../../domain/address';
import { indiaTime } from '../../../domain/india-time';
import { paiseToRupees } from '../../../domain/money';
import { pagePaths } from '../../../domain/page-paths';
import type { Database } from '../../db/client';
import { Conflict, NotFound } from '../../errors';
import { queueMails } from '../mail/mail-queue';
import type { QueuedMail } from '../mail/mail-queue';
import { composeMail } from '../mail/mail-template';
import type { AddressSnapshot } from '../orders/checkout-bag';
import type { MailContext } from '../orders/order-mails';
import { customersWithoutPurchase, lockPurchase, purchasesWithLines, setPurchaseProgress } from './admin-orders.queries';
import type { PurchaseRow } from './admin-orders.queries';
import { orderCouponOf } from '../coupons/order-coupon';

export interface AdminOrdersDeps {
  db: Database;
  config: MailContext;
  /** Wakes the jobs of mails the update queued (server/jobs/send-mail.job.ts). */
  wakeMails: (ids: number[]) => Promise<void>;
}

const orderNumberOf = (row: Pick<PurchaseRow, 'providerOrderId' | 'invoiceId'>) => row.providerOrderId ?? row.invoiceId;

function toRecord(row: PurchaseRow): PurchaseRecord {
  const address = row.address as AddressSnapshot;
  return {
    id: row.id,
    status: row.status,
    userTrackingUrl: row.trackingUrl,
    paymentState: row.paymentState as PurchaseRecord['paymentState'],
    payments: row.payments.map((payment) => ({
      paymentId: payment.providerPaymentId,
      amount: paiseToRupees(payment.amountPaise),
      refundState: payment.refundState,
    })),
    paymentMethod: row.paymentMethod,
    User: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    UserOrder: {
      id: row.id,
      rpayOrderId: orderNumberOf(row),
      price: paiseToRupees(row.totalPaise),
      createdAt: row.createdAt.toISOString(),
      UserAddress: addressFieldsOf(address),
      gift: row.gift ?? null,
      deliveries: row.deliveries,
      UserOrderItems: row.lines.map((line) => ({
        quantity: line.quantity,
        itemPrice: paiseToRupees(line.unitPricePaise),
        ProductDatum: { productName: line.productName },
      })),
      documents: { invoice: row.invoiceNumber, creditNote: row.creditNoteNumber },
      coupon: orderCouponOf(row),
    },
  };
}

export async function listPurchases(db: Database): Promise<PurchaseRecord[]> {
  return (await purchasesWithLines(db)).map(toRecord);
}

export async function getPurchase(db: Database, id: number): Promise<PurchaseRecord> {
  const [row] = await purchasesWithLines(db, id);
  if (!row) throw new NotFound(adminOrderMessages.notFound);
  return toRecord(row);
}

/**
 * Saves the status and tracking link. When either changed, a mail to the order's own customer (never the e-mail the
 * form sends) is queued with the update: it goes out however the mail server fares, and never undoes the update.
 */
export async function updatePurchase(
  deps: AdminOrdersDeps,
  input: { id: number; status: PurchaseStatus; userTrackingUrl: string },
): Promise<UpdatePurchaseReply> {
  const trackingUrl = input.userTrackingUrl === '' ? null : input.userTrackingUrl;
  const { row, mailIds } = await deps.db.transaction(async (tx) => {
    const before = await lockPurchase(tx, input.id);
    if (!before) throw new NotFound(adminOrderMessages.notFound);
    if (before.status === 'Cancelled') throw new Conflict(adminOrderMessages.cancelledNoUpdate);
    await setPurchaseProgress(tx, input.id, { status: input.status, trackingUrl });
    const [after] = await purchasesWithLines(tx, input.id);
    if (!after) throw new NotFound(adminOrderMessages.notFound);
    const changed = before.status !== input.status || (before.trackingUrl ?? null) !== trackingUrl;
    return { row: after, mailIds: changed ? await queueMails(tx, [progressMail(deps.config, after)]) : [] };
  });
  await deps.wakeMails(mailIds);
  return { message: adminOrderMessages.updated, customerNotified: mailIds.length > 0, purchase: toRecord(row) };
}

/** The customer's notice of a new status or tracking link, in the shop's mail look; each change its own mail. */
export function progressMail({ shop, publicBaseUrl }: MailContext, row: PurchaseRow): QueuedMail {
  const orderNumber = orderNumberOf(row);
  const link = trackingLink(row.trackingUrl);
  const content = composeMail(shop, {
    heading: `Your order is ${row.status === 'created' ? 'being prepared' : row.status.toLowerCase()}${row.firstName ? `, ${row.firstName}` : ''}`,
    paragraphs: [
      `Here is the latest on your order ${orderNumber}.`,
      link.href ? 'Track your parcel with the tracking link below.' : 'We will e-mail you the tracking link as soon as your parcel ships.',
      `Questions? Write to ${shop.email} or call ${shop.phone}.`,
    ],
    details: [
      ['Order number', orderNumber],
      ['Order placed', indiaTime(row.createdAt)],
      ['Status', row.status],
      ['Tracking link', link.href ? { text: link.href, href: link.href } : link.text],
    ],
    links: [
      { text: 'See your order in My Account', href: `${publicBaseUrl}${pagePaths.accountOrders}` },
      { text: `Visit ${shop.name}`, href: `${publicBaseUrl}${pagePaths.home}` },
    ],
  });
  return {
    key: `order:${row.id}:status:${randomUUID()}`,
    kind: 'order_status',
    orderId: row.id,
    to: row.email,
    subject: `Order ${orderNumber}: ${row.status} · ${shop.name}`,
    ...content,
  };
}

export async function listNeverPurchased(db: Database): Promise<NeverPurchasedUser[]> {
  const rows = await customersWithoutPurchase(db);
  return rows.map((row) => ({
    id: row.externalId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    mobileNumber: row.mobileNumber || null,
  }));
}
