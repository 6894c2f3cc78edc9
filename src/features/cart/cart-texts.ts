// The cart page's own words beyond the spec's (domain/cart.ts holds those): why a line or the checkout is held back.
import { cartMessages } from '../../../domain/cart';
import type { CartLine } from '../../../domain/cart';
import { lineIssue } from '../../../domain/cart-rules';
import type { LineIssue } from '../../../domain/cart-rules';

export function lineIssueText(line: CartLine): string | null {
  const issue = lineIssue(line);
  if (issue === 'removed') return cartMessages.removedProduct;
  if (issue === 'soldOut') return 'This product is sold out. Please remove it from your bag.';
  if (issue === 'overStock') return `Only ${line.available} left in stock. Please reduce the quantity.`;
  return null;
}

/** The reason under a disabled Proceed to Checkout: the first kind of problem in the bag decides. */
export function checkoutBlockedText(lines: CartLine[]): string | null {
  const issues = new Set<LineIssue>(lines.map(lineIssue).filter((issue): issue is LineIssue => issue !== null));
  if (issues.has('removed') || issues.has('soldOut')) {
    return 'Some items in your bag are no longer available. Please remove them to proceed to checkout.';
  }
  if (issues.has('overStock')) return 'Some quantities are above the stock left. Please reduce them to proceed to checkout.';
  return null;
}
