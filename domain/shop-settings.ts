import { z } from 'zod/mini';
import { indianStateCodes, indianStates, shopState } from './indian-states';
import type { IndianState } from './indian-states';

/**
 * The shop's legal details (issue 41): what its GST documents print as the supplier, how they are numbered, and the
 * settings an accountant decides (FLORIST-FACTS.md "GST for a florist"). The admin's Settings form and the server
 * validate with the same rules, so invalid settings are refused with the same message in both and never stored.
 */

export const shopSettingsMessages = {
  legalNameRequired: 'Legal name is required.',
  tradeNameRequired: 'Trade name is required.',
  addressRequired: 'Address is required.',
  textTooLong: (max: number) => `At most ${max} characters.`,
  stateFixed: `The shop's state is ${shopState}: tax is worked out for a shop there (ask the developer to move it).`,
  gstinRequired: 'GSTIN is required.',
  gstinLength: 'A GSTIN is exactly 15 characters.',
  gstinShape:
    'A GSTIN is the 2-digit state code, the 10-character PAN (5 letters, 4 digits, 1 letter), the entity number, Z and a check character.',
  gstinState: (state: string, code: string) => `This GSTIN is not of ${state}: it must start with ${code}, the state's GST code.`,
  gstinChecksum: "This GSTIN's last character does not match the others: check it for a typing mistake.",
  prefixRequired: 'A number prefix is required.',
  prefixCharacters: 'A number prefix may hold only letters, digits, - and /.',
  prefixLength: (max: number) => `A number prefix may be at most ${max} characters, so that a document number stays within 16.`,
  prefixesEqual: 'The credit note prefix must differ from the invoice prefix.',
  signatoryRequired: "The signatory's name is required.",
  thresholdFormat: 'The low-stock threshold is a whole number from 0 to 10000.',
  placeOfSupplyRule: 'Choose where a gift is supplied: the delivery address or the buyer’s address.',
  hsnFormat: 'An HSN code is 4, 6 or 8 digits.',
  saved: 'Settings saved.',
} as const;

const m = shopSettingsMessages;

// ---- GSTIN -----------------------------------------------------------------------------------------------------------

const gstinAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), entity number (1–9, A–Z), "Z", check character. */
const gstinShape = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The GSTIN's check character: the GST Network's mod-36 variant of Luhn over the first 14 characters (each value
 * weighted 1, 2, 1, 2…; a product's quotient and remainder by 36 added), then 36 minus the sum mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = gstinAlphabet.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return gstinAlphabet[(36 - (sum % 36)) % 36]!;
}

/** Why `gstin` is not a valid GSTIN of `state`, or null when it is one. */
export function gstinProblem(gstin: string, state: IndianState): string | null {
  if (gstin.length !== 15) return m.gstinLength;
  if (!gstinShape.test(gstin)) return m.gstinShape;
  const code = indianStateCodes[state];
  if (!gstin.startsWith(code)) return m.gstinState(state, code);
  if (gstinCheckCharacter(gstin) !== gstin[14]) return m.gstinChecksum;
  return null;
}

// ---- Document numbers ------------------------------------------------------------------------------------------------

/** Rule 46(b): at most 16 characters of letters, digits, "-" and "/". */
export const documentNumberMax = 16;
export const sequenceDigits = 6;
/** "/26-27/" and six digits take 13 of the 16 characters. */
export const prefixMax = documentNumberMax - (sequenceDigits + 7);
const prefixCharacters = /^[A-Za-z0-9/-]+$/;

/** The financial year (April to March, India time) of an India date: "26-27" for any day from 2026-04-01 to 2027-03-31. */
export function financialYearOf(indiaDate: string): string {
  const year = Number(indiaDate.slice(0, 4));
  const month = Number(indiaDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `${two(start)}-${two(start + 1)}`;
}

/** PS/26-27/000123: prefix, financial year, the sequence in its series and year. */
export function documentNumber(prefix: string, financialYear: string, sequence: number): string {
  return `${prefix}/${financialYear}/${String(sequence).padStart(sequenceDigits, '0')}`;
}

// ---- HSN -------------------------------------------------------------------------------------------------------------

/** Cut flowers and buds, fresh or prepared (chapter 6): the default of a category that names none. */
export const defaultHsn = '0603';
export const hsnPattern = /^(\d{4}|\d{6}|\d{8})$/;
export const hsnCode = z.string().check(z.regex(hsnPattern, { error: m.hsnFormat }));
/** A product's override: empty (or absent) is "as its category". */
export const optionalHsnCode = z.optional(z.union([z.literal(''), hsnCode]));

// ---- The settings ----------------------------------------------------------------------------------------------------

/** Where a gift (goods delivered to someone else on the buyer's word) is supplied: IGST Act s. 10(1)(b) names the buyer. */
export const giftPlaceOfSupplyRules = ['delivery', 'buyer'] as const;
export type GiftPlaceOfSupplyRule = (typeof giftPlaceOfSupplyRules)[number];

const text = (required: string, max: number) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: m.textTooLong(max) }));

const prefix = z
  .string({ error: m.prefixRequired })
  .check(
    z.trim(),
    z.minLength(1, { error: m.prefixRequired }),
    z.regex(prefixCharacters, { error: m.prefixCharacters }),
    z.maxLength(prefixMax, { error: m.prefixLength(prefixMax) }),
  );

/** The GSTIN field on its own, for a shop in `shopState` (the form checks it as it is typed). */
export const gstinField = z
  .string({ error: m.gstinRequired })
  .check(
    z.trim(),
    z.toUpperCase(),
    z.minLength(1, { error: m.gstinRequired }),
    z.superRefine((value, ctx) => {
      const problem = gstinProblem(value, shopState);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
    }),
  );

export const shopSettingsFields = {
  legalName: text(m.legalNameRequired, 100),
  tradeName: text(m.tradeNameRequired, 100),
  /** Lines of the address as printed, one per line. */
  address: text(m.addressRequired, 300),
  /** Tax follows domain/indian-states.ts `shopState`; the settings name the same state (see docs/api.md). */
  state: z.enum(indianStates, { error: m.stateFixed }).check(z.refine((state) => state === shopState, { error: m.stateFixed })),
  gstin: gstinField,
  invoicePrefix: prefix,
  creditNotePrefix: prefix,
  signatory: text(m.signatoryRequired, 100),
  lowStockThreshold: z.int({ error: m.thresholdFormat }).check(z.minimum(0, { error: m.thresholdFormat }), z.maximum(10000, { error: m.thresholdFormat })),
  giftPlaceOfSupply: z.enum(giftPlaceOfSupplyRules, { error: m.placeOfSupplyRule }),
};

/** `POST /api/admin/settings` and `GET`'s reply. */
export const shopSettings = z.object(shopSettingsFields).check(
  z.superRefine((value, ctx) => {
    if (value.invoicePrefix.toUpperCase() === value.creditNotePrefix.toUpperCase()) {
      ctx.issues.push({ code: 'custom', message: m.prefixesEqual, input: value.creditNotePrefix, path: ['creditNotePrefix'] });
    }
  }),
);
export type ShopSettings = z.infer<typeof shopSettings>;

/** The shop's legal details as a document prints them: the address one line per line. */
export function addressLinesOf(address: string): string[] {
  return address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
