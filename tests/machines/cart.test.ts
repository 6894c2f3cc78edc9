// The bag page's machine, model-based: every state and transition walked with fake calls, checking what the shopper
// and the server see (calls made and their bodies, toasts, the badge count, the bag shown). Then the rules the model
// cannot reach: buttons at their bounds, clicks while busy, which lines block checkout.
import { describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { CartLine, CartOwner, CartReply } from '../../domain/cart';
import { canCheckout, canDecrease, canIncrease, lineIssue, maxQuantity } from '../../domain/cart-rules';
import { cartMachine } from '../../machines/cart.machine';
import type { CheckStockInput, RemoveItemInput, UpdateQuantityInput } from '../../machines/cart.machine';
import { machineCoverage } from './machine-graph';
import { eventType, heldCalls, retryStep, startMachine, walkModel } from './machine-test-kit';
import type { Notice } from '../../domain/notice';
import { aCartLine, cartOf } from '../views/cart-fixtures';

type CartSnapshot = SnapshotFrom<typeof cartMachine>;
type ModelEvent = EventFrom<typeof cartMachine>;

function aLine(overrides: { id?: number; quantity?: number; available?: number; isRemoved?: boolean; price?: number } = {}): CartLine {
  const id = overrides.id ?? 1;
  return aCartLine({ name: `Posy ${id}`, itemCode: `EDF-${id}`, quantity: 2, productGst: 6, available: 5, ...overrides, id });
}

const aCart = cartOf;

const guest: CartOwner = { kind: 'guest', sessionId: 'GuestSession0123456789ab' };
const loaded = aCart([aLine({ id: 1, quantity: 2 }), aLine({ id: 2, quantity: 1 })]);
const reloaded = aCart([aLine({ id: 1, quantity: 3 }), aLine({ id: 2, quantity: 1 })]);
const emptyCart = aCart([]);

// A small alphabet keeps the state space finite: every load answers `loaded` or empty, every reload `reloaded` or
// empty, and the shopper works on line 1.
const modelEvents = [
  { type: 'xstate.done.actor.loadCart', output: loaded },
  { type: 'xstate.done.actor.loadCart', output: emptyCart },
  { type: 'xstate.error.actor.loadCart', error: new Error('502') },
  { type: 'cart.retry' },
  { type: 'cart.changed' },
  { type: 'quantity.increase', cartItemId: 1 },
  { type: 'quantity.decrease', cartItemId: 1 },
  { type: 'item.remove', cartItemId: 1 },
  { type: 'xstate.done.actor.checkStock', output: true },
  { type: 'xstate.done.actor.checkStock', output: false },
  { type: 'xstate.error.actor.checkStock', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.updateQuantity', output: 'updated' },
  { type: 'xstate.done.actor.updateQuantity', output: 'insufficient' },
  { type: 'xstate.error.actor.updateQuantity', error: new Error('500') },
  { type: 'xstate.done.actor.removeItem', output: undefined },
  { type: 'xstate.error.actor.removeItem', error: new Error('500') },
  { type: 'xstate.done.actor.reloadCart', output: reloaded },
  { type: 'xstate.done.actor.reloadCart', output: emptyCart },
  { type: 'xstate.error.actor.reloadCart', error: new Error('502') },
] as unknown as ModelEvent[];

type Call = 'loadCart' | 'checkStock' | 'updateQuantity' | 'removeItem';

function harness(owner: CartOwner | null) {
  const seen = {
    loads: [] as CartOwner[],
    stockChecks: [] as CheckStockInput[],
    updates: [] as UpdateQuantityInput[],
    removals: [] as RemoveItemInput[],
    notices: [] as Notice[],
    counts: [] as number[],
    logged: [] as unknown[],
  };
  const calls = heldCalls();
  const { actor } = startMachine(
    cartMachine.provide({
      actors: {
        loadCart: calls.holding('loadCart', seen.loads),
        checkStock: calls.holding('checkStock', seen.stockChecks),
        updateQuantity: calls.holding('updateQuantity', seen.updates),
        removeItem: calls.holding('removeItem', seen.removals),
      },
      actions: {
        notify: (_, params) => void seen.notices.push(params),
        showCount: (_, { count }) => void seen.counts.push(count),
        logError: (_, { error }) => void seen.logged.push(error),
      },
    }),
    coverage,
    { owner },
  );
  return {
    actor,
    seen,
    settle: (call: Call, outcome: { output: unknown } | { error: unknown }) => calls.answer(call, outcome),
  };
}

const stockLimit = { message: "You've reached the maximum quantity available in stock.", kind: 'error', duration: 4000 };
const networkError = { message: 'An error occurred. Please try again later.', kind: 'error', duration: 4000 };

const coverage = machineCoverage();

walkModel('cart quantity machine (model-based)', {
  machine: cartMachine,
  coverage,
  situations: { guest: { owner: guest }, 'no bag yet': { owner: null } },
  events: modelEvents,
  eventKey: eventType,
  morePathsThan: ({ owner }) => (owner ? 15 : 0),
  harness: ({ owner }) => {
    const h = harness(owner);
    if (!owner) expect(h.seen.loads).toEqual([]);
    return h;
  },
  steps: (h) => ({
    'xstate.done.actor.loadCart': async ({ event }) => {
      expect(h.seen.loads.at(-1)).toEqual(guest);
      await h.settle('loadCart', { output: event.output });
      const cart = event.output as CartReply;
      expect(h.seen.counts.at(-1)).toBe(cart.totalCartItems);
      expect(h.actor.getSnapshot().matches(cart.productList.length > 0 ? 'ready' : 'empty')).toBe(true);
    },
    'xstate.error.actor.loadCart': async ({ event }) => {
      const notices = h.seen.notices.length;
      await h.settle('loadCart', { error: event.error });
      // A failed load is shown on the page with a Retry, not as a toast.
      expect(h.seen.notices.length).toBe(notices);
      expect(h.seen.logged.at(-1)).toBe(event.error);
    },
    'cart.retry': retryStep(h.actor, 'cart.retry', () => h.seen.loads.length),
    'cart.changed': () => {
      const reloads = h.seen.loads.length;
      const ready = h.actor.getSnapshot().matches({ ready: 'idle' });
      h.actor.send({ type: 'cart.changed' });
      // An add-on added from the bag's "Make it special" shows as a line: the bag loads again, and only then.
      expect(h.seen.loads.length).toBe(reloads + (ready ? 1 : 0));
    },
    'quantity.increase': ({ event }) => {
      const quantity = lineOne(h.actor.getSnapshot()).productItem.quantity;
      const updates = h.seen.updates.length;
      h.actor.send(event as ModelEvent);
      // The stock check comes first, for one more unit; nothing is posted yet.
      expect(h.seen.stockChecks.at(-1)).toEqual({ productId: 'p_1', quantity: quantity + 1 });
      expect(h.seen.updates.length).toBe(updates);
    },
    'quantity.decrease': ({ event }) => {
      const quantity = lineOne(h.actor.getSnapshot()).productItem.quantity;
      const checks = h.seen.stockChecks.length;
      h.actor.send(event as ModelEvent);
      expect(h.seen.stockChecks.length).toBe(checks);
      expect(h.seen.updates.at(-1)).toEqual({
        owner: guest,
        cartItemId: 1,
        line: { productId: 'p_1', size: 'Standard', quantity: quantity - 1 },
      });
    },
    'item.remove': ({ event }) => {
      h.actor.send(event as ModelEvent);
      expect(h.seen.removals.at(-1)).toEqual({ owner: guest, productId: 'p_1' });
    },
    'xstate.done.actor.checkStock': async ({ event }) => {
      const updates = h.seen.updates.length;
      const notices = h.seen.notices.length;
      const wanted = h.seen.stockChecks.at(-1)?.quantity;
      await h.settle('checkStock', { output: event.output });
      if (event.output) {
        expect(h.seen.updates.slice(updates)).toEqual([
          { owner: guest, cartItemId: 1, line: { productId: 'p_1', size: 'Standard', quantity: wanted } },
        ]);
      } else {
        expect(h.seen.updates.length).toBe(updates);
        expect(h.seen.notices.slice(notices)).toEqual([stockLimit]);
      }
    },
    'xstate.error.actor.checkStock': async ({ event }) => {
      const notices = h.seen.notices.length;
      const updates = h.seen.updates.length;
      await h.settle('checkStock', { error: event.error });
      expect(h.seen.notices.slice(notices)).toEqual([networkError]);
      expect(h.seen.updates.length).toBe(updates);
    },
    'xstate.done.actor.updateQuantity': async ({ event }) => {
      const loads = h.seen.loads.length;
      const notices = h.seen.notices.length;
      await h.settle('updateQuantity', { output: event.output });
      if (event.output === 'updated') {
        expect(h.seen.loads.slice(loads)).toEqual([guest]);
      } else {
        expect(h.seen.loads.length).toBe(loads);
        expect(h.seen.notices.slice(notices)).toEqual([stockLimit]);
      }
    },
    'xstate.error.actor.updateQuantity': async ({ event }) => {
      const notices = h.seen.notices.length;
      const cart = h.actor.getSnapshot().context.cart;
      await h.settle('updateQuantity', { error: event.error });
      expect(h.seen.notices.slice(notices)).toEqual([networkError]);
      // The bag shown stays as it was.
      expect(h.actor.getSnapshot().context.cart).toBe(cart);
    },
    'xstate.done.actor.removeItem': async () => {
      const loads = h.seen.loads.length;
      await h.settle('removeItem', { output: undefined });
      expect(h.seen.loads.slice(loads)).toEqual([guest]);
    },
    'xstate.error.actor.removeItem': async ({ event }) => {
      const notices = h.seen.notices.length;
      await h.settle('removeItem', { error: event.error });
      expect(h.seen.notices.slice(notices)).toEqual([networkError]);
    },
    'xstate.done.actor.reloadCart': async ({ event }) => {
      const cart = event.output as CartReply;
      await h.settle('loadCart', { output: cart });
      expect(h.actor.getSnapshot().context.cart).toEqual(cart);
      expect(h.seen.counts.at(-1)).toBe(cart.totalCartItems);
    },
    'xstate.error.actor.reloadCart': async ({ event }) => {
      const notices = h.seen.notices.length;
      await h.settle('loadCart', { error: event.error });
      expect(h.seen.notices.slice(notices)).toEqual([networkError]);
    },
  }),
});

function lineOne(snapshot: CartSnapshot): CartLine {
  const line = snapshot.context.cart?.productList.find((candidate) => candidate.productItem.id === 1);
  if (!line) throw new Error('line 1 is not in the bag');
  return line;
}

async function readyWith(cart: CartReply) {
  const h = harness(guest);
  await h.settle('loadCart', { output: cart });
  expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  return h;
}

describe('cart quantity rules', () => {
  it('does not go below 1: decrease is refused on a line of one, without a call', async () => {
    const h = await readyWith(aCart([aLine({ id: 1, quantity: 1 })]));
    expect(h.actor.getSnapshot().can({ type: 'quantity.decrease', cartItemId: 1 })).toBe(false);
    h.actor.send({ type: 'quantity.decrease', cartItemId: 1 });
    expect(h.seen.updates).toEqual([]);
  });

  it('does not go above 10, nor above the stock', async () => {
    const h = await readyWith(aCart([aLine({ id: 1, quantity: 10, available: 40 }), aLine({ id: 2, quantity: 3, available: 3 })]));
    h.actor.send({ type: 'quantity.increase', cartItemId: 1 });
    h.actor.send({ type: 'quantity.increase', cartItemId: 2 });
    expect(h.seen.stockChecks).toEqual([]);
    expect(h.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('ignores clicks while a change is under way: one stock check, one update', async () => {
    const h = await readyWith(loaded);
    h.actor.send({ type: 'quantity.increase', cartItemId: 1 });
    h.actor.send({ type: 'quantity.increase', cartItemId: 1 });
    h.actor.send({ type: 'quantity.decrease', cartItemId: 1 });
    h.actor.send({ type: 'item.remove', cartItemId: 2 });
    expect(h.seen.stockChecks).toEqual([{ productId: 'p_1', quantity: 3 }]);
    await h.settle('checkStock', { output: true });
    h.actor.send({ type: 'quantity.increase', cartItemId: 1 });
    await h.settle('updateQuantity', { output: 'updated' });
    h.actor.send({ type: 'item.remove', cartItemId: 1 });
    await h.settle('loadCart', { output: reloaded });
    expect(h.seen.updates).toHaveLength(1);
    expect(h.seen.removals).toEqual([]);
    expect(h.actor.getSnapshot().context.cart).toEqual(reloaded);
  });

  it('ignores changes to a line that is not in the bag', async () => {
    const h = await readyWith(loaded);
    for (const type of ['quantity.increase', 'quantity.decrease', 'item.remove'] as const) {
      h.actor.send({ type, cartItemId: 99 });
    }
    expect([h.seen.stockChecks, h.seen.updates, h.seen.removals]).toEqual([[], [], []]);
  });

  it('lets a removed product only be removed', async () => {
    const h = await readyWith(aCart([aLine({ id: 1, quantity: 2, isRemoved: true })]));
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.can({ type: 'quantity.increase', cartItemId: 1 })).toBe(false);
    expect(snapshot.can({ type: 'quantity.decrease', cartItemId: 1 })).toBe(false);
    h.actor.send({ type: 'item.remove', cartItemId: 1 });
    expect(h.seen.removals).toEqual([{ owner: guest, productId: 'p_1' }]);
    await h.settle('removeItem', { output: undefined });
    await h.settle('loadCart', { output: emptyCart });
    expect(h.actor.getSnapshot().matches('empty')).toBe(true);
    expect(h.seen.counts.at(-1)).toBe(0);
  });

  it('names the lines that block checkout', () => {
    const fine = aLine({ quantity: 2, available: 5 });
    expect(lineIssue(fine)).toBeNull();
    expect(lineIssue(aLine({ isRemoved: true }))).toBe('removed');
    expect(lineIssue(aLine({ available: 0, quantity: 1 }))).toBe('soldOut');
    expect(lineIssue(aLine({ available: 2, quantity: 3 }))).toBe('overStock');
    expect(canCheckout(aCart([fine]))).toBe(true);
    expect(canCheckout(aCart([fine, aLine({ id: 2, isRemoved: true })]))).toBe(false);
    expect(canCheckout(emptyCart)).toBe(false);
    expect(canCheckout(null)).toBe(false);
  });

  it('bounds a line by 10 and by the stock left', () => {
    expect(maxQuantity(aLine({ available: 40 }))).toBe(10);
    expect(maxQuantity(aLine({ available: 4 }))).toBe(4);
    expect(maxQuantity(aLine({ available: -1 }))).toBe(0);
    expect(canIncrease(aLine({ quantity: 4, available: 4 }))).toBe(false);
    expect(canIncrease(aLine({ quantity: 9, available: 40 }))).toBe(true);
    expect(canDecrease(aLine({ quantity: 2 }))).toBe(true);
    expect(canDecrease(aLine({ quantity: 1 }))).toBe(false);
  });
});
