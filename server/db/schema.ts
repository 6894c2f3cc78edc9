/**
 * The shop's data (SPEC.md §3), as a Drizzle pg-core schema. The same schema runs on embedded PGlite and on
 * PostgreSQL. Money is integer paise; GST rates are basis points (250 = 2.5 %).
 */
import { sql } from 'drizzle-orm';
import type { MailKind } from '../../domain/admin-mail';
import type { CouponKind } from '../../domain/coupons';
import { deliveryKinds } from '../../domain/delivery-kind';
import { deliveryStatuses } from '../../domain/order-delivery';
import type { GiftMessage } from '../../domain/gift-message';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** The details a shopper gives at sign-up and checkout. */
export interface AccountDetails {
  firstName: string;
  lastName: string;
  mobileNumber: string;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const userRole = pgEnum('user_role', ['customer', 'admin']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull().unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Stored lower-cased; unique in any case (migration 0008 resolved older clashes). */
    email: text('email').notNull(),
    mobileNumber: text('mobile_number'),
    /** argon2id hash; null for a guest-checkout buyer who has not created a password yet. */
    passwordHash: text('password_hash'),
    role: userRole('role').notNull().default('customer'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // The one above serves lookups; this one refuses the same address in another case, however a row is written.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
  ],
);

/** A guest's session: the id is the guest's bearer secret for its bag (≥ 128 random bits, base64url). */
export const guestSessions = pgTable('guest_sessions', {
  id: text('id').primaryKey(),
  /** The user a guest checkout created for this session, once there is one. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** When the guest proved, with a guest_checkout code, that it owns the linked user's e-mail: it may then buy. */
  checkoutVerifiedAt: timestamp('checkout_verified_at', { withTimezone: true }),
  /**
   * The address a guest typed at checkout, held here until its e-mail code is verified: only then is it added to the
   * linked account, so nobody can plant an address in an account whose e-mail they do not control.
   */
  pendingAddress: jsonb('pending_address'),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Opaque refresh tokens, stored hashed, rotated on every use; a reused one revokes its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestSessionId: text('guest_session_id').references(() => guestSessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId)],
);

export const otpPurpose = pgEnum('otp_purpose', ['sign_up', 'password_reset', 'guest_checkout', 'set_password']);

/** E-mail one-time codes: hashed, 10-minute expiry, single use, burned after 5 wrong tries. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: otpPurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** What the request that asked for the code changes once the code proves the e-mail (a sign-up's new details). */
    details: jsonb('details').$type<AccountDetails>(),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_email_purpose').on(t.email, t.purpose)],
);

/** domain/delivery-kind.ts: by the florist's own people on a chosen date (`hand`), or by courier. */
export const deliveryKindEnum = pgEnum('delivery_kind', deliveryKinds);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** CGST rate (equal to SGST) in basis points; null = no GST (fresh flowers are nil-rated). */
    gstRateBp: integer('gst_rate_bp'),
    /** How this category's products reach the buyer (issue 40), unless a product says otherwise. */
    deliveryKind: deliveryKindEnum('delivery_kind').notNull().default('courier'),
    /** The HSN code its products' document lines carry (issue 41), unless a product says otherwise. */
    hsnCode: text('hsn_code').notNull().default('0603'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`)],
);

export const subCategories = pgTable(
  'sub_categories',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Null when the parent was never set (the admin list shows N/A). */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** Order of the pills and carousels; lower first. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sub_categories_name_unique').on(t.categoryId, sql`lower(${t.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    externalId: text('external_id').notNull().unique(),
    name: text('name').notNull(),
    itemCode: text('item_code').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    sellingPricePaise: integer('selling_price_paise').notNull(),
    description: text('description'),
    note: text('note'),
    shippingDetails: text('shipping_details'),
    /** Units available to sell; reservations take from it atomically, so it never goes below zero. */
    stock: integer('stock').notNull().default(0),
    isRemoved: boolean('is_removed').notNull().default(false),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: integer('sub_category_id')
      .notNull()
      .references(() => subCategories.id),
    /** Overrides the category's delivery kind; null = as its category. */
    deliveryKind: deliveryKindEnum('delivery_kind'),
    /** Overrides the category's HSN code; null = as its category. */
    hsnCode: text('hsn_code'),
    /** Offered beside other products as "Make it special" (issue 42): a cake, chocolates, a vase, a card, a soft toy. */
    isAddon: boolean('is_addon').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('products_item_code_unique').on(sql`lower(${t.itemCode})`),
    index('products_sub_category').on(t.subCategoryId),
    index('products_live_addons').on(t.id).where(sql`${t.isAddon} and not ${t.isRemoved}`),
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
    check('products_prices_not_negative', sql`${t.mrpPaise} >= 0 and ${t.sellingPricePaise} >= 0`),
  ],
);

/** Image bytes, addressed by the SHA-256 of their content; `variant` is 'original' or a width such as 'w640'. */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    contentHash: text('content_hash').notNull(),
    variant: text('variant').notNull().default('original'),
    contentType: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    byteSize: integer('byte_size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('media_hash_variant').on(t.contentHash, t.variant)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    contentHash: text('content_hash').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product').on(t.productId)],
);

export const siteImageSlot = pgEnum('site_image_slot', [
  'topbannerimg',
  'topbannermobileimg',
  'bottombannerimg',
  'bottombannermobileimg',
]);

export const siteImages = pgTable('site_images', {
  slot: siteImageSlot('slot').primaryKey(),
  contentHash: text('content_hash').notNull(),
  updatedAt: updatedAt(),
});

/** One bag per owner: a user or a guest session. */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestSessionId: text('guest_session_id').references(() => guestSessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carts_user_unique').on(t.userId),
    uniqueIndex('carts_guest_unique').on(t.guestSessionId),
    check('carts_one_owner', sql`(${t.userId} is null) <> (${t.guestSessionId} is null)`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    size: text('size').notNull().default('Standard'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_product').on(t.cartId, t.productId),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 10`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    address: text('address').notNull(),
    locality: text('locality').notNull(),
    landmark: text('landmark').notNull(),
    city: text('city').notNull(),
    pincode: text('pincode').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull().default('India'),
    phoneNumber: text('phone_number').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user').on(t.userId)],
);

/** Shown status (SPEC.md §4): created, Dispatched, Delivered; or Cancelled by the admin before dispatch. */
/**
 * The admin's coupon codes (issue 42, domain/coupons.ts): a percent or flat amount off the goods of every line or of
 * some categories' lines, between two India dates (both included), with optional limits. Never deleted: an inactive
 * code is refused as unknown and its orders keep pointing at it.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Upper-case, as couponCode parses what is typed. */
    code: text('code').notNull().unique(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<CouponKind>().notNull(),
    /** The percent off, or whole rupees off. */
    value: integer('value').notNull(),
    minOrderRupees: integer('min_order_rupees').notNull().default(0),
    maxDiscountRupees: integer('max_discount_rupees'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    totalLimit: integer('total_limit'),
    perBuyerLimit: integer('per_buyer_limit'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Empty: every product. */
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('coupons_kind', sql`${t.kind} in ('percent', 'flat')`), check('coupons_dates', sql`${t.validTo} >= ${t.validFrom}`)],
);

export const orderStatus = pgEnum('order_status', ['created', 'Dispatched', 'Delivered', 'Cancelled']);
/**
 * Where the money is: awaiting payment (stock reserved), paid, failed or expired (stock released), refund due (paid
 * after the stock had gone, a cancelled order, or a refund that failed), refund pending at the provider, refunded.
 */
export const paymentState = pgEnum('payment_state', ['pending', 'paid', 'failed', 'expired', 'refund_due', 'refund_pending', 'refunded']);
/** A captured payment's way back: due (not asked yet, or asked and failed), pending at the provider, processed. */
export const refundState = pgEnum('refund_state', ['due', 'pending', 'processed', 'failed']);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The invoice id the browser holds (SPEC.md §3 Checkout invoice: invoiceId). */
    invoiceId: text('invoice_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The provider's order id (order_…), shown as the order number (rpayOrderId). */
    providerOrderId: text('provider_order_id').unique(),
    /** The bag the order was made from (the user's, or a guest session's): emptied when the order is paid. */
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    /** The delivery address as it was when the order was placed. */
    address: jsonb('address').notNull(),
    subtotalPaise: integer('subtotal_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    status: orderStatus('status').notNull().default('created'),
    paymentState: paymentState('payment_state').notNull().default('pending'),
    trackingUrl: text('tracking_url'),
    reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The gift card (domain/gift-message.ts): occasion, message, sender; null when the order carries no card. */
    gift: jsonb('gift').$type<GiftMessage>(),
    /** How it was paid, as the admin reads it ("UPI su•••@razorpay", "Card ending 1111"); null when not known. */
    paymentMethod: text('payment_method'),
    /**
     * Only for orders paid before the mail queue (migration 0013): their two mails were still due. The job queue's
     * start queues them (server/modules/orders/order-mails.ts) and clears this; nothing sets it any more.
     */
    mailsDue: boolean('mails_due').notNull().default(false),
    /** When the reconciliation job last asked the provider about this unpaid order (payment-reconciliation.job.ts). */
    paymentCheckedAt: timestamp('payment_checked_at', { withTimezone: true }),
    /** The coupon used (issue 42), its code as it was, and the discount off the goods; null, null, 0 without one. */
    couponId: integer('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    discountPaise: integer('discount_paise').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user').on(t.userId),
    index('orders_coupon').on(t.couponId).where(sql`${t.couponId} is not null`),
    index('orders_pending_expiry').on(t.paymentState, t.reservationExpiresAt),
    index('orders_mails_due').on(t.paidAt).where(sql`${t.mailsDue}`),
  ],
);

/** A snapshot of each line as bought: name, prices and tax split do not change when the catalogue does. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    itemCode: text('item_code').notNull(),
    size: text('size').notNull().default('Standard'),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    gstRateBp: integer('gst_rate_bp'),
    lineTotalPaise: integer('line_total_paise').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull().default(0),
    sgstPaise: integer('sgst_paise').notNull().default(0),
    igstPaise: integer('igst_paise').notNull().default(0),
    /**
     * The line's share of the order's coupon discount (issue 42). `line_total_paise` stays price × quantity; the
     * taxable value and the tax are those of line_total − discount.
     */
    discountPaise: integer('discount_paise').notNull().default(0),
  },
  (t) => [index('order_items_order').on(t.orderId)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    amountPaise: integer('amount_paise').notNull(),
    /** How it was settled: the browser's verify call, the provider's webhook or the reconciliation job. */
    settledBy: text('settled_by').notNull(),
    /** Null while the money stays with the shop; set once it is owed back (a second payment, a refund, a cancel). */
    refundState: refundState('refund_state'),
    /** The provider's refund id (rfnd_…), once the provider has been asked. */
    providerRefundId: text('provider_refund_id').unique(),
    /** When the refund was last asked for: a pending refund with no id yet is looked up after a while. */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('payments_order').on(t.orderId), index('payments_refund_open').on(t.refundState).where(sql`${t.refundState} in ('due', 'pending')`)],
);

/**
 * The built-in sandbox provider's own side, as Razorpay keeps it on its servers: the orders, payments and refunds it
 * issued (issue 39). Only the sandbox writes it; kept in the shop's database so that the reconciliation job of any
 * instance, before or after a restart, can ask the sandbox about a payment whose verify never arrived.
 */
export const sandboxProviderRecords = pgTable(
  'sandbox_provider_records',
  {
    /** The provider's id: order_…, pay_… or rfnd_…. */
    id: text('id').primaryKey(),
    kind: text('kind').$type<'payment' | 'refund'>().notNull(),
    /** A payment's order id, a refund's payment id; null for an order. */
    parentId: text('parent_id'),
    amountPaise: integer('amount_paise').notNull(),
    /** Razorpay's status of the entity (a payment: captured; a refund: processed). */
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_provider_records_parent').on(t.parentId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
  /** When the admin read it (opened it, replied, or marked it read); null while unread. */
  readAt: timestamp('read_at', { withTimezone: true }),
});

/** The dev outbox: mail kept instead of sent while no SMTP_URL is configured. */
export const outboxMail = pgTable(
  'outbox_mail',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** The files the mail carried (a GST document's PDF), base64, as a mail server would have received them. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_mail_to').on(t.to, t.createdAt)],
);

/** queued → sending → sent; or failed once the mail server refused it for good (the admin may queue it again). */
export const mailStatus = pgEnum('mail_status', ['queued', 'sending', 'sent', 'failed']);

/**
 * The mail queue: one row per mail the shop sends (one-time codes aside, which go out while the caller waits),
 * written in the transaction of what caused it, and sent by its own job (server/jobs/send-mail.job.ts).
 */
export const mails = pgTable(
  'mails',
  {
    id: serial('id').primaryKey(),
    /** Names the mail's cause (`order:12:confirmation`): the same cause never queues a second mail. */
    key: text('key').notNull().unique(),
    /** What the mail is about (domain/admin-mail.ts mailKinds): text, so that a new kind needs no migration. */
    kind: text('kind').$type<MailKind>().notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: mailStatus('status').notNull().default('queued'),
    /** Tries made, each counted as it starts. */
    attempts: integer('attempts').notNull().default(0),
    /** While `sending`: the sender holds the mail until then; past it, the sender is taken for dead. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The mail server's last refusal or the connection's failure, as it said it. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mails_unsent').on(t.createdAt).where(sql`${t.status} in ('queued', 'sending')`),
    index('mails_failed').on(t.updatedAt).where(sql`${t.status} = 'failed'`),
  ],
);

/**
 * Where the shop delivers by hand (issue 40): pincodes and ranges in their canonical spelling ("600001-600130,
 * 603103", domain/service-area.ts), with an extra fee on top of the slot's. Courier delivery needs no area.
 */
export const deliveryAreas = pgTable(
  'delivery_areas',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    pincodes: text('pincodes').notNull(),
    extraFeePaise: integer('extra_fee_paise').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('delivery_areas_name').on(sql`lower(${t.name})`), check('delivery_areas_fee', sql`${t.extraFeePaise} >= 0`)],
);

// Delivery date and slot (issue 40, domain/delivery-schedule.ts): the admin's slots, holidays and courier settings, and
// the places taken in a slot on a date. Times of day are minutes after midnight on India's clock.

export const deliverySlotKind = pgEnum('delivery_slot_kind', ['standard', 'fixed', 'early', 'midnight']);

export const deliverySlots = pgTable(
  'delivery_slots',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: deliverySlotKind('kind').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    feePaise: integer('fee_paise').notNull().default(0),
    /** The cut-off is cutoff_minute on the day cutoff_days_before days before the delivery date. */
    cutoffDaysBefore: integer('cutoff_days_before').notNull().default(0),
    cutoffMinute: integer('cutoff_minute').notNull(),
    /** Deliveries the shop takes in this slot on one day. */
    capacity: integer('capacity').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('delivery_slots_window', sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} < 1440`),
    check('delivery_slots_cutoff', sql`${t.cutoffMinute} >= 0 and ${t.cutoffMinute} < 1440 and ${t.cutoffDaysBefore} >= 0`),
    check('delivery_slots_amounts', sql`${t.feePaise} >= 0 and ${t.capacity} >= 0`),
  ],
);

export const deliveryHolidays = pgTable('delivery_holidays', {
  date: date('date', { mode: 'string' }).primaryKey(),
  note: text('note').notNull().default(''),
});

/** One row (id 1): what courier delivery costs and whether Sundays are off for dispatch. */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer('id').primaryKey().default(1),
    courierFeePaise: integer('courier_fee_paise').notNull().default(0),
    courierSundaysOff: boolean('courier_sundays_off').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [check('delivery_settings_one_row', sql`${t.id} = 1`), check('delivery_settings_fee', sql`${t.courierFeePaise} >= 0`)],
);

/** Places taken in a slot on a date (held and confirmed bookings): the row book_delivery_slot locks and counts on. */
export const deliverySlotDays = pgTable(
  'delivery_slot_days',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => deliverySlots.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.date] }), check('delivery_slot_days_booked', sql`${t.booked} >= 0`)],
);

export const deliveryBookingState = pgEnum('delivery_booking_state', ['held', 'confirmed', 'released']);

/**
 * An order's place in a slot on a date: held with the invoice, confirmed when paid, released when the payment expires
 * or fails (or the order is cancelled). An order has at most one live booking: its hand delivery.
 */
export const deliveryBookings = pgTable(
  'delivery_bookings',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    slotId: integer('slot_id')
      .notNull()
      .references(() => deliverySlots.id),
    date: date('date', { mode: 'string' }).notNull(),
    state: deliveryBookingState('state').notNull().default('held'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('delivery_bookings_live_order').on(t.orderId).where(sql`${t.state} <> 'released'`),
    index('delivery_bookings_slot_date').on(t.slotId, t.date),
  ],
);

/**
 * Where an order's delivery stands on the florist's Deliveries board (issue 40): scheduled until the admin sends it
 * out, then out for delivery, delivered (the buyer is mailed) or attempted (with a note, tried again later).
 */
export const deliveryStatus = pgEnum('delivery_status', deliveryStatuses);

/**
 * An order's deliveries (issue 40, domain/delivery-split.ts): one per delivery kind in its bag, so at most two, written
 * with the order in checkout_invoice's transaction. Hand: the chosen date and slot (its name and window kept as they
 * were when bought); courier: the dispatch date, no slot. The fee is a line of the order, taxed like the goods it
 * delivers (FLORIST-FACTS.md: a composite supply follows its principal supply), its split kept as order_items keep theirs.
 */
export const orderDeliveries = pgTable(
  'order_deliveries',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: deliveryKindEnum('kind').notNull(),
    /** India date: the day of a hand delivery, or the day a courier parcel is dispatched. */
    date: date('date', { mode: 'string' }).notNull(),
    slotId: integer('slot_id').references(() => deliverySlots.id),
    slotName: text('slot_name'),
    /** The slot's window in minutes after midnight, India time; null for courier. */
    windowStartMinute: integer('window_start_minute'),
    windowEndMinute: integer('window_end_minute'),
    /** The slot's fee plus the delivery area's extra fee (hand), or the courier fee; tax included as for the goods. */
    feePaise: integer('fee_paise').notNull().default(0),
    feeGstRateBp: integer('fee_gst_rate_bp'),
    feeTaxablePaise: integer('fee_taxable_paise').notNull().default(0),
    feeCgstPaise: integer('fee_cgst_paise').notNull().default(0),
    feeSgstPaise: integer('fee_sgst_paise').notNull().default(0),
    feeIgstPaise: integer('fee_igst_paise').notNull().default(0),
    status: deliveryStatus('status').notNull().default('scheduled'),
    /** Why an attempt failed ("Recipient not at home"); empty otherwise. */
    statusNote: text('status_note').notNull().default(''),
    statusAt: timestamp('status_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_deliveries_order_kind').on(t.orderId, t.kind),
    index('order_deliveries_date').on(t.date, t.kind),
    check('order_deliveries_fee', sql`${t.feePaise} >= 0 and ${t.feeTaxablePaise} >= 0`),
    check('order_deliveries_slot', sql`(${t.kind} = 'courier') = (${t.slotId} is null)`),
  ],
);

/**
 * The shop's legal details and the accountant's settings (issue 41, domain/shop-settings.ts): one row (id 1), written
 * by the admin's Settings; until then the environment's values stand in (server/modules/settings).
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    tradeName: text('trade_name').notNull(),
    address: text('address').notNull(),
    state: text('state').notNull(),
    gstin: text('gstin').notNull(),
    invoicePrefix: text('invoice_prefix').notNull(),
    creditNotePrefix: text('credit_note_prefix').notNull(),
    signatory: text('signatory').notNull(),
    lowStockThreshold: integer('low_stock_threshold').notNull(),
    giftPlaceOfSupply: text('gift_place_of_supply').$type<'delivery' | 'buyer'>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The last number issued in each document series (invoice: tax invoices and bills of supply; credit_note) and
 * financial year ("26-27"). Taken with `insert … on conflict do update … returning` in the transaction that issues
 * the document: concurrent issuers queue on the row, and a rolled-back issue gives its number back (no gaps).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').$type<'invoice' | 'credit_note'>().notNull(),
    financialYear: text('financial_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/**
 * An order's GST documents as issued (issue 41): the tax invoice or bill of supply when paid, the credit note when
 * cancelled or refunded. `body` is the domain/tax-document.ts TaxDocument without its number, frozen at issue: later
 * changes to the settings or the catalogue never alter an issued document.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').$type<'tax_invoice' | 'bill_of_supply' | 'credit_note'>().notNull(),
    series: text('series').$type<'invoice' | 'credit_note'>().notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    body: jsonb('body').notNull(),
  },
  (t) => [
    uniqueIndex('tax_documents_sequence').on(t.series, t.financialYear, t.sequence),
    // One invoice (or bill of supply) and at most one credit note per order.
    uniqueIndex('tax_documents_order_series').on(t.orderId, t.series),
  ],
);

/**
 * Buyers' reviews (issue 42): one per product per buyer, 1 to 5 stars and an optional text; an edit replaces both and
 * keeps `created_at`. A review the admin hid (`hidden_at`, with its reason) counts nowhere and is listed only to her.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    stars: integer('stars').notNull(),
    text: text('text').notNull().default(''),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason').notNull().default(''),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('product_reviews_product_user').on(t.productId, t.userId),
    index('product_reviews_visible').on(t.productId, t.createdAt.desc(), t.id.desc()).where(sql`${t.hiddenAt} is null`),
    index('product_reviews_user').on(t.userId),
    index('product_reviews_newest').on(t.createdAt.desc(), t.id.desc()),
    check('product_reviews_stars', sql`${t.stars} between 1 and 5`),
    check('product_reviews_text_length', sql`char_length(${t.text}) <= 1000`),
  ],
);

/**
 * Each reviewed product's visible figures (issue 42): how many visible reviews give each number of stars. Rewritten
 * from product_reviews in the transaction of every save, hide or unhide, so the catalogue joins one row per product
 * rather than grouping every review on each load.
 */
export const productRatings = pgTable('product_ratings', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id),
  oneStar: integer('one_star').notNull().default(0),
  twoStars: integer('two_stars').notNull().default(0),
  threeStars: integer('three_stars').notNull().default(0),
  fourStars: integer('four_stars').notNull().default(0),
  fiveStars: integer('five_stars').notNull().default(0),
});
