import { describe, expect, it } from 'vitest';
import { rupeesInWords } from '../../domain/amount-in-words';

const rupees = (amount: number) => amount * 100;

describe('rupeesInWords', () => {
  it('writes nothing as zero rupees and leaves out paise that are not there', () => {
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
    expect(rupeesInWords(rupees(1))).toBe('Rupees One Only');
  });

  it('writes the paise after "and", one paisa in the singular', () => {
    expect(rupeesInWords(1)).toBe('Rupees Zero and One Paisa Only');
    expect(rupeesInWords(2)).toBe('Rupees Zero and Two Paise Only');
    expect(rupeesInWords(99)).toBe('Rupees Zero and Ninety Nine Paise Only');
    expect(rupeesInWords(100)).toBe('Rupees One Only');
    expect(rupeesInWords(101)).toBe('Rupees One and One Paisa Only');
    expect(rupeesInWords(rupees(120_500) + 50)).toBe('Rupees One Lakh Twenty Thousand Five Hundred and Fifty Paise Only');
  });

  it('names the teens and tens and joins no "and" inside the rupees', () => {
    expect(rupeesInWords(rupees(11))).toBe('Rupees Eleven Only');
    expect(rupeesInWords(rupees(19))).toBe('Rupees Nineteen Only');
    expect(rupeesInWords(rupees(20))).toBe('Rupees Twenty Only');
    expect(rupeesInWords(rupees(99))).toBe('Rupees Ninety Nine Only');
    expect(rupeesInWords(rupees(100))).toBe('Rupees One Hundred Only');
    expect(rupeesInWords(rupees(105))).toBe('Rupees One Hundred Five Only');
    expect(rupeesInWords(rupees(999))).toBe('Rupees Nine Hundred Ninety Nine Only');
  });

  it('counts in thousands, lakhs and crores, not millions', () => {
    expect(rupeesInWords(rupees(1000))).toBe('Rupees One Thousand Only');
    expect(rupeesInWords(rupees(1001))).toBe('Rupees One Thousand One Only');
    expect(rupeesInWords(rupees(10_000))).toBe('Rupees Ten Thousand Only');
    expect(rupeesInWords(rupees(99_999))).toBe('Rupees Ninety Nine Thousand Nine Hundred Ninety Nine Only');
    expect(rupeesInWords(rupees(100_000))).toBe('Rupees One Lakh Only');
    expect(rupeesInWords(rupees(1_000_000))).toBe('Rupees Ten Lakh Only');
    expect(rupeesInWords(rupees(9_999_999) + 99)).toBe(
      'Rupees Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine and Ninety Nine Paise Only',
    );
    expect(rupeesInWords(rupees(10_000_000))).toBe('Rupees One Crore Only');
    expect(rupeesInWords(rupees(10_000_001))).toBe('Rupees One Crore One Only');
    expect(rupeesInWords(rupees(12_34_56_789))).toBe(
      'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Only',
    );
  });

  it('writes a hundred crore and more with the crores themselves in Indian numbering', () => {
    expect(rupeesInWords(rupees(1_000_000_000))).toBe('Rupees One Hundred Crore Only');
    expect(rupeesInWords(rupees(1_00_000_00_00_000))).toBe('Rupees One Lakh Crore Only');
    expect(rupeesInWords(rupees(2_54_32_10_00_00_000) + 5)).toBe(
      'Rupees Twenty Five Lakh Forty Three Thousand Two Hundred Ten Crore and Five Paise Only',
    );
  });

  it('refuses fractions of a paisa, negative and unsafe amounts instead of writing wrong words', () => {
    expect(() => rupeesInWords(0.5)).toThrow(RangeError);
    expect(() => rupeesInWords(-100)).toThrow(RangeError);
    expect(() => rupeesInWords(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});
