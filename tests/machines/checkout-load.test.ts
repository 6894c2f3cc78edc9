// The checkout page's loading, model-based: every state and transition walked with fake calls, checking that the bag
// is asked of the owner just found, that either failure ends in Try again, and that Try again starts over.
import { describe, expect, it } from 'vitest';
import { TestModel } from 'xstate/graph';
import { createActor, fromPromise } from 'xstate';
import type { AnyEventObject, EventFrom, SnapshotFrom } from 'xstate';
import type { CartOwner, CartReply } from '../../domain/cart';
import { checkoutLoadMachine } from '../../machines/checkout-load.machine';
import { expectFullCoverage, machineCoverage } from './machine-graph';
import { expectModelState, heldCalls, testModelOptions } from './machine-test-kit';

type LoadSnapshot = SnapshotFrom<typeof checkoutLoadMachine>;
type ModelEvent = EventFrom<typeof checkoutLoadMachine>;

const guest: CartOwner = { kind: 'guest', sessionId: 'GuestSession0123456789ab' };
const bag = { price: 1499, gst: true, totalAmount: 1250, totalCartItems: 1, productList: [] } as CartReply;

const modelEvents = [
  { type: 'xstate.done.actor.ensureOwner', output: guest },
  { type: 'xstate.error.actor.ensureOwner', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.loadCart', output: bag },
  { type: 'xstate.error.actor.loadCart', error: new TypeError('Failed to fetch') },
  { type: 'load.retry' },
] as unknown as ModelEvent[];

function harness() {
  const calls = { owners: 0, carts: [] as CartOwner[] };
  const { hold, holding, settle } = heldCalls();
  const actor = createActor(
    checkoutLoadMachine.provide({
      actors: {
        ensureOwner: fromPromise<CartOwner>(() => {
          calls.owners += 1;
          return hold('ensureOwner');
        }),
        loadCart: holding<CartReply, CartOwner>('loadCart', calls.carts),
      },
    }),
    { inspect: coverage.inspect },
  );
  actor.start();
  return { actor, calls, settle };
}

const coverage = machineCoverage();

describe('checkout-load machine (model-based)', () => {
  const model = new TestModel(checkoutLoadMachine, testModelOptions((snapshot: LoadSnapshot) => modelEvents.filter((event) => snapshot.can(event))));
  const paths = model.getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const h = harness();
      await path.test({
        states: {
          '*': (expected) => void expectModelState(h.actor, expected),
        },
        events: {
          'xstate.done.actor.ensureOwner': async ({ event }: { event: AnyEventObject }) => {
            await h.settle(event);
            // The bag asked for is the owner's just found.
            expect(h.calls.carts.at(-1)).toEqual(guest);
          },
          'xstate.error.actor.ensureOwner': async ({ event }: { event: AnyEventObject }) => {
            const carts = h.calls.carts.length;
            await h.settle(event);
            expect(h.calls.carts).toHaveLength(carts);
          },
          'xstate.done.actor.loadCart': ({ event }: { event: AnyEventObject }) => h.settle(event),
          'xstate.error.actor.loadCart': ({ event }: { event: AnyEventObject }) => h.settle(event),
          'load.retry': () => {
            const owners = h.calls.owners;
            h.actor.send({ type: 'load.retry' });
            // Try again starts over from the owner: one new call.
            expect(h.calls.owners).toBe(owners + 1);
          },
        } as never,
      });
    });
  }

  it('walked every state and every transition of the machine', () => {
    expectFullCoverage(coverage, checkoutLoadMachine);
  });
});
