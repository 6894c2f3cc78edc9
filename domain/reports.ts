import { z } from 'zod/mini';
import { shownOrderStatuses } from './admin-orders';
import { deliveryKind } from './delivery-kind';
import { addIndiaDays, isIndiaDate } from './india-time';
import type { IndiaDate } from './india-time';

/**
 * The admin's back office reports (issue 41): the dashboard's figures for a period, the orders CSV and the month's
 * GST summary. Only sales count: an order whose payment state is `paid` and that is not Cancelled (a cancelled or
 * refunded order's money went back; refund_due is owed back). Days are India days (paid_at in Asia/Kolkata).
 */

/** The longest period a report covers: a leap year. */
export const reportMaxDays = 366;
/** The dashboard's period when none is asked for: the last 30 days, today included. */
export const dashboardDefaultDays = 30;
/** How many days ahead the dashboard counts upcoming deliveries, today included. */
export const upcomingDeliveryDays = 14;
export const topProductCount = 5;

export const reportTexts = {
  fromInvalid: 'from must be a date such as 2026-11-01',
  toInvalid: 'to must be a date such as 2026-11-30',
  reversed: 'from must be on or before to',
  tooLong: `The period can be at most ${reportMaxDays} days`,
  statusInvalid: `status must be one of: all, ${shownOrderStatuses.join(', ')}`,
  monthInvalid: 'month must be a month such as 2026-11',
  loadFailed: 'The figures could not be loaded. Please try again.',
  lowStockLoadFailed: 'The low stock list could not be loaded. Please try again.',
} as const;

const date = (message: string) => z.string({ error: message }).check(z.refine(isIndiaDate, { error: message }));

/** Days from `from` to `to`, both included. */
export function daysInPeriod(from: IndiaDate, to: IndiaDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const periodShape = { from: z.optional(date(reportTexts.fromInvalid)), to: z.optional(date(reportTexts.toInvalid)) };
type Period = { from?: string | undefined; to?: string | undefined };
const periodChecks = [
  z.refine<Period>((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { error: reportTexts.reversed }),
  z.refine<Period>((q) => q.from === undefined || q.to === undefined || daysInPeriod(q.from, q.to) <= reportMaxDays, { error: reportTexts.tooLong }),
];

/** The period a report is asked for; either end may be left out (the server fills it from today). */
export const reportPeriodQuery = z.object(periodShape).check(...periodChecks);
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuery>;

/** The period as asked, its missing ends filled: `to` today, `from` 30 days back (or `to` when only `from` is missing). */
export function resolvedPeriod(query: ReportPeriodQuery, today: IndiaDate): { from: IndiaDate; to: IndiaDate } {
  const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
  const from = query.from ?? addIndiaDays(to, -(dashboardDefaultDays - 1));
  return { from, to };
}

export const exportStatuses = ['all', ...shownOrderStatuses] as const;
export type ExportStatus = (typeof exportStatuses)[number];

/** `GET admin/reports/orders.csv`: paid orders of a period (India days of payment), of one status or all. */
export const ordersExportQuery = z
  .object({ ...periodShape, status: z.optional(z.enum(exportStatuses, { error: reportTexts.statusInvalid })) })
  .check(...periodChecks);

/** A month as YYYY-MM. */
export const gstReportQuery = z.object({
  month: z.string({ error: reportTexts.monthInvalid }).check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: reportTexts.monthInvalid })),
});

const paise = z.number().check(z.int());
const count = z.number().check(z.int(), z.nonnegative());
const indiaDate = z.string();

export const dashboardFigures = z.object({
  from: indiaDate,
  to: indiaDate,
  totals: z.object({ orders: count, revenuePaise: paise, averageOrderPaise: paise }),
  /** Every day of the period, days without a sale at 0. */
  days: z.array(z.object({ date: indiaDate, orders: count, revenuePaise: paise })),
  topProducts: z.array(z.object({ productId: z.number(), name: z.string(), quantity: count, revenuePaise: paise })),
  /** Goods sold by how they are delivered: fresh by hand, everlasting by courier (line totals, fees apart). */
  deliveryKinds: z.array(z.object({ kind: deliveryKind, lines: count, revenuePaise: paise })),
  /** Deliveries still to make from today on, per day: hand deliveries and courier parcels. */
  upcoming: z.array(z.object({ date: indiaDate, hand: count, courier: count })),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

/** One row of GST figures: taxable value and the three taxes, in paise. */
const taxFigures = {
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  igstPaise: paise,
};
export const supplyKinds = ['intra', 'inter'] as const;
export type SupplyKind = (typeof supplyKinds)[number];

export const gstReport = z.object({
  month: z.string(),
  from: indiaDate,
  to: indiaDate,
  /** Taxed sales by full GST rate (percent) and intra-state (CGST + SGST) or inter-state (IGST). */
  byRate: z.array(z.object({ ratePercent: z.number(), supply: z.enum(supplyKinds), ...taxFigures })),
  /** GSTR-1 table 7 (B2C small): taxed sales by place of supply and rate. */
  byState: z.array(z.object({ state: z.string(), stateCode: z.string(), supply: z.enum(supplyKinds), ratePercent: z.number(), ...taxFigures })),
  /** GSTR-1 table 8 / GSTR-3B 3.1(c): nil-rated and exempt sales (fresh flowers), intra- and inter-state. */
  exempt: z.object({ intraPaise: paise, interPaise: paise }),
  /** GSTR-3B 3.1(a): all taxed sales of the month. */
  taxed: z.object(taxFigures),
  orders: count,
});
export type GstReport = z.infer<typeof gstReport>;

/**
 * `GET admin/reports/low-stock`: the flowers on sale (not removed) with fewer in stock than the Settings' threshold,
 * fewest first: what the florist restocks, and what the morning mail lists.
 */
export const lowStockProduct = z.object({
  externalId: z.string(),
  name: z.string(),
  category: z.string(),
  subCategory: z.string(),
  stock: count,
});
export type LowStockProduct = z.infer<typeof lowStockProduct>;

export const lowStockReport = z.object({
  /** Settings' "Low stock below": a flower with fewer in stock than this is low. */
  threshold: count,
  products: z.array(lowStockProduct),
});
export type LowStockReport = z.infer<typeof lowStockReport>;

/** The empty list's words, on the screen and in tests. */
export const noLowStock = (threshold: number) => `No flower is below ${threshold} in stock.`;
