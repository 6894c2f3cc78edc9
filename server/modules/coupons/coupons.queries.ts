/**
 * Coupons' reads and writes (issue 42): the admin's codes with their uses, a code's row, and the uses a buyer may still
 * make (coupon_uses, migration 0025).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { CouponInput } from '../../../domain/coupons';
import type { Database, Transaction } from '../../db/client';
import { categories, coupons } from '../../db/schema';

type Reader = Database | Transaction;
export type CouponRow = typeof coupons.$inferSelect;

/** Every coupon (or the one with `id`), newest first, with its live uses: orders paid, or pending within their reservation. */
export function selectCouponsWithUses(db: Reader, now: Date, id?: number) {
  return db
    .select({
      coupon: coupons,
      // Named in full: alone in its query, drizzle would leave `id` bare, and the sub-query would read orders' own.
      uses: sql<number>`(select count(*)::integer from orders o where o.coupon_id = "coupons"."id"
        and (o.payment_state = 'paid' or (o.payment_state = 'pending' and o.reservation_expires_at > ${now.toISOString()}::timestamptz)))`,
    })
    .from(coupons)
    .where(id === undefined ? undefined : eq(coupons.id, id))
    .orderBy(sql`${coupons.createdAt} desc`, sql`${coupons.id} desc`);
}

export async function selectCouponByCode(db: Reader, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row;
}

/** How many of `ids` are categories that exist. */
export async function countCategories(db: Reader, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db.select({ n: sql<number>`count(*)::integer` }).from(categories).where(inArray(categories.id, [...ids]));
  return row?.n ?? 0;
}

const termsOf = (input: CouponInput) => ({
  code: input.code,
  description: input.description,
  kind: input.kind,
  value: input.value,
  minOrderRupees: input.minOrderRupees,
  maxDiscountRupees: input.maxDiscountRupees,
  validFrom: input.validFrom,
  validTo: input.validTo,
  totalLimit: input.totalLimit,
  perBuyerLimit: input.perBuyerLimit,
  firstOrderOnly: input.firstOrderOnly,
  categoryIds: [...new Set(input.categoryIds)],
  active: input.active,
});

export async function insertCoupon(db: Reader, input: CouponInput, now: Date): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values({ ...termsOf(input), createdAt: now, updatedAt: now }).returning();
  return row!;
}

export async function updateCoupon(db: Reader, id: number, input: CouponInput, now: Date): Promise<CouponRow | undefined> {
  const [row] = await db.update(coupons).set({ ...termsOf(input), updatedAt: now }).where(eq(coupons.id, id)).returning();
  return row;
}

/** What coupon_uses answers: live uses by others and the buyer's paid ones; `paid`: she has paid for an order. */
export interface CouponUses {
  total: number;
  buyer: number;
  paid: boolean;
}

export async function selectCouponUses(db: Reader, couponId: number, buyerId: number, now: Date): Promise<CouponUses> {
  const result = await db.execute(sql`select coupon_uses(${couponId}::integer, ${buyerId}::integer, ${now.toISOString()}::timestamptz) as uses`);
  return (result as unknown as { rows: [{ uses: CouponUses }] }).rows[0].uses;
}
