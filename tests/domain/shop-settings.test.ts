import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../domain/fields';
import {
  documentNumber,
  documentNumberMax,
  financialYearOf,
  gstinCheckCharacter,
  gstinProblem,
  hsnCode,
  prefixMax,
  shopSettings,
  shopSettingsMessages as m,
} from '../../domain/shop-settings';

const valid = {
  legalName: 'Petals & Stems Private Limited',
  tradeName: 'Petals & Stems',
  address: '14 Khader Nawaz Khan Road\nChennai 600006',
  state: 'Tamil Nadu',
  gstin: '33ABCPS1234K1ZT',
  invoicePrefix: 'PS',
  creditNotePrefix: 'CN',
  signatory: 'Meena Iyer',
  lowStockThreshold: 5,
  giftPlaceOfSupply: 'delivery',
};

describe('GSTIN', () => {
  it('accepts published GSTINs of their own state, their check character computed by the mod-36 rule', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
    expect(gstinProblem('29AAGCB7383J1Z4', 'Karnataka')).toBeNull();
  });

  it('refuses a wrong length, a shape that is no PAN, another state and a typing mistake, each saying which', () => {
    expect(gstinProblem('27AAPFU0939F1Z', 'Maharashtra')).toBe(m.gstinLength);
    expect(gstinProblem('27AAPF10939F1ZV', 'Maharashtra')).toBe(m.gstinShape);
    expect(gstinProblem('27AAPFU0939F1ZV', 'Karnataka')).toBe(m.gstinState('Karnataka', '29'));
    // One character changed (U → V): the check character no longer matches.
    expect(gstinProblem('27AAPFV0939F1ZV', 'Maharashtra')).toBe(m.gstinChecksum);
    expect(gstinProblem('29AAGCB7383J1Z5', 'Karnataka')).toBe(m.gstinChecksum);
  });
});

describe('the settings', () => {
  it('take valid details, the GSTIN upper-cased and trimmed', () => {
    const parsed = shopSettings.parse({ ...valid, gstin: ' 33abcps1234k1zt ' });
    expect(parsed.gstin).toBe('33ABCPS1234K1ZT');
  });

  it("refuse a GSTIN of another state than the shop's, with the state's code in the message", () => {
    expect(fieldErrors(shopSettings, { ...valid, gstin: '27AAPFU0939F1ZV' })).toEqual({ gstin: m.gstinState('Tamil Nadu', '33') });
  });

  it('refuse a prefix with forbidden characters or too long for a 16-character number, and equal prefixes', () => {
    expect(fieldErrors(shopSettings, { ...valid, invoicePrefix: 'P S' })).toEqual({ invoicePrefix: m.prefixCharacters });
    expect(fieldErrors(shopSettings, { ...valid, creditNotePrefix: 'C#' })).toEqual({ creditNotePrefix: m.prefixCharacters });
    expect(fieldErrors(shopSettings, { ...valid, invoicePrefix: 'PSHOP' })).toEqual({ invoicePrefix: m.prefixLength(prefixMax) });
    expect(fieldErrors(shopSettings, { ...valid, creditNotePrefix: 'ps' })).toEqual({ creditNotePrefix: m.prefixesEqual });
  });

  it("refuse another state than the one tax is worked out for, and an unknown place-of-supply rule", () => {
    expect(fieldErrors(shopSettings, { ...valid, state: 'Karnataka' })).toEqual({ state: m.stateFixed });
    expect(fieldErrors(shopSettings, { ...valid, giftPlaceOfSupply: 'anywhere' })).toEqual({ giftPlaceOfSupply: m.placeOfSupplyRule });
  });
});

describe('document numbers', () => {
  it('run April to March in India time and stay within 16 characters with the longest prefix', () => {
    expect(financialYearOf('2026-03-31')).toBe('25-26');
    expect(financialYearOf('2026-04-01')).toBe('26-27');
    expect(financialYearOf('2099-12-31')).toBe('99-00');
    expect(documentNumber('PS', '26-27', 123)).toBe('PS/26-27/000123');
    expect(documentNumber('P/X', '26-27', 999_999)).toHaveLength(documentNumberMax);
  });

  it('take HSN codes of 4, 6 or 8 digits only', () => {
    for (const code of ['0603', '060311', '06031100']) expect(hsnCode.safeParse(code).success).toBe(true);
    for (const code of ['603', '06031', '0603110', '06A3']) expect(hsnCode.safeParse(code).error?.issues[0]?.message).toBe(m.hsnFormat);
  });
});
