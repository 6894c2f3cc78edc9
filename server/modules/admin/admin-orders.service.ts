/**
 * The admin's orders: purchase records in the spec's shape, the status and tracking update (which mails the order's
 * customer when something they can see changed) and the customers who never bought.
 */
import type { FastifyBaseLogger } from 'fastify';
import { adminOrderMessages } from '../../../domain/admin-orders';
import type { NeverPurchasedUser, PurchaseRecord, PurchaseStatus, UpdatePurchaseReply } from '../../../domain/admin-orders';
import { trackingLink } from '../../../domain/account';
import { addressFieldsOf } from '../../../domain/address';
import { paiseToRupees } from '../../../domain/money';
import type { ShopConfig } from '../../config';
import type { Database } from '../../db/client';
import { NotFound } from '../../errors';
import { composeMail } from '../mail/mail-template';
import type { Mail, Mailer } from '../mail/mailer';
import type { AddressSnapshot } from '../orders/invoice.service';
import { customersWithoutPurchase, lockPurchase, purchasesWithLines, setPurchaseProgress } from './admin-orders.queries';
import type { PurchaseRow } from './admin-orders.queries';

export interface AdminOrdersDeps {
  db: Database;
  mailer: Mailer;
  shop: ShopConfig;
  log: FastifyBaseLogger;
}

const orderNumberOf = (row: Pick<PurchaseRow, 'providerOrderId' | 'invoiceId'>) => row.providerOrderId ?? row.invoiceId;

function toRecord(row: PurchaseRow): PurchaseRecord {
  const address = row.address as AddressSnapshot;
  return {
    id: row.id,
    status: row.status,
    userTrackingUrl: row.trackingUrl,
    paymentState: row.paymentState as PurchaseRecord['paymentState'],
    paymentMethod: row.paymentMethod,
    User: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    UserOrder: {
      id: row.id,
      rpayOrderId: orderNumberOf(row),
      price: paiseToRupees(row.totalPaise),
      createdAt: row.createdAt.toISOString(),
      UserAddress: addressFieldsOf(address),
      UserOrderItems: row.lines.map((line) => ({
        quantity: line.quantity,
        itemPrice: paiseToRupees(line.unitPricePaise),
        ProductDatum: { productName: line.productName },
      })),
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
 * Saves the status and tracking link. When either changed, the order's own customer is mailed (never the e-mail the
 * form sends); a mail that fails is logged and reported as not notified, and never undoes the saved update.
 */
export async function updatePurchase(
  deps: AdminOrdersDeps,
  input: { id: number; status: PurchaseStatus; userTrackingUrl: string },
): Promise<UpdatePurchaseReply> {
  const trackingUrl = input.userTrackingUrl === '' ? null : input.userTrackingUrl;
  const changed = await deps.db.transaction(async (tx) => {
    const before = await lockPurchase(tx, input.id);
    if (!before) throw new NotFound(adminOrderMessages.notFound);
    await setPurchaseProgress(tx, input.id, { status: input.status, trackingUrl });
    return before.status !== input.status || (before.trackingUrl ?? null) !== trackingUrl;
  });

  const [row] = await purchasesWithLines(deps.db, input.id);
  if (!row) throw new NotFound(adminOrderMessages.notFound);
  let customerNotified = false;
  if (changed) {
    try {
      await deps.mailer.send(progressMail(deps.shop, row));
      customerNotified = true;
    } catch (error) {
      deps.log.error({ err: error, orderId: row.id }, 'order progress mail failed');
    }
  }
  return { message: adminOrderMessages.updated, customerNotified, purchase: toRecord(row) };
}

/** The customer's notice of a new status or tracking link, in the shop's mail look. */
export function progressMail(shop: ShopConfig, row: PurchaseRow): Mail {
  const orderNumber = orderNumberOf(row);
  const link = trackingLink(row.trackingUrl);
  const content = composeMail(shop, {
    heading: `Your order is ${row.status === 'created' ? 'being prepared' : row.status.toLowerCase()}${row.firstName ? `, ${row.firstName}` : ''}`,
    paragraphs: [
      `Here is the latest on your order ${orderNumber}.`,
      link.href ? `Track your parcel here: ${link.href}` : 'We will e-mail you the tracking link as soon as your parcel ships.',
      `Questions? Write to ${shop.email} or call ${shop.phone}.`,
    ],
    details: [
      ['Order number', orderNumber],
      ['Status', row.status],
      ['Tracking link', link.text],
    ],
  });
  return { to: row.email, subject: `Order ${orderNumber}: ${row.status} · ${shop.name}`, ...content };
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
