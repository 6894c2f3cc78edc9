import { shopState } from './indian-states';
import type { Paise } from './money';

/**
 * Exact GST on tax-inclusive prices (DESIGN.md §7). A category's gst_rate_bp is the CGST rate, equal to the SGST
 * rate, so a line's full rate is twice it. Every amount is whole paise and the parts add up exactly to the total.
 */
export interface LineTax {
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

export interface TaxLine {
  totalPaise: Paise;
  /** The category's CGST (= SGST) rate in basis points; null or 0 for nil-rated goods such as fresh flowers. */
  rateBp: number | null;
}

export interface OrderTotals extends LineTax {
  totalPaise: Paise;
  /** cgst + sgst + igst, handy for the "Tax" line of a bill. */
  taxPaise: Paise;
}

/** Intra-state (CGST + SGST) when the delivery state is the shop's own, or before any address is chosen. */
export function isIntraState(deliveryState: string | null): boolean {
  return deliveryState === null || deliveryState === shopState;
}

export function lineTax(totalPaise: Paise, rateBp: number | null, deliveryState: string | null): LineTax {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) {
    throw new RangeError(`lineTax: total must be whole, non-negative paise, got ${totalPaise}`);
  }
  if (rateBp === null || rateBp <= 0) {
    return { taxablePaise: totalPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  }
  const taxablePaise = Math.round((totalPaise * 10000) / (10000 + 2 * rateBp));
  return { taxablePaise, ...splitTax(totalPaise - taxablePaise, isIntraState(deliveryState)) };
}

/** Where a line's tax goes: one IGST amount between states, else CGST + SGST. */
export function splitTax(taxPaise: Paise, intraState: boolean): Omit<LineTax, 'taxablePaise'> {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  // The odd paisa, if any, goes to SGST so that CGST + SGST is exactly the tax.
  const cgstPaise = Math.floor(taxPaise / 2);
  return { cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0 };
}

/** Tax is computed per line and summed, so the bill's parts equal the sum of the lines' parts. */
export function orderTotals(lines: readonly TaxLine[], deliveryState: string | null = null): OrderTotals {
  const totals: OrderTotals = { totalPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 };
  for (const line of lines) {
    const tax = lineTax(line.totalPaise, line.rateBp, deliveryState);
    totals.totalPaise += line.totalPaise;
    totals.taxablePaise += tax.taxablePaise;
    totals.cgstPaise += tax.cgstPaise;
    totals.sgstPaise += tax.sgstPaise;
    totals.igstPaise += tax.igstPaise;
  }
  totals.taxPaise = totals.cgstPaise + totals.sgstPaise + totals.igstPaise;
  return totals;
}

/** One tax row of a bill under its line: "CGST (9%)", "SGST (9%)" or "IGST (18%)" and its amount. */
export interface TaxRow {
  label: string;
  paise: Paise;
}

const percent = (rateBp: number) => `${Number((rateBp / 100).toFixed(2))}%`;

/** The rows a line's tax shows as (none for a nil-rated line), the same in the checkout table and the order mail. */
export function taxRows(tax: LineTax, rateBp: number | null, deliveryState: string | null): TaxRow[] {
  if (rateBp === null || rateBp <= 0) return [];
  if (!isIntraState(deliveryState)) return [{ label: `IGST (${percent(2 * rateBp)})`, paise: tax.igstPaise }];
  return [
    { label: `CGST (${percent(rateBp)})`, paise: tax.cgstPaise },
    { label: `SGST (${percent(rateBp)})`, paise: tax.sgstPaise },
  ];
}
