// The checkout's "Your Order" numbers with an add-on (issue 42): split as the invoice splits (the add-on travels with
// the flowers), so the delivery fee is taxed as the flowers and the bill agrees with the invoice to the paisa
// (tests/server/checkout-deliveries.test.ts bills the same bag: Rs. 2,430 with Rs. 180 of tax).
import { describe, expect, it } from 'vitest';
import type { CartLine, CartReply } from '../../domain/cart';
import { orderBill } from '../../src/features/checkout/order-bill';

const aLine = (id: number, price: number, productGst: number, deliveryKind: 'hand' | 'courier', isAddon: boolean): CartLine => ({
  productItem: {
    id,
    price,
    quantity: 1,
    size: 'Standard',
    totalAmount: price,
    ProductDatum: { externalId: `p_${id}`, itemCode: `C-${id}`, productName: `Product ${id}`, sellingPrice: price, mrp: price, deliveryKind, isAddon },
  },
  productId: `p_${id}`,
  productGst,
  available: 5,
  isRemoved: false,
});
const cartOf = (productList: CartLine[]): CartReply => ({ price: 0, gst: true, totalAmount: 0, totalCartItems: productList.length, productList });
const midnight = { kind: 'hand' as const, title: 'Fresh flowers, delivered by hand', detail: 'Midnight', feePaise: 25_000 };

describe('orderBill with an add-on', () => {
  it("taxes the hand delivery's fee as the roses, not as the dearer vase riding with them", () => {
    const bill = orderBill(cartOf([aLine(1, 1000, 0, 'hand', false), aLine(2, 1180, 9, 'courier', true)]), 'Tamil Nadu', [midnight]);
    expect(bill.totalPaise).toBe(243_000);
    expect(bill.taxPaise).toBe(18_000);
    expect(bill.deliveries).toHaveLength(1);
    expect(bill.deliveries[0]!.taxRows.every((row) => !/GST \(/.test(row.label))).toBe(true);
  });

  it('taxes the same vase bought as an ordinary product by its own courier delivery at its rate', () => {
    const courier = { kind: 'courier' as const, title: 'Everlasting gifts, by courier', detail: 'Courier', feePaise: 11_800 };
    const bill = orderBill(cartOf([aLine(1, 1000, 0, 'hand', false), aLine(2, 1180, 9, 'courier', false)]), 'Tamil Nadu', [midnight, courier]);
    // The courier fee 118 carries 18 of tax: 180 + 18.
    expect(bill.taxPaise).toBe(19_800);
  });
});
