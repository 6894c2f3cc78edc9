// The bag page (/cart): loads the bag, then changes one line at a time — decrease, increase after a stock check,
// remove — and reloads the bag after every change (SPEC.md §4 "Cart quantity"). Clicks while a change runs are ignored.
import { assign, fromPromise, setup } from 'xstate';
import { cartMessages } from '../domain/cart';
import type { CartLine, CartOwner, CartReply } from '../domain/cart';
import { canDecrease, canIncrease, findLine } from '../domain/cart-rules';
import { toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import { errorOf, inputOf, outputOf } from './actor-events';

export type CartEvent =
  | { type: 'quantity.increase'; cartItemId: number }
  | { type: 'quantity.decrease'; cartItemId: number }
  | { type: 'item.remove'; cartItemId: number }
  | { type: 'cart.retry' }
  /** Something else changed the bag (an add-on added under "Make it special", issue 42): its lines load again. */
  | { type: 'cart.changed' };

/** The line change in flight: what is checked, posted or removed. */
export interface PendingChange {
  cartItemId: number;
  productId: string;
  size: string;
  quantity: number;
}

export interface CartContext {
  owner: CartOwner | null;
  cart: CartReply | null;
  pending: PendingChange | null;
}

export interface CartInput {
  owner: CartOwner | null;
}

export interface CheckStockInput {
  productId: string;
  quantity: number;
}

export interface UpdateQuantityInput {
  owner: CartOwner;
  cartItemId: number;
  line: { productId: string; size: string; quantity: number };
}

export interface RemoveItemInput {
  owner: CartOwner;
  productId: string;
}

export type UpdateOutcome = 'updated' | 'insufficient';

/** The change to a line the event names, by `step` units (0 for a removal), or null when the bag has no such line. */
function changeOf(context: CartContext, event: CartEvent, step: number): PendingChange | null {
  const line: CartLine | undefined = 'cartItemId' in event ? findLine(context.cart, event.cartItemId) : undefined;
  if (!line) return null;
  const { id: cartItemId, size, quantity } = line.productItem;
  return { cartItemId, productId: line.productId, size, quantity: quantity + step };
}

const lineOf = (context: CartContext, event: CartEvent) =>
  'cartItemId' in event ? findLine(context.cart, event.cartItemId) : undefined;

const unimplemented = () => Promise.reject(new Error('provided by the view'));

/** The pending change and the owner, for the actors that need both; the states that invoke them always have them. */
function ownerOf(context: CartContext): CartOwner {
  if (!context.owner) throw new Error('cart change without an owner');
  return context.owner;
}
function pendingOf(context: CartContext): PendingChange {
  if (!context.pending) throw new Error('cart change without a pending line');
  return context.pending;
}

const cartSetup = setup({
  types: {} as { context: CartContext; events: CartEvent; input: CartInput },
  actors: {
    loadCart: fromPromise<CartReply, CartOwner>(unimplemented),
    checkStock: fromPromise<boolean, CheckStockInput>(unimplemented),
    updateQuantity: fromPromise<UpdateOutcome, UpdateQuantityInput>(unimplemented),
    removeItem: fromPromise<unknown, RemoveItemInput>(unimplemented),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    /** Keeps the header's badge in step with the bag just loaded. */
    showCount: (_, _params: { count: number }) => {},
    logError: (_, _params: { error: unknown }) => {},
    takeInput: assign(({ event }) => ({ owner: inputOf<CartInput>(event).owner })),
    keepCart: assign({ cart: ({ event }) => outputOf<CartReply>(event, 'loadCart', 'reloadCart'), pending: null }),
    clearPending: assign({ pending: null }),
    planIncrease: assign({ pending: ({ context, event }) => changeOf(context, event, 1) }),
    planDecrease: assign({ pending: ({ context, event }) => changeOf(context, event, -1) }),
    planRemoval: assign({ pending: ({ context, event }) => changeOf(context, event, 0) }),
  },
  guards: {
    hasOwner: ({ context }) => context.owner !== null,
    hasLines: ({ event }) => outputOf<CartReply>(event, 'loadCart', 'reloadCart').productList.length > 0,
    canIncrease: ({ context, event }) => {
      const line = lineOf(context, event);
      return line !== undefined && canIncrease(line);
    },
    canDecrease: ({ context, event }) => {
      const line = lineOf(context, event);
      return line !== undefined && canDecrease(line);
    },
    hasLine: ({ context, event }) => lineOf(context, event) !== undefined,
    hasStock: ({ event }) => outputOf<boolean>(event, 'checkStock'),
    wasUpdated: ({ event }) => outputOf<UpdateOutcome>(event, 'updateQuantity') === 'updated',
  },
});

export const cartMachine = cartSetup.extend({
  actions: {
    showLoadedCount: cartSetup.enqueueActions(({ event, enqueue }) => {
      const cart = outputOf<CartReply>(event, 'loadCart', 'reloadCart');
      enqueue({ type: 'showCount', params: { count: cart.totalCartItems } });
    }),
    logCallError: cartSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'loadCart', 'reloadCart', 'checkStock', 'updateQuantity', 'removeItem') } });
    }),
  },
}).createMachine({
  id: 'cart',
  context: { owner: null, cart: null, pending: null },
  entry: 'takeInput',
  initial: 'opening',
  states: {
    // A visitor who never added anything has no bag to load.
    opening: {
      always: [{ guard: 'hasOwner', target: 'loading' }, { target: 'empty' }],
    },
    loading: {
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        input: ({ context }) => ownerOf(context),
        onDone: [
          { guard: 'hasLines', target: 'ready', actions: ['keepCart', 'showLoadedCount'] },
          { target: 'empty', actions: ['keepCart', 'showLoadedCount'] },
        ],
        onError: { target: 'loadFailed', actions: 'logCallError' },
      },
    },
    loadFailed: {
      on: { 'cart.retry': 'loading' },
    },
    empty: {},
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'quantity.increase': { guard: 'canIncrease', target: 'checkingStock', actions: 'planIncrease' },
            'quantity.decrease': { guard: 'canDecrease', target: 'updating', actions: 'planDecrease' },
            'item.remove': { guard: 'hasLine', target: 'removing', actions: 'planRemoval' },
            // While a change of its own runs the bag reloads after it anyway.
            'cart.changed': 'reloading',
          },
        },
        // Only an increase asks first whether the shop has one more unit.
        checkingStock: {
          invoke: {
            id: 'checkStock',
            src: 'checkStock',
            input: ({ context }) => ({ productId: pendingOf(context).productId, quantity: pendingOf(context).quantity }),
            onDone: [{ guard: 'hasStock', target: 'updating' }, { target: 'refused' }],
            onError: { target: 'failed', actions: 'logCallError' },
          },
        },
        updating: {
          invoke: {
            id: 'updateQuantity',
            src: 'updateQuantity',
            input: ({ context }) => {
              const { cartItemId, productId, size, quantity } = pendingOf(context);
              return { owner: ownerOf(context), cartItemId, line: { productId, size, quantity } };
            },
            onDone: [
              { guard: 'wasUpdated', target: 'reloading' },
              // "Insufficient quantity available": the stock fell between the check and the update.
              { target: 'refused' },
            ],
            onError: { target: 'failed', actions: 'logCallError' },
          },
        },
        removing: {
          invoke: {
            id: 'removeItem',
            src: 'removeItem',
            input: ({ context }) => ({ owner: ownerOf(context), productId: pendingOf(context).productId }),
            onDone: 'reloading',
            onError: { target: 'failed', actions: 'logCallError' },
          },
        },
        reloading: {
          invoke: {
            id: 'reloadCart',
            src: 'loadCart',
            input: ({ context }) => ownerOf(context),
            onDone: [
              { guard: 'hasLines', target: 'idle', actions: ['keepCart', 'showLoadedCount'] },
              { target: '#cart.empty', actions: ['keepCart', 'showLoadedCount'] },
            ],
            onError: { target: 'failed', actions: 'logCallError' },
          },
        },
        refused: {
          entry: [
            'clearPending',
            { type: 'notify', params: { message: cartMessages.stockLimit, kind: 'error', duration: toastDurations.default } },
          ],
          always: 'idle',
        },
        failed: {
          entry: [
            'clearPending',
            { type: 'notify', params: { message: cartMessages.networkError, kind: 'error', duration: toastDurations.default } },
          ],
          always: 'idle',
        },
      },
    },
  },
});
