import { deliveryKinds } from './delivery-kind';
import type { DeliveryKind } from './delivery-kind';

/**
 * A bag becomes one delivery per delivery kind (issue 40, FLORIST-FACTS.md: hand-delivered and courier items are not
 * sent together): at most two, hand first, each with its lines in the bag's order and their subtotal in paise. The
 * checkout shows them, and the invoice gives each its own date, slot and fee. Pure: lines are priced by the caller.
 */

/** What the split needs of a line: its resolved kind and its total in paise. */
export interface PricedLine {
  deliveryKind: DeliveryKind;
  totalPaise: number;
}

export interface Delivery<L extends PricedLine> {
  kind: DeliveryKind;
  lines: L[];
  subtotalPaise: number;
}

export function splitIntoDeliveries<L extends PricedLine>(lines: readonly L[]): Delivery<L>[] {
  return deliveryKinds
    .map((kind) => {
      const ofKind = lines.filter((line) => line.deliveryKind === kind);
      return { kind, lines: ofKind, subtotalPaise: ofKind.reduce((sum, line) => sum + line.totalPaise, 0) };
    })
    .filter((delivery) => delivery.lines.length > 0);
}
