// The "Your Order" table's numbers, derived from the bag with the same GST function the server bills with
// (domain/gst.ts), so the table, the order record and the mail agree to the paisa. Each delivery's fee is a line of its
// own, taxed as the goods it delivers (domain/delivery-split.ts's deliveryFeeRateBp), as the invoice taxes it.
import type { CartReply } from '../../../domain/cart';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import { deliveryFeeRateBp, splitIntoDeliveries } from '../../../domain/delivery-split';
import { lineTax, orderTotals, taxRows } from '../../../domain/gst';
import type { TaxRow } from '../../../domain/gst';
import { rupeesToPaise } from '../../../domain/money';
import type { Paise } from '../../../domain/money';

export interface BillLine {
  cartItemId: number;
  name: string;
  size: string;
  quantity: number;
  totalPaise: Paise;
  taxRows: TaxRow[];
}

/** A delivery's fee as the checkout's picker chose it: the slot's (plus the area's extra fee), or the courier's. */
export interface DeliveryFee {
  kind: DeliveryKind;
  title: string;
  /** "Midnight, 11 pm to 11:59 pm", "Courier". */
  detail: string;
  feePaise: Paise;
}

export interface BillDeliveryLine extends DeliveryFee {
  taxRows: TaxRow[];
}

export interface Bill {
  lines: BillLine[];
  deliveries: BillDeliveryLine[];
  totalPaise: Paise;
  taxPaise: Paise;
}

/** productGst is a percent on the wire; the tax arithmetic works in basis points. */
const rateBp = (productGst: number) => (productGst > 0 ? Math.round(productGst * 100) : null);

/** The bill for a delivery state (null before an address is chosen: CGST + SGST), with the deliveries' fees chosen. */
export function orderBill(cart: CartReply, deliveryState: string | null, fees: readonly DeliveryFee[] = []): Bill {
  const priced = cart.productList.map((line) => ({
    line,
    totalPaise: rupeesToPaise(line.productItem.totalAmount),
    rateBp: rateBp(line.productGst),
    deliveryKind: line.productItem.ProductDatum.deliveryKind,
    isAddon: line.productItem.ProductDatum.isAddon ?? false,
  }));
  // Split as the invoice splits (add-ons travel with the flowers), so each fee is taxed at the invoice's rate.
  const deliveries = splitIntoDeliveries(priced);
  const deliveryLines = fees.map((fee) => {
    const rate = deliveryFeeRateBp(deliveries.find((delivery) => delivery.kind === fee.kind)?.lines ?? []);
    return { fee, totalPaise: fee.feePaise, rateBp: rate };
  });
  const lines = priced.map(({ line, totalPaise, rateBp: rate }): BillLine => ({
    cartItemId: line.productItem.id,
    name: line.productItem.ProductDatum.productName,
    size: line.productItem.size,
    quantity: line.productItem.quantity,
    totalPaise,
    taxRows: taxRows(lineTax(totalPaise, rate, deliveryState), rate, deliveryState),
  }));
  const billedDeliveries = deliveryLines.map(({ fee, totalPaise, rateBp: rate }): BillDeliveryLine => ({
    ...fee,
    // A free delivery carries no tax to show.
    taxRows: totalPaise === 0 ? [] : taxRows(lineTax(totalPaise, rate, deliveryState), rate, deliveryState),
  }));
  const totals = orderTotals([...priced, ...deliveryLines], deliveryState);
  return { lines, deliveries: billedDeliveries, totalPaise: totals.totalPaise, taxPaise: totals.taxPaise };
}
