// The coupon's arithmetic both the bill and the invoice use (domain/coupons.ts): the discount's size, and its spread
// over the eligible lines to the paisa, never more than a line, never leaving an order below ₹1.
import { describe, expect, it } from 'vitest';
import { couponCode, couponInput, couponTexts, discountOn, spreadDiscount } from '../../domain/coupons';

const percent = (value: number, maxDiscountRupees: number | null = null) => ({ kind: 'percent' as const, value, maxDiscountRupees });
const flat = (value: number) => ({ kind: 'flat' as const, value, maxDiscountRupees: null });
const lines = (...totals: number[]) => totals.map((totalPaise, key) => ({ key, totalPaise, eligible: true }));

describe('discountOn', () => {
  it('rounds a percent down to the paisa, caps it, and never gives more than the goods', () => {
    expect(discountOn(99_999, percent(10))).toBe(9_999);
    expect(discountOn(500_000, percent(10, 300))).toBe(30_000);
    expect(discountOn(10_000, flat(150))).toBe(10_000);
  });
});

describe('spreadDiscount', () => {
  it('spreads by value, and the shares add up exactly', () => {
    const { discountPaise, shares } = spreadDiscount(lines(129_900, 64_900, 199_800), percent(10));
    expect(discountPaise).toBe(39_460);
    expect([...shares.values()].reduce((sum, share) => sum + share, 0)).toBe(39_460);
    expect(shares.get(2)).toBeGreaterThan(shares.get(0)!);
  });

  it('puts the paise left over on the largest lines, never a share above its line', () => {
    // Shares rounded down leave 2 paise over, which go to the largest lines.
    const { discountPaise, shares } = spreadDiscount(lines(100, 100, 1, 10_000), flat(100));
    expect(discountPaise).toBe(10_000);
    expect([...shares.values()].reduce((sum, share) => sum + share, 0)).toBe(10_000);
    for (const [key, share] of shares) expect(share).toBeLessThanOrEqual(lines(100, 100, 1, 10_000)[key]!.totalPaise);
  });

  it('discounts only eligible lines, and nothing when none is', () => {
    const bag = [
      { key: 'rose', totalPaise: 50_000, eligible: true },
      { key: 'cake', totalPaise: 74_900, eligible: false },
    ];
    expect(spreadDiscount(bag, percent(20)).shares).toEqual(new Map([['rose', 10_000]]));
    expect(spreadDiscount(bag.map((line) => ({ ...line, eligible: false })), percent(20)).discountPaise).toBe(0);
  });

  it('leaves an order at least ₹1, the least a payment can be', () => {
    expect(spreadDiscount(lines(15_000), flat(150)).discountPaise).toBe(14_900);
    expect(spreadDiscount(lines(15_000, 5_000), flat(150)).discountPaise).toBe(15_000);
    expect(spreadDiscount(lines(100), percent(100)).discountPaise).toBe(0);
  });
});

describe('the admin contract', () => {
  it('takes a code trimmed and upper-cased, and refuses odd ones', () => {
    expect(couponCode.parse(' diwali-10 ')).toBe('DIWALI-10');
    expect(couponCode.safeParse('ab').success).toBe(false);
    expect(couponCode.safeParse('SALE 10').success).toBe(false);
  });

  it('refuses a percent over 100 and a last day before the first', () => {
    const terms = { code: 'DIWALI10', kind: 'percent', value: 10, validFrom: '2026-10-01', validTo: '2026-11-15' };
    expect(couponInput.safeParse(terms).success).toBe(true);
    const tooMuch = couponInput.safeParse({ ...terms, value: 150 });
    expect(tooMuch.error?.issues.map((issue) => issue.message)).toEqual([couponTexts.percentInvalid]);
    const backwards = couponInput.safeParse({ ...terms, validTo: '2026-09-30' });
    expect(backwards.error?.issues.map((issue) => issue.message)).toEqual([couponTexts.datesOrder]);
  });
});
