// The bag page (/cart): loads the bag, then changes one line at a time — decrease, increase after a stock check,
// remove — and reloads the bag after every change (SPEC.md §4 "Cart quantity"). Clicks while a change runs are ignored.
import { assign, fromPromise, setup } from 'xstate';
import { cartMessages } from '../domain/cart';
import type { CartLine, CartOwner, CartReply } from '../domain/cart';
import { limits, toastDurations } from '../domain/limits';

export type CartQuantityEvent =
  | { type: 'quantity.increase'; cartItemId: number }
  | { type: 'quantity.decrease'; cartItemId: number }
  | { type: 'item.remove'; cartItemId: number }
  | { type: 'cart.retry' };

/** The line change in flight: what is checked, posted or removed. */
export interface PendingChange {
  cartItemId: number;
  productId: string;
  size: string;
  quantity: number;
}

export interface CartQuantityContext {
  owner: CartOwner | null;
  cart: CartReply | null;
  pending: PendingChange | null;
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

export interface CartNotice {
  message: string;
  kind: 'error';
  duration: number;
}

/** The most a line can hold: the spec's 10, and never more than the shop can still sell. */
export function maxQuantity(line: CartLine): number {
  return Math.min(limits.cartLineQuantityMax, Math.max(0, line.available));
}

export function canDecrease(line: CartLine): boolean {
  return !line.isRemoved && line.productItem.quantity > limits.cartLineQuantityMin;
}

export function canIncrease(line: CartLine): boolean {
  return !line.isRemoved && line.productItem.quantity < maxQuantity(line);
}

/** Why a line cannot be bought as it stands; null when it can. */
export type LineIssue = 'removed' | 'soldOut' | 'overStock';

export function lineIssue(line: CartLine): LineIssue | null {
  if (line.isRemoved) return 'removed';
  if (line.available <= 0) return 'soldOut';
  if (line.productItem.quantity > line.available) return 'overStock';
  return null;
}

/** Checkout waits until every line can be bought. */
export function canCheckout(cart: CartReply | null): boolean {
  return cart !== null && cart.productList.length > 0 && cart.productList.every((line) => lineIssue(line) === null);
}

function findLine(context: CartQuantityContext, cartItemId: number): CartLine | undefined {
  return context.cart?.productList.find((line) => line.productItem.id === cartItemId);
}

function changeOf(line: CartLine, quantity: number): PendingChange {
  return { cartItemId: line.productItem.id, productId: line.productId, size: line.productItem.size, quantity };
}

const notice = (message: string): CartNotice => ({ message, kind: 'error', duration: toastDurations.default });

const unimplemented = () => Promise.reject(new Error('provided by the view'));

/** The pending change and the owner, for the actors that need both; the states that invoke them always have them. */
function ownerOf(context: CartQuantityContext): CartOwner {
  if (!context.owner) throw new Error('cart change without an owner');
  return context.owner;
}
function pendingOf(context: CartQuantityContext): PendingChange {
  if (!context.pending) throw new Error('cart change without a pending line');
  return context.pending;
}

export const cartQuantityMachine = setup({
  types: {} as { context: CartQuantityContext; events: CartQuantityEvent; input: { owner: CartOwner | null } },
  actors: {
    loadCart: fromPromise<CartReply, CartOwner>(unimplemented),
    checkStock: fromPromise<boolean, CheckStockInput>(unimplemented),
    updateQuantity: fromPromise<UpdateOutcome, UpdateQuantityInput>(unimplemented),
    removeItem: fromPromise<unknown, RemoveItemInput>(unimplemented),
  },
  actions: {
    notify: (_, _params: CartNotice) => {},
    /** Keeps the header's badge in step with the bag just loaded. */
    showCount: (_, _params: { count: number }) => {},
    logError: (_, _params: { error: unknown }) => {},
    keepCart: assign({ cart: (_, cart: CartReply) => cart, pending: null }),
    clearPending: assign({ pending: null }),
    planIncrease: assign({
      pending: ({ context, event }) => {
        const line = 'cartItemId' in event ? findLine(context, event.cartItemId) : undefined;
        return line ? changeOf(line, line.productItem.quantity + 1) : null;
      },
    }),
    planDecrease: assign({
      pending: ({ context, event }) => {
        const line = 'cartItemId' in event ? findLine(context, event.cartItemId) : undefined;
        return line ? changeOf(line, line.productItem.quantity - 1) : null;
      },
    }),
    planRemoval: assign({
      pending: ({ context, event }) => {
        const line = 'cartItemId' in event ? findLine(context, event.cartItemId) : undefined;
        return line ? changeOf(line, line.productItem.quantity) : null;
      },
    }),
  },
  guards: {
    hasOwner: ({ context }) => context.owner !== null,
    hasLines: (_, cart: CartReply) => cart.productList.length > 0,
    canIncrease: ({ context, event }) => {
      const line = 'cartItemId' in event ? findLine(context, event.cartItemId) : undefined;
      return line !== undefined && canIncrease(line);
    },
    canDecrease: ({ context, event }) => {
      const line = 'cartItemId' in event ? findLine(context, event.cartItemId) : undefined;
      return line !== undefined && canDecrease(line);
    },
    hasLine: ({ context, event }) => 'cartItemId' in event && findLine(context, event.cartItemId) !== undefined,
    hasStock: (_, sufficient: boolean) => sufficient,
    wasUpdated: (_, outcome: UpdateOutcome) => outcome === 'updated',
  },
}).createMachine({
  id: 'cartQuantity',
  context: ({ input }) => ({ owner: input.owner, cart: null, pending: null }),
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
          {
            guard: { type: 'hasLines', params: ({ event }) => event.output },
            target: 'ready',
            actions: [
              { type: 'keepCart', params: ({ event }) => event.output },
              { type: 'showCount', params: ({ event }) => ({ count: event.output.totalCartItems }) },
            ],
          },
          {
            target: 'empty',
            actions: [
              { type: 'keepCart', params: ({ event }) => event.output },
              { type: 'showCount', params: ({ event }) => ({ count: event.output.totalCartItems }) },
            ],
          },
        ],
        onError: { target: 'loadFailed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
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
          },
        },
        // Only an increase asks first whether the shop has one more unit.
        checkingStock: {
          invoke: {
            id: 'checkStock',
            src: 'checkStock',
            input: ({ context }) => ({ productId: pendingOf(context).productId, quantity: pendingOf(context).quantity }),
            onDone: [
              { guard: { type: 'hasStock', params: ({ event }) => event.output }, target: 'updating' },
              { target: 'refused' },
            ],
            onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
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
              { guard: { type: 'wasUpdated', params: ({ event }) => event.output }, target: 'reloading' },
              // "Insufficient quantity available": the stock fell between the check and the update.
              { target: 'refused' },
            ],
            onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        removing: {
          invoke: {
            id: 'removeItem',
            src: 'removeItem',
            input: ({ context }) => ({ owner: ownerOf(context), productId: pendingOf(context).productId }),
            onDone: 'reloading',
            onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        reloading: {
          invoke: {
            id: 'reloadCart',
            src: 'loadCart',
            input: ({ context }) => ownerOf(context),
            onDone: [
              {
                guard: { type: 'hasLines', params: ({ event }) => event.output },
                target: 'idle',
                actions: [
                  { type: 'keepCart', params: ({ event }) => event.output },
                  { type: 'showCount', params: ({ event }) => ({ count: event.output.totalCartItems }) },
                ],
              },
              {
                target: '#cartQuantity.empty',
                actions: [
                  { type: 'keepCart', params: ({ event }) => event.output },
                  { type: 'showCount', params: ({ event }) => ({ count: event.output.totalCartItems }) },
                ],
              },
            ],
            onError: { target: 'failed', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        refused: {
          entry: ['clearPending', { type: 'notify', params: notice(cartMessages.stockLimit) }],
          always: 'idle',
        },
        failed: {
          entry: ['clearPending', { type: 'notify', params: notice(cartMessages.networkError) }],
          always: 'idle',
        },
      },
    },
  },
});
