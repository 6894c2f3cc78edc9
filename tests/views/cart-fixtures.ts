// A bag as GET user/{id}/cart answers it, for machine and view tests: lines and the totals the server sums.
import type { CartLine, CartReply } from '../../domain/cart';
import type { DeliveryKind } from '../../domain/delivery-kind';

export interface LineOptions {
  id: number;
  name?: string;
  itemCode?: string;
  /** Rupees, the selling price (and the MRP unless given). */
  price?: number;
  mrp?: number;
  quantity?: number;
  /** The CGST percent of its category; 0 for nil-rated fresh flowers. */
  productGst?: number;
  available?: number;
  isRemoved?: boolean;
  deliveryKind?: DeliveryKind;
  isAddon?: boolean;
}

export function aCartLine(options: LineOptions): CartLine {
  const { id, name = `Flower ${id}`, itemCode = `IC-${id}`, price = 1250, mrp = price, quantity = 1, productGst = 0 } = options;
  const { available = 8, isRemoved = false, deliveryKind = 'courier', isAddon } = options;
  return {
    productItem: {
      id,
      price,
      quantity,
      size: 'Standard',
      totalAmount: price * quantity,
      ProductDatum: { externalId: `p_${id}`, itemCode, productName: name, sellingPrice: price, mrp, deliveryKind, ...(isAddon === undefined ? {} : { isAddon }) },
    },
    productId: `p_${id}`,
    productGst,
    available,
    isRemoved,
  };
}

/** The reply for these lines: the MRP total as `price`, what is paid as `totalAmount`. */
export function cartOf(lines: CartLine[]): CartReply {
  return {
    price: lines.reduce((sum, line) => sum + line.productItem.ProductDatum.mrp * line.productItem.quantity, 0),
    gst: lines.some((line) => line.productGst > 0),
    totalAmount: lines.reduce((sum, line) => sum + line.productItem.totalAmount, 0),
    totalCartItems: lines.reduce((sum, line) => sum + line.productItem.quantity, 0),
    productList: lines,
  };
}
