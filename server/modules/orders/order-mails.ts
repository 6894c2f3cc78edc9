/**
 * The mails an order sends, in the shop's mail look: when paid, the buyer's confirmation (or, paid after the stock had
 * gone, the news that the money comes back) and the shop's new-order notice; later the buyer's cancel and refund news.
 */
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

const questions = (shop: ShopConfig) => `Questions? Write to ${shop.email} or call ${shop.phone}.`;

/** Razorpay's normal refunds reach the buyer's bank within 5 to 7 working days. */
const moneyBack = (paise: number) =>
  `We are refunding ${rupees(paise)} in full to your original payment method; it reaches you within 5 to 7 business days.`;

/** Why the buyer hears about their money: the order was cancelled (refund asked for), or a refund was issued. */
export type RefundMailKind = 'cancelled' | 'refunded';

/** The buyer's news of a cancelled order or of money refunded (`amountPaise`: what this refund gave back). */
export async function refundMail(db: Database | Transaction, shop: ShopConfig, orderId: number, kind: RefundMailKind, amountPaise: number): Promise<Mail | undefined> {
  const [order] = await db
    .select({ providerOrderId: orders.providerOrderId, invoiceId: orders.invoiceId, email: users.email, firstName: users.firstName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return undefined;
  const orderNumber = order.providerOrderId ?? order.invoiceId;
  const name = order.firstName ? `, ${order.firstName}` : '';
  const content =
    kind === 'cancelled'
      ? composeMail(shop, {
          heading: `Your order has been cancelled${name}`,
          paragraphs: [`We have cancelled order ${orderNumber}. ${moneyBack(amountPaise)}`, questions(shop)],
          details: [['Order number', orderNumber], ['Refund', rupees(amountPaise)]],
        })
      : composeMail(shop, {
          heading: `Your refund is on its way${name}`,
          paragraphs: [
            `We have refunded ${rupees(amountPaise)} for order ${orderNumber} to your original payment method. ` +
              'Banks usually credit it within 5 to 7 business days.',
            questions(shop),
          ],
          details: [['Order number', orderNumber], ['Refunded', rupees(amountPaise)]],
        });
  const subject = kind === 'cancelled' ? `Order ${orderNumber} cancelled` : `Refund issued for order ${orderNumber}`;
  return { to: order.email, subject: `${subject} · ${shop.name}`, ...content };
}

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

  const stockGone = order.paymentState === 'refund_due';
  const buyer = composeMail(shop, {
    heading: stockGone
      ? `We are sorry${order.firstName ? `, ${order.firstName}` : ''}: your flowers sold out`
      : `Thank you for your order${order.firstName ? `, ${order.firstName}` : ''}!`,
    paragraphs: [
      stockGone
        ? `We received your payment for order ${orderNumber}, but it arrived after your reservation had ended and the ` +
          `flowers sold out meanwhile, so we cannot send them. ${moneyBack(order.totalPaise)}`
        : `We have received your payment for order ${orderNumber}. Your flowers will be delivered within 2 to 5 business days; ` +
          'we will e-mail you the tracking link once it ships.',
      questions(shop),
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
  const subject = stockGone ? `Order ${orderNumber}: sold out, your money comes back` : `Order confirmed: ${orderNumber}`;
  return [
    { to: order.email, subject: `${subject} · ${shop.name}`, ...buyer },
    { to: shop.email, subject: `New order ${orderNumber}`, ...notice },
  ];
}
