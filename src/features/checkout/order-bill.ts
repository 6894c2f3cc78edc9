// The "Your Order" table's numbers, derived from the bag with the same GST function the server bills with
// (domain/gst.ts), so the table, the order record and the mail agree to the paisa. Each delivery's fee is a line of its
// own, taxed as the goods it delivers (domain/delivery-split.ts's deliveryFeeRateBp), as the invoice taxes it.
// A coupon (issue 42) takes each line's share of its discount off that line before the line is taxed, as the invoice
// does (domain/coupons.ts spreadDiscount): the table shows the lines at their price, the coupon as a row of its own, and
// tax and total on the discounted values.
import type { CartReply } from '../../../domain/cart';
import type { LineDiscount } from '../../../domain/coupons';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import { deliveryFeeRateBp, splitIntoDeliveries, travelOf } from '../../../domain/delivery-split';
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
  /** The line's share of the coupon's discount (0 without one); its tax is on totalPaise − discountPaise. */
  discountPaise: Paise;
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

/** A coupon as the server applied it: its code, its discount and each bag line's share (`applycoupon`'s reply). */
export interface BillCoupon {
  code: string;
  discountPaise: Paise;
  lines: readonly LineDiscount[];
}

export interface Bill {
  lines: BillLine[];
  deliveries: BillDeliveryLine[];
  /** The coupon's row, "Coupon CODE −₹x"; null without one. */
  coupon: { code: string; discountPaise: Paise } | null;
  totalPaise: Paise;
  taxPaise: Paise;
}

/** productGst is a percent on the wire; the tax arithmetic works in basis points. */
const rateBp = (productGst: number) => (productGst > 0 ? Math.round(productGst * 100) : null);

/**
 * The bill for a delivery state (null before an address is chosen: CGST + SGST), with the deliveries' fees chosen and
 * the coupon applied, if any. Each priced line below is the goods' taxable transaction: the price less its share.
 */
export function orderBill(cart: CartReply, deliveryState: string | null, fees: readonly DeliveryFee[] = [], coupon: BillCoupon | null = null): Bill {
  const shares = new Map(coupon?.lines.map((share) => [share.cartItemId, share.discountPaise]) ?? []);
  const priced = cart.productList.map((line) => {
    const pricePaise = rupeesToPaise(line.productItem.totalAmount);
    // A share is never more than its line (spreadDiscount's rule), whatever a stale reply says.
    const discountPaise = Math.min(pricePaise, Math.max(0, shares.get(line.productItem.id) ?? 0));
    return { line, pricePaise, discountPaise, totalPaise: pricePaise - discountPaise, rateBp: rateBp(line.productGst) };
  });
  // Split as the invoice splits (add-ons travel with the flowers), on the goods' values before the discount, so each
  // fee is taxed at the invoice's rate: a coupon changes what is paid, not which goods a delivery mostly carries.
  const deliveries = splitIntoDeliveries(
    priced.map(({ line, pricePaise, rateBp: lineRate }) => ({ ...travelOf(line), totalPaise: pricePaise, rateBp: lineRate })),
  );
  const deliveryLines = fees.map((fee) => {
    const rate = deliveryFeeRateBp(deliveries.find((delivery) => delivery.kind === fee.kind)?.lines ?? []);
    return { fee, totalPaise: fee.feePaise, rateBp: rate };
  });
  const lines = priced.map(({ line, pricePaise, discountPaise, totalPaise, rateBp: rate }): BillLine => ({
    cartItemId: line.productItem.id,
    name: line.productItem.ProductDatum.productName,
    size: line.productItem.size,
    quantity: line.productItem.quantity,
    totalPaise: pricePaise,
    discountPaise,
    taxRows: taxRows(lineTax(totalPaise, rate, deliveryState), rate, deliveryState),
  }));
  const billedDeliveries = deliveryLines.map(({ fee, totalPaise, rateBp: rate }): BillDeliveryLine => ({
    ...fee,
    // A free delivery carries no tax to show.
    taxRows: totalPaise === 0 ? [] : taxRows(lineTax(totalPaise, rate, deliveryState), rate, deliveryState),
  }));
  const totals = orderTotals([...priced, ...deliveryLines], deliveryState);
  const discountPaise = priced.reduce((sum, line) => sum + line.discountPaise, 0);
  return {
    lines,
    deliveries: billedDeliveries,
    coupon: coupon && discountPaise > 0 ? { code: coupon.code, discountPaise } : null,
    totalPaise: totals.totalPaise,
    taxPaise: totals.taxPaise,
  };
}
