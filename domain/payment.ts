/**
 * The checkout invoice and payment contracts (SPEC.md §7 "Checkout and payment"), shaped like Razorpay's so that the
 * sandbox and the real provider share one browser and one server code path.
 */
import { z } from 'zod/mini';
import { couponCode, orderCoupon } from './coupons';
import { apiError } from './errors';
import { rowIdOf } from './fields';
import { giftMessageRequest } from './gift-message';
import { deliveryKind, deliveryKinds } from './delivery-kind';
import { deliverySchedule, indiaDateField } from './delivery-schedule';
import { chosenDelivery } from './order-delivery';

export const paymentMessages = {
  verificationFailed: 'Payment verification failed',
  success: 'success',
  emptyBag: 'Your bag is empty.',
  removedProduct: 'A product in your bag is no longer on sale. Please remove it and try again.',
  unknownAddress: 'Please select an address or create an address',
  shortfall: 'Thank you for your interest. Please reduce your order based on the stock level below',
  /** The bag or its prices kept changing while the invoice was being made (a rare race with an admin or another tab). */
  bagChanged: 'Your bag changed while your order was being placed. Please check it and try again.',
  cardDeclined: 'Your card was declined.',
  /** Razorpay's words for a declined UPI collect (reason payment_declined). */
  upiDeclined: 'Payment failed. Please try again with another bank account.',
  vpaInvalid: 'Please enter a valid UPI ID, like name@bank.',
  methodInvalid: 'Please choose card or UPI.',
  /** Browser alerts of SPEC.md §8 "Payment". */
  verificationFailedAlert: 'Payment verification failed. Please try again.',
  verifyCallFailedAlert: 'An error occurred. Please try again.',
  dismissedAlert: 'Payment failed please try again.',
  /** The busy screen while an order is placed (SPEC.md §2 Checkout). */
  processingTitle: 'Please wait',
  processingText: 'Processing Payment...',
  /** While a verify call that got no answer is asked again. */
  confirmingText: 'Confirming your payment…',
} as const;

/** The waits before verify is asked again after a call that got no answer, in ms; then the shopper is told. */
export const verifyRetryDelays = [1000, 2000, 4000] as const;

/** How long an unpaid invoice holds its stock. */
export const reservationMinutes = 15;

/** The key `payment/key` answers while the built-in sandbox is the provider: the browser then opens its own dialog. */
export const sandboxKeyId = 'rzp_test_sandbox';

/** The sandbox's test cards (Razorpay's own test numbers). */
export const sandboxCards = { success: '4111111111111111', declined: '4000000000000002' } as const;

/** The sandbox's test UPI IDs (Razorpay's own: https://razorpay.com/docs/payments/payments/test-upi-details). */
export const sandboxUpiIds = { success: 'success@razorpay', declined: 'failure@razorpay' } as const;

/** The ways the sandbox dialog pays, as Razorpay names them in a payment's `method`. */
export const sandboxPayMethods = ['card', 'upi'] as const;
export type SandboxPayMethod = (typeof sandboxPayMethods)[number];

/** A UPI ID (VPA), `name@handle`: NPCI allows letters, digits, dot, dash and underscore before the @, letters after. */
export const vpaPattern = /^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/;

/** What the server says about a checkout's delivery choices (issue 40). */
export const deliveryChoiceMessages = {
  invalid: 'Each delivery must be an object with kind (hand or courier), date and slotId',
  date: 'The delivery date must be a date such as 2026-12-25',
  slotId: 'slotId must be a delivery slot id, or null for courier',
  tooMany: 'An order has at most two deliveries: one by hand and one by courier',
  missing: (title: string) => `Please choose a delivery date for ${title.charAt(0).toLowerCase()}${title.slice(1)}.`,
  notNeeded: (title: string) => `Your bag has nothing for ${title.charAt(0).toLowerCase()}${title.slice(1)}. Please choose again.`,
  twice: 'Please choose one delivery date for each delivery.',
  /** The checkout page's Place Order before every delivery has its date (and slot). */
  choose: 'Please choose a delivery date (and a slot for fresh flowers) for each delivery.',
  notReached: (pincode: string) =>
    `We do not deliver fresh flowers by hand to ${pincode} yet. Please choose another address, or remove the fresh flowers from your bag.`,
} as const;

/** A delivery's date (India) and, for hand delivery, slot, as the checkout's picker chose them. */
export const deliveryChoiceRequest = z.object(
  {
    kind: deliveryKind,
    date: indiaDateField(deliveryChoiceMessages.date),
    slotId: z.nullable(rowIdOf(deliveryChoiceMessages.slotId)),
  },
  { error: deliveryChoiceMessages.invalid },
);
export type DeliveryChoiceRequest = z.infer<typeof deliveryChoiceRequest>;

/** `POST user/{id}/checkoutinvoice` */
export const checkoutInvoiceRequest = z.object({
  addressId: rowIdOf('addressId must be an address id'),
  /** The gift card (domain/gift-message.ts); absent or null: no card. */
  gift: z.optional(z.nullable(giftMessageRequest)),
  /** A coupon code (domain/coupons.ts), checked again under its lock; refused with 409 COUPON_REFUSED and the reason. */
  couponCode: z.optional(z.nullable(couponCode)),
  /** One choice per delivery kind the bag needs (domain/delivery-split.ts); checked on the server's clock. */
  deliveries: z.optional(
    z.array(deliveryChoiceRequest, { error: deliveryChoiceMessages.invalid }).check(
      z.maxLength(deliveryKinds.length, { error: deliveryChoiceMessages.tooMany }),
    ),
  ),
});
/**
 * A refused invoice (409). A delivery choice gone stale (DELIVERY_STALE: cut-off passed, holiday, slot full or no longer
 * offered) comes with the fresh schedules of the bag's deliveries, for the pickers to show again.
 */
export const checkoutInvoiceRefusal = z.extend(apiError, { schedules: z.optional(z.array(deliverySchedule)) });
export type CheckoutInvoiceRefusal = z.infer<typeof checkoutInvoiceRefusal>;
export const checkoutInvoiceReply = z.object({
  invoiceId: z.string(),
  /** The provider's order id (order_…), opened by the payment dialog. */
  orderValueId: z.string(),
  /** Rupees. */
  amount: z.number(),
  currency: z.literal('INR'),
  /** How long the payment dialog stays open: the reservation's length, after which the stock is released anyway. */
  paymentTimeoutSeconds: z.number().check(z.int(), z.positive()),
  /** The order's deliveries as priced (issue 40): the thank-you page repeats them. */
  deliveries: z.optional(z.array(chosenDelivery)),
  /** The coupon applied and its discount (issue 42); `amount` is already the discounted total. */
  coupon: z.optional(orderCoupon),
});
export type CheckoutInvoiceReply = z.infer<typeof checkoutInvoiceReply>;

/** `GET payment/key` */
export const paymentKeyReply = z.object({ key: z.string() });

/** `POST payment/failed`: the browser sends its bag lines; the server only uses who is calling. */
export const paymentFailedRequest = z.looseObject({ products: z.optional(z.array(z.unknown()).check(z.maxLength(100))) });

const providerId = (prefix: string) =>
  z
    .string({ error: `${prefix} id is required` })
    .check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_]+$/, { error: `${prefix} id is not valid` }));

/** `POST payment/verify`: what the payment dialog hands back on success. */
export const verifyPaymentRequest = z.object({
  razorpay_order_id: providerId('Order'),
  razorpay_payment_id: providerId('Payment'),
  razorpay_signature: z.string().check(z.minLength(1), z.maxLength(256)),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequest>;
export const paymentMessageReply = z.object({ message: z.string() });

const sandboxCardPayRequest = z.object({
  /** Absent in callers from before UPI: a card. */
  method: z.optional(z.literal('card')),
  orderId: providerId('Order'),
  cardNumber: z.pipe(
    z.pipe(z.string(), z.transform((v: string) => v.replace(/[\s-]/g, ''))),
    z.string().check(z.regex(/^\d{12,19}$/, { error: 'Please enter a valid card number.' })),
  ),
  expiry: z
    .string()
    .check(z.regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, { error: 'Please enter the expiry as MM/YY.' })),
  cvv: z.string().check(z.regex(/^\d{3,4}$/, { error: 'Please enter a valid CVV.' })),
});
const sandboxUpiPayRequest = z.object({
  method: z.literal('upi'),
  orderId: providerId('Order'),
  /** UPI IDs are not case-sensitive: kept as the bank reads them. */
  vpa: z.pipe(
    z.pipe(z.string({ error: paymentMessages.vpaInvalid }), z.transform((v: string) => v.trim().toLowerCase())),
    z.string().check(z.regex(vpaPattern, { error: paymentMessages.vpaInvalid })),
  ),
});
/** `POST payment/sandbox/pay` (sandbox provider only): a card, or a UPI collect from a VPA. */
export const sandboxPayRequest = z.discriminatedUnion('method', [sandboxCardPayRequest, sandboxUpiPayRequest], {
  error: paymentMessages.methodInvalid,
});
export type SandboxPayBody = z.output<typeof sandboxPayRequest>;
/** What payment/sandbox/pay answers the dialog: a decline (402) is an outcome it shows, not a failed call. */
export type SandboxPayOutcome = { kind: 'paid'; payment: VerifyPaymentRequest } | { kind: 'declined'; description: string };
/** The sandbox dialog's forms: the pay request without the order, which the dialog knows, or the method, its tab. */
export const sandboxCardFields = z.omit(sandboxCardPayRequest, { orderId: true, method: true });
export const sandboxUpiFields = z.omit(sandboxUpiPayRequest, { orderId: true, method: true });
export const sandboxPayReply = verifyPaymentRequest;
/** A declined card (402): a refusal like any other (`message`, `code`), carrying Razorpay's own `error` object too. */
export const sandboxDeclineReply = z.extend(apiError, { error: z.object({ code: z.string(), description: z.string() }) });

/** How an order was paid, as the admin reads it: "Card ending 1111", "UPI su•••@razorpay", or Razorpay's method name. */
export type PaymentMethodDetails =
  | { method: 'card'; last4: string | null }
  | { method: 'upi'; vpa: string | null }
  | { method: string };

/** The VPA with its name hidden but for two characters: enough to tell two of a buyer's IDs apart. */
export function maskVpa(vpa: string): string {
  const at = vpa.lastIndexOf('@');
  return `${vpa.slice(0, Math.min(2, at))}•••${vpa.slice(at)}`;
}

export function paymentMethodLabel(details: PaymentMethodDetails): string {
  if (details.method === 'card' && 'last4' in details) return details.last4 ? `Card ending ${details.last4}` : 'Card';
  if (details.method === 'upi' && 'vpa' in details) return details.vpa ? `UPI ${maskVpa(details.vpa)}` : 'UPI';
  const words: Record<string, string> = { card: 'Card', upi: 'UPI', netbanking: 'Netbanking', wallet: 'Wallet', emi: 'EMI' };
  return words[details.method] ?? details.method;
}
