import { describe, expect, it } from 'vitest';
import { formatRupees, paiseToRupees, rupeesToPaise } from '../../domain/money';

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

  it('converts between rupees and whole paise without floating-point drift', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(123456)).toBe(1234.56);
  });
});
