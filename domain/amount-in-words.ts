/**
 * A document's total in words, as Indian invoices write it (issue 41): Indian numbering (thousand, lakh, crore),
 * "Rupees … Only", the paise joined with "and" only when there are some. "and" appears nowhere else, so that it
 * always marks where the rupees end.
 */
import type { Paise } from './money';

const units = [
  'Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten',
  'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
] as const;
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

/** 1 to 99: "Seven", "Nineteen", "Forty", "Forty Two". */
function belowHundred(n: number): string {
  if (n < 20) return units[n]!;
  const one = n % 10;
  return one === 0 ? tens[Math.floor(n / 10)]! : `${tens[Math.floor(n / 10)]!} ${units[one]!}`;
}

/** Words for a whole number above zero: crores on the left may themselves run to lakhs of crores ("One Lakh Crore"). */
function wholeInWords(n: number): string {
  const parts: string[] = [];
  const crores = Math.floor(n / 10_000_000);
  if (crores > 0) parts.push(`${wholeInWords(crores)} Crore`);
  const groups: [number, string][] = [
    [Math.floor(n / 100_000) % 100, 'Lakh'],
    [Math.floor(n / 1000) % 100, 'Thousand'],
    [Math.floor(n / 100) % 10, 'Hundred'],
  ];
  for (const [count, name] of groups) if (count > 0) parts.push(`${belowHundred(count)} ${name}`);
  if (n % 100 > 0) parts.push(belowHundred(n % 100));
  return parts.join(' ');
}

/**
 * "Rupees One Lakh Twenty Thousand Five Hundred and Fifty Paise Only" for 1,20,500.50; "Rupees Zero Only" for nothing;
 * "Rupees Zero and One Paisa Only" for a single paisa.
 */
export function rupeesInWords(paise: Paise): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`rupeesInWords: expected whole, non-negative paise, got ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? 'Zero' : wholeInWords(rupees);
  const paiseWords = rest === 0 ? '' : ` and ${belowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}`;
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}
