// What /checkout starts from (SPEC.md §2 Checkout): the bag's owner, the signed-in user or a guest session made now
// for a visitor, then that owner's bag. A failed load is shown with Try again, which starts over.
import { assign, fromPromise, setup } from 'xstate';
import type { CartOwner, CartReply } from '../domain/cart';
import { outputOf } from './actor-events';

export interface CheckoutLoadContext {
  owner: CartOwner | null;
  cart: CartReply | null;
}

export type CheckoutLoadEvent = { type: 'load.retry' };

const unprovided = () => Promise.reject(new Error('provided by the view'));

export const checkoutLoadMachine = setup({
  types: {} as { context: CheckoutLoadContext; events: CheckoutLoadEvent },
  actors: {
    /** The signed-in user, or the visitor's guest session (made on the spot when there is none). */
    ensureOwner: fromPromise<CartOwner>(unprovided),
    /** GET the owner's bag. */
    loadCart: fromPromise<CartReply, CartOwner>(unprovided),
  },
  actions: {
    keepOwner: assign({ owner: ({ event }) => outputOf<CartOwner>(event, 'ensureOwner') }),
    keepCart: assign({ cart: ({ event }) => outputOf<CartReply>(event, 'loadCart') }),
  },
}).createMachine({
  id: 'checkoutLoad',
  context: { owner: null, cart: null },
  initial: 'findingOwner',
  states: {
    findingOwner: {
      invoke: {
        id: 'ensureOwner',
        src: 'ensureOwner',
        onDone: { target: 'loadingCart', actions: 'keepOwner' },
        onError: { target: 'loadFailed' },
      },
    },
    loadingCart: {
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        input: ({ context }) => context.owner!,
        onDone: { target: 'loaded', actions: 'keepCart' },
        onError: { target: 'loadFailed' },
      },
    },
    // "Your order did not load", with Try again.
    loadFailed: {
      on: { 'load.retry': { target: 'findingOwner' } },
    },
    // The checkout itself: the guest's or the buyer's columns.
    loaded: {},
  },
});
