// The checkout's "Your Order" arithmetic with a coupon (issue 42): each line taxed on its price less its share of the
// discount, the coupon's row, and the total = goods − discount + fees, to the paisa; shares made with the same
// spreadDiscount the server uses, so the table equals what the invoice charges.
import { describe, expect, it } from 'vitest';
import { spreadDiscount } from '../../domain/coupons';
import { lineTax } from '../../domain/gst';
import { orderBill } from '../../src/features/checkout/order-bill';
import type { BillCoupon } from '../../src/features/checkout/order-bill';
import { aCartLine, cartOf } from './cart-fixtures';

const aLine = (id: number, price: number, quantity: number, productGst: number) => aCartLine({ id, price, quantity, productGst });


// A dried posy at 6 % CGST (12 % in all), a cake at 9 % (18 %) and nil-rated roses.
const cart = cartOf([aLine(1, 1299, 1, 6), aLine(2, 649, 1, 9), aLine(3, 999, 2, 0)]);
const courier = { kind: 'courier' as const, title: 'Courier', detail: 'Courier', feePaise: 9900 };

/** The coupon as applycoupon would answer: shares from domain/coupons.ts's spreadDiscount. */
function couponFor(terms: Parameters<typeof spreadDiscount>[1], eligible: (id: number) => boolean = () => true): BillCoupon {
  const { discountPaise, shares } = spreadDiscount(
    cart.productList.map((line) => ({ key: line.productItem.id, totalPaise: line.productItem.totalAmount * 100, eligible: eligible(line.productItem.id) })),
    terms,
  );
  return { code: 'DIWALI10', discountPaise, lines: [...shares].map(([cartItemId, share]) => ({ cartItemId, discountPaise: share })) };
}

describe('orderBill with a coupon', () => {
  it("taxes a fee at the rate of the goods' largest line before the discount, as the invoice does", () => {
    // The posy (12 %) is the largest line; a coupon only on it brings it below the roses (nil-rated) once discounted.
    const onPosy = couponFor({ kind: 'flat', value: 1200, maxDiscountRupees: null }, (id) => id === 1);
    const bill = orderBill(cartOf([aLine(1, 1299, 1, 6), aLine(3, 999, 1, 0)]), 'Tamil Nadu', [courier], onPosy);
    expect(bill.deliveries[0]!.taxRows.map((row) => row.label)).toEqual(['CGST (6%)', 'SGST (6%)']);
  });

  it('is unchanged without one', () => {
    const bill = orderBill(cart, 'Tamil Nadu', [courier]);
    expect(bill.coupon).toBeNull();
    expect(bill.lines.map((line) => line.discountPaise)).toEqual([0, 0, 0]);
    expect(bill.totalPaise).toBe(129_900 + 64_900 + 199_800 + 9_900);
  });

  it('takes the discount off the goods, never the fee, and taxes each line on its discounted value', () => {
    const coupon = couponFor({ kind: 'percent', value: 10, maxDiscountRupees: null });
    expect(coupon.discountPaise).toBe(39_460);
    const bill = orderBill(cart, 'Tamil Nadu', [courier], coupon);
    expect(bill.coupon).toEqual({ code: 'DIWALI10', discountPaise: 39_460 });
    // The lines keep their price on the table; the shares add up to the discount.
    expect(bill.lines.map((line) => line.totalPaise)).toEqual([129_900, 64_900, 199_800]);
    expect(bill.lines.map((line) => line.discountPaise)).toEqual([12_990, 6_490, 19_980]);
    // 1299 − 129.90 = 1169.10 at 12 %: taxable 1043.84, tax 125.26 split 62.63 + 62.63.
    expect(bill.lines[0]?.taxRows).toEqual([
      { label: 'CGST (6%)', paise: 6_263 },
      { label: 'SGST (6%)', paise: 6_263 },
    ]);
    // 649 − 64.90 = 584.10 at 18 %: tax 89.10 split 44.55 + 44.55.
    expect(bill.lines[1]?.taxRows.map((row) => row.paise)).toEqual([4_455, 4_455]);
    expect(bill.lines[2]?.taxRows).toEqual([]);
    expect(bill.totalPaise).toBe(129_900 + 64_900 + 199_800 - 39_460 + 9_900);
    // The fee is taxed as the largest line it delivers, the nil-rated roses: none.
    expect(bill.deliveries[0]?.taxRows).toEqual([]);
    expect(bill.taxPaise).toBe(12_526 + 8_910);
  });

  it('spreads a capped flat amount over the eligible lines only, the odd paise on the largest, IGST between states', () => {
    const coupon = couponFor({ kind: 'flat', value: 100, maxDiscountRupees: null }, (id) => id !== 3);
    const bill = orderBill(cart, 'Karnataka', [], coupon);
    // ₹100 over ₹1299 and ₹649: 66.69 and 33.31 (the remainder paisa to the posy).
    expect(bill.lines.map((line) => line.discountPaise)).toEqual([6_669, 3_331, 0]);
    expect(bill.lines[0]?.taxRows).toEqual([{ label: 'IGST (12%)', paise: lineTax(129_900 - 6_669, 600, 'Karnataka').igstPaise }]);
    expect(bill.totalPaise).toBe(394_600 - 10_000);
  });

  it('never takes more off a line than its price, whatever a stale reply says', () => {
    const bill = orderBill(cart, null, [], { code: 'OLD', discountPaise: 999_999, lines: [{ cartItemId: 2, discountPaise: 999_999 }, { cartItemId: 42, discountPaise: 500 }] });
    expect(bill.lines[1]?.discountPaise).toBe(64_900);
    expect(bill.lines[1]?.taxRows.map((row) => row.paise)).toEqual([0, 0]);
    expect(bill.coupon).toEqual({ code: 'OLD', discountPaise: 64_900 });
    expect(bill.totalPaise).toBe(129_900 + 199_800);
  });
});

// With an add-on (issue 42): split as the invoice splits (the add-on travels with the flowers), so the delivery fee is
// taxed as the flowers and the bill agrees with the invoice to the paisa (tests/server/checkout-deliveries.test.ts bills
// the same bag: Rs. 2,430 with Rs. 180 of tax).
/** Rupees, CGST percent, how it travels alone, and whether it is an add-on. */
const aGoodsLine = (id: number, price: number, productGst: number, deliveryKind: 'hand' | 'courier', isAddon: boolean) =>
  aCartLine({ id, name: `Product ${id}`, itemCode: `C-${id}`, price, productGst, available: 5, deliveryKind, isAddon });

const midnight = { kind: 'hand' as const, title: 'Fresh flowers, delivered by hand', detail: 'Midnight', feePaise: 25_000 };

describe('orderBill with an add-on', () => {
  it("taxes the hand delivery's fee as the roses, not as the dearer vase riding with them", () => {
    const bill = orderBill(cartOf([aGoodsLine(1, 1000, 0, 'hand', false), aGoodsLine(2, 1180, 9, 'courier', true)]), 'Tamil Nadu', [midnight]);
    expect(bill.totalPaise).toBe(243_000);
    expect(bill.taxPaise).toBe(18_000);
    expect(bill.deliveries).toHaveLength(1);
    expect(bill.deliveries[0]!.taxRows.every((row) => !/GST \(/.test(row.label))).toBe(true);
  });

  it('taxes the same vase bought as an ordinary product by its own courier delivery at its rate', () => {
    const courier = { kind: 'courier' as const, title: 'Everlasting gifts, by courier', detail: 'Courier', feePaise: 11_800 };
    const bill = orderBill(cartOf([aGoodsLine(1, 1000, 0, 'hand', false), aGoodsLine(2, 1180, 9, 'courier', false)]), 'Tamil Nadu', [midnight, courier]);
    // The courier fee 118 carries 18 of tax: 180 + 18.
    expect(bill.taxPaise).toBe(19_800);
  });
});
