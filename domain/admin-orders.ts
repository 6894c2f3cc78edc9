import { z } from 'zod/mini';
import { rowIdOf } from './fields';

/**
 * The admin's orders calls (SPEC.md §3 "Purchase record", §7 Admin): purchase records, one record, the status and
 * tracking update, and the customers who never bought. Money on the wire is rupees; dates are ISO 8601.
 */
export const purchaseStatuses = ['created', 'Dispatched', 'Delivered'] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];

/** Only orders whose money arrived are purchases; refund_due ones were paid after their stock had gone. */
export const purchasePaymentStates = ['paid', 'refund_due'] as const;

export const adminOrderMessages = {
  statusInvalid: 'Please select a status: created, Dispatched or Delivered',
  trackingUrlInvalid: 'Please enter a valid tracking URL starting with http:// or https://',
  trackingUrlTooLong: 'Tracking URL should not be more than 500 characters',
  idInvalid: 'id must be a purchase id',
  notFound: 'Purchase not found',
  updated: 'Purchase order updated successfully',
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

const purchaseId = rowIdOf(adminOrderMessages.idInvalid);

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

/** `GET users/purchases/list` item and `GET getSinglePurchase` answer. */
export const purchaseRecord = z.object({
  /** The id the admin's links and `getSinglePurchase?id=` use. */
  id: z.number().check(z.int()),
  status: purchaseStatus,
  userTrackingUrl: z.nullable(z.string()),
  /** refund_due: the payment arrived after the stock had gone, so the money is due back. */
  paymentState: z.enum(purchasePaymentStates),
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

/** `GET getuserneverpurchase` item: a customer without a paid order. `id` is the user's external id. */
export const neverPurchasedUser = z.object({
  id: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.string(),
  mobileNumber: z.nullable(z.string()),
});
export type NeverPurchasedUser = z.infer<typeof neverPurchasedUser>;
export const neverPurchasedUsers = z.array(neverPurchasedUser);

/** The purchase's "Paid By", in the list and the detail alike. */
export const paidBy = (record: Pick<PurchaseRecord, 'paymentMethod'>): string => record.paymentMethod ?? 'Not recorded';
