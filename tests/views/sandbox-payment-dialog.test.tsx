// @vitest-environment jsdom
// The sandbox payment dialog as place-order opens it (openPaymentDialog with the sandbox key), with the real machine and
// API client and payment/sandbox/pay mocked at the HTTP layer like the server: the success card or UPI ID pays, the
// decline card or UPI ID is refused with 402 and stays in the dialog, an invalid card or UPI ID is never sent, and
// closing rejects.
import './setup-dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CheckoutInvoiceReply, VerifyPaymentRequest } from '../../domain/payment';
import { sandboxKeyId } from '../../domain/payment';
import { AppProviders } from '../../src/app/app-providers';
import { openPaymentDialog, PaymentDialogHost } from '../../src/features/checkout/payment/payment-dialog';
import { layoutHandlers } from './catalog-fixtures';
import { mockApi } from './page-harness';

const invoice: CheckoutInvoiceReply = { invoiceId: 'inv_7', orderValueId: 'order_Sandbox12345678', amount: 1250, currency: 'INR', paymentTimeoutSeconds: 900 };
const paid: VerifyPaymentRequest = {
  razorpay_order_id: invoice.orderValueId,
  razorpay_payment_id: 'pay_Sandbox87654321',
  razorpay_signature: 'a'.repeat(64),
};

let requests: unknown[] = [];
/** Holds the next answer until released, to look at the dialog while the card is being paid. */
let hold: Promise<void> | null = null;

const server = mockApi([
  ...layoutHandlers,
  // As server/modules/payments: the success card or UPI ID pays, any other is declined.
  http.post('*/api/payment/sandbox/pay', async ({ request }) => {
    const body = (await request.json()) as { cardNumber?: string; vpa?: string };
    requests.push(body);
    if (hold) await hold;
    if (body.cardNumber === '4111111111111111' || body.vpa === 'success@razorpay') return HttpResponse.json(paid);
    const description = body.vpa ? 'Payment failed. Please try again with another bank account.' : 'Your card was declined.';
    return HttpResponse.json({ message: description, code: 'PAYMENT_DECLINED', error: { code: 'BAD_REQUEST_ERROR', description } }, { status: 402 });
  }),
], () => {
  requests = [];
  hold = null;
});

type Outcome = { status: 'pending' } | { status: 'paid'; payment: VerifyPaymentRequest } | { status: 'rejected'; error: unknown };

/** Renders the host as the checkout page does, then opens the dialog as place-order does. */
async function openDialog() {
  const user = userEvent.setup();
  render(
    <AppProviders>
      <PaymentDialogHost />
    </AppProviders>,
  );
  const outcome: { current: Outcome } = { current: { status: 'pending' } };
  act(() => {
    openPaymentDialog({ key: sandboxKeyId, invoice, shopName: 'Petals & Stems' }).then(
      (payment) => (outcome.current = { status: 'paid', payment }),
      (error: unknown) => (outcome.current = { status: 'rejected', error }),
    );
  });
  const dialog = await screen.findByRole('dialog');
  const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  const typeCard = async (card: string) => {
    await user.clear(field('Card Number'));
    await user.type(field('Card Number'), card);
  };
  return { user, dialog, field, typeCard, outcome };
}

describe('sandbox payment dialog', () => {
  it('pays with the success card after an invalid and a declined one, and hands back the provider ids', async () => {
    const { user, dialog, field, typeCard, outcome } = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Petals & Stems' })).toBeTruthy();
    expect(within(dialog).getByText('Rs. 1,250')).toBeTruthy();
    expect(within(dialog).getByText(/4111 1111 1111 1111 is paid, 4000 0000 0000 0002 is declined/)).toBeTruthy();
    expect(field('Card Number').getAttribute('autocomplete')).toBe('cc-number');
    expect(field('Expiry (MM/YY)').getAttribute('autocomplete')).toBe('cc-exp');
    expect(field('CVV').getAttribute('autocomplete')).toBe('cc-csc');

    // Typing filters: the card grouped by four, the expiry as MM/YY.
    await user.type(field('Card Number'), '4111');
    await user.type(field('Expiry (MM/YY)'), '1230');
    await user.type(field('CVV'), '123');
    expect(field('Card Number').value).toBe('4111');
    expect(field('Expiry (MM/YY)').value).toBe('12/30');
    const pay = within(dialog).getByRole('button', { name: 'Pay Rs. 1,250' });
    await user.click(pay);
    expect(within(dialog).getByText('Please enter a valid card number.')).toBeTruthy();
    expect(requests).toEqual([]);

    await typeCard('4000000000000002');
    expect(field('Card Number').value).toBe('4000 0000 0000 0002');
    await user.click(pay);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Your card was declined.');
    // A decline stays in the dialog: nothing settled, the card kept to correct.
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(outcome.current).toEqual({ status: 'pending' });

    await typeCard('4111 1111 1111 1111');
    await user.click(pay);
    await waitFor(() => expect(outcome.current).toEqual({ status: 'paid', payment: paid }));
    expect(requests).toEqual([
      { method: 'card', orderId: invoice.orderValueId, cardNumber: '4000000000000002', expiry: '12/30', cvv: '123' },
      { method: 'card', orderId: invoice.orderValueId, cardNumber: '4111111111111111', expiry: '12/30', cvv: '123' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('pays by UPI from the UPI tab after a malformed and a declined UPI ID, the card typed before kept', async () => {
    const { user, dialog, field, outcome } = await openDialog();
    await user.type(field('Card Number'), '4111');
    expect(within(dialog).getByRole('tab', { name: 'Card' }).getAttribute('aria-selected')).toBe('true');
    await user.click(within(dialog).getByRole('tab', { name: 'UPI' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Card Number' })).toBeNull();
    expect(within(dialog).getByText(/UPI ID success@razorpay is paid, failure@razorpay is declined/)).toBeTruthy();
    const pay = within(dialog).getByRole('button', { name: 'Pay Rs. 1,250' });

    await user.type(field('UPI ID'), 'asha');
    await user.click(pay);
    expect(within(dialog).getByText('Please enter a valid UPI ID, like name@bank.')).toBeTruthy();
    expect(requests).toEqual([]);

    await user.clear(field('UPI ID'));
    await user.type(field('UPI ID'), 'Failure@Razorpay');
    expect(field('UPI ID').value).toBe('failure@razorpay');
    await user.click(pay);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Payment failed. Please try again with another bank account.');
    expect(outcome.current).toEqual({ status: 'pending' });

    await user.clear(field('UPI ID'));
    await user.type(field('UPI ID'), 'success@razorpay');
    await user.click(pay);
    await waitFor(() => expect(outcome.current).toEqual({ status: 'paid', payment: paid }));
    expect(requests).toEqual([
      { method: 'upi', orderId: invoice.orderValueId, vpa: 'failure@razorpay' },
      { method: 'upi', orderId: invoice.orderValueId, vpa: 'success@razorpay' },
    ]);
  });

  it('keeps the card typed when the shopper looks at UPI and comes back', async () => {
    const { user, dialog, field } = await openDialog();
    await user.type(field('Card Number'), '4111');
    await user.click(within(dialog).getByRole('tab', { name: 'UPI' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Card' }));
    expect(field('Card Number').value).toBe('4111');
  });

  it('rejects when the shopper closes the dialog, and sends nothing', async () => {
    const { user, dialog, outcome } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close payment' }));
    await waitFor(() => expect(outcome.current.status).toBe('rejected'));
    expect((outcome.current as { error: unknown }).error).toBeInstanceOf(Error);
    expect(requests).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cannot be closed while the card is being paid', async () => {
    const { user, field, outcome } = await openDialog();
    await user.type(field('Card Number'), '4111111111111111');
    await user.type(field('Expiry (MM/YY)'), '12/30');
    await user.type(field('CVV'), '123');
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    await user.click(screen.getByRole('button', { name: 'Pay Rs. 1,250' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect((screen.getByRole('button', { name: 'Close payment' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(outcome.current).toEqual({ status: 'pending' });

    release();
    await waitFor(() => expect(outcome.current).toEqual({ status: 'paid', payment: paid }));
    expect(requests).toHaveLength(1);
  });

  it('shows a failed call in the dialog, and Escape then closes it', async () => {
    server.use(http.post('*/api/payment/sandbox/pay', () => HttpResponse.json({ message: 'Boom', code: 'INTERNAL' }, { status: 500 })));
    const { user, dialog, field, outcome } = await openDialog();
    await user.type(field('Card Number'), '4111111111111111');
    await user.type(field('Expiry (MM/YY)'), '12/30');
    await user.type(field('CVV'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Pay Rs. 1,250' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('An error occurred. Please try again.');
    expect(outcome.current).toEqual({ status: 'pending' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(outcome.current.status).toBe('rejected'));
  });

  it('rejects at once when no dialog host is mounted', async () => {
    await expect(openPaymentDialog({ key: sandboxKeyId, invoice, shopName: 'Petals & Stems' })).rejects.toThrow(
      'No payment dialog host is mounted.',
    );
  });
});
