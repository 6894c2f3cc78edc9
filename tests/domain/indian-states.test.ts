import { describe, expect, it } from 'vitest';
import { countries, indianStateCodes, indianStates, stateOfGstCode } from '../../domain/indian-states';

describe('delivery regions', () => {
  it('lists the 28 states and 8 union territories alphabetically, and India only', () => {
    expect(indianStates).toHaveLength(36);
    expect([...indianStates]).toEqual([...indianStates].sort((a, b) => a.localeCompare(b)));
    expect(indianStates[0]).toBe('Andaman and Nicobar Islands');
    expect(indianStates.at(-1)).toBe('West Bengal');
    for (const territory of ['Delhi', 'Puducherry', 'Ladakh', 'Jammu and Kashmir', 'Chandigarh', 'Lakshadweep']) {
      expect(indianStates).toContain(territory);
    }
    expect(countries).toEqual(['India']);
  });

  it('gives each a distinct two-digit GST state code, and finds the state back from its code', () => {
    const codes = Object.values(indianStateCodes);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^\d{2}$/);
    expect(indianStateCodes['Tamil Nadu']).toBe('33');
    expect(indianStateCodes.Karnataka).toBe('29');
    expect(indianStateCodes.Delhi).toBe('07');
    expect(indianStateCodes.Ladakh).toBe('38');
    expect(indianStateCodes['Dadra and Nagar Haveli and Daman and Diu']).toBe('26');
    expect(stateOfGstCode('36')).toBe('Telangana');
    expect(stateOfGstCode('25')).toBeUndefined();
    expect(stateOfGstCode('97')).toBeUndefined();
  });
});
