// @vitest-environment jsdom
// The place-order machine's paths walked through the real app at /checkout, signed in with a bag and an address:
// Place Order clicked; checkquantitylist, the invoice and payment/key answering when the path says; the sandbox's card
// dialog paid with the test card or closed; payment/verify or payment/failed answering; and the way to /thankyou or
// back to /cart; a verify that got no answer asked again on the machine's clock, "Confirming your payment…" meanwhile.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { checkoutMessages } from '../../../domain/checkout';
import { paymentMessages, sandboxKeyId } from '../../../domain/payment';
import { placeOrderMachine } from '../../../machines/place-order.machine';
import { shortfallLine } from '../../../machines/place-order.selectors';
import type { PlaceOrderContext } from '../../../machines/place-order.machine';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp, signIn } from '../render-app';
import { invoice, oneLineBag, payment, savedAddress, testCard } from './checkout-fixtures';
import { heldNetwork } from './held-network';
import { expectToast, isBusy } from './view-checks';
import { mockApi } from '../page-harness';

const shortfall = { product_name: 'Blush Rose Posy', product_size: 'Standard', Product_available: 0 };
const failure = (status: number) => HttpResponse.json({ message: 'Something broke', code: 'TEST_FAILURE' }, { status });

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  http.get('*/api/user/u_12/cart', () => HttpResponse.json(oneLineBag)),
  http.get('*/api/getuseraddresses', () => HttpResponse.json([savedAddress])),
  network.hold('post', '*/api/checkquantitylist', 'checkquantitylist'),
  network.hold('post', '*/api/user/u_12/checkoutinvoice', 'checkoutinvoice'),
  network.hold('get', '*/api/payment/key', 'paymentKey'),
  network.hold('post', '*/api/payment/sandbox/pay', 'sandboxPay'),
  network.hold('post', '*/api/payment/verify', 'verify'),
  network.hold('post', '*/api/payment/failed', 'failed'),
  // /thankyou and /cart, where the order ends, make their own calls.
  http.all('*/api/*', () => HttpResponse.json({ message: 'Not part of this walk', code: 'NOT_FOUND' }, { status: 404 })),
]);

async function renderCheckout() {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const app = await renderApp('/checkout');
  // Place Order is offered once the address is chosen.
  await screen.findByRole('radio', { name: savedAddress.fullName }, { timeout: 8000 });
  return { ...app, placeOrder: () => screen.getByRole('button', { name: /^(Place Order|Placing order)/ }) };
}
type CheckoutScreen = Awaited<ReturnType<typeof renderCheckout>>;

const dialog = () => screen.getByRole('dialog');

describeViewModel<CheckoutScreen, undefined>('place-order machine through the real app at /checkout', {
  machine: placeOrderMachine,
  network,
  situations: [{ name: 'signed in with a bag and an address', input: undefined }],
  events: [
    { type: 'order.place', addressId: savedAddress.id, bagLines: 1, deliveries: [{ kind: 'courier', date: '2026-12-04', slotId: null }] },
    { type: 'xstate.done.actor.checkStock', output: { outOfStock: [] } },
    { type: 'xstate.done.actor.checkStock', output: { outOfStock: [shortfall] } },
    { type: 'xstate.error.actor.checkStock', error: { status: 500 } },
    { type: 'xstate.done.actor.createInvoice', output: invoice },
    { type: 'xstate.error.actor.createInvoice', error: { status: 500 } },
    { type: 'xstate.done.actor.fetchPaymentKey', output: sandboxKeyId },
    // A 404 is not repeated by the client, so one answer settles the read.
    { type: 'xstate.error.actor.fetchPaymentKey', error: { status: 404 } },
    { type: 'xstate.done.actor.openPaymentDialog', output: payment },
    { type: 'xstate.error.actor.openPaymentDialog', error: { name: 'PaymentDismissedError' } },
    { type: 'xstate.done.actor.verifyPayment', output: { message: paymentMessages.success } },
    { type: 'xstate.done.actor.verifyPayment', output: { message: paymentMessages.verificationFailed } },
    { type: 'xstate.error.actor.verifyPayment', error: { status: 500 } },
    { type: 'xstate.error.actor.verifyPayment', error: { status: 403 } },
    { type: 'xstate.after.verifyRetryBackoff.placeOrder.confirmingPayment' },
    { type: 'xstate.done.actor.reportFailure', output: { message: 'released' } },
    { type: 'xstate.error.actor.reportFailure', error: { status: 500 } },
  ],
  notInView: {
    'placeOrder.idle --order.place--> (self)': 'Place Order shows only once an address is chosen, and is disabled for an empty bag',
  },
  render: () => renderCheckout(),
  perform: {
    'order.place': async (page, _, { user }) => {
      await user.click(page.placeOrder());
    },
    'xstate.done.actor.checkStock': async (_, event, { network }) => {
      const { outOfStock } = event.output as { outOfStock: (typeof shortfall)[] };
      await network.answer('checkquantitylist', () => HttpResponse.json(event.output));
      // One line per short product under the message (the text matcher reads the line breaks as spaces).
      if (outOfStock.length) await expectToast([checkoutMessages.stockShortfall, ...outOfStock.map(shortfallLine)].join(' '));
    },
    'xstate.error.actor.checkStock': (_, __, { network }) => network.answer('checkquantitylist', () => failure(500)),
    'xstate.done.actor.createInvoice': (_, event, { network }) => network.answer('checkoutinvoice', () => HttpResponse.json(event.output)),
    'xstate.error.actor.createInvoice': (_, __, { network }) => network.answer('checkoutinvoice', () => failure(500)),
    'xstate.done.actor.fetchPaymentKey': (_, event, { network }) => network.answer('paymentKey', () => HttpResponse.json({ key: event.output })),
    'xstate.error.actor.fetchPaymentKey': async (_, __, { network }) => {
      await network.answer('paymentKey', () => failure(404));
      await expectToast(paymentMessages.verifyCallFailedAlert);
    },
    // The card dialog settles with a payment: the test card typed and paid in the sandbox's own dialog.
    'xstate.done.actor.openPaymentDialog': async (_, event, { user, network }) => {
      for (const [field, value] of Object.entries(testCard)) {
        fireEvent.change(within(dialog()).getByRole('textbox', { name: new RegExp(`^${{ cardNumber: 'Card Number', expiry: 'Expiry', cvv: 'CVV' }[field]}`) }), {
          target: { value },
        });
      }
      await user.click(within(dialog()).getByRole('button', { name: /^Pay/ }));
      await network.answer('sandboxPay', () => HttpResponse.json(event.output));
    },
    // ... or the shopper closes it.
    'xstate.error.actor.openPaymentDialog': async (_, __, { user }) => {
      await user.click(within(dialog()).getByRole('button', { name: 'Close payment' }));
    },
    'xstate.done.actor.verifyPayment': async (_, event, { network }) => {
      const { message } = event.output as { message: string };
      await network.answer('verify', () =>
        message === paymentMessages.success ? HttpResponse.json({ message }) : HttpResponse.json({ message }, { status: 400 }),
      );
      if (message !== paymentMessages.success) await expectToast(paymentMessages.verificationFailedAlert);
    },
    'xstate.error.actor.verifyPayment': async (_, event, { network }, step) => {
      await network.answer('verify', () => failure((event.error as { status: number }).status));
      // Only the last ask tells the shopper; the earlier ones are repeated.
      if (step.to.matches('idle')) await expectToast(paymentMessages.verifyCallFailedAlert);
    },
    'xstate.done.actor.reportFailure': async (_, event, { network }) => {
      await network.answer('failed', () => HttpResponse.json(event.output));
      await expectToast(paymentMessages.dismissedAlert);
    },
    'xstate.error.actor.reportFailure': async (_, __, { network }) => {
      await network.answer('failed', () => failure(500));
      await expectToast(paymentMessages.dismissedAlert);
    },
  },
  shows: {
    idle: (page) => {
      expect(page.router.state.location.pathname).toBe('/checkout');
      expect(isBusy(page.placeOrder())).toBe(false);
      expect(screen.queryByText(paymentMessages.processingText)).toBeNull();
    },
    checkingStock: (_, __, { network }) => {
      expect(screen.getByText(paymentMessages.processingText)).toBeTruthy();
      expect(network.waiting('checkquantitylist')).toHaveLength(1);
    },
    creatingInvoice: (_, expected, { network }) => {
      expect(screen.getByText(paymentMessages.processingText)).toBeTruthy();
      const { addressId } = expected.context as PlaceOrderContext;
      expect(network.waiting('checkoutinvoice').map((request) => request.body)).toEqual([{ addressId, gift: null, deliveries: [{ kind: 'courier', date: '2026-12-04', slotId: null }], couponCode: null }]);
    },
    fetchingKey: (_, __, { network }) => {
      expect(network.waiting('paymentKey')).toHaveLength(1);
    },
    paying: () => {
      // The black card dialog stands in for the processing screen, for the invoice's amount.
      expect(within(dialog()).getByText('Rs. 1,250')).toBeTruthy();
      expect(screen.queryByText(paymentMessages.processingText)).toBeNull();
    },
    verifying: (_, expected, { network }) => {
      expect(screen.queryByRole('dialog')).toBeNull();
      const { verifyRetries } = expected.context as PlaceOrderContext;
      expect(screen.getByText(verifyRetries > 0 ? paymentMessages.confirmingText : paymentMessages.processingText)).toBeTruthy();
      expect(network.waiting('verify').map((request) => request.body)).toEqual([(expected.context as PlaceOrderContext).payment]);
    },
    confirmingPayment: (_, __, { network }) => {
      expect(screen.getByText(paymentMessages.confirmingText)).toBeTruthy();
      expect(network.waiting('verify')).toHaveLength(0);
    },
    reportingFailure: (_, __, { network }) => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(network.waiting('failed')).toHaveLength(1);
    },
    paid: (page) => {
      expect(page.router.state.location.pathname).toBe('/thankyou');
    },
    leftForCart: (page) => {
      expect(page.router.state.location.pathname).toBe('/cart');
    },
  },
});
