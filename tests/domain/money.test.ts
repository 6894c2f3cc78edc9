import { describe, expect, it } from 'vitest';
import { formatDocumentPaise, formatPaise, formatRupees, lineTotalPaise, paiseToRupees, rupeesToPaise } from '../../domain/money';

describe('money', () => {
  it('shows rupees with Indian digit grouping and no paise when there are none', () => {
    expect(formatRupees(1250)).toBe('Rs. 1,250');
    expect(formatRupees(125000)).toBe('Rs. 1,25,000');
    expect(formatRupees(499)).toBe('Rs. 499');
  });

  it('shows paise to two places when there are some', () => {
    expect(formatRupees(1250.5)).toBe('Rs. 1,250.50');
    expect(formatRupees(0.05)).toBe('Rs. 0.05');
  });

  it('groups lakhs and crores in twos after the last three digits', () => {
    expect(formatRupees(0)).toBe('Rs. 0');
    expect(formatRupees(1000)).toBe('Rs. 1,000');
    expect(formatRupees(99999.99)).toBe('Rs. 99,999.99');
    expect(formatRupees(100000)).toBe('Rs. 1,00,000');
    expect(formatRupees(12345678.9)).toBe('Rs. 1,23,45,678.90');
    expect(formatRupees(-1250.5)).toBe('Rs. -1,250.50');
  });

  it('writes every amount of whole paise as Intl en-IN grouping does', () => {
    const indian = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: 0 });
    const indianWithPaise = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
    const amounts = [1, 9, 10, 99, 100, 101, 999, 1001, 99_999, 100_001, 123_456_789, 999_999_999_99];
    for (let paise = 0; paise < 5_000_000; paise += 7_919) amounts.push(paise);
    for (const paise of amounts) {
      const rupees = paiseToRupees(paise);
      const expected = `Rs. ${(paise % 100 === 0 ? indian : indianWithPaise).format(rupees)}`;
      expect(formatRupees(rupees), `${paise} paise`).toBe(expected);
    }
  });

  it('converts between rupees and whole paise without floating-point drift', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(123456)).toBe(1234.56);
  });

  it('totals a line in whole paise, however the unit price falls in binary', () => {
    // 0.1 × 3 in rupee floats is 0.30000000000000004.
    expect(lineTotalPaise(0.1, 3)).toBe(30);
    expect(lineTotalPaise(333.33, 3)).toBe(99_999);
    expect(formatPaise(lineTotalPaise(19.99, 7))).toBe('Rs. 139.93');
    expect(formatPaise(125_000_00)).toBe('Rs. 1,25,000');
  });

  it('writes a GST document\'s amounts with the rupee sign, Indian grouping and always the paise', () => {
    expect(formatDocumentPaise(0)).toBe('₹0.00');
    expect(formatDocumentPaise(1)).toBe('₹0.01');
    expect(formatDocumentPaise(99_999)).toBe('₹999.99');
    expect(formatDocumentPaise(100_000)).toBe('₹1,000.00');
    expect(formatDocumentPaise(12_050_050)).toBe('₹1,20,500.50');
    expect(formatDocumentPaise(1_000_000_000)).toBe('₹1,00,00,000.00');
    expect(formatDocumentPaise(-2_550)).toBe('-₹25.50');
  });
});
