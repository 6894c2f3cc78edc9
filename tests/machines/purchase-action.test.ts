import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { EventFrom } from 'xstate';
import type { PurchaseRecord } from '../../domain/admin-orders';
import type { Notice } from '../../domain/notice';
import { purchaseActionMachine, purchaseActionUnreachable } from '../../machines/purchase-action.machine';
import type { PurchaseAction, PurchaseActionOutcome } from '../../machines/purchase-action.machine';
import { machineCoverage } from './machine-graph';
import { aPurchaseRecord } from '../views/admin-fixtures';
import { walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof purchaseActionMachine>;

/** A paid order not yet dispatched, paid twice: both Refund (the second payment) and Cancel are offered. */
const aPurchase = (overrides: Partial<PurchaseRecord> = {}): PurchaseRecord =>
  aPurchaseRecord({
    id: 41,
    payments: [
      { paymentId: 'pay_First000000001', amount: 1250, refundState: null },
      { paymentId: 'pay_Second00000001', amount: 1250, refundState: 'due' },
    ],
    ...overrides,
  });

const done: PurchaseActionOutcome = { ok: true, message: 'Refund asked for.' };
const refused: PurchaseActionOutcome = { ok: false, message: 'This order has been dispatched: it can no longer be cancelled.' };

const modelEvents = [
  { type: 'refund.request' },
  { type: 'cancel.request' },
  { type: 'action.confirm' },
  { type: 'action.dismiss' },
  { type: 'xstate.done.actor.runAction', output: done },
  { type: 'xstate.done.actor.runAction', output: refused },
  { type: 'xstate.error.actor.runAction', error: new Error('offline') },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

/** A live actor with fake implementations, recording the calls, the toasts and the reloads an admin would see. */
function harness(record = aPurchase()) {
  const notices: Notice[] = [];
  const calls: { action: PurchaseAction; id: number }[] = [];
  let reloads = 0;
  let pending: { resolve: (value: PurchaseActionOutcome) => void; reject: (error: Error) => void } | undefined;
  const actor = createActor(
    purchaseActionMachine.provide({
      actors: {
        runAction: fromPromise<PurchaseActionOutcome, { action: PurchaseAction; id: number }>(({ input }) => {
          calls.push(input);
          return new Promise((resolve, reject) => {
            pending = { resolve, reject };
          });
        }),
      },
      actions: {
        notify: (_, params) => void notices.push(params),
        logError: () => {},
        reloadPurchase: () => {
          reloads += 1;
        },
      },
    }),
    { input: { record }, inspect: coverage.inspect },
  );
  actor.start();
  return {
    actor,
    notices,
    calls,
    reloads: () => reloads,
    settle: async (outcome: PurchaseActionOutcome | Error) => {
      if (!pending) throw new Error('no call in flight');
      if (outcome instanceof Error) pending.reject(outcome);
      else pending.resolve(outcome);
      pending = undefined;
      await waitFor(actor, (snapshot) => !snapshot.matches('sending'));
    },
  };
}

const record = aPurchase();

walkModel('purchase action machine (model-based)', {
  machine: purchaseActionMachine,
  coverage,
  events: modelEvents,
  input: { record },
  morePathsThan: 4,
  harness: () => harness(record),
  steps: (h) => ({
    'refund.request': () => void h.actor.send({ type: 'refund.request' }),
    'cancel.request': () => void h.actor.send({ type: 'cancel.request' }),
    'action.dismiss': () => {
      h.actor.send({ type: 'action.dismiss' });
      expect(h.calls).toEqual([]);
    },
    'action.confirm': () => {
      const { action } = h.actor.getSnapshot().context;
      h.actor.send({ type: 'action.confirm' });
      expect(h.calls).toEqual([{ action, id: 41 }]);
      // A second click while it is on its way sends nothing more.
      h.actor.send({ type: 'action.confirm' });
      expect(h.calls).toHaveLength(1);
    },
    'xstate.done.actor.runAction': async ({ event }) => {
      const outcome = (event as unknown as { output: PurchaseActionOutcome }).output;
      await h.settle(outcome);
      expect(h.notices.at(-1)).toEqual({ message: outcome.message, kind: outcome.ok ? 'success' : 'error', duration: 4000 });
      expect(h.reloads()).toBe(1);
    },
    'xstate.error.actor.runAction': async () => {
      await h.settle(new Error('offline'));
      expect(h.notices.at(-1)).toEqual({ message: purchaseActionUnreachable, kind: 'error', duration: 4000 });
      expect(h.reloads()).toBe(0);
    },
  }),
});

describe('purchase action machine rules', () => {
  it('offers Refund only with money due back, and Cancel only for a paid order not yet dispatched', () => {
    const dispatched = harness(aPurchase({ status: 'Dispatched', payments: [{ paymentId: 'pay_Only0000000001', amount: 1250, refundState: null }] }));
    expect(dispatched.actor.getSnapshot().can({ type: 'refund.request' })).toBe(false);
    expect(dispatched.actor.getSnapshot().can({ type: 'cancel.request' })).toBe(false);

    const soldOut = harness(aPurchase({ paymentState: 'refund_due', payments: [{ paymentId: 'pay_Late0000000001', amount: 1250, refundState: 'due' }] }));
    expect(soldOut.actor.getSnapshot().can({ type: 'refund.request' })).toBe(true);
    expect(soldOut.actor.getSnapshot().can({ type: 'cancel.request' })).toBe(false);

    const refunding = harness(aPurchase({ status: 'Cancelled', paymentState: 'refund_pending', payments: [{ paymentId: 'pay_Back0000000001', amount: 1250, refundState: 'pending' }] }));
    expect(refunding.actor.getSnapshot().can({ type: 'refund.request' })).toBe(false);
    expect(refunding.actor.getSnapshot().can({ type: 'cancel.request' })).toBe(false);
  });
});
