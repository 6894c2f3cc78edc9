/** The mails a paid order sends: the buyer's confirmation and the shop's new-order notice, in the shop's mail look. */
import { eq } from 'drizzle-orm';
import { taxRows } from '../../../domain/gst';
import { formatRupees, paiseToRupees } from '../../../domain/money';
import type { ShopConfig } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { composeMail } from '../mail/mail-template';
import type { Mail } from '../mail/mailer';
import type { AddressSnapshot } from './invoice.service';

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

export async function orderMails(db: Database | Transaction, shop: ShopConfig, orderId: number): Promise<Mail[]> {
  const [order] = await db
    .select({
      providerOrderId: orders.providerOrderId,
      invoiceId: orders.invoiceId,
      address: orders.address,
      totalPaise: orders.totalPaise,
      paymentState: orders.paymentState,
      email: users.email,
      firstName: users.firstName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return [];
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
  const address = order.address as AddressSnapshot;
  const orderNumber = order.providerOrderId ?? order.invoiceId;

  // Each item with its own tax rows, exactly as the checkout table showed them (domain/gst.ts taxRows).
  const itemDetails: [string, string][] = items.flatMap((item): [string, string][] => [
    [`${item.productName} (${item.size}) × ${item.quantity}`, rupees(item.lineTotalPaise)],
    ...taxRows(item, item.gstRateBp, address.state).map((row): [string, string] => [row.label, rupees(row.paise)]),
  ]);
  const sum = (pick: (item: (typeof items)[number]) => number) => items.reduce((total, item) => total + pick(item), 0);
  const taxPaise = sum((i) => i.cgstPaise + i.sgstPaise + i.igstPaise);
  const taxDetails: [string, string][] = [
    ['Taxable value', rupees(sum((i) => i.taxablePaise))],
    ...(taxPaise > 0 ? [['GST included', rupees(taxPaise)] as [string, string]] : []),
  ];
  const addressLine = [
    address.fullName,
    address.address,
    address.locality,
    address.landmark,
    `${address.city} ${address.pincode}`,
    address.state,
    address.country,
    `Phone ${address.phoneNumber}`,
  ].join(', ');
  const details: [string, string][] = [
    ['Order number', orderNumber],
    ...itemDetails,
    ...taxDetails,
    ['Total (inclusive of all taxes)', rupees(order.totalPaise)],
    ['Delivery address', addressLine],
  ];

  const buyer = composeMail(shop, {
    heading: `Thank you for your order${order.firstName ? `, ${order.firstName}` : ''}!`,
    paragraphs: [
      `We have received your payment for order ${orderNumber}. Your flowers will be delivered within 2 to 5 business days; ` +
        'we will e-mail you the tracking link once it ships.',
      `Questions? Write to ${shop.email} or call ${shop.phone}.`,
    ],
    details,
  });
  const notice = composeMail(shop, {
    heading: `New order ${orderNumber}`,
    paragraphs: [
      `${order.email} paid ${rupees(order.totalPaise)}.` +
        (order.paymentState === 'refund_due' ? ' The stock ran out after the reservation expired: this payment is due a refund.' : ''),
    ],
    details,
  });
  return [
    { to: order.email, subject: `Order confirmed: ${orderNumber} · ${shop.name}`, ...buyer },
    { to: shop.email, subject: `New order ${orderNumber}`, ...notice },
  ];
}
