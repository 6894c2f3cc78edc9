import { z } from 'zod/mini';
import { orderCoupon } from './coupons';
import { giftMessage } from './gift-message';
import { orderDocumentNumbers } from './document-numbers';
import { orderDeliveries } from './order-delivery';
import { rowIdOf } from './fields';
import { storedUser } from './user';

/**
 * The admin's orders calls (SPEC.md §3 "Purchase record", §7 Admin): purchase records, one record, the status and
 * tracking update, and the customers who never bought. Money on the wire is rupees; dates are ISO 8601.
 */
export const purchaseStatuses = ['created', 'Dispatched', 'Delivered'] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];
/** What an order shows: a status the admin sets, or Cancelled, which only the cancel action sets. */
export const shownOrderStatuses = [...purchaseStatuses, 'Cancelled'] as const;
export type ShownOrderStatus = (typeof shownOrderStatuses)[number];

/**
 * Only orders whose money arrived are purchases. refund_due: owed back (paid after the stock had gone, cancelled, or a
 * refund that failed); refund_pending: asked of the provider; refunded: back with the buyer.
 */
export const purchasePaymentStates = ['paid', 'refund_due', 'refund_pending', 'refunded'] as const;
export type PurchasePaymentState = (typeof purchasePaymentStates)[number];

/** How the admin screens name where an order's money is. */
export const paymentStateLabels: Record<PurchasePaymentState, string> = {
  paid: 'Paid',
  refund_due: 'Refund due',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};

/** A captured payment's way back: null while the shop keeps it. */
export const paymentRefundStates = ['due', 'pending', 'processed', 'failed'] as const;
export type PaymentRefundState = (typeof paymentRefundStates)[number];

export const refundStateLabels: Record<PaymentRefundState, string> = {
  due: 'Due back',
  pending: 'Refund pending',
  processed: 'Refunded',
  failed: 'Refund failed: due back',
};

export const adminOrderMessages = {
  statusInvalid: 'Please select a status: created, Dispatched or Delivered',
  trackingUrlInvalid: 'Please enter a valid tracking URL starting with http:// or https://',
  trackingUrlTooLong: 'Tracking URL should not be more than 500 characters',
  idInvalid: 'id must be a purchase id',
  notFound: 'Purchase not found',
  updated: 'Purchase order updated successfully',
  cancelledNoUpdate: 'This order was cancelled: its status and tracking link can no longer change.',
  refunding: 'Refund asked for: the money goes back to the original payment method within 5 to 7 business days.',
  cancelled: 'Order cancelled: its stock is back on sale and the refund is asked for.',
  nothingDue: 'Nothing is due back on this order.',
  refundUnderWay: "This order's refund is already under way.",
  alreadyRefunded: 'This order has already been refunded.',
  alreadyCancelled: 'This order has already been cancelled.',
  dispatched: 'This order has been dispatched: it can no longer be cancelled.',
  notPaid: 'Only a paid order can be cancelled.',
  providerRefused: 'The payment provider refused the refund. Nothing was refunded; please try again or check its dashboard.',
  providerUnavailable: 'The payment provider did not answer. The refund will be checked again in a few minutes.',
} as const;

export const trackingUrlMax = 500;

const httpUrl = z.url({ protocol: /^https?$/ });

/** Empty (no link yet) or an http(s) URL; surrounding spaces are dropped. */
export const trackingUrl = z
  .string({ error: adminOrderMessages.trackingUrlInvalid })
  .check(
    z.trim(),
    z.maxLength(trackingUrlMax, { error: adminOrderMessages.trackingUrlTooLong }),
    z.refine((value: string) => value === '' || httpUrl.safeParse(value).success, {
      error: adminOrderMessages.trackingUrlInvalid,
    }),
  );

export const purchaseStatus = z.enum(purchaseStatuses, { error: adminOrderMessages.statusInvalid });

export const purchaseId = rowIdOf(adminOrderMessages.idInvalid);

/** The delivery address as it was when the order was placed. */
export const purchaseAddress = z.object({
  fullName: z.string(),
  address: z.string(),
  locality: z.string(),
  landmark: z.string(),
  city: z.string(),
  pincode: z.string(),
  state: z.string(),
  country: z.string(),
  phoneNumber: z.string(),
});

/** What an order carries beside its lines, the same for its buyer (My Account) and for the admin. */
export const orderExtras = {
  /** The gift card; null when the order carries none. */
  gift: z.nullable(giftMessage),
  /** Its deliveries with date, slot, fee and board status; none for an order placed before dated delivery. */
  deliveries: orderDeliveries,
  /** Its GST documents' numbers (issue 41): the invoice or bill of supply, and the credit note; null when none. */
  documents: z.optional(orderDocumentNumbers),
  /** The coupon and the discount it gave (issue 42); null without one. */
  coupon: z.optional(orderCoupon),
};

/** `GET users/purchases/list` item and `GET getSinglePurchase` answer. */
export const purchaseRecord = z.object({
  /** The id the admin's links and `getSinglePurchase?id=` use. */
  id: z.number().check(z.int()),
  status: z.enum(shownOrderStatuses),
  userTrackingUrl: z.nullable(z.string()),
  paymentState: z.enum(purchasePaymentStates),
  /** Every captured payment, oldest first: more than one is a double payment, the later ones due back. */
  payments: z.array(
    z.object({
      /** The provider's payment id (pay_…). */
      paymentId: z.string(),
      /** Rupees. */
      amount: z.number(),
      refundState: z.nullable(z.enum(paymentRefundStates)),
    }),
  ),
  /** How it was paid ("UPI su•••@razorpay", "Card ending 1111"); null when the provider did not say. */
  paymentMethod: z.nullable(z.string()),
  User: z.object({ firstName: z.nullable(z.string()), lastName: z.nullable(z.string()), email: z.string() }),
  UserOrder: z.object({
    id: z.number().check(z.int()),
    /** The order number the customer sees (Orders tab, mails). */
    rpayOrderId: z.string(),
    /** Total in rupees, inclusive of all taxes. */
    price: z.number(),
    createdAt: z.string(),
    UserAddress: purchaseAddress,
    ...orderExtras,
    UserOrderItems: z.array(
      z.object({
        quantity: z.number().check(z.int()),
        /** Unit price in rupees as bought. */
        itemPrice: z.number(),
        ProductDatum: z.object({ productName: z.string() }),
      }),
    ),
  }),
});
export type PurchaseRecord = z.infer<typeof purchaseRecord>;
export const purchaseRecords = z.array(purchaseRecord);

/** `GET getSinglePurchase?id={id}` */
export const purchaseIdQuery = z.object({ id: purchaseId });

/** `POST updatepurchaseorder` — `email` is accepted and ignored: the order's own customer is mailed. */
export const updatePurchaseRequest = z.object({
  id: purchaseId,
  status: purchaseStatus,
  userTrackingUrl: trackingUrl,
  email: z.optional(z.string().check(z.maxLength(320))),
});
export type UpdatePurchaseRequest = z.input<typeof updatePurchaseRequest>;

export const updatePurchaseReply = z.object({
  message: z.string(),
  /** True when the status or tracking link changed and the customer was mailed about it. */
  customerNotified: z.boolean(),
  purchase: purchaseRecord,
});
export type UpdatePurchaseReply = z.infer<typeof updatePurchaseReply>;

type PurchasePayment = PurchaseRecord['payments'][number];
/** Owed back and not with the provider: never asked for, or asked and failed. */
/** A payment the shop owes back: due, or its refund failed. */
export const isDueBack = (payment: Pick<PurchasePayment, 'refundState'>) => payment.refundState === 'due' || payment.refundState === 'failed';
const sumOf = (payments: readonly PurchasePayment[]) => payments.reduce((sum, payment) => sum + payment.amount, 0);

/** `POST refundpurchaseorder` and `POST cancelpurchaseorder`. */
export const purchaseActionRequest = z.object({ id: purchaseId });
export type PurchaseActionRequest = z.infer<typeof purchaseActionRequest>;

/** Money of the order still owed back and not yet asked of the provider (or asked and refused): Refund sends it. */
export const hasRefundDue = (record: Pick<PurchaseRecord, 'payments'>): boolean => record.payments.some(isDueBack);

/** What Refund sends back, in rupees. */
export const amountDueBack = (record: Pick<PurchaseRecord, 'payments'>): number => sumOf(record.payments.filter(isDueBack));

/** What Cancel sends back, in rupees: every payment not refunded or being refunded already. */
export const amountCancelRefunds = (record: Pick<PurchaseRecord, 'payments'>): number =>
  sumOf(record.payments.filter((payment) => payment.refundState !== 'processed' && payment.refundState !== 'pending'));

/** Paid and not dispatched: Cancel gives the stock back and refunds every payment. */
export const isCancellable = (record: { status: string; paymentState: string }): boolean =>
  record.status === 'created' && record.paymentState === 'paid';

/** `GET getuserneverpurchase` item: a customer without a paid order. `id` is the user's external id. */
export const neverPurchasedUser = storedUser;
export type NeverPurchasedUser = z.infer<typeof neverPurchasedUser>;
export const neverPurchasedUsers = z.array(neverPurchasedUser);

/** The purchase's "Paid By", in the list and the detail alike. */
export const paidBy = (record: Pick<PurchaseRecord, 'paymentMethod'>): string => record.paymentMethod ?? 'Not recorded';
