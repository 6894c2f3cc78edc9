/**
 * Money is integer paise everywhere inside the shop; the wire carries rupees (numbers with at most two decimals)
 * because that is the contract of SPEC.md §7. These are the only conversions.
 */
export type Paise = number;

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}

/**
 * "Rs. 1,250", "Rs. 1,25,000" or "Rs. 1,250.50": Indian digit grouping (the last three digits, then twos), paise only
 * when there are some. Written out rather than asked of Intl.NumberFormat('en-IN'): a page's first Intl formatter loads
 * the browser's locale data, on a slow phone a task of 80 ms while the page starts.
 */
export function formatRupees(rupees: number): string {
  const paise = Math.abs(Math.round(rupees * 100));
  return `Rs. ${rupees < 0 && paise > 0 ? '-' : ''}${groupedAmount(paise, false)}`;
}

/** "1,25,000" and ".50" when there are paise, or always when `alwaysPaise` (columns of figures line up). */
function groupedAmount(paise: Paise, alwaysPaise: boolean): string {
  const whole = String(Math.floor(paise / 100));
  const grouped = whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
  const fraction = paise % 100 === 0 && !alwaysPaise ? '' : `.${String(paise % 100).padStart(2, '0')}`;
  return `${grouped}${fraction}`;
}

/**
 * "₹1,20,500.50", "₹0.00": an amount on a GST document, always to the paisa as accountants read them. Only for the
 * PDF, whose bundled font has the ₹ sign; pages and mails keep "Rs." (formatRupees).
 */
export function formatDocumentPaise(paise: Paise): string {
  return `${paise < 0 ? '-' : ''}₹${groupedAmount(Math.abs(paise), true)}`;
}

/** formatRupees for an amount held in paise. */
export function formatPaise(paise: Paise): string {
  return formatRupees(paiseToRupees(paise));
}

/** A line's amount in paise: its unit price as the wire carries it (rupees) times the quantity, never rupee floats. */
export function lineTotalPaise(unitRupees: number, quantity: number): Paise {
  return rupeesToPaise(unitRupees) * quantity;
}
