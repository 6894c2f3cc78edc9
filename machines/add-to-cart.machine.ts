// Add To Cart and Buy Now on the product page (SPEC.md §4 "Add to cart", §8, §9): find whose bag it is (a guest
// session is started when a visitor has none), add one unit, say what happened, refresh the badge; Buy Now then goes
// to /checkout after 3 s. One add at a time: clicks while busy are ignored.
import { assign, fromPromise, setup } from 'xstate';
import { cartMessages } from '../domain/cart';
import type { CartOwner } from '../domain/cart';
import { redirectDelays, toastDurations } from '../domain/limits';
import { failureOf } from './call-failure';

/** The spec's two 200 answers of createusercart: one more unit, or the line already holds all the stock allows. */
export type AddToCartOutcome = 'added' | 'maximum';

export interface AddToCartInput {
  productExtId: string;
  /** The product page's stock (flowerDetail.quantity > 0): nothing to add when it is sold out. */
  inStock: boolean;
}

export interface AddToCartContext extends AddToCartInput {
  intent: 'add' | 'buyNow' | null;
  owner: CartOwner | null;
}

export type AddToCartEvent = { type: 'cart.add' } | { type: 'cart.buyNow' };

export interface AddToCartNotice {
  message: string;
  kind: 'success' | 'error' | 'info' | 'warning';
  duration: number;
}

/** The product page's toasts stay 3 s (SPEC.md §9). */
const notice = (message: string, kind: AddToCartNotice['kind']): AddToCartNotice => ({
  message,
  kind,
  duration: toastDurations.productDetail,
});

/**
 * SPEC.md §8: no answer at all is a network error, any refusal a failed add, except the server's 409 OUT_OF_STOCK
 * (nothing left to add), which is the stock limit the shopper can act on.
 */
export function addToCartFailureNotice(error: unknown): AddToCartNotice {
  const failure = failureOf(error);
  if (failure.status === null) return notice(cartMessages.networkError, 'error');
  if (failure.status === 409 && failure.code === 'OUT_OF_STOCK') return notice(cartMessages.stockLimit, 'warning');
  return notice(cartMessages.addFailed, 'error');
}

const unprovided = () => Promise.reject(new Error('provided by the view'));

export const addToCartMachine = setup({
  types: {} as { context: AddToCartContext; events: AddToCartEvent; input: AddToCartInput },
  actors: {
    /** The signed-in user, else the stored guest session, else a new guest session (GET getSessionId). */
    ensureOwner: fromPromise<CartOwner>(unprovided),
    addToCart: fromPromise<AddToCartOutcome, { productExtId: string; owner: CartOwner }>(unprovided),
    /** Reloads the header badge's count from the bag. */
    refreshCount: fromPromise<void>(unprovided),
  },
  actions: {
    notify: (_, _params: AddToCartNotice) => {},
    goToCheckout: () => {},
  },
  guards: {
    isInStock: ({ context }) => context.inStock,
    isBuyNow: ({ context }) => context.intent === 'buyNow',
    wasAdded: (_, params: { outcome: AddToCartOutcome }) => params.outcome === 'added',
  },
}).createMachine({
  id: 'addToCart',
  context: ({ input }) => ({ ...input, intent: null, owner: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cart.add': { guard: 'isInStock', target: 'resolvingOwner', actions: assign({ intent: 'add' }) },
        'cart.buyNow': { guard: 'isInStock', target: 'resolvingOwner', actions: assign({ intent: 'buyNow' }) },
      },
    },
    // From here until idle again, clicks are not handled, so a double click adds once.
    resolvingOwner: {
      invoke: {
        id: 'ensureOwner',
        src: 'ensureOwner',
        onDone: { target: 'adding', actions: assign({ owner: ({ event }) => event.output }) },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => addToCartFailureNotice(event.error) },
        },
      },
    },
    adding: {
      invoke: {
        id: 'addToCart',
        src: 'addToCart',
        input: ({ context }) => ({ productExtId: context.productExtId, owner: context.owner! }),
        onDone: [
          { guard: { type: 'wasAdded', params: ({ event }) => ({ outcome: event.output }) }, target: 'added' },
          { target: 'atMaximum' },
        ],
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => addToCartFailureNotice(event.error) },
        },
      },
    },
    added: {
      always: [
        // Buy Now says where it is going instead: two toasts would crowd the top of a phone screen.
        { guard: 'isBuyNow', target: 'refreshingCount' },
        { target: 'refreshingCount', actions: { type: 'notify', params: notice(cartMessages.addedToCart, 'success') } },
      ],
    },
    atMaximum: {
      always: [
        // The line already holds all the stock allows: Buy Now still goes on to pay for what is in the bag.
        { guard: 'isBuyNow', target: 'proceeding' },
        { target: 'idle', actions: { type: 'notify', params: notice(cartMessages.stockLimit, 'warning') } },
      ],
    },
    refreshingCount: {
      invoke: {
        id: 'refreshCount',
        src: 'refreshCount',
        onDone: [{ guard: 'isBuyNow', target: 'proceeding' }, { target: 'idle' }],
        // The badge is a hint: a count that did not load must not stop the shopper.
        onError: [{ guard: 'isBuyNow', target: 'proceeding' }, { target: 'idle' }],
      },
    },
    proceeding: {
      entry: { type: 'notify', params: notice(cartMessages.proceedingToCheckout, 'info') },
      after: { [redirectDelays.afterBuyNow]: { target: 'idle', actions: 'goToCheckout' } },
    },
  },
});
