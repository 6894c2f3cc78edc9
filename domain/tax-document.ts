/**
 * The GST document of a paid order (issue 41, FLORIST-FACTS.md "GST for a florist"): a tax invoice (CGST Rules,
 * rule 46) when any line is taxed, a bill of supply (rule 49) when every line is exempt, and a credit note (own series)
 * when a documented order is cancelled or refunded. The server builds one of these from the order as settled and the
 * shop's legal details; the PDF renderer draws exactly what is here and computes nothing but layout.
 */
import type { IndiaDate } from './india-time';
import type { Paise } from './money';

export type TaxDocumentKind = 'tax_invoice' | 'bill_of_supply' | 'credit_note';

/** The title printed at the head of each kind of document. */
export const taxDocumentTitles: Record<TaxDocumentKind, string> = {
  tax_invoice: 'Tax Invoice',
  bill_of_supply: 'Bill of Supply',
  credit_note: 'Credit Note',
};

/** A state as a document names it: "Tamil Nadu" and its GST state code "33". */
export interface DocumentState {
  name: string;
  code: string;
}

/** The supplier: the shop's legal details from its settings. */
export interface DocumentSupplier {
  legalName: string;
  /** The name the shop trades under, printed with the legal name when it differs. */
  tradeName: string;
  addressLines: string[];
  state: DocumentState;
  gstin: string;
  /** Who signs for the supplier ("Authorised signatory" is printed under the name). */
  signatory: string;
}

/** The buyer, or the delivery address when the goods go elsewhere (a gift). */
export interface DocumentParty {
  name: string;
  addressLines: string[];
  state: DocumentState;
  phone: string | null;
}

/** One line of goods or a delivery fee. Rates are in basis points of the line's taxable value (900 = 9 %). */
export interface DocumentLine {
  hsn: string;
  description: string;
  quantity: number;
  /** The unit of quantity, e.g. "pcs" (or "service" for a delivery fee). */
  unit: string;
  /** The tax-inclusive price of one unit, as charged. */
  unitPricePaise: Paise;
  /**
   * The discount off the line (its share of a coupon, issue 42): price × quantity less this is the line's total, and
   * its taxable value and tax are those of what is left. Absent when none (and on documents issued before coupons).
   */
  discountPaise?: Paise;
  taxablePaise: Paise;
  cgstRateBp: number;
  cgstPaise: Paise;
  sgstRateBp: number;
  sgstPaise: Paise;
  igstRateBp: number;
  igstPaise: Paise;
  /** taxable + CGST + SGST + IGST: what the buyer paid for the line. */
  totalPaise: Paise;
}

export interface DocumentTotals {
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  totalPaise: Paise;
}

export interface TaxDocument {
  kind: TaxDocumentKind;
  /** Consecutive in its series and financial year, at most 16 characters of letters, digits, "-" and "/": PS/2026-27/000123. */
  number: string;
  /** The date of issue in India time. */
  issuedOn: IndiaDate;
  /** The shop's order number the document belongs to. */
  orderNumber: string;
  supplier: DocumentSupplier;
  buyer: DocumentParty;
  /** Where the goods go, when not the buyer's own address; null when the same. */
  deliveryAddress: DocumentParty | null;
  placeOfSupply: DocumentState;
  /** True: CGST + SGST; false: IGST. */
  intraState: boolean;
  /** Always false for a florist's sales to consumers, printed as "Reverse charge: No". */
  reverseCharge: boolean;
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** The total in words, Indian numbering: "Rupees One Lakh Twenty Thousand and Fifty Paise Only". */
  totalInWords: string;
  /** For a credit note: the document it credits. */
  against: { number: string; issuedOn: IndiaDate } | null;
}

/** A document's totals: the sums of its lines' amounts. */
export function documentTotals(lines: readonly DocumentLine[]): DocumentTotals {
  const sum = (key: keyof DocumentTotals) => lines.reduce((total, line) => total + line[key], 0);
  return { taxablePaise: sum('taxablePaise'), cgstPaise: sum('cgstPaise'), sgstPaise: sum('sgstPaise'), igstPaise: sum('igstPaise'), totalPaise: sum('totalPaise') };
}
