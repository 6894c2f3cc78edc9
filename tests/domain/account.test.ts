import { describe, expect, it } from 'vitest';
import { orderDate } from '../../domain/account';

describe('orderDate', () => {
  it("is the calendar day in India, which starts at 18:30 UTC the evening before", () => {
    expect(orderDate('2026-02-13T18:29:59.999Z')).toBe('2026-02-13');
    expect(orderDate('2026-02-13T18:30:00.000Z')).toBe('2026-02-14');
    expect(orderDate('2026-12-31T20:00:00+00:00')).toBe('2027-01-01');
  });

  it('agrees with the Asia/Kolkata time zone over the year, whatever the viewer’s zone', () => {
    const kolkata = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += 3 * 3_600_000 + 17 * 60_000) {
      const iso = new Date(time).toISOString();
      expect(orderDate(iso), iso).toBe(kolkata.format(time));
    }
  });

  it('shows nothing for a date it cannot read', () => {
    expect(orderDate('not a date')).toBe('');
    expect(orderDate('')).toBe('');
  });
});
