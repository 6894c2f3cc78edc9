// @vitest-environment jsdom
// Razorpay's checkout.js behind openPaymentDialog, with a fake `window.Razorpay` and no network: the script is asked
// for once, the dialog opens with the invoice's order in paise, the shop's description, mark and invoice note, the
// reservation as its timeout and the black theme; its handler resolves with the three ids to verify, a failed attempt
// is told and keeps the dialog, closing rejects, and a script that fails to load rejects and is tried again next time.
import './setup-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutInvoiceReply } from '../../domain/payment';
import type { RazorpayOptions, RazorpayPaymentFailure } from '../../src/features/checkout/payment/razorpay-checkout';

const scriptUrl = 'https://checkout.razorpay.com/v1/checkout.js';
const invoice: CheckoutInvoiceReply = { invoiceId: 'inv_9', orderValueId: 'order_Live1234567890', amount: 1249.5, currency: 'INR', paymentTimeoutSeconds: 900 };
const request = {
  key: 'rzp_test_Key123',
  invoice,
  shopName: 'Petals & Stems',
  image: 'https://petals.example.in/checkout-logo.png',
  prefill: { name: 'Asha Raman', email: 'asha@example.in', contact: '9876543210' },
};

let opened: RazorpayOptions[] = [];
/** The `payment.failed` listeners of each opened dialog, in the order opened. */
let failureListeners: ((response: RazorpayPaymentFailure) => void)[] = [];
class FakeRazorpay {
  constructor(readonly options: RazorpayOptions) {}
  on(event: string, listener: (response: RazorpayPaymentFailure) => void) {
    if (event === 'payment.failed') failureListeners.push(listener);
  }
  open() {
    opened.push(this.options);
  }
}

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) => script.src === scriptUrl);

/** What the browser does once checkout.js has arrived: the global exists, then `load` fires. */
function finishLoading(script: HTMLScriptElement) {
  window.Razorpay = FakeRazorpay;
  script.dispatchEvent(new Event('load'));
}

/** A fresh module each time: the loader caches its script for the page's life. */
const freshModule = () => import('../../src/features/checkout/payment/payment-dialog');
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.resetModules();
  opened = [];
  failureListeners = [];
});
afterEach(() => {
  delete window.Razorpay;
  for (const script of scripts()) script.remove();
});

describe("Razorpay's checkout", () => {
  it('opens with the key, the order, the amount in paise and the black theme, and resolves with the handler', async () => {
    const { openPaymentDialog } = await freshModule();
    const payment = openPaymentDialog(request);
    expect(scripts()).toHaveLength(1);
    expect(opened).toEqual([]);
    finishLoading(scripts()[0]!);
    await flush();

    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      key: 'rzp_test_Key123',
      order_id: 'order_Live1234567890',
      amount: 124_950,
      currency: 'INR',
      name: 'Petals & Stems',
      description: 'Petals & Stems order',
      // checkout.js runs on Razorpay's origin: the shop's square PNG mark by its absolute URL (PUBLIC_BASE_URL).
      image: 'https://petals.example.in/checkout-logo.png',
      notes: { invoice_id: 'inv_9' },
      timeout: 900,
      prefill: request.prefill,
      theme: { color: '#000000' },
    });
    opened[0]!.handler({
      razorpay_order_id: 'order_Live1234567890',
      razorpay_payment_id: 'pay_Live0987654321',
      razorpay_signature: 'b'.repeat(64),
      // checkout.js may add fields of its own; payment/verify takes the three only.
      ...({ org_name: 'x' } as object),
    });
    await expect(payment).resolves.toEqual({
      razorpay_order_id: 'order_Live1234567890',
      razorpay_payment_id: 'pay_Live0987654321',
      razorpay_signature: 'b'.repeat(64),
    });
  });

  it('tells a failed attempt and keeps the dialog open; only closing it then rejects', async () => {
    const { openPaymentDialog } = await freshModule();
    const reasons: string[] = [];
    let settled = false;
    const payment = openPaymentDialog({ ...request, onAttemptFailed: (reason) => reasons.push(reason) });
    void payment.then(
      () => (settled = true),
      () => (settled = true),
    );
    finishLoading(scripts()[0]!);
    await flush();
    failureListeners[0]!({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Your payment has been cancelled. Try again or complete the payment later.', reason: 'payment_cancelled' },
    });
    failureListeners[0]!({ error: {} });
    await flush();
    expect(reasons).toEqual([
      'Your payment has been cancelled. Try again or complete the payment later.',
      'Your payment did not go through. Please try again.',
    ]);
    expect(settled).toBe(false);
    opened[0]!.modal.ondismiss();
    await expect(payment).rejects.toThrow('The payment dialog was closed.');
  });

  it('rejects when the shopper closes the dialog', async () => {
    const { openPaymentDialog } = await freshModule();
    const payment = openPaymentDialog(request);
    finishLoading(scripts()[0]!);
    await flush();
    opened[0]!.modal.ondismiss();
    await expect(payment).rejects.toThrow('The payment dialog was closed.');
  });

  it('requests checkout.js only once for any number of payments', async () => {
    const { openPaymentDialog } = await freshModule();
    const first = openPaymentDialog(request);
    const second = openPaymentDialog(request);
    expect(scripts()).toHaveLength(1);
    finishLoading(scripts()[0]!);
    await flush();
    opened[0]!.modal.ondismiss();
    await expect(first).rejects.toThrow();

    const third = openPaymentDialog(request);
    await flush();
    expect(scripts()).toHaveLength(1);
    expect(opened).toHaveLength(3);
    opened[1]!.modal.ondismiss();
    opened[2]!.modal.ondismiss();
    await expect(second).rejects.toThrow();
    await expect(third).rejects.toThrow();
  });

  it('rejects when checkout.js cannot be loaded, and asks for it again next time', async () => {
    const { openPaymentDialog } = await freshModule();
    const payment = openPaymentDialog(request);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(payment).rejects.toThrow('The Razorpay checkout could not be loaded.');
    expect(scripts()).toHaveLength(0);
    expect(opened).toEqual([]);

    const retry = openPaymentDialog(request);
    expect(scripts()).toHaveLength(1);
    finishLoading(scripts()[0]!);
    await flush();
    expect(opened).toHaveLength(1);
    opened[0]!.modal.ondismiss();
    await expect(retry).rejects.toThrow();
  });

  it('never asks Razorpay for anything with the sandbox key', async () => {
    const { openPaymentDialog } = await freshModule();
    // No dialog host is mounted here, so the sandbox dialog rejects at once; what matters is that no script came.
    await expect(openPaymentDialog({ ...request, key: 'rzp_test_sandbox' })).rejects.toThrow();
    expect(scripts()).toHaveLength(0);
  });
});
