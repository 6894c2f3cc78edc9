/**
 * The mails an order sends, in the shop's mail look, with links to the order (My Account, the admin's page) and the
 * shop: when paid, the buyer's confirmation (or, paid after the stock had gone, the news that the money comes back)
 * and the shop's new-order notice, queued with the payment (order-lifecycle.ts); later the buyer's cancel and refund news.
 */
import { eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { giftDetails } from '../../../domain/gift-message';
import { taxRows } from '../../../domain/gst';
import { indiaTime } from '../../../domain/india-time';
import { formatRupees, paiseToRupees } from '../../../domain/money';
import { deliveryDetails, deliveryFeeLabel, deliveryText } from '../../../domain/order-delivery';
import type { OrderDelivery } from '../../../domain/order-delivery';
import { pagePaths } from '../../../domain/page-paths';
import type { Config, ShopConfig } from '../../config';
import type { Database, Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { orderItems, orders, users } from '../../db/schema';
import { composeMail } from '../mail/mail-template';
import { queueMails } from '../mail/mail-queue';
import type { QueuedMail } from '../mail/mail-queue';
import type { Mail } from '../mail/mailer';
import type { AddressSnapshot } from './checkout-bag';
import { deliveriesOfOrder } from '../delivery/order-deliveries.queries';
import { readOrderWithBuyer } from './order-with-buyer';
import type { WhichOrder } from './order-with-buyer';

/** What a mail needs of the config: the shop's identity and the address its links start with. */
export type MailContext = Pick<Config, 'shop' | 'publicBaseUrl'>;

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

/**
 * The shop's notice of a further payment on an order already settled (a double payment): kept and due back, to be
 * refunded from the order's page. One per payment (its key names the payment), queued with the flag.
 */
export function dueBackNotice(
  { shop, publicBaseUrl }: MailContext,
  payment: { orderId: number; orderNumber: string; providerPaymentId: string; amountPaise: number },
): QueuedMail {
  const orderPage = `${publicBaseUrl}${pagePaths.purchaseOrder(payment.orderId)}`;
  const content = composeMail(shop, {
    heading: `A second payment on order ${payment.orderNumber}`,
    paragraphs: [
      `Order ${payment.orderNumber} had already been paid when payment ${payment.providerPaymentId} of ` +
        `${rupees(payment.amountPaise)} arrived for it. The order stays as it is; this payment is due back to the buyer: ` +
        'open the order and press Refund to return it.',
    ],
    details: [
      ['Order number', payment.orderNumber],
      ['Payment', payment.providerPaymentId],
      ['Amount due back', rupees(payment.amountPaise)],
    ],
    links: [{ text: 'Open the order to refund it', href: orderPage }],
  });
  return {
    key: `payment:${payment.providerPaymentId}:due_back`,
    kind: 'payment_due_back',
    orderId: payment.orderId,
    to: shop.email,
    subject: `Second payment on order ${payment.orderNumber}: ${rupees(payment.amountPaise)} due back`,
    ...content,
  };
}

/** What the order mail shows of each line. */
const mailItemColumns = {
  productName: orderItems.productName,
  size: orderItems.size,
  quantity: orderItems.quantity,
  lineTotalPaise: orderItems.lineTotalPaise,
  discountPaise: orderItems.discountPaise,
  gstRateBp: orderItems.gstRateBp,
  taxablePaise: orderItems.taxablePaise,
  cgstPaise: orderItems.cgstPaise,
  sgstPaise: orderItems.sgstPaise,
  igstPaise: orderItems.igstPaise,
};
type MailItem = Pick<typeof orderItems.$inferSelect, keyof typeof mailItemColumns>;

/**
 * The order's lines, read with the order in its one statement (the settle's path waits its turn for each statement on
 * the embedded database, docs/performance.md).
 */
const mailItems = jsonRows<MailItem>({
  columns: mailItemColumns,
  from: orderItems,
  where: eq(orderItems.orderId, orders.id),
  orderBy: sql`${orderItems.id}`,
});

/**
 * What the order's mails read of the order and its buyer, in the order's one statement (its lines and deliveries as
 * JSON columns): the settle's path waits its turn for each statement on the embedded database (docs/performance.md),
 * so it reads these with the invoice's (order-lifecycle.ts).
 */
export const mailOrderColumns = {
  id: orders.id,
  providerOrderId: orders.providerOrderId,
  invoiceId: orders.invoiceId,
  address: orders.address,
  gift: orders.gift,
  couponCode: orders.couponCode,
  totalPaise: orders.totalPaise,
  paymentState: orders.paymentState,
  createdAt: orders.createdAt,
  email: users.email,
  firstName: users.firstName,
  buyerExtId: users.externalId,
  items: mailItems,
  deliveries: deliveriesOfOrder(orders.id),
};

/** The order as its mails read it. */
export type MailOrder = SelectResultFields<typeof mailOrderColumns>;

/** The order's mails, with its payment state (which tells the caller whether it is still pending) and its buyer. */
export interface OrderMails {
  paymentState: string;
  buyerExtId: string;
  mails: QueuedMail[];
}

/** The order's two mails as it will be once paid (orderMailsOf); undefined when there is no such order. */
export async function orderMails(db: Database | Transaction, context: MailContext, which: WhichOrder): Promise<OrderMails | undefined> {
  const order = await readOrderWithBuyer(db, mailOrderColumns, which);
  return order && orderMailsOf(order, context);
}

/** The order's two mails as it will be once paid (`paid` unless it is so already: refund_due then says so). */
export function orderMailsOf(order: MailOrder, { shop, publicBaseUrl }: MailContext): OrderMails {
  const { id: orderId, items, deliveries } = order;
  const address = order.address as AddressSnapshot;
  const orderNumber = order.providerOrderId ?? order.invoiceId;

  // Each item with its share of a coupon's discount (the lines then add up to the total) and its own tax rows, on the
  // discounted value, exactly as the checkout table showed them (domain/gst.ts taxRows).
  const itemDetails: [string, string][] = items.flatMap((item): [string, string][] => [
    [`${item.productName} (${item.size}) × ${item.quantity}`, rupees(item.lineTotalPaise)],
    ...(item.discountPaise > 0 ? [[`Coupon ${order.couponCode ?? ''} discount`, `-${rupees(item.discountPaise)}`] as [string, string]] : []),
    ...taxRows(item, item.gstRateBp, address.state).map((row): [string, string] => [row.label, rupees(row.paise)]),
  ]);
  // Each delivery's fee as its own line; its tax follows the goods' rate and joins theirs below.
  const feeDetails = deliveries.map((delivery): [string, string] => [deliveryFeeLabel(delivery), rupees(delivery.feePaise)]);
  const sum = (pick: (item: (typeof items)[number]) => number) => items.reduce((total, item) => total + pick(item), 0);
  const feesOf = (pick: (delivery: (typeof deliveries)[number]) => number) => deliveries.reduce((total, delivery) => total + pick(delivery), 0);
  const taxPaise = sum((i) => i.cgstPaise + i.sgstPaise + i.igstPaise) + feesOf((d) => d.feeTaxPaise);
  const taxDetails: [string, string][] = [
    ['Taxable value', rupees(sum((i) => i.taxablePaise) + feesOf((d) => d.feeTaxablePaise))],
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
  const stockGone = order.paymentState === 'refund_due';
  // A buyer whose flowers sold out is promised no delivery; the shop's notice still shows what was chosen.
  const detailsWith = (promised: boolean): [string, string][] => [
    ['Order number', orderNumber],
    ['Order placed', indiaTime(order.createdAt)],
    ...itemDetails,
    ...feeDetails,
    ...taxDetails,
    ['Total (inclusive of all taxes)', rupees(order.totalPaise)],
    ...(promised ? deliveryDetails(deliveries) : []),
    ['Delivery address', addressLine],
    ...giftDetails(order.gift),
  ];
  const buyer = composeMail(shop, {
    heading: stockGone
      ? `We are sorry${order.firstName ? `, ${order.firstName}` : ''}: your flowers sold out`
      : `Thank you for your order${order.firstName ? `, ${order.firstName}` : ''}!`,
    paragraphs: [
      stockGone
        ? `We received your payment for order ${orderNumber}, but it arrived after your reservation had ended and the ` +
          `flowers sold out meanwhile, so we cannot send them. ${moneyBack(order.totalPaise)}`
        : `We have received your payment for order ${orderNumber}. ${deliveryPromise(deliveries)}`,
      questions(shop),
    ],
    details: detailsWith(!stockGone),
    links: [
      { text: 'See your order in My Account', href: `${publicBaseUrl}${pagePaths.accountOrders}` },
      { text: `Visit ${shop.name}`, href: `${publicBaseUrl}${pagePaths.home}` },
    ],
  });
  const notice = composeMail(shop, {
    heading: `New order ${orderNumber}`,
    paragraphs: [
      `${order.email} paid ${rupees(order.totalPaise)}.` +
        (order.paymentState === 'refund_due' ? ' The stock ran out after the reservation expired: this payment is due a refund.' : ''),
    ],
    details: detailsWith(true),
    links: [{ text: 'Open the order', href: `${publicBaseUrl}${pagePaths.purchaseOrder(orderId)}` }],
  });
  const subject = stockGone ? `Order ${orderNumber}: sold out, your money comes back` : `Order confirmed: ${orderNumber}`;
  return {
    paymentState: order.paymentState,
    buyerExtId: order.buyerExtId,
    mails: [
      { key: `order:${orderId}:confirmation`, kind: 'order_confirmation', orderId, to: order.email, subject: `${subject} · ${shop.name}`, ...buyer },
      { key: `order:${orderId}:notice`, kind: 'order_notice', orderId, to: shop.email, subject: `New order ${orderNumber}`, ...notice },
    ],
  };
}

/** What the confirmation promises: the dated deliveries, or (an order without any) the courier's 2 to 5 days. */
function deliveryPromise(deliveries: readonly OrderDelivery[]): string {
  const tracking = 'we will e-mail you the tracking link once it ships.';
  if (deliveries.length === 0) return `Your flowers will be delivered within 2 to 5 business days; ${tracking}`;
  return deliveries
    .map((delivery) =>
      delivery.kind === 'hand' ? `Hand delivery: ${deliveryText(delivery)}.` : `Courier: ${deliveryText(delivery)}; ${tracking}`,
    )
    .join(' ');
}

/** What the delivered mail needs of a delivery: the board's row. */
export interface DeliveredMailInput {
  deliveryId: number;
  orderId: number;
  orderNumber: string;
  email: string;
  firstName: string | null;
  recipientName: string;
  delivery: Pick<OrderDelivery, 'kind' | 'date' | 'slotName' | 'windowStartMinute' | 'windowEndMinute'>;
}

/** The buyer's news that a delivery arrived; keyed by the delivery, so that it is queued once however often it is marked. */
export function deliveredMail({ shop, publicBaseUrl }: MailContext, input: DeliveredMailInput): QueuedMail {
  const content = composeMail(shop, {
    heading: `Your flowers have been delivered${input.firstName ? `, ${input.firstName}` : ''}`,
    paragraphs: [`We have delivered your order ${input.orderNumber} to ${input.recipientName}. Thank you for choosing ${shop.name}.`, questions(shop)],
    details: [['Order number', input.orderNumber], ...deliveryDetails([input.delivery]), ['Delivered to', input.recipientName]],
    links: [
      { text: 'See your order in My Account', href: `${publicBaseUrl}${pagePaths.accountOrders}` },
      { text: `Visit ${shop.name}`, href: `${publicBaseUrl}${pagePaths.home}` },
    ],
  });
  return {
    key: `delivery:${input.deliveryId}:delivered`,
    kind: 'order_delivered',
    orderId: input.orderId,
    to: input.email,
    subject: `Order ${input.orderNumber} delivered · ${shop.name}`,
    ...content,
  };
}

/**
 * Orders paid before the mail queue (migration 0013) whose mails were still due: each has its two mails queued and its
 * mark cleared in one transaction. The ids queued, for sendQueuedMails.
 */
export async function queueMailsStillDue(db: Database, context: MailContext): Promise<number[]> {
  const due = await db.select({ id: orders.id }).from(orders).where(eq(orders.mailsDue, true)).orderBy(orders.paidAt);
  const queued: number[] = [];
  for (const { id } of due) {
    const ids = await db.transaction(async (tx) => {
      const composed = await orderMails(tx, context, { id });
      await tx.update(orders).set({ mailsDue: false }).where(eq(orders.id, id));
      return composed ? queueMails(tx, composed.mails) : [];
    });
    queued.push(...ids);
  }
  return queued;
}
