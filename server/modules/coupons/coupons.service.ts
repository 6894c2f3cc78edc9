/**
 * Coupons (issue 42): the admin's codes, and the one check of a code against a buyer's bag that both the apply call
 * and the checkout invoice make (`priceCoupon`). The invoice checks again under the coupon's row lock
 * (checkout_invoice, migration 0025), which alone can keep its limits when buyers race; the check here gives the
 * reason early and prices the discount.
 */
import { couponTexts, spreadDiscount } from '../../../domain/coupons';
import type { ApplyCouponReply, Coupon, CouponInput } from '../../../domain/coupons';
import { indiaDateOf } from '../../../domain/india-time';
import type { Database } from '../../db/client';
import { BadRequest, Conflict, HttpError, NotFound } from '../../errors';
import { isUniqueViolation } from '../admin/admin-catalog.service';
import type { Buyer } from '../checkout/buyer-access';
import { readCheckoutBag } from '../orders/checkout-bag';
import type { BagLine } from '../orders/checkout-bag';
import {
  countCategories,
  insertCoupon,
  selectCouponByCode,
  selectCouponUses,
  selectCouponsWithUses,
  updateCoupon,
} from './coupons.queries';
import type { CouponRow, CouponUses } from './coupons.queries';

/** 409 COUPON_REFUSED: the code cannot be used on this bag now; the message says why (couponTexts). */
export class CouponRefused extends HttpError {
  constructor(message: string) {
    super(409, 'COUPON_REFUSED', message);
  }
}

/** The reasons checkout_invoice may answer under the lock, with what the buyer reads. */
export const lockedRefusals = {
  unknown: couponTexts.unknown,
  firstOrderOnly: couponTexts.firstOrderOnly,
  usedByBuyer: couponTexts.usedByBuyer,
  usedUp: couponTexts.usedUp,
} as const;
export type LockedRefusal = keyof typeof lockedRefusals;

const couponOf = (row: CouponRow, uses: number): Coupon => ({
  id: row.id,
  code: row.code,
  description: row.description,
  kind: row.kind,
  value: row.value,
  minOrderRupees: row.minOrderRupees,
  maxDiscountRupees: row.maxDiscountRupees,
  validFrom: row.validFrom,
  validTo: row.validTo,
  totalLimit: row.totalLimit,
  perBuyerLimit: row.perBuyerLimit,
  firstOrderOnly: row.firstOrderOnly,
  categoryIds: row.categoryIds,
  active: row.active,
  uses,
  createdAt: row.createdAt.toISOString(),
});

export async function listCoupons(db: Database, now = new Date()): Promise<{ coupons: Coupon[] }> {
  const rows = await selectCouponsWithUses(db, now);
  return { coupons: rows.map((row) => couponOf(row.coupon, row.uses)) };
}

async function refuseUnknownCategories(db: Database, input: CouponInput): Promise<void> {
  const ids = new Set(input.categoryIds);
  if ((await countCategories(db, [...ids])) !== ids.size) throw new BadRequest(couponTexts.categoryUnknown);
}

/** A unique violation (two admins racing for one code) is the same 409 as the code already taken. */
async function writing<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(couponTexts.codeTaken);
    throw error;
  }
}

export async function createCoupon(db: Database, input: CouponInput, now = new Date()): Promise<{ coupon: Coupon }> {
  await refuseUnknownCategories(db, input);
  const row = await writing(() => insertCoupon(db, input, now));
  return { coupon: couponOf(row, 0) };
}

export async function editCoupon(db: Database, id: number, input: CouponInput, now = new Date()): Promise<{ coupon: Coupon }> {
  await refuseUnknownCategories(db, input);
  const row = await writing(() => updateCoupon(db, id, input, now));
  if (!row) throw new NotFound(couponTexts.notFound);
  const [listed] = await selectCouponsWithUses(db, now, id);
  return { coupon: couponOf(row, listed?.uses ?? 0) };
}

const demoTerms = { minOrderRupees: 0, maxDiscountRupees: null, totalLimit: null, perBuyerLimit: null, firstOrderOnly: false, categoryIds: [], active: true };

/** The demo shop's codes (README.md "Try it"), valid for years so that a demo can always use them. */
export const demoCoupons: CouponInput[] = [
  { ...demoTerms, code: 'WELCOME10', description: '10% off, up to ₹300, once per buyer', kind: 'percent', value: 10, maxDiscountRupees: 300, perBuyerLimit: 1, validFrom: '2026-01-01', validTo: '2099-12-31' },
  { ...demoTerms, code: 'FLAT150', description: '₹150 off orders of ₹1,500 or more', kind: 'flat', value: 150, minOrderRupees: 1500, validFrom: '2026-01-01', validTo: '2099-12-31' },
];

/** A line of the bag as the coupon sees it: its value before any discount and its product's category. */
export interface CouponLine<Key> {
  key: Key;
  totalPaise: number;
  categoryId: number | null;
}

/** The checkout's bag lines as the coupon sees them, each named by `keyOf`. */
export function couponLinesOf<Key>(lines: readonly BagLine[], keyOf: (line: BagLine, index: number) => Key): CouponLine<Key>[] {
  return lines.map((line, index) => ({ key: keyOf(line, index), totalPaise: line.unitPricePaise * line.quantity, categoryId: line.categoryId }));
}

export interface PricedCoupon<Key> {
  coupon: CouponRow;
  discountPaise: number;
  shares: Map<Key, number>;
}

/**
 * Every rule of a code against a bag on an India date, in the order a buyer can act on them: a code that does not
 * exist (or is off), its dates, who may use it and how often, then the bag (its categories, then the minimum on the
 * goods' value before the discount, fees never counted). Throws CouponRefused with the reason.
 */
export function priceCoupon<Key>(
  coupon: CouponRow | undefined,
  lines: readonly CouponLine<Key>[],
  uses: CouponUses,
  today: string,
): PricedCoupon<Key> {
  if (!coupon || !coupon.active) throw new CouponRefused(couponTexts.unknown);
  if (today < coupon.validFrom) throw new CouponRefused(couponTexts.notStarted(coupon.validFrom));
  if (today > coupon.validTo) throw new CouponRefused(couponTexts.expired);
  if (coupon.firstOrderOnly && uses.paid) throw new CouponRefused(couponTexts.firstOrderOnly);
  if (coupon.perBuyerLimit !== null && uses.buyer >= coupon.perBuyerLimit) throw new CouponRefused(couponTexts.usedByBuyer);
  if (coupon.totalLimit !== null && uses.total >= coupon.totalLimit) throw new CouponRefused(couponTexts.usedUp);
  const categories = new Set(coupon.categoryIds);
  const { discountPaise, shares } = spreadDiscount(
    lines.map((line) => ({
      key: line.key,
      totalPaise: line.totalPaise,
      eligible: categories.size === 0 || (line.categoryId !== null && categories.has(line.categoryId)),
    })),
    coupon,
  );
  if (discountPaise === 0) throw new CouponRefused(couponTexts.noEligibleItems);
  const goodsPaise = lines.reduce((sum, line) => sum + line.totalPaise, 0);
  const minimumPaise = coupon.minOrderRupees * 100;
  if (goodsPaise < minimumPaise) throw new CouponRefused(couponTexts.minimumOrder(minimumPaise, minimumPaise - goodsPaise));
  return { coupon, discountPaise, shares };
}

/** The code's row and the buyer's uses of it, then priceCoupon: what the invoice and the apply call share. */
export async function checkCoupon<Key>(
  db: Database,
  code: string,
  buyerId: number,
  lines: readonly CouponLine<Key>[],
  now: Date,
): Promise<PricedCoupon<Key>> {
  const coupon = await selectCouponByCode(db, code);
  const uses = coupon ? await selectCouponUses(db, coupon.id, buyerId, now) : { total: 0, buyer: 0, paid: false };
  return priceCoupon(coupon, lines, uses, indiaDateOf(now));
}

/**
 * `POST user/{id}/applycoupon`: the code against the caller's bag as the checkout reads it (a guest's session bag, else
 * the user's), its removed products left out as the invoice would refuse them.
 */
export async function applyCoupon(db: Database, buyer: Buyer, code: string, now = new Date()): Promise<ApplyCouponReply> {
  const { userId, lines } = await readCheckoutBag(db, buyer, null, now);
  const onSale = lines.filter((line) => !line.isRemoved);
  const priced = await checkCoupon(db, code, userId, couponLinesOf(onSale, (line) => line.cartItemId), now);
  return {
    code: priced.coupon.code,
    description: priced.coupon.description,
    discountPaise: priced.discountPaise,
    lines: [...priced.shares].map(([cartItemId, discountPaise]) => ({ cartItemId, discountPaise })),
    message: couponTexts.applied(priced.coupon.code, priced.discountPaise),
  };
}
