// Add To Cart and Buy Now on the product page (SPEC.md §4 "Add to cart", §8, §9): find whose bag it is (a guest
// session is started when a visitor has none), add one unit, say what happened, refresh the badge; Buy Now then goes
// to /checkout after 3 s. One add at a time: clicks while busy are ignored.
import { assign, fromPromise, setup } from 'xstate';
import { cartMessages } from '../domain/cart';
import type { CartOwner } from '../domain/cart';
import { redirectDelays, toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import { errorOf, inputOf, outputOf } from './actor-events';
import { addToCartFailureNotice } from './add-to-cart.selectors';


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

const unprovided = () => Promise.reject(new Error('provided by the view'));

const addToCartSetup = setup({
  types: {} as { context: AddToCartContext; events: AddToCartEvent; input: AddToCartInput },
  actors: {
    /** The signed-in user, else the stored guest session, else a new guest session (GET getSessionId). */
    ensureOwner: fromPromise<CartOwner>(unprovided),
    addToCart: fromPromise<AddToCartOutcome, { productExtId: string; owner: CartOwner }>(unprovided),
    /** Reloads the header badge's count from the bag. */
    refreshCount: fromPromise<void>(unprovided),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    goToCheckout: () => {},
    takeInput: assign(({ event }) => inputOf<AddToCartInput>(event)),
    intendAdd: assign({ intent: 'add' }),
    intendBuyNow: assign({ intent: 'buyNow' }),
    keepOwner: assign({ owner: ({ event }) => outputOf<CartOwner>(event, 'ensureOwner') }),
  },
  guards: {
    isInStock: ({ context }) => context.inStock,
    isBuyNow: ({ context }) => context.intent === 'buyNow',
    wasAdded: ({ event }) => outputOf<AddToCartOutcome>(event, 'addToCart') === 'added',
  },
  delays: {
    afterBuyNow: redirectDelays.afterBuyNow,
  },
});

export const addToCartMachine = addToCartSetup.extend({
  actions: {
    notifyFailure: addToCartSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: addToCartFailureNotice(errorOf(event, 'ensureOwner', 'addToCart')) });
    }),
  },
}).createMachine({
  id: 'addToCart',
  context: { productExtId: '', inStock: false, intent: null, owner: null },
  entry: 'takeInput',
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cart.add': { guard: 'isInStock', target: 'resolvingOwner', actions: 'intendAdd' },
        'cart.buyNow': { guard: 'isInStock', target: 'resolvingOwner', actions: 'intendBuyNow' },
      },
    },
    // From here until idle again, clicks are not handled, so a double click adds once.
    resolvingOwner: {
      invoke: {
        id: 'ensureOwner',
        src: 'ensureOwner',
        onDone: { target: 'adding', actions: 'keepOwner' },
        onError: { target: 'idle', actions: 'notifyFailure' },
      },
    },
    adding: {
      invoke: {
        id: 'addToCart',
        src: 'addToCart',
        input: ({ context }) => ({ productExtId: context.productExtId, owner: context.owner! }),
        onDone: [{ guard: 'wasAdded', target: 'added' }, { target: 'atMaximum' }],
        onError: { target: 'idle', actions: 'notifyFailure' },
      },
    },
    added: {
      always: [
        // Buy Now says where it is going instead: two toasts would crowd the top of a phone screen.
        { guard: 'isBuyNow', target: 'refreshingCount' },
        {
          target: 'refreshingCount',
          actions: {
            type: 'notify',
            params: { message: cartMessages.addedToCart, kind: 'success', duration: toastDurations.productDetail },
          },
        },
      ],
    },
    atMaximum: {
      always: [
        // The line already holds all the stock allows: Buy Now still goes on to pay for what is in the bag.
        { guard: 'isBuyNow', target: 'proceeding' },
        {
          target: 'idle',
          actions: {
            type: 'notify',
            params: { message: cartMessages.stockLimit, kind: 'warning', duration: toastDurations.productDetail },
          },
        },
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
      entry: {
        type: 'notify',
        params: { message: cartMessages.proceedingToCheckout, kind: 'info', duration: toastDurations.productDetail },
      },
      after: { afterBuyNow: { target: 'idle', actions: 'goToCheckout' } },
    },
  },
});
