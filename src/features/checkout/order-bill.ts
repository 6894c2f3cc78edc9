// The "Your Order" table's numbers, derived from the bag with the same GST function the server bills with
// (domain/gst.ts), so the table, the order record and the mail agree to the paisa.
import type { CartReply } from '../../../domain/cart';
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

export interface Bill {
  lines: BillLine[];
  totalPaise: Paise;
  taxPaise: Paise;
}

/** productGst is a percent on the wire; the tax arithmetic works in basis points. */
const rateBp = (productGst: number) => (productGst > 0 ? Math.round(productGst * 100) : null);

/** The bill for a delivery state (null before an address is chosen: CGST + SGST). */
export function orderBill(cart: CartReply, deliveryState: string | null): Bill {
  const priced = cart.productList.map((line) => ({
    line,
    totalPaise: rupeesToPaise(line.productItem.totalAmount),
    rateBp: rateBp(line.productGst),
  }));
  const lines = priced.map(({ line, totalPaise, rateBp: rate }): BillLine => ({
    cartItemId: line.productItem.id,
    name: line.productItem.ProductDatum.productName,
    size: line.productItem.size,
    quantity: line.productItem.quantity,
    totalPaise,
    taxRows: taxRows(lineTax(totalPaise, rate, deliveryState), rate, deliveryState),
  }));
  const totals = orderTotals(priced, deliveryState);
  return { lines, totalPaise: totals.totalPaise, taxPaise: totals.taxPaise };
}
