// Coupon DIWALI10 as the server answers for it (domain/coupons.ts): its terms as the admin keeps them, and its
// discount applied to a bag, for the view and machine tests.
import { couponTexts } from '../../domain/coupons';
import type { ApplyCouponReply, CouponInput, LineDiscount } from '../../domain/coupons';

/** 10 % off an order of Rs. 999 or more, at most Rs. 500, on Cakes (category 2), once a buyer, up to 200 uses. */
export const diwaliTerms: CouponInput = {
  code: 'DIWALI10',
  description: 'Ten percent off for Diwali',
  kind: 'percent',
  value: 10,
  minOrderRupees: 999,
  maxDiscountRupees: 500,
  validFrom: '2026-10-20',
  validTo: '2026-11-10',
  totalLimit: 200,
  perBuyerLimit: 1,
  firstOrderOnly: false,
  categoryIds: [2],
  active: true,
};

/** DIWALI10 applied with each bag line's share as given: the discount is their sum. */
export function diwaliApplied(...lines: LineDiscount[]): ApplyCouponReply {
  const discountPaise = lines.reduce((sum, line) => sum + line.discountPaise, 0);
  return {
    code: diwaliTerms.code,
    description: diwaliTerms.description,
    discountPaise,
    lines,
    message: couponTexts.applied(diwaliTerms.code, discountPaise),
  };
}
