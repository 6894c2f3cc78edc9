/** What every reply about an order shows of its coupon (domain/coupons.ts orderCoupon), from the order's own row. */
import type { OrderCoupon } from '../../../domain/coupons';
import { orders } from '../../db/schema';

/** The columns orderCouponOf reads, for a query's select. */
export const orderCouponColumns = { couponCode: orders.couponCode, discountPaise: orders.discountPaise };

export function orderCouponOf(row: { couponCode: string | null; discountPaise: number }): OrderCoupon {
  return row.couponCode === null ? null : { code: row.couponCode, discountPaise: row.discountPaise };
}
