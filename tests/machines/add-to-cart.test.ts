// The add-to-cart / buy-now machine, model-based: every state and transition walked with fake calls, checking what
// the shopper and the server see (one add per click, the bag's owner posted, the toasts, the badge refresh, the 3 s
// before /checkout).
import { describe, expect, it } from 'vitest';
import type { EventFrom } from 'xstate';
import { addToCartFailureNotice } from '../../machines/add-to-cart.selectors';
import { addToCartMachine } from '../../machines/add-to-cart.machine';
import type { AddToCartInput } from '../../machines/add-to-cart.machine';
import type { CartOwner } from '../../domain/cart';
import { machineCoverage } from './machine-graph';
import { expectLeavesAfter, heldCalls, startMachine, walkModel } from './machine-test-kit';
import type { Notice } from '../../domain/notice';

type ModelEvent = EventFrom<typeof addToCartMachine>;

const user: CartOwner = { kind: 'user', userExtId: 'u_kavya' };
const guest: CartOwner = { kind: 'guest', sessionId: 'gs_0123456789abcdefghijkl' };
const afterBuyNow = 'xstate.after.afterBuyNow.addToCart.proceeding';
const failure = (status: number | null, code: string | null = null) => ({ status, code, serverMessage: null });

const modelEvents = [
  { type: 'cart.add' },
  { type: 'cart.buyNow' },
  { type: 'xstate.done.actor.ensureOwner', output: user },
  { type: 'xstate.done.actor.ensureOwner', output: guest },
  { type: 'xstate.error.actor.ensureOwner', error: new TypeError('Failed to fetch') },
  { type: 'xstate.error.actor.ensureOwner', error: failure(503, 'UNAVAILABLE') },
  { type: 'xstate.done.actor.addToCart', output: 'added' },
  { type: 'xstate.done.actor.addToCart', output: 'maximum' },
  { type: 'xstate.error.actor.addToCart', error: failure(409, 'OUT_OF_STOCK') },
  { type: 'xstate.error.actor.addToCart', error: failure(500) },
  { type: 'xstate.error.actor.addToCart', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.refreshCount', output: undefined },
  { type: 'xstate.error.actor.refreshCount', error: failure(502) },
  { type: afterBuyNow },
] as unknown as ModelEvent[];

const texts = {
  added: 'Product added to cart',
  stockLimit: "You've reached the maximum quantity available in stock.",
  failed: 'Failed to add to cart. Please try again.',
  network: 'An error occurred. Please try again later.',
  proceeding: 'Proceeding to Checkout',
};

/** What a failed call shows (SPEC.md §8): no answer → network, 409 OUT_OF_STOCK → stock limit, other → failed. */
function expectedFailureText(error: unknown): string {
  const status = (error as { status?: number }).status;
  if (status === undefined || status === null) return texts.network;
  if (status === 409) return texts.stockLimit;
  return texts.failed;
}


function harness(input: AddToCartInput) {
  const seen = {
    notices: [] as Notice[],
    ownerLookups: [] as unknown[],
    adds: [] as { productExtId: string; owner: CartOwner }[],
    countRefreshes: [] as unknown[],
    checkouts: 0,
  };
  const { settle, holding } = heldCalls();
  const { actor, clock } = startMachine(
    addToCartMachine.provide({
      actors: {
        ensureOwner: holding('ensureOwner', seen.ownerLookups),
        addToCart: holding('addToCart', seen.adds),
        refreshCount: holding('refreshCount', seen.countRefreshes),
      },
      actions: {
        notify: (_, params) => void seen.notices.push(params),
        goToCheckout: () => void (seen.checkouts += 1),
      },
    }),
    coverage,
    input,
  );
  return { actor, clock, seen, settle };
}

const inputs: Record<string, AddToCartInput> = {
  'for a product in stock': { productExtId: 'p_rose', inStock: true },
  'for a sold-out product': { productExtId: 'p_gone', inStock: false },
};

const coverage = machineCoverage();

walkModel('add-to-cart machine (model-based)', {
  machine: addToCartMachine,
  coverage,
  situations: inputs,
  events: modelEvents,
  morePathsThan: (input) => input.inStock ? 10 : 0,
  harness,
  steps: (h, input) => {
    let before = { notices: 0, lookups: 0, adds: 0, refreshes: 0 };
    const mark = () =>
      (before = {
        notices: h.seen.notices.length,
        lookups: h.seen.ownerLookups.length,
        adds: h.seen.adds.length,
        refreshes: h.seen.countRefreshes.length,
      });
    const newNotices = () => h.seen.notices.slice(before.notices).map((notice) => notice.message);
    const intent = () => h.actor.getSnapshot().context.intent;
    const click = (type: 'cart.add' | 'cart.buyNow') => {
      mark();
      const wasIdle = h.actor.getSnapshot().matches('idle');
      h.actor.send({ type });
      if (wasIdle && input.inStock) {
        expect(h.actor.getSnapshot().value).toBe('resolvingOwner');
        expect(h.seen.ownerLookups).toHaveLength(before.lookups + 1);
        expect(intent()).toBe(type === 'cart.add' ? 'add' : 'buyNow');
      } else {
        // Sold out, or a click while an add is under way: nothing is asked of the server.
        expect(h.seen.ownerLookups).toHaveLength(before.lookups);
        expect(h.seen.adds.length).toBe(before.adds);
      }
      expect(newNotices()).toEqual([]);
    };
    return {
      'cart.add': () => click('cart.add'),
      'cart.buyNow': () => click('cart.buyNow'),
      'xstate.done.actor.ensureOwner': async ({ event }) => {
        mark();
        await h.settle(event);
        // A signed-in user's bag is posted with userId, a guest's with its session id.
        expect(h.seen.adds.slice(before.adds)).toEqual([{ productExtId: input.productExtId, owner: event.output }]);
        expect(newNotices()).toEqual([]);
      },
      'xstate.error.actor.ensureOwner': async ({ event }) => {
        mark();
        await h.settle(event);
        expect(h.seen.adds.length).toBe(before.adds);
        expect(newNotices()).toEqual([expectedFailureText(event.error)]);
        expect(h.actor.getSnapshot().value).toBe('idle');
      },
      'xstate.done.actor.addToCart': async ({ event }) => {
        mark();
        const buyNow = intent() === 'buyNow';
        await h.settle(event);
        if (event.output === 'added') {
          expect(h.seen.countRefreshes).toHaveLength(before.refreshes + 1);
          expect(newNotices()).toEqual(buyNow ? [] : [texts.added]);
        } else {
          // The line was already at its maximum: nothing changed, so the badge is not reloaded.
          expect(h.seen.countRefreshes).toHaveLength(before.refreshes);
          expect(newNotices()).toEqual([buyNow ? texts.proceeding : texts.stockLimit]);
        }
        expect(h.seen.notices.at(-1)?.duration ?? 3000).toBe(3000);
        expect(h.seen.checkouts).toBe(0);
      },
      'xstate.error.actor.addToCart': async ({ event }) => {
        mark();
        await h.settle(event);
        expect(newNotices()).toEqual([expectedFailureText(event.error)]);
        expect(h.seen.notices.at(-1)?.duration).toBe(3000);
        expect(h.seen.countRefreshes).toHaveLength(before.refreshes);
        expect(h.actor.getSnapshot().value).toBe('idle');
      },
      'xstate.done.actor.refreshCount': async ({ event }) => {
        mark();
        const buyNow = intent() === 'buyNow';
        await h.settle(event);
        expect(newNotices()).toEqual(buyNow ? [texts.proceeding] : []);
        expect(h.actor.getSnapshot().value).toBe(buyNow ? 'proceeding' : 'idle');
      },
      'xstate.error.actor.refreshCount': async ({ event }) => {
        mark();
        const buyNow = intent() === 'buyNow';
        await h.settle(event);
        // A badge that did not load does not stop the shopper.
        expect(newNotices()).toEqual(buyNow ? [texts.proceeding] : []);
        expect(h.actor.getSnapshot().value).toBe(buyNow ? 'proceeding' : 'idle');
      },
      [afterBuyNow]: () => expectLeavesAfter(h.clock, 3000, () => h.seen.checkouts),
    };
  },
});

describe('add-to-cart machine rules', () => {
  it('adds once however often the buttons are clicked while an add is under way', async () => {
    const h = harness({ productExtId: 'p_rose', inStock: true });
    h.actor.send({ type: 'cart.add' });
    h.actor.send({ type: 'cart.add' });
    h.actor.send({ type: 'cart.buyNow' });
    await h.settle({ type: 'xstate.done.actor.ensureOwner', output: guest });
    h.actor.send({ type: 'cart.add' });
    expect(h.actor.getSnapshot().can({ type: 'cart.add' })).toBe(false);
    await h.settle({ type: 'xstate.done.actor.addToCart', output: 'added' });
    await h.settle({ type: 'xstate.done.actor.refreshCount', output: undefined });
    expect(h.seen.ownerLookups).toHaveLength(1);
    expect(h.seen.adds).toEqual([{ productExtId: 'p_rose', owner: guest }]);
    expect(h.actor.getSnapshot().can({ type: 'cart.add' })).toBe(true);
  });

  it('refuses both buttons for a sold-out product', () => {
    const h = harness({ productExtId: 'p_gone', inStock: false });
    expect(h.actor.getSnapshot().can({ type: 'cart.add' })).toBe(false);
    expect(h.actor.getSnapshot().can({ type: 'cart.buyNow' })).toBe(false);
  });

  it('reads failures without knowing the HTTP client', () => {
    expect(addToCartFailureNotice(new TypeError('Failed to fetch'))).toEqual({
      message: texts.network,
      kind: 'error',
      duration: 3000,
    });
    expect(addToCartFailureNotice(failure(409, 'CONFLICT')).message).toBe(texts.failed);
    expect(addToCartFailureNotice(failure(409, 'OUT_OF_STOCK')).message).toBe(texts.stockLimit);
    expect(addToCartFailureNotice(failure(404, 'NOT_FOUND')).message).toBe(texts.failed);
  });
});
