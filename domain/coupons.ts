import { z } from 'zod/mini';
import { indiaDateField } from './delivery-schedule';
import { rowIdOf } from './fields';
import type { IndiaDate } from './india-time';
import { formatPaise } from './money';
import type { Paise } from './money';

/**
 * Coupons' contract (issue 42). The admin keeps codes (`GET|POST admin/coupons`, `PUT admin/coupons/{id}`); a buyer
 * checks one against her bag (`POST user/{id}/applycoupon`) and names it in `POST user/{id}/checkoutinvoice`
 * (`couponCode`), which checks it again under the coupon's row lock, so its limits hold when buyers race.
 *
 * A coupon takes a percent or a flat amount off the goods it applies to (every line, or the lines of its categories),
 * never off delivery fees. The discount is spread over those lines in proportion to their value, to the paisa (the
 * remainder on the largest line), and each line is taxed on its discounted value (FLORIST-FACTS.md: GST on the
 * transaction value after a discount shown on the invoice). Dates are India dates, both ends included.
 */
export const couponLimits = {
  codeMin: 3,
  codeMax: 20,
  descriptionMax: 120,
  percentMax: 100,
  /** Whole rupees, like the catalogue's prices. */
  rupeesMax: 10_000_000,
  usesMax: 1_000_000,
  categoriesMax: 50,
} as const;

export const couponKinds = ['percent', 'flat'] as const;
export type CouponKind = (typeof couponKinds)[number];

const rupees = (amount: Paise) => formatPaise(amount);

/** Refusals name the reason; the 409's code is COUPON_REFUSED and its message one of these. */
export const couponTexts = {
  codeInvalid: `A coupon code is ${couponLimits.codeMin} to ${couponLimits.codeMax} letters, digits or dashes`,
  unknown: 'This coupon code is not valid.',
  notStarted: (from: IndiaDate) => `This coupon can be used from ${from}.`,
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has been fully used.',
  usedByBuyer: 'You have already used this coupon.',
  firstOrderOnly: 'This coupon is for your first order only.',
  noEligibleItems: 'This coupon does not apply to the items in your bag.',
  minimumOrder: (minimum: Paise, short: Paise) =>
    `This coupon needs an order of ${rupees(minimum)} or more. Add ${rupees(short)} more to use it.`,
  codeTaken: 'Another coupon already has this code',
  notFound: 'Coupon not found',
  idInvalid: 'id must be a coupon id',
  kindInvalid: 'kind must be percent or flat',
  percentInvalid: `A percent off is a whole number from 1 to ${couponLimits.percentMax}`,
  amountInvalid: `An amount is a whole number of rupees from 1 to ${couponLimits.rupeesMax}`,
  minimumInvalid: `The minimum order is a whole number of rupees from 0 to ${couponLimits.rupeesMax}`,
  maxDiscountInvalid: `The maximum discount is a whole number of rupees from 1 to ${couponLimits.rupeesMax}, or empty`,
  dateInvalid: 'Dates are YYYY-MM-DD',
  datesOrder: 'The last day cannot be before the first',
  limitInvalid: `A usage limit is a whole number from 1 to ${couponLimits.usesMax}, or empty`,
  descriptionInvalid: `The description can be at most ${couponLimits.descriptionMax} characters`,
  categoriesInvalid: `Categories are up to ${couponLimits.categoriesMax} category ids`,
  categoryUnknown: 'A chosen category does not exist',
  applied: (code: string, discount: Paise) => `${code} applied: you save ${rupees(discount)}.`,
  checkFailed: 'The coupon could not be checked. Please try again.',
} as const;

/** A code as typed: trimmed and upper-cased before it is checked, so "diwali10 " is DIWALI10. */
export const couponCode = z
  .string({ error: couponTexts.codeInvalid })
  .check(
    z.trim(),
    z.toUpperCase(),
    z.regex(new RegExp(`^[A-Z0-9-]{${couponLimits.codeMin},${couponLimits.codeMax}}$`), { error: couponTexts.codeInvalid }),
  );

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).check(z.int({ error: message }), z.minimum(min, { error: message }), z.maximum(max, { error: message }));
const optionalLimit = (max: number, message: string) => z._default(z.nullable(wholeNumber(1, max, message)), null);

/**
 * `POST admin/coupons` and `PUT admin/coupons/{id}`. `value` is the percent off (percent) or whole rupees off (flat);
 * `maxDiscountRupees` caps a percent coupon; `categoryIds` empty means every product. An inactive coupon is refused
 * as unknown, and keeps its history.
 */
export const couponInput = z
  .object({
    code: couponCode,
    description: z._default(
      z.string({ error: couponTexts.descriptionInvalid }).check(z.trim(), z.maxLength(couponLimits.descriptionMax, { error: couponTexts.descriptionInvalid })),
      '',
    ),
    kind: z.enum(couponKinds, { error: couponTexts.kindInvalid }),
    value: wholeNumber(1, couponLimits.rupeesMax, couponTexts.amountInvalid),
    minOrderRupees: z._default(wholeNumber(0, couponLimits.rupeesMax, couponTexts.minimumInvalid), 0),
    maxDiscountRupees: optionalLimit(couponLimits.rupeesMax, couponTexts.maxDiscountInvalid),
    validFrom: indiaDateField(couponTexts.dateInvalid),
    validTo: indiaDateField(couponTexts.dateInvalid),
    totalLimit: optionalLimit(couponLimits.usesMax, couponTexts.limitInvalid),
    perBuyerLimit: optionalLimit(couponLimits.usesMax, couponTexts.limitInvalid),
    firstOrderOnly: z._default(z.boolean(), false),
    categoryIds: z._default(
      z.array(rowIdOf(couponTexts.categoriesInvalid), { error: couponTexts.categoriesInvalid }).check(
        z.maxLength(couponLimits.categoriesMax, { error: couponTexts.categoriesInvalid }),
      ),
      [],
    ),
    active: z._default(z.boolean(), true),
  })
  .check(
    z.refine((coupon) => coupon.kind !== 'percent' || coupon.value <= couponLimits.percentMax, {
      error: couponTexts.percentInvalid,
      path: ['value'],
    }),
    z.refine((coupon) => coupon.validTo >= coupon.validFrom, { error: couponTexts.datesOrder, path: ['validTo'] }),
  );
export type CouponInput = z.output<typeof couponInput>;

export const couponIdParams = z.object({ id: rowIdOf(couponTexts.idInvalid) });

/** A coupon as the admin sees it: its terms and `uses`, the orders paid, or pending within their reservation, with it. */
export const coupon = z.extend(couponInput, {
  id: z.number().check(z.int()),
  uses: z.number().check(z.int()),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof coupon>;
export const couponListReply = z.object({ coupons: z.array(coupon) });
export const couponReply = z.object({ coupon });

/** `POST user/{id}/applycoupon`: the code checked against the caller's bag as stored (the same buyer checks as the invoice). */
export const applyCouponRequest = z.object({ code: couponCode });

/** A line's share of the discount; `cartItemId` is the bag line's id (cart's `productItem.id`). */
export const lineDiscount = z.object({ cartItemId: z.number().check(z.int()), discountPaise: z.number().check(z.int()) });
export type LineDiscount = z.infer<typeof lineDiscount>;

export const applyCouponReply = z.object({
  code: z.string(),
  description: z.string(),
  discountPaise: z.number().check(z.int(), z.positive()),
  lines: z.array(lineDiscount),
  message: z.string(),
});
export type ApplyCouponReply = z.infer<typeof applyCouponReply>;

/** What an order shows of its coupon (thank-you page, My Account, the admin's order, mails, the GST document). */
export const orderCoupon = z.nullable(z.object({ code: z.string(), discountPaise: z.number().check(z.int()) }));
export type OrderCoupon = z.infer<typeof orderCoupon>;

// ---- The arithmetic both sides use ---------------------------------------------------------------------------------

/** What an order must still cost after its discount: Razorpay takes no payment below ₹1, and an order is paid for. */
export const minimumPaymentPaise = 100;

export interface CouponTerms {
  kind: CouponKind;
  value: number;
  maxDiscountRupees: number | null;
}

export interface DiscountLine<Key> {
  key: Key;
  totalPaise: Paise;
  eligible: boolean;
}

/** The discount on `eligiblePaise` of goods: a percent rounded down to the paisa, capped; a flat amount up to the goods. */
export function discountOn(eligiblePaise: Paise, terms: CouponTerms): Paise {
  const raw = terms.kind === 'percent' ? Math.floor((eligiblePaise * terms.value) / 100) : terms.value * 100;
  const capped = terms.maxDiscountRupees === null ? raw : Math.min(raw, terms.maxDiscountRupees * 100);
  return Math.max(0, Math.min(capped, eligiblePaise));
}

/**
 * The discount, leaving the goods at least minimumPaymentPaise, spread over the eligible lines in proportion to their value, each share rounded down, then the paise
 * left over one by one to the largest lines (the first of equals) that still have room, so the shares add up exactly
 * and no line goes below zero.
 */
export function spreadDiscount<Key>(lines: readonly DiscountLine<Key>[], terms: CouponTerms): { discountPaise: Paise; shares: Map<Key, Paise> } {
  const eligible = lines.filter((line) => line.eligible && line.totalPaise > 0);
  const eligiblePaise = eligible.reduce((sum, line) => sum + line.totalPaise, 0);
  const goodsPaise = lines.reduce((sum, line) => sum + line.totalPaise, 0);
  const discountPaise = Math.min(discountOn(eligiblePaise, terms), Math.max(0, goodsPaise - minimumPaymentPaise));
  const shares = new Map<Key, Paise>();
  if (discountPaise === 0) return { discountPaise, shares };
  let left = discountPaise;
  for (const line of eligible) {
    const share = Math.floor((discountPaise * line.totalPaise) / eligiblePaise);
    shares.set(line.key, share);
    left -= share;
  }
  const largestFirst = [...eligible].sort((a, b) => b.totalPaise - a.totalPaise);
  while (left > 0) {
    for (const line of largestFirst) {
      const share = shares.get(line.key) ?? 0;
      if (left > 0 && share < line.totalPaise) {
        shares.set(line.key, share + 1);
        left -= 1;
      }
    }
  }
  return { discountPaise, shares };
}
