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

const indianGrouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: 0 });
const indianGroupingWithPaise = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/** "Rs. 1,250" or "Rs. 1,250.50": Indian digit grouping, paise only when there are some. */
export function formatRupees(rupees: number): string {
  const hasPaise = Math.round(rupees * 100) % 100 !== 0;
  return `Rs. ${(hasPaise ? indianGroupingWithPaise : indianGrouping).format(rupees)}`;
}
