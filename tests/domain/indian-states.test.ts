import { describe, expect, it } from 'vitest';
import { countries, indianStates } from '../../domain/indian-states';

describe('delivery regions', () => {
  it('lists 28 states plus Delhi, from Andhra Pradesh to West Bengal, and India only', () => {
    expect(indianStates).toHaveLength(29);
    expect(indianStates[0]).toBe('Andhra Pradesh');
    expect(indianStates.at(-1)).toBe('West Bengal');
    expect(indianStates).toContain('Delhi');
    expect(indianStates).not.toContain('Puducherry');
    expect(countries).toEqual(['India']);
  });
});
