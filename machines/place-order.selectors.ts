// Place Order's rules outside the machine: how a stock shortfall is told (SPEC.md §8), in Place Order's 10 s toast,
// and what the busy screen says.
import type { OutOfStockLine } from '../domain/checkout';
import { checkoutMessages } from '../domain/checkout';
import { toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import { paymentMessages } from '../domain/payment';

/** One line of the stock shortfall: the product's name, its size and how many are left. */
export const shortfallLine = (line: OutOfStockLine) =>
  `${line.product_name}, ${line.product_size}, ${line.Product_available} left`;

export const shortfallNotice = (lines: OutOfStockLine[]): Notice => ({
  message: checkoutMessages.stockShortfall,
  lines: lines.map(shortfallLine),
  kind: 'warning',
  duration: toastDurations.placeOrder,
});

/** The busy screen's line: "Confirming your payment…" once verify has gone unanswered, else SPEC.md §2's. */
export const processingLine = (context: { verifyRetries: number }): string =>
  context.verifyRetries > 0 ? paymentMessages.confirmingText : paymentMessages.processingText;
