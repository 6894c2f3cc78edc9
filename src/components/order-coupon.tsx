// An order's coupon (issue 42), "Coupon DIWALI10  −Rs. 120.00", the same on the thank-you page, in My Account's orders
// and in the admin's order; nothing for an order without one.
import { formatPaise } from '../../domain/money';
import type { OrderCoupon as OrderCouponValue } from '../../domain/coupons';
import { DetailRows } from './detail-rows';

/** The coupon's label and the discount as a minus amount. */
export function orderCouponRow(coupon: NonNullable<OrderCouponValue>): [label: string, value: string] {
  return [`Coupon ${coupon.code}`, `−${formatPaise(coupon.discountPaise)}`];
}

export function OrderCoupon({ coupon, compact = false }: { coupon: OrderCouponValue | undefined; compact?: boolean }) {
  return coupon ? <DetailRows rows={[orderCouponRow(coupon)]} label="Coupon" compact={compact} /> : null;
}
