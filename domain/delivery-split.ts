import { deliveryKinds } from './delivery-kind';
import type { CartLine } from './cart';
import type { DeliveryKind } from './delivery-kind';

/**
 * A bag becomes one delivery per delivery kind (issue 40, FLORIST-FACTS.md: hand-delivered and courier items are not
 * sent together): at most two, hand first, each with its lines in the bag's order and their subtotal in paise. The
 * checkout shows them, and the invoice gives each its own date, slot and fee. Pure: lines are priced by the caller.
 */

/** What the split needs of a line: its resolved kind, its total in paise, and whether it is an add-on (issue 42). */
export interface PricedLine {
  deliveryKind: DeliveryKind;
  totalPaise: number;
  isAddon?: boolean;
}

export interface Delivery<L extends PricedLine> {
  kind: DeliveryKind;
  lines: L[];
  subtotalPaise: number;
}

/**
 * How a line of the bag travels. An add-on travels with the flowers: it joins the hand delivery when the bag has one (a
 * cake goes with the bouquet, a vase is not sent apart by courier); otherwise, and for every other line, as its kind.
 */
export function travelsAs(line: PricedLine, bag: readonly PricedLine[]): DeliveryKind {
  if (line.isAddon && bag.some((other) => other.deliveryKind === 'hand')) return 'hand';
  return line.deliveryKind;
}

/** How a line of the bag as the browser holds it (GET …/cart) travels: its kind, and whether it is an add-on. */
export function travelOf(line: CartLine): Pick<PricedLine, 'deliveryKind' | 'isAddon'> {
  return { deliveryKind: line.productItem.ProductDatum.deliveryKind, isAddon: line.productItem.ProductDatum.isAddon ?? false };
}

export function splitIntoDeliveries<L extends PricedLine>(lines: readonly L[]): Delivery<L>[] {
  return deliveryKinds
    .map((kind) => {
      const ofKind = lines.filter((line) => travelsAs(line, lines) === kind);
      return { kind, lines: ofKind, subtotalPaise: ofKind.reduce((sum, line) => sum + line.totalPaise, 0) };
    })
    .filter((delivery) => delivery.lines.length > 0);
}

/** How the checkout and the order name each delivery. */
export const deliveryTitles: Record<DeliveryKind, string> = {
  hand: 'Fresh flowers, delivered by hand',
  courier: 'Everlasting gifts, by courier',
};

/**
 * The GST rate (CGST = SGST, basis points; null: nil-rated) a delivery's fee is taxed at. FLORIST-FACTS.md: delivering
 * goods for a price that includes the delivery is a composite supply, taxed as its principal supply; the principal
 * supply of a delivery is its highest-value line (the first of equal ones, in the bag's order), so its fee follows
 * that line's rate: fresh flowers' fee is nil-rated like them, a vase's is taxed like the vase. Add-ons ride along
 * with the flowers they were chosen for, so the principal is among the other lines when there are any: a cake dearer
 * than the bouquet does not make the bouquet's delivery a cake's.
 */
export function deliveryFeeRateBp(lines: readonly { totalPaise: number; rateBp: number | null; isAddon?: boolean }[]): number | null {
  const goods = lines.some((line) => !line.isAddon) ? lines.filter((line) => !line.isAddon) : lines;
  let principal: { totalPaise: number; rateBp: number | null } | undefined;
  for (const line of goods) if (!principal || line.totalPaise > principal.totalPaise) principal = line;
  return principal?.rateBp ?? null;
}
