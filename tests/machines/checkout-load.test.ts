// The checkout page's loading, model-based: every state and transition walked with fake calls, checking that the bag
// is asked of the owner just found, that either failure ends in Try again, and that Try again starts over.
import { expect } from 'vitest';
import type { EventFrom } from 'xstate';
import type { CartOwner, CartReply } from '../../domain/cart';
import { checkoutLoadMachine } from '../../machines/checkout-load.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, retryStep, startMachine, walkModel } from './machine-test-kit';

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
  const calls = { owners: [] as unknown[], carts: [] as CartOwner[] };
  const { holding, settle } = heldCalls();
  const { actor } = startMachine(
    checkoutLoadMachine.provide({
      actors: {
        ensureOwner: holding('ensureOwner', calls.owners),
        loadCart: holding<CartReply, CartOwner>('loadCart', calls.carts),
      },
    }),
    coverage,
  );
  return { actor, calls, settle };
}

const coverage = machineCoverage();

walkModel('checkout-load machine (model-based)', {
  machine: checkoutLoadMachine,
  coverage,
  events: modelEvents,
  harness,
  steps: (h) => ({
    'xstate.done.actor.ensureOwner': async ({ event }) => {
      await h.settle(event);
      // The bag asked for is the owner's just found.
      expect(h.calls.carts.at(-1)).toEqual(guest);
    },
    'xstate.error.actor.ensureOwner': async ({ event }) => {
      const carts = h.calls.carts.length;
      await h.settle(event);
      expect(h.calls.carts).toHaveLength(carts);
    },
    'xstate.done.actor.loadCart': ({ event }) => h.settle(event),
    'xstate.error.actor.loadCart': ({ event }) => h.settle(event),
    // Try again starts over from the owner: one new call.
    'load.retry': retryStep(h.actor, 'load.retry', () => h.calls.owners.length),
  }),
});
