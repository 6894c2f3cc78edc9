// Razorpay's own payment dialog (checkout.js), used when the server's provider is razorpay: the script is loaded on
// first use only, so a shop on the sandbox never contacts Razorpay (the server's CSP allows it only then).
import { rupeesToPaise } from '../../../../domain/money';
import type { CheckoutInvoiceReply, VerifyPaymentRequest } from '../../../../domain/payment';
import { checkoutLogoPath } from '../../../../domain/shop';

export const razorpayCheckoutUrl = 'https://checkout.razorpay.com/v1/checkout.js';

/** Fields Razorpay puts into its form ahead of time. */
export interface RazorpayPrefill {
  name?: string | undefined;
  email?: string | undefined;
  contact?: string | undefined;
}

/** The part of checkout.js's options the shop uses (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
export interface RazorpayOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  /** An absolute URL: checkout.js runs on Razorpay's origin. */
  image: string;
  order_id: string;
  prefill?: RazorpayPrefill | undefined;
  /** Kept with the payment at Razorpay: the dashboard and webhooks name our invoice. */
  notes: { invoice_id: string };
  /** Seconds until the dialog gives up: the reservation's length, after which the stock is released anyway. */
  timeout: number;
  theme: { color: string };
  handler: (response: VerifyPaymentRequest) => void;
  modal: { ondismiss: () => void };
}

/** What checkout.js hands `payment.failed` (https://razorpay.com/docs/errors): its dialog stays open for another try. */
export interface RazorpayPaymentFailure {
  error: { code?: string; description?: string; reason?: string; metadata?: { order_id?: string; payment_id?: string } };
}

export interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', listener: (response: RazorpayPaymentFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | undefined;

/** checkout.js, requested once per page load; a failed load is forgotten so that the next order tries again. */
export function loadRazorpayCheckout(): Promise<RazorpayConstructor> {
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = razorpayCheckoutUrl;
    script.async = true;
    const fail = () => {
      script.remove();
      loading = undefined;
      reject(new Error('The Razorpay checkout could not be loaded.'));
    };
    script.addEventListener('load', () => (window.Razorpay ? resolve(window.Razorpay) : fail()));
    script.addEventListener('error', fail);
    document.head.append(script);
  });
  return loading;
}

export interface RazorpayPaymentRequest {
  key: string;
  invoice: CheckoutInvoiceReply;
  shopName: string;
  /** The shop's square PNG mark, absolute (`GET shop`'s logoUrl, from PUBLIC_BASE_URL); this origin's when not known. */
  image?: string | undefined;
  prefill?: RazorpayPrefill | undefined;
  /** A failed attempt's reason, for the page's notice; the dialog stays open for another try. */
  onAttemptFailed?: ((reason: string) => void) | undefined;
}


/** What the page's notice says when checkout.js gives no description. */
const unexplainedFailure = 'Your payment did not go through. Please try again.';

/**
 * Opens Razorpay's dialog for the invoice's provider order. Resolves with the ids and signature to verify; rejects when
 * the shopper closes it. A failed attempt (a declined card, a failed UPI collect) stays inside Razorpay's dialog, which
 * offers another try: its reason goes to `onAttemptFailed`, and the failure is reported only when the dialog is closed.
 */
export async function openRazorpayCheckout({
  key,
  invoice,
  shopName,
  image,
  prefill,
  onAttemptFailed,
}: RazorpayPaymentRequest): Promise<VerifyPaymentRequest> {
  const Razorpay = await loadRazorpayCheckout();
  return new Promise<VerifyPaymentRequest>((resolve, reject) => {
    const checkout = new Razorpay({
      key,
      amount: rupeesToPaise(invoice.amount),
      currency: 'INR',
      name: shopName,
      description: `${shopName} order`,
      // A PNG (Razorpay takes no SVG), shown in a square beside the shop's name.
      image: image ?? new URL(checkoutLogoPath, window.location.origin).href,
      order_id: invoice.orderValueId,
      prefill,
      notes: { invoice_id: invoice.invoiceId },
      timeout: invoice.paymentTimeoutSeconds,
      // SPEC.md §9: the payment dialog is black.
      theme: { color: '#000000' },
      // Only the three fields payment/verify takes, whatever else checkout.js adds.
      handler: ({ razorpay_order_id, razorpay_payment_id, razorpay_signature }) =>
        resolve({ razorpay_order_id, razorpay_payment_id, razorpay_signature }),
      modal: { ondismiss: () => reject(new Error('The payment dialog was closed.')) },
    });
    checkout.on('payment.failed', ({ error }) => onAttemptFailed?.(error.description || unexplainedFailure));
    checkout.open();
  });
}
