// The card payment dialog behind place-order's `openPaymentDialog`: the sandbox's own dialog when `payment/key` is the
// sandbox key, Razorpay's checkout.js otherwise. Both settle only on a payment (resolve) or when closed (reject).
import { useSyncExternalStore } from 'react';
import type { CheckoutInvoiceReply, VerifyPaymentRequest } from '../../../../domain/payment';
import { sandboxKeyId } from '../../../../domain/payment';
import { openRazorpayCheckout } from './razorpay-checkout';
import type { RazorpayPrefill } from './razorpay-checkout';
import { SandboxPaymentDialog } from './sandbox-payment-dialog';

export type PaymentPrefill = RazorpayPrefill;

export interface PaymentDialogRequest {
  key: string;
  invoice: CheckoutInvoiceReply;
  shopName: string;
  /** Razorpay's dialog only: the shop's square PNG mark, an absolute URL. */
  image?: string | undefined;
  prefill?: PaymentPrefill | undefined;
  /** Razorpay's dialog only: a failed attempt's reason, while the dialog stays open (the sandbox's shows it inside). */
  onAttemptFailed?: ((reason: string) => void) | undefined;
}

interface OpenSandboxDialog {
  /** A new dialog (and machine) per payment, even for the same invoice. */
  id: number;
  invoice: CheckoutInvoiceReply;
  shopName: string;
  settle: (payment: VerifyPaymentRequest | null) => void;
}

// The place-order machine runs outside React, so the open dialog is module state that the host renders.
let open: OpenSandboxDialog | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function show(dialog: OpenSandboxDialog | null): void {
  open = dialog;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    // The host left the page (back button, sign-out) with a dialog open: that is a dismissal. Checked a moment later
    // so that a re-subscription of the same host in one commit does not close it.
    queueMicrotask(() => {
      if (listeners.size === 0) open?.settle(null);
    });
  };
}

const snapshot = () => open;

export class PaymentDismissedError extends Error {
  override name = 'PaymentDismissedError';
}

function openSandboxDialog(invoice: CheckoutInvoiceReply, shopName: string): Promise<VerifyPaymentRequest> {
  // Without a host nobody could pay or close: treated as a dismissal rather than a promise that never settles.
  if (listeners.size === 0) return Promise.reject(new PaymentDismissedError('No payment dialog host is mounted.'));
  return new Promise<VerifyPaymentRequest>((resolve, reject) => {
    // One order at a time: a dialog still open for an earlier call is closed as dismissed.
    open?.settle(null);
    const id = nextId++;
    show({
      id,
      invoice,
      shopName,
      settle: (payment) => {
        if (open?.id === id) show(null);
        if (payment) resolve(payment);
        else reject(new PaymentDismissedError('The payment dialog was closed.'));
      },
    });
  });
}

/**
 * Resolves with the provider's `{ razorpay_order_id, razorpay_payment_id, razorpay_signature }`; rejects when the dialog
 * is closed (or checkout.js cannot be loaded). A declined card keeps the dialog open.
 */
export function openPaymentDialog({ key, invoice, shopName, image, prefill, onAttemptFailed }: PaymentDialogRequest): Promise<VerifyPaymentRequest> {
  if (key === sandboxKeyId) return openSandboxDialog(invoice, shopName);
  return openRazorpayCheckout({ key, invoice, shopName, image, prefill, onAttemptFailed });
}

/** Mounted once by the checkout page: renders the sandbox dialog while one is open. */
export function PaymentDialogHost() {
  const dialog = useSyncExternalStore(subscribe, snapshot, snapshot);
  if (!dialog) return null;
  return (
    <SandboxPaymentDialog
      key={dialog.id}
      orderId={dialog.invoice.orderValueId}
      amount={dialog.invoice.amount}
      shopName={dialog.shopName}
      onSettled={dialog.settle}
    />
  );
}
