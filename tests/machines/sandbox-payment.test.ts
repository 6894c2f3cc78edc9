// The sandbox card dialog's machine, model-based: every state and transition walked with a fake payment call, checking
// that only a valid card is charged (spaces dropped, once per click), that a decline or a failed call stays in the
// dialog with its message, and that the dialog ends only paid (with the provider's ids) or dismissed.
import { describe, expect, it } from 'vitest';
import { TestModel } from 'xstate/graph';
import { createActor, fromPromise } from 'xstate';
import type { AnyEventObject, EventFrom, SnapshotFrom } from 'xstate';
import { filterSandboxCardField, sandboxCardErrors } from '../../machines/sandbox-payment.selectors';
import { sandboxPaymentMachine } from '../../machines/sandbox-payment.machine';
import type { SandboxCardField } from '../../machines/sandbox-payment.selectors';
import type { SandboxPayBody, SandboxPayOutcome } from '../../machines/sandbox-payment.machine';
import type { VerifyPaymentRequest } from '../../domain/payment';
import { expectFullCoverage, machineCoverage } from './machine-graph';
import { expectModelState, testModelOptions, typedFieldStep } from './machine-test-kit';

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
};

// A small alphabet keeps the state space finite: the card is empty, too short, or whole (typed with dashes and a
// stray letter the filter drops); expiry and CVV are empty or valid.
const modelEvents = [
  { type: 'field.change', field: 'cardNumber', value: '4111-1111 1111 1111x' },
  { type: 'field.change', field: 'cardNumber', value: '4111' },
  { type: 'field.change', field: 'expiry', value: '12/30' },
  { type: 'field.change', field: 'cvv', value: '123' },
  { type: 'form.submit' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.payWithCard', output: { kind: 'paid', payment } },
  { type: 'xstate.done.actor.payWithCard', output: { kind: 'declined', description: texts.declined } },
  { type: 'xstate.error.actor.payWithCard', error: new TypeError('Failed to fetch') },
] as unknown as ModelEvent[];

/** A live actor with a fake payment call, recording the requests a server would receive. */
function harness() {
  const requests: SandboxPayBody[] = [];
  let pending: { resolve: (value: SandboxPayOutcome) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    sandboxPaymentMachine.provide({
      actors: {
        payWithCard: fromPromise<SandboxPayOutcome, SandboxPayBody>(({ input }) => {
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

describe('sandbox-payment machine (model-based)', () => {
  const model = new TestModel(sandboxPaymentMachine, testModelOptions((snapshot: PaymentSnapshot) => modelEvents.filter((event) => snapshot.can(event))));
  const paths = model.getShortestPaths({ input: { orderId } } as never);

  it('has a finite model to walk', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = harness();
      await path.test({
        states: {
          '*': (expected) => {
            const actual = expectModelState(h.actor, expected);
            // One charge per click, and no way out of the dialog while the provider answers.
            if (actual.matches('paying')) {
              expect(actual.can({ type: 'form.submit' })).toBe(false);
              expect(actual.can({ type: 'dialog.close' })).toBe(false);
              expect(actual.can({ type: 'field.change', field: 'cvv', value: '999' })).toBe(false);
            }
          },
        },
        events: {
          'field.change': typedFieldStep(h.actor, filterSandboxCardField, (context) => context),
          'form.submit': () => {
            const before = h.requests.length;
            const { cardNumber, expiry, cvv } = h.actor.getSnapshot().context;
            h.actor.send({ type: 'form.submit' });
            const after = h.actor.getSnapshot();
            expect(after.context.submitted).toBe(true);
            if (after.matches('paying')) {
              // The server reads the card number without its spaces.
              expect(h.requests.slice(before)).toEqual([
                { orderId, cardNumber: cardNumber.replace(/ /g, ''), expiry, cvv },
              ]);
              expect(after.context.decline).toBeNull();
            } else {
              // An invalid card is never sent; the fields say why.
              expect(h.requests.length).toBe(before);
              expect(Object.keys(sandboxCardErrors(after.context)).length).toBeGreaterThan(0);
            }
          },
          'dialog.close': () => {
            h.actor.send({ type: 'dialog.close' });
            expect(h.actor.getSnapshot().status).toBe('done');
            expect(h.actor.getSnapshot().output).toBeNull();
          },
          'xstate.done.actor.payWithCard': async ({ event }: { event: AnyEventObject }) => {
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
          'xstate.error.actor.payWithCard': async ({ event }: { event: AnyEventObject }) => {
            await h.settle(event);
            const after = h.actor.getSnapshot();
            expect(after.status).toBe('active');
            expect(after.context.decline).toBe(texts.callFailed);
          },
        } as never,
      });
    });
  }
});

describe('sandbox-payment machine coverage and rules', () => {
  it('walked every state and every transition of the machine', () => {
    expectFullCoverage(coverage, sandboxPaymentMachine);
  });

  it.each<[SandboxCardField, string, string]>([
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
  ])('filters %s typed as "%s" to "%s"', (field, typed, kept) => {
    expect(filterSandboxCardField(field, typed)).toBe(kept);
  });

  it('names each invalid field in the words of domain/payment.ts', () => {
    expect(sandboxCardErrors({ cardNumber: '', expiry: '', cvv: '' })).toEqual({
      cardNumber: texts.cardNumber,
      expiry: texts.expiry,
      cvv: texts.cvv,
    });
    expect(sandboxCardErrors({ cardNumber: '4111 1111 1111 1111', expiry: '13/30', cvv: '12' })).toEqual({
      expiry: texts.expiry,
      cvv: texts.cvv,
    });
    expect(sandboxCardErrors({ cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' })).toEqual({});
  });

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
    await h.settle({ type: 'xstate.done.actor.payWithCard', output: { kind: 'declined', description: texts.declined } });
    expect(h.actor.getSnapshot().context.decline).toBe(texts.declined);
    h.actor.send({ type: 'field.change', field: 'cardNumber', value: '4111111111111111' });
    h.actor.send({ type: 'form.submit' });
    expect(h.requests).toEqual([
      { orderId, cardNumber: '4000000000000002', expiry: '12/30', cvv: '123' },
      { orderId, cardNumber: '4111111111111111', expiry: '12/30', cvv: '123' },
    ]);
    await h.settle({ type: 'xstate.done.actor.payWithCard', output: { kind: 'paid', payment } });
    expect(h.actor.getSnapshot().value).toBe('paid');
    expect(h.actor.getSnapshot().output).toEqual(payment);
  });
});
