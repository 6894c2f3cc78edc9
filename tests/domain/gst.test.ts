import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineTax, orderTotals } from '../../domain/gst';
import { indianStates } from '../../domain/indian-states';

const total = fc.integer({ min: 0, max: 100_000_000 });
const rate = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 1400 }));
const state = fc.oneof(fc.constant(null), fc.constantFrom(...indianStates));

function sum(t: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }): number {
  return t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise;
}

describe('lineTax', () => {
  it('splits a tax-inclusive line into parts that add up exactly to its total', () => {
    fc.assert(fc.property(total, rate, state, (t, r, s) => sum(lineTax(t, r, s)) === t));
  });

  it('never gives a negative or fractional part', () => {
    fc.assert(
      fc.property(total, rate, state, (t, r, s) =>
        Object.values(lineTax(t, r, s)).every((part) => Number.isInteger(part) && part >= 0),
      ),
    );
  });

  it('charges IGST only outside Tamil Nadu, and CGST + SGST only inside it or before an address is chosen', () => {
    fc.assert(
      fc.property(total, fc.integer({ min: 1, max: 1400 }), state, (t, r, s) => {
        const tax = lineTax(t, r, s);
        if (s === null || s === 'Tamil Nadu') return tax.igstPaise === 0;
        return tax.cgstPaise === 0 && tax.sgstPaise === 0;
      }),
    );
  });

  it('leaves nil-rated lines (fresh flowers) untaxed', () => {
    fc.assert(
      fc.property(total, fc.constantFrom(null, 0), state, (t, r, s) => {
        expect(lineTax(t, r, s)).toEqual({ taxablePaise: t, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
      }),
    );
  });

  it('keeps CGST and SGST within one paisa of each other', () => {
    fc.assert(
      fc.property(total, rate, (t, r) => {
        const tax = lineTax(t, r, 'Tamil Nadu');
        return Math.abs(tax.cgstPaise - tax.sgstPaise) <= 1;
      }),
    );
  });

  it('computes the taxable value as total × 100 / (100 + 2 × rate), not total minus twice the rate', () => {
    // Rs. 1,180 at 9% CGST + 9% SGST: taxable Rs. 1,000, Rs. 90 each.
    expect(lineTax(118000, 900, 'Tamil Nadu')).toEqual({
      taxablePaise: 100000,
      cgstPaise: 9000,
      sgstPaise: 9000,
      igstPaise: 0,
    });
    expect(lineTax(118000, 900, 'Karnataka')).toEqual({
      taxablePaise: 100000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18000,
    });
  });

  it('rounds to the paisa and gives the odd paisa to SGST', () => {
    // Rs. 499 at 6% + 6%: 49900 / 1.12 = 44553.57… → 44554 taxable, 5346 tax.
    expect(lineTax(49900, 600, null)).toEqual({ taxablePaise: 44554, cgstPaise: 2673, sgstPaise: 2673, igstPaise: 0 });
    // Rs. 1 at 2.5% + 2.5%: 100 / 1.05 = 95.24 → 95 taxable, 5 tax split 2 + 3.
    expect(lineTax(100, 250, 'Tamil Nadu')).toEqual({ taxablePaise: 95, cgstPaise: 2, sgstPaise: 3, igstPaise: 0 });
  });

  it('refuses a total that is not whole paise', () => {
    expect(() => lineTax(10.5, 900, null)).toThrow(RangeError);
    expect(() => lineTax(-1, 900, null)).toThrow(RangeError);
  });
});

describe('orderTotals', () => {
  it('sums the lines so that the bill adds up exactly to the order total', () => {
    const lines = fc.array(fc.record({ totalPaise: total, rateBp: rate }), { maxLength: 20 });
    fc.assert(
      fc.property(lines, state, (ls, s) => {
        const totals = orderTotals(ls, s);
        const expected = ls.reduce((acc, l) => acc + l.totalPaise, 0);
        return (
          totals.totalPaise === expected &&
          totals.taxablePaise + totals.taxPaise === expected &&
          totals.taxPaise === totals.cgstPaise + totals.sgstPaise + totals.igstPaise
        );
      }),
    );
  });

  it('mixes nil-rated flowers and taxed gifts on one bill', () => {
    const totals = orderTotals(
      [
        { totalPaise: 50000, rateBp: null },
        { totalPaise: 118000, rateBp: 900 },
      ],
      'Kerala',
    );
    expect(totals).toEqual({
      totalPaise: 168000,
      taxablePaise: 150000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18000,
      taxPaise: 18000,
    });
  });

  it('uses CGST + SGST before an address is chosen', () => {
    expect(orderTotals([{ totalPaise: 118000, rateBp: 900 }]).cgstPaise).toBe(9000);
  });
});
