// The sandbox payment dialog's machine, model-based: every state and transition walked with a fake payment call,
// checking that only a valid card or UPI ID is charged (spaces dropped, once per click, by the method shown), that a
// decline or a failed call stays in the dialog with its message, and that the dialog ends only paid (with the
// provider's ids) or dismissed.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyEventObject, EventFrom, SnapshotFrom } from 'xstate';
import { filterSandboxPaymentField, sandboxPaymentErrors } from '../../machines/sandbox-payment.selectors';
import { sandboxPaymentMachine } from '../../machines/sandbox-payment.machine';
import type { SandboxPaymentField } from '../../machines/sandbox-payment.selectors';
import type { SandboxPayBody, SandboxPayOutcome } from '../../machines/sandbox-payment.machine';
import type { VerifyPaymentRequest } from '../../domain/payment';
import { machineCoverage } from './machine-graph';
import { walkModel } from './machine-test-kit';

type PaymentSnapshot = SnapshotFrom<typeof sandboxPaymentMachine>;
type ModelEvent = EventFrom<typeof sandboxPaymentMachine>;

const orderId = 'order_ABC123';
const payment: VerifyPaymentRequest = { razorpay_order_id: orderId, razorpay_payment_id: 'pay_XYZ789', razorpay_signature: 'f00d' };
const texts = {
  declined: 'Your card was declined.',
  callFailed: 'An error occurred. Please try again.',
  cardNumber: 'Please enter a valid card number.',
  expiry: 'Please enter the expiry as MM/YY.',
  cvv: 'Please enter a valid CVV.',
  vpa: 'Please enter a valid UPI ID, like name@bank.',
  upiDeclined: 'Payment failed. Please try again with another bank account.',
};
const cardFields: string[] = ['cardNumber', 'expiry', 'cvv'];

// A small alphabet keeps the state space finite: the card is empty, too short, or whole (typed with dashes and a
// stray letter the filter drops); expiry and CVV are empty or valid; the UPI ID empty, without a handle, or whole
// (typed with spaces and capitals the filter drops).
const modelEvents = [
  { type: 'method.select', method: 'upi' },
  { type: 'method.select', method: 'card' },
  { type: 'field.change', field: 'vpa', value: ' Success@Razorpay' },
  { type: 'field.change', field: 'vpa', value: 'success' },
  { type: 'field.change', field: 'cardNumber', value: '4111-1111 1111 1111x' },
  { type: 'field.change', field: 'cardNumber', value: '4111' },
  { type: 'field.change', field: 'expiry', value: '12/30' },
  { type: 'field.change', field: 'cvv', value: '123' },
  { type: 'form.submit' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.pay', output: { kind: 'paid', payment } },
  { type: 'xstate.done.actor.pay', output: { kind: 'declined', description: texts.declined } },
  { type: 'xstate.error.actor.pay', error: new TypeError('Failed to fetch') },
] as unknown as ModelEvent[];

/** A live actor with a fake payment call, recording the requests a server would receive. */
function harness() {
  const requests: SandboxPayBody[] = [];
  let pending: { resolve: (value: SandboxPayOutcome) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    sandboxPaymentMachine.provide({
      actors: {
        pay: fromPromise<SandboxPayOutcome, SandboxPayBody>(({ input }) => {
          requests.push(input);
          return new Promise((resolve, reject) => {
            pending = { resolve, reject };
          });
        }),
      },
    }),
    { input: { orderId }, inspect: coverage.inspect },
  );
  actor.start();
  return {
    actor,
    requests,
    settle: async (event: AnyEventObject) => {
      if (!pending) throw new Error('no payment in flight');
      if (event.type.startsWith('xstate.done')) pending.resolve(event.output as SandboxPayOutcome);
      else pending.reject(event.error);
      pending = undefined;
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const coverage = machineCoverage();

// The dialog shows one method's fields at a time: only those are typed into.
const shown = (snapshot: PaymentSnapshot, event: ModelEvent) =>
  event.type !== 'field.change' || (event.field === 'vpa') === (snapshot.context.method === 'upi');
const eventsFor = (snapshot: PaymentSnapshot) => modelEvents.filter((event) => snapshot.can(event) && shown(snapshot, event));

walkModel('sandbox-payment machine (model-based)', {
  machine: sandboxPaymentMachine,
  coverage,
  events: eventsFor,
  input: { orderId },
  morePathsThan: 10,
  harness,
  state: (actual) => {
    // One charge per click, and no way out of the dialog while the provider answers.
    if (actual.matches('paying')) {
      expect(actual.can({ type: 'form.submit' })).toBe(false);
      expect(actual.can({ type: 'dialog.close' })).toBe(false);
      expect(actual.can({ type: 'field.change', field: 'cvv', value: '999' })).toBe(false);
    }
  },
  steps: (h) => ({
    'field.change': ({ event }) => {
      const change = event as Extract<ModelEvent, { type: 'field.change' }>;
      h.actor.send(change);
      expect(h.actor.getSnapshot().context[change.field]).toBe(filterSandboxPaymentField(change.field, change.value));
    },
    'method.select': ({ event }) => {
      const { method } = event as Extract<ModelEvent, { type: 'method.select' }>;
      const before = h.actor.getSnapshot().context;
      h.actor.send({ type: 'method.select', method });
      const after = h.actor.getSnapshot().context;
      expect(after.method).toBe(method);
      // What was typed for either method is kept; a new form's messages wait for its own submit.
      expect([after.cardNumber, after.vpa]).toEqual([before.cardNumber, before.vpa]);
      expect([after.submitted, after.decline]).toEqual([false, null]);
    },
    'form.submit': () => {
      const before = h.requests.length;
      const { method, cardNumber, expiry, cvv, vpa } = h.actor.getSnapshot().context;
      h.actor.send({ type: 'form.submit' });
      const after = h.actor.getSnapshot();
      expect(after.context.submitted).toBe(true);
      if (after.matches('paying')) {
        // The server reads the card number without its spaces, and only the shown method's fields.
        expect(h.requests.slice(before)).toEqual([
          method === 'upi'
            ? { method, orderId, vpa }
            : { method, orderId, cardNumber: cardNumber.replace(/ /g, ''), expiry, cvv },
        ]);
        expect(after.context.decline).toBeNull();
      } else {
        // An invalid card is never sent; the fields say why.
        expect(h.requests.length).toBe(before);
        const invalid = Object.keys(sandboxPaymentErrors(after.context));
        expect(invalid.length).toBeGreaterThan(0);
        expect(invalid.every((field) => cardFields.includes(field) === (method === 'card'))).toBe(true);
      }
    },
    'dialog.close': () => {
      h.actor.send({ type: 'dialog.close' });
      expect(h.actor.getSnapshot().status).toBe('done');
      expect(h.actor.getSnapshot().output).toBeNull();
    },
    'xstate.done.actor.pay': async ({ event }) => {
      const outcome = event.output as SandboxPayOutcome;
      await h.settle(event);
      const after = h.actor.getSnapshot();
      if (outcome.kind === 'paid') {
        expect(after.status).toBe('done');
        expect(after.output).toEqual(payment);
      } else {
        // A declined card stays in the dialog with the provider's words, the card kept to correct.
        expect(after.status).toBe('active');
        expect(after.context.decline).toBe(texts.declined);
      }
    },
    'xstate.error.actor.pay': async ({ event }) => {
      await h.settle(event);
      const after = h.actor.getSnapshot();
      expect(after.status).toBe('active');
      expect(after.context.decline).toBe(texts.callFailed);
    },
  }),
});

describe('sandbox-payment machine rules', () => {
  it.each<[SandboxPaymentField, string, string]>([
    ['cardNumber', '4111111111111111', '4111 1111 1111 1111'],
    ['cardNumber', '4000-0000 0000-0002', '4000 0000 0000 0002'],
    ['cardNumber', '12345', '1234 5'],
    ['cardNumber', '1'.repeat(25), '1111 1111 1111 1111 111'],
    ['expiry', '1', '1'],
    ['expiry', '12', '12'],
    ['expiry', '123', '12/3'],
    ['expiry', '12/30', '12/30'],
    ['expiry', '12/2030', '12/20'],
    ['cvv', '12a34', '1234'],
    ['cvv', '12345', '1234'],
    ['vpa', ' Asha.R@OKHDFC bank', 'asha.r@okhdfcbank'],
  ])('filters %s typed as "%s" to "%s"', (field, typed, kept) => {
    expect(filterSandboxPaymentField(field, typed)).toBe(kept);
  });

  it('names each invalid field of the chosen method in the words of domain/payment.ts', () => {
    const form = { method: 'card', cardNumber: '', expiry: '', cvv: '', vpa: '' } as const;
    expect(sandboxPaymentErrors(form)).toEqual({
      cardNumber: texts.cardNumber,
      expiry: texts.expiry,
      cvv: texts.cvv,
    });
    expect(sandboxPaymentErrors({ ...form, cardNumber: '4111 1111 1111 1111', expiry: '13/30', cvv: '12' })).toEqual({
      expiry: texts.expiry,
      cvv: texts.cvv,
    });
    expect(sandboxPaymentErrors({ ...form, cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' })).toEqual({});
    expect(sandboxPaymentErrors({ ...form, method: 'upi' })).toEqual({ vpa: texts.vpa });
    for (const vpa of ['asha', 'asha@', '@okhdfcbank', 'a@b', 'asha@ok@hdfc']) {
      expect(sandboxPaymentErrors({ ...form, method: 'upi', vpa })).toEqual({ vpa: texts.vpa });
    }
    expect(sandboxPaymentErrors({ ...form, method: 'upi', vpa: 'asha.r-1_2@okhdfcbank' })).toEqual({});
  });

  /** The try under way is declined with `declined` shown; `retyped`, the next one is paid: each try sent once. */
  async function declinedThenPaid(h: ReturnType<typeof harness>, declined: string, retyped: ModelEvent, tries: SandboxPayBody[]) {
    await h.settle({ type: 'xstate.done.actor.pay', output: { kind: 'declined', description: declined } });
    expect(h.actor.getSnapshot().context.decline).toBe(declined);
    h.actor.send(retyped);
    h.actor.send({ type: 'form.submit' });
    expect(h.requests).toEqual(tries);
    await h.settle({ type: 'xstate.done.actor.pay', output: { kind: 'paid', payment } });
    expect(h.actor.getSnapshot().value).toBe('paid');
    expect(h.actor.getSnapshot().output).toEqual(payment);
  }

  it('lets the shopper try another card after a decline, and is paid by the second', async () => {
    const h = harness();
    for (const [field, value] of [
      ['cardNumber', '4000 0000 0000 0002'],
      ['expiry', '1230'],
      ['cvv', '123'],
    ] as const) {
      h.actor.send({ type: 'field.change', field, value });
    }
    h.actor.send({ type: 'form.submit' });
    h.actor.send({ type: 'form.submit' });
    await declinedThenPaid(h, texts.declined, { type: 'field.change', field: 'cardNumber', value: '4111111111111111' }, [
      { method: 'card', orderId, cardNumber: '4000000000000002', expiry: '12/30', cvv: '123' },
      { method: 'card', orderId, cardNumber: '4111111111111111', expiry: '12/30', cvv: '123' },
    ]);
  });

  it('pays by UPI after a malformed UPI ID (never sent) and a declined collect', async () => {
    const h = harness();
    h.actor.send({ type: 'method.select', method: 'upi' });
    h.actor.send({ type: 'form.submit' });
    expect(h.requests).toEqual([]);
    expect(sandboxPaymentErrors(h.actor.getSnapshot().context)).toEqual({ vpa: texts.vpa });
    h.actor.send({ type: 'field.change', field: 'vpa', value: 'failure@razorpay' });
    h.actor.send({ type: 'form.submit' });
    await declinedThenPaid(h, texts.upiDeclined, { type: 'field.change', field: 'vpa', value: 'success@razorpay' }, [
      { method: 'upi', orderId, vpa: 'failure@razorpay' },
      { method: 'upi', orderId, vpa: 'success@razorpay' },
    ]);
  });
});
