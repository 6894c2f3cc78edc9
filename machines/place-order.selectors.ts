// Place Order's rules outside the machine: how a stock shortfall is told (SPEC.md §8), in Place Order's 10 s toast.
import type { OutOfStockLine } from '../domain/checkout';
import { checkoutMessages } from '../domain/checkout';
import { toastDurations } from '../domain/limits';

export interface PlaceOrderNotice {
  message: string;
  /** The shortfall's lines under the message, one per bag line: name, size, quantity left. */
  lines: string[];
  kind: 'error' | 'warning';
  duration: number;
}

/** One line of the stock shortfall: the product's name, its size and how many are left. */
export const shortfallLine = (line: OutOfStockLine) =>
  `${line.product_name}, ${line.product_size}, ${line.Product_available} left`;

export const shortfallNotice = (lines: OutOfStockLine[]): PlaceOrderNotice => ({
  message: checkoutMessages.stockShortfall,
  lines: lines.map(shortfallLine),
  kind: 'warning',
  duration: toastDurations.placeOrder,
});
