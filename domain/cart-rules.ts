// The bag's rules for one line, shared by the bag page's machine and its views: how far a quantity may go, why a line
// cannot be bought, and when the bag may go to checkout (SPEC.md §4 "Cart quantity").
import type { CartLine, CartReply } from './cart';
import { limits } from './limits';

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

/** The line of the bag with this cart item id. */
export function findLine(cart: CartReply | null, cartItemId: number): CartLine | undefined {
  return cart?.productList.find((line) => line.productItem.id === cartItemId);
}
