// The invoice and payment calls (SPEC.md §7 "Checkout and payment"), shaped like Razorpay's so that the sandbox and
// the real provider share one path; replies parsed with domain/payment.ts, failures are ApiCallErrors.
import { HTTPError } from 'ky';
import {
  checkoutInvoiceReply,
  paymentKeyReply,
  paymentMessageReply,
  sandboxDeclineReply,
  sandboxPayReply,
  verifyPaymentRequest,
} from '../../domain/payment';
import type { CheckoutInvoiceReply, DeliveryChoiceRequest, SandboxPayBody, SandboxPayOutcome, VerifyPaymentRequest } from '../../domain/payment';
import type { GiftMessageRequest } from '../../domain/gift-message';
import { call, toCallError } from './call-error';
import { api } from './client';

/**
 * `POST user/{id}/checkoutinvoice`: reserves the bag's stock and its hand delivery's slot and opens the provider order;
 * the gift card, the delivery choices and the coupon applied (checked again; 409 COUPON_REFUSED says why) go with it.
 */
export function createCheckoutInvoice(
  userExtId: string,
  addressId: number,
  gift: GiftMessageRequest | null = null,
  deliveries: readonly DeliveryChoiceRequest[] = [],
  couponCode: string | null = null,
): Promise<CheckoutInvoiceReply> {
  return call(
    () => api.post(`user/${encodeURIComponent(userExtId)}/checkoutinvoice`, { json: { addressId, gift, deliveries, couponCode } }).json(),
    checkoutInvoiceReply,
  );
}

/** `GET payment/key` */
export async function getPaymentKey(): Promise<string> {
  return (await call(() => api.get('payment/key').json(), paymentKeyReply)).key;
}

/** `POST payment/failed`: the dialog was dismissed; the caller's pending order gives its stock back. */
export async function reportPaymentFailed(): Promise<void> {
  await call(() => api.post('payment/failed', { json: { products: [] } }).json(), paymentMessageReply);
}

/**
 * `POST payment/verify`. A refused signature is an answer, not a failed call: it resolves with the server's message
 * (not 'success'), so only a call that got no usable answer rejects (SPEC.md §8 tells the two apart).
 */
export async function verifyPayment(payment: VerifyPaymentRequest): Promise<{ message: string }> {
  try {
    return paymentMessageReply.parse(await api.post('payment/verify', { json: verifyPaymentRequest.parse(payment) }).json());
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 400) {
      const refusal = paymentMessageReply.safeParse(await error.response.json().catch(() => null));
      if (refusal.success) return refusal.data;
    }
    throw await toCallError(error);
  }
}

/** `POST payment/sandbox/pay`: the sandbox dialog's card or UPI payment. A decline (402) is an outcome; anything else throws. */
export async function sandboxPay(body: SandboxPayBody): Promise<SandboxPayOutcome> {
  try {
    return { kind: 'paid', payment: sandboxPayReply.parse(await api.post('payment/sandbox/pay', { json: body }).json()) };
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 402) {
      const decline = sandboxDeclineReply.safeParse(await error.response.json().catch(() => null));
      if (decline.success) return { kind: 'declined', description: decline.data.error.description };
    }
    throw await toCallError(error);
  }
}
