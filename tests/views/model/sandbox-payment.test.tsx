// @vitest-environment jsdom
// The sandbox-payment machine's paths walked through the real payment dialog, opened the way a shopper opens it: at
// /checkout, signed in, Place Order (its calls answered at once). The Card or UPI tab chosen, the card or UPI ID
// typed, Pay clicked, and payment/sandbox/pay pays, declines or fails when the path says; or the dialog is closed.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { paymentMessages, sandboxKeyId } from '../../../domain/payment';
import { filterSandboxPaymentField, sandboxPaymentErrors } from '../../../machines/sandbox-payment.selectors';
import { sandboxPaymentMachine } from '../../../machines/sandbox-payment.machine';
import type { SandboxPaymentField } from '../../../machines/sandbox-payment.selectors';
import type { SandboxPaymentContext, SandboxPayOutcome } from '../../../machines/sandbox-payment.machine';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp, signIn } from '../render-app';
import { invoice, oneLineBag, payment, savedAddress, testCard } from './checkout-fixtures';
import { heldNetwork } from './held-network';
import { isBusy, messageOf } from './view-checks';
import { mockApi } from '../page-harness';

const labels: Record<SandboxPaymentField, RegExp> = { cardNumber: /^Card Number/, expiry: /^Expiry/, cvv: /^CVV/, vpa: /^UPI ID/ };
/** The fields the dialog shows for each method. */
const fieldsOf = (method: SandboxPaymentContext['method']): SandboxPaymentField[] =>
  method === 'upi' ? ['vpa'] : ['cardNumber', 'expiry', 'cvv'];
const declined: SandboxPayOutcome = { kind: 'declined', description: paymentMessages.cardDeclined };

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  http.get('*/api/user/u_12/cart', () => HttpResponse.json(oneLineBag)),
  http.get('*/api/getuseraddresses', () => HttpResponse.json([savedAddress])),
  // Place Order's own calls, answered at once: the dialog is what this walk is about.
  http.post('*/api/checkquantitylist', () => HttpResponse.json({ outOfStock: [] })),
  http.post('*/api/user/u_12/checkoutinvoice', () => HttpResponse.json(invoice)),
  http.get('*/api/payment/key', () => HttpResponse.json({ key: sandboxKeyId })),
  network.hold('post', '*/api/payment/sandbox/pay', 'sandboxPay'),
  http.post('*/api/payment/verify', () => HttpResponse.json({ message: paymentMessages.success })),
  http.post('*/api/payment/failed', () => HttpResponse.json({ message: 'released' })),
  // /thankyou and /cart, where the order ends, make their own calls.
  http.all('*/api/*', () => HttpResponse.json({ message: 'Not part of this walk', code: 'NOT_FOUND' }, { status: 404 })),
]);

async function openCardDialog() {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const app = await renderApp('/checkout');
  const placeOrder = await screen.findByRole('button', { name: 'Place Order' }, { timeout: 8000 });
  await screen.findByRole('radio', { name: savedAddress.fullName });
  placeOrder.click();
  await screen.findByRole('dialog');
  const dialog = () => screen.getByRole('dialog');
  return {
    ...app,
    dialog,
    field: (name: SandboxPaymentField) => within(dialog()).getByRole('textbox', { name: labels[name] }) as HTMLInputElement,
    tab: (name: 'Card' | 'UPI') => within(dialog()).getByRole('tab', { name }),
    // "Pay Rs. …", "Paying…" for a card, "Waiting for your UPI app…" for a UPI collect.
    pay: () => within(dialog()).getByRole('button', { name: /^(Pay|Waiting for your UPI app)/ }),
  };
}
type DialogScreen = Awaited<ReturnType<typeof openCardDialog>>;

const contextOf = (snapshot: { context: unknown }) => snapshot.context as SandboxPaymentContext;

describeViewModel<DialogScreen, { orderId: string }>('sandbox-payment machine through the real card dialog at /checkout', {
  machine: sandboxPaymentMachine,
  network,
  situations: [{ name: 'paying order_N1', input: { orderId: invoice.orderValueId } }],
  events: [
    ...(Object.entries(testCard) as [SandboxPaymentField, string][]).map(([field, value]) => ({ type: 'field.change', field, value })),
    { type: 'method.select', method: 'upi' },
    { type: 'method.select', method: 'card' },
    { type: 'field.change', field: 'vpa', value: 'success@razorpay' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.pay', output: { kind: 'paid', payment } satisfies SandboxPayOutcome },
    { type: 'xstate.done.actor.pay', output: declined },
    { type: 'xstate.error.actor.pay', error: { status: 500 } },
    { type: 'dialog.close' },
  ],
  // Only the chosen method's fields are shown; typing what a field already holds sends nothing.
  offers: (snapshot, event) => {
    if (event.type !== 'field.change') return true;
    const field = event.field as SandboxPaymentField;
    const context = contextOf(snapshot);
    return fieldsOf(context.method).includes(field) && filterSandboxPaymentField(field, event.value as string) !== context[field];
  },
  render: () => openCardDialog(),
  perform: {
    'field.change': (page, event) => {
      fireEvent.change(page.field(event.field as SandboxPaymentField), { target: { value: event.value } });
    },
    'method.select': async (page, event, { user }) => {
      await user.click(page.tab(event.method === 'upi' ? 'UPI' : 'Card'));
    },
    'form.submit': async (page, _, { user }) => {
      await user.click(page.pay());
    },
    'xstate.done.actor.pay': (_, event, { network }) => {
      const outcome = event.output as SandboxPayOutcome;
      return network.answer('sandboxPay', () =>
        outcome.kind === 'paid'
          ? HttpResponse.json(outcome.payment)
          : HttpResponse.json(
              { message: outcome.description, code: 'PAYMENT_DECLINED', error: { code: 'BAD_REQUEST_ERROR', description: outcome.description } },
              { status: 402 },
            ),
      );
    },
    'xstate.error.actor.pay': (_, __, { network }) =>
      network.answer('sandboxPay', () => HttpResponse.json({ message: 'Broken', code: 'INTERNAL' }, { status: 500 })),
    'dialog.close': async (page, _, { user }) => {
      await user.click(within(page.dialog()).getByRole('button', { name: 'Close payment' }));
    },
  },
  shows: {
    editing: (page, expected) => {
      const context = contextOf(expected);
      const errors = sandboxPaymentErrors(context);
      expect(page.tab(context.method === 'upi' ? 'UPI' : 'Card').getAttribute('aria-selected')).toBe('true');
      // The other method's fields are not shown.
      for (const name of (Object.keys(labels) as SandboxPaymentField[]).filter((field) => !fieldsOf(context.method).includes(field))) {
        expect(within(page.dialog()).queryByRole('textbox', { name: labels[name] })).toBeNull();
      }
      for (const name of fieldsOf(context.method)) {
        expect(page.field(name).value).toBe(context[name]);
        // A message shows once its field is typed in, or for every field after a refused submit.
        expect(messageOf(page.field(name))).toBe(context.submitted || context[name] !== '' ? errors[name] : undefined);
      }
      // A decline or a failed call stays in the dialog for another card.
      if (context.decline) expect(within(page.dialog()).getByRole('alert').textContent).toBe(context.decline);
      else expect(within(page.dialog()).queryByRole('alert')).toBeNull();
      expect(isBusy(page.pay())).toBe(false);
      expect(within(page.dialog()).getByRole('button', { name: 'Close payment' }).hasAttribute('disabled')).toBe(false);
    },
    paying: (page, expected, { network }) => {
      const { method, cardNumber, expiry, cvv, vpa, orderId } = contextOf(expected);
      expect(isBusy(page.pay())).toBe(true);
      expect(within(page.dialog()).getByRole('button', { name: 'Close payment' }).hasAttribute('disabled')).toBe(true);
      expect(network.waiting('sandboxPay').map((request) => request.body)).toEqual([
        method === 'upi' ? { method, orderId, vpa } : { method, orderId, cardNumber: cardNumber.replace(/\s/g, ''), expiry, cvv },
      ]);
    },
    // Paid: the dialog is gone and the order is verified and done.
    paid: (page) => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(page.router.state.location.pathname).toBe('/thankyou');
    },
    // Closed: the order is given up and the shopper is back at the bag.
    dismissed: (page) => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(page.router.state.location.pathname).toBe('/cart');
    },
  },
});
