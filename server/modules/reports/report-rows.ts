/**
 * The rows of the reports' CSV files (issue 41). The orders export has one row per order with its GST split; the GST
 * file follows the return's sections, so that an accountant copies each block into the GST portal's tables:
 * GSTR-1 table 7 (B2C small: unregistered buyers, by place of supply and rate, type OE as the offline tool names it),
 * table 8 (nil-rated and exempt supplies to unregistered persons, intra- and inter-state), GSTR-3B 3.1(a) and 3.1(c)
 * (the month's taxed and exempt totals) and 3.2 (inter-state supplies to unregistered persons by place of supply).
 */
import { gstCodeOf } from '../../../domain/indian-states';
import type { GstReport } from '../../../domain/reports';
import { csvIndiaTime, csvRupees, csvText } from './report-csv';
import type { exportBatch } from './reports.queries';

type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];

export const orderCsvHeader = [
  'Order number',
  'Invoice id',
  'Paid at (IST)',
  'Customer',
  'Email',
  'Status',
  'Payment',
  'Items',
  'Place of supply',
  'State code',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Delivery fees',
  'Total',
] as const;

export function orderCsvCells(row: ExportRow): string[] {
  const state = (row.address as { state?: unknown }).state;
  const placeOfSupply = typeof state === 'string' ? state : '';
  return [
    row.orderNumber ?? '',
    row.invoiceId,
    csvIndiaTime(row.paidAt),
    csvText(`${row.firstName} ${row.lastName}`.trim()),
    csvText(row.email),
    row.status,
    row.paymentState,
    String(row.items),
    csvText(placeOfSupply),
    gstCodeOf(placeOfSupply),
    csvRupees(row.taxablePaise),
    csvRupees(row.cgstPaise),
    csvRupees(row.sgstPaise),
    csvRupees(row.igstPaise),
    csvRupees(row.feesPaise),
    csvRupees(row.totalPaise),
  ];
}

export const gstCsvHeader = ['Section', 'Type', 'Place Of Supply', 'Rate', 'Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax', 'Cess Amount'] as const;

/** "33-Tamil Nadu", as the GST portal writes a place of supply. */
const placeOfSupply = (state: string, code: string) => (code === '' ? state : `${code}-${state}`);

export function gstCsvRows(report: GstReport): string[][] {
  const rows: string[][] = [];
  for (const row of report.byState) {
    rows.push([
      'GSTR-1 7 B2C (small)',
      'OE',
      placeOfSupply(row.state, row.stateCode),
      String(row.ratePercent),
      csvRupees(row.taxablePaise),
      csvRupees(row.igstPaise),
      csvRupees(row.cgstPaise),
      csvRupees(row.sgstPaise),
      '0.00',
    ]);
  }
  rows.push(['GSTR-1 8 Nil rated and exempt', 'Intra-State supplies to unregistered persons', '', '', csvRupees(report.exempt.intraPaise), '', '', '', '']);
  rows.push(['GSTR-1 8 Nil rated and exempt', 'Inter-State supplies to unregistered persons', '', '', csvRupees(report.exempt.interPaise), '', '', '', '']);
  const taxed = report.taxed;
  rows.push([
    'GSTR-3B 3.1(a) Outward taxable supplies',
    '',
    '',
    '',
    csvRupees(taxed.taxablePaise),
    csvRupees(taxed.igstPaise),
    csvRupees(taxed.cgstPaise),
    csvRupees(taxed.sgstPaise),
    '0.00',
  ]);
  rows.push(['GSTR-3B 3.1(c) Nil rated and exempted', '', '', '', csvRupees(report.exempt.intraPaise + report.exempt.interPaise), '', '', '', '']);
  const interByState = new Map<string, { taxablePaise: number; igstPaise: number; code: string }>();
  for (const row of report.byState.filter((r) => r.supply === 'inter')) {
    const sum = interByState.get(row.state) ?? { taxablePaise: 0, igstPaise: 0, code: row.stateCode };
    sum.taxablePaise += row.taxablePaise;
    sum.igstPaise += row.igstPaise;
    interByState.set(row.state, sum);
  }
  for (const [state, sum] of interByState) {
    rows.push(['GSTR-3B 3.2 Unregistered persons', '', placeOfSupply(state, sum.code), '', csvRupees(sum.taxablePaise), csvRupees(sum.igstPaise), '', '', '']);
  }
  return rows;
}
