// One add-on's card under "Make it special" (issue 42), on the product page and in the bag: one tap adds one unit with
// the product page's own calls (add-to-cart.machine.ts's ensureOwner and addToCart, provided by the view from the same
// module), then the card says it was added and the bag is told, or says why not (sold out, no connection).
import { assign, fromPromise, setup } from 'xstate';
import { cartMessages } from '../domain/cart';
import type { CartOwner } from '../domain/cart';
import { errorOf, inputOf, outputOf } from './actor-events';
import type { AddToCartOutcome } from './add-to-cart.machine';
import { addToCartFailureNotice } from './add-to-cart.selectors';

export interface AddonCardInput {
  productExtId: string;
}

export interface AddonCardContext extends AddonCardInput {
  owner: CartOwner | null;
  /** Why the last add failed, for the card to show; null once an add succeeds. */
  reason: string | null;
}

export type AddonCardEvent = { type: 'addon.add' };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const addonCardSetup = setup({
  types: {} as { context: AddonCardContext; events: AddonCardEvent; input: AddonCardInput },
  actors: {
    ensureOwner: fromPromise<CartOwner>(unprovided),
    addToCart: fromPromise<AddToCartOutcome, { productExtId: string; owner: CartOwner }>(unprovided),
  },
  actions: {
    /** The bag changed: the badge and, in the bag, its lines load again. */
    cartChanged: () => {},
    takeInput: assign(({ event }) => inputOf<AddonCardInput>(event)),
    keepOwner: assign({ owner: ({ event }) => outputOf<CartOwner>(event, 'ensureOwner') }),
    clearReason: assign({ reason: null }),
    // The line already holds all the stock allows: the shopper reads the product page's words for it.
    atStockLimit: assign({ reason: cartMessages.stockLimit }),
    keepFailure: assign({ reason: ({ event }) => addToCartFailureNotice(errorOf(event, 'ensureOwner', 'addToCart')).message }),
  },
  guards: {
    wasAdded: ({ event }) => outputOf<AddToCartOutcome>(event, 'addToCart') === 'added',
  },
});

export const addonCardMachine = addonCardSetup.createMachine({
  id: 'addonCard',
  context: { productExtId: '', owner: null, reason: null },
  entry: 'takeInput',
  initial: 'idle',
  states: {
    idle: {
      on: { 'addon.add': 'adding' },
    },
    // Taps while adding are not handled, so a double tap adds once.
    adding: {
      initial: 'resolvingOwner',
      states: {
        resolvingOwner: {
          invoke: {
            id: 'ensureOwner',
            src: 'ensureOwner',
            onDone: { target: 'posting', actions: 'keepOwner' },
            onError: { target: '#addonCard.failed', actions: 'keepFailure' },
          },
        },
        posting: {
          invoke: {
            id: 'addToCart',
            src: 'addToCart',
            input: ({ context }) => ({ productExtId: context.productExtId, owner: context.owner! }),
            onDone: [
              { guard: 'wasAdded', target: '#addonCard.added', actions: ['clearReason', 'cartChanged'] },
              { target: '#addonCard.failed', actions: 'atStockLimit' },
            ],
            onError: { target: '#addonCard.failed', actions: 'keepFailure' },
          },
        },
      },
    },
    // One more tap adds one more (a second card, a second cake).
    added: {
      on: { 'addon.add': 'adding' },
    },
    // Trying again keeps the reason until the answer replaces it.
    failed: {
      on: { 'addon.add': 'adding' },
    },
  },
});
