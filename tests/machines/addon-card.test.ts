// One add-on's card under "Make it special" (issue 42), model-based: every state and transition walked with held
// calls, checking what the shopper and the server see: one add per tap (never while one runs), the bag's owner posted,
// the bag told once per unit added, and the reason a failed add shows (sold out, no connection, a refusal).
import { expect } from 'vitest';
import type { EventFrom } from 'xstate';
import type { CartOwner } from '../../domain/cart';
import { addonCardMachine } from '../../machines/addon-card.machine';
import type { AddonCardInput } from '../../machines/addon-card.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, startMachine, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof addonCardMachine>;

const user: CartOwner = { kind: 'user', userExtId: 'u_kavya' };
const guest: CartOwner = { kind: 'guest', sessionId: 'gs_0123456789abcdefghijkl' };
const failure = (status: number | null, code: string | null = null) => ({ status, code, serverMessage: null });
const soldOut = failure(409, 'OUT_OF_STOCK');

const modelEvents = [
  { type: 'addon.add' },
  { type: 'xstate.done.actor.ensureOwner', output: user },
  { type: 'xstate.done.actor.ensureOwner', output: guest },
  { type: 'xstate.error.actor.ensureOwner', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.addToCart', output: 'added' },
  { type: 'xstate.done.actor.addToCart', output: 'maximum' },
  { type: 'xstate.error.actor.addToCart', error: soldOut },
  { type: 'xstate.error.actor.addToCart', error: failure(500) },
  { type: 'xstate.error.actor.addToCart', error: new TypeError('Failed to fetch') },
] as unknown as ModelEvent[];

const texts = {
  stockLimit: "You've reached the maximum quantity available in stock.",
  failed: 'Failed to add to cart. Please try again.',
  network: 'An error occurred. Please try again later.',
};

const coverage = machineCoverage();

function harness(input: AddonCardInput) {
  const seen = { ownerLookups: [] as unknown[], adds: [] as { productExtId: string; owner: CartOwner }[], changes: 0 };
  const { settle, holding } = heldCalls();
  const { actor } = startMachine(
    addonCardMachine.provide({
      actors: {
        ensureOwner: holding('ensureOwner', seen.ownerLookups),
        addToCart: holding('addToCart', seen.adds),
      },
      actions: { cartChanged: () => void (seen.changes += 1) },
    }),
    coverage,
    input,
  );
  return { actor, seen, settle };
}

const errorOf = (event: unknown) => (event as { error: unknown }).error;
const outputOf = (event: unknown) => (event as { output: unknown }).output;

walkModel('addon-card machine (model-based)', {
  machine: addonCardMachine,
  coverage,
  situations: { 'a cake under "Make it special"': { productExtId: 'p_cake' } },
  events: modelEvents,
  morePathsThan: 6,
  harness,
  state: (snapshot) => {
    // A failed card has its reason; an idle or added one none.
    if (snapshot.matches('failed')) expect(snapshot.context.reason).not.toBeNull();
    if (snapshot.matches('idle') || snapshot.matches('added')) expect(snapshot.context.reason).toBeNull();
  },
  steps: (h) => ({
    'addon.add': () => {
      const before = { lookups: h.seen.ownerLookups.length, adds: h.seen.adds.length };
      const busy = h.actor.getSnapshot().matches('adding');
      h.actor.send({ type: 'addon.add' });
      // A tap while adding does nothing: a double tap adds once.
      expect(h.seen.ownerLookups).toHaveLength(before.lookups + (busy ? 0 : 1));
      expect(h.seen.adds.length).toBe(before.adds);
      expect(h.actor.getSnapshot().matches('adding')).toBe(true);
    },
    'xstate.done.actor.ensureOwner': async ({ event }) => {
      await h.settle(event);
      expect(h.seen.adds.at(-1)).toEqual({ productExtId: 'p_cake', owner: outputOf(event) });
    },
    'xstate.error.actor.ensureOwner': async ({ event }) => {
      const adds = h.seen.adds.length;
      await h.settle(event);
      expect(h.seen.adds.length).toBe(adds);
      expect(h.actor.getSnapshot().context.reason).toBe(texts.network);
    },
    'xstate.done.actor.addToCart': async ({ event }) => {
      const changes = h.seen.changes;
      await h.settle(event);
      const added = outputOf(event) === 'added';
      expect(h.actor.getSnapshot().matches(added ? 'added' : 'failed')).toBe(true);
      // The bag is told only when it holds one more.
      expect(h.seen.changes).toBe(changes + (added ? 1 : 0));
      if (!added) expect(h.actor.getSnapshot().context.reason).toBe(texts.stockLimit);
    },
    'xstate.error.actor.addToCart': async ({ event }) => {
      const changes = h.seen.changes;
      await h.settle(event);
      const error = errorOf(event);
      const expected = error === soldOut ? texts.stockLimit : (error as { status?: number }).status === 500 ? texts.failed : texts.network;
      expect(h.actor.getSnapshot().context.reason).toBe(expected);
      expect(h.seen.changes).toBe(changes);
    },
  }),
});
