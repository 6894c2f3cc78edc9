/**
 * The back office reports (issue 41): the dashboard's figures, the month's GST summary and the orders export's rows.
 * The sums are SQL's (reports.queries.ts); this module fills the gaps (days without sales) and sorts the GST rows
 * into the return's shape.
 */
import { isIntraState } from '../../../domain/gst';
import { gstCodeOf } from '../../../domain/indian-states';
import { addIndiaDays, indiaDateOf, indiaMoment } from '../../../domain/india-time';
import type { IndiaDate } from '../../../domain/india-time';
import { daysInPeriod, reportMaxDays, reportTexts, resolvedPeriod, topProductCount, upcomingDeliveryDays } from '../../../domain/reports';
import type { DashboardFigures, ExportStatus, GstReport, ReportPeriodQuery, SupplyKind } from '../../../domain/reports';
import type { Database } from '../../db/client';
import { BadRequest } from '../../errors';
import {
  exportBatch,
  salesByDeliveryKind,
  salesCount,
  salesPerDay,
  suppliesByStateAndRate,
  topProducts,
  upcomingDeliveries,
} from './reports.queries';
import type { Moments } from './reports.queries';

/** The moments an India-day period covers: from its first midnight to the midnight after its last day. */
export const momentsOf = (from: IndiaDate, to: IndiaDate): Moments => ({ start: indiaMoment(from, 0), end: indiaMoment(addIndiaDays(to, 1), 0) });

/**
 * The period asked for, its missing ends filled from today in India. The query's schema checks a period given whole;
 * one with an end left out is checked here, once filled (from=2020-01-01 alone would be years long).
 */
export function periodOf(query: ReportPeriodQuery, now: Date): { from: IndiaDate; to: IndiaDate } {
  const period = resolvedPeriod(query, indiaDateOf(now));
  if (daysInPeriod(period.from, period.to) > reportMaxDays) throw new BadRequest(reportTexts.tooLong);
  return period;
}

export async function dashboardFiguresFor(db: Database, query: ReportPeriodQuery, now: Date): Promise<DashboardFigures> {
  const today = indiaDateOf(now);
  const { from, to } = periodOf(query, now);
  const moments = momentsOf(from, to);
  const lastUpcoming = addIndiaDays(today, upcomingDeliveryDays - 1);
  const [perDay, top, kinds, upcoming] = await Promise.all([
    salesPerDay(db, moments),
    topProducts(db, moments, topProductCount),
    salesByDeliveryKind(db, moments),
    upcomingDeliveries(db, today, lastUpcoming),
  ]);

  const byDate = new Map(perDay.map((day) => [day.date, day]));
  const days: DashboardFigures['days'] = [];
  for (let date = from; date <= to; date = addIndiaDays(date, 1)) days.push(byDate.get(date) ?? { date, orders: 0, revenuePaise: 0 });
  const orders = perDay.reduce((sum, day) => sum + day.orders, 0);
  const revenuePaise = perDay.reduce((sum, day) => sum + day.revenuePaise, 0);

  const upcomingDays: DashboardFigures['upcoming'] = [];
  for (let date = today; date <= lastUpcoming; date = addIndiaDays(date, 1)) {
    const count = (kind: 'hand' | 'courier') => upcoming.find((row) => row.date === date && row.kind === kind)?.count ?? 0;
    upcomingDays.push({ date, hand: count('hand'), courier: count('courier') });
  }

  return {
    from,
    to,
    totals: { orders, revenuePaise, averageOrderPaise: orders === 0 ? 0 : Math.round(revenuePaise / orders) },
    days,
    topProducts: top,
    deliveryKinds: (['hand', 'courier'] as const).map((kind) => kinds.find((row) => row.kind === kind) ?? { kind, lines: 0, revenuePaise: 0 }),
    upcoming: upcomingDays,
  };
}

/** The first and last India day of a month written YYYY-MM. */
export function monthDays(month: string): { from: IndiaDate; to: IndiaDate } {
  const from = `${month}-01`;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** A CGST (= SGST) rate in basis points as the full GST rate in percent: 250 → 5. */
const fullRatePercent = (rateBp: number) => (2 * rateBp) / 100;

export async function gstReportFor(db: Database, month: string): Promise<GstReport> {
  const { from, to } = monthDays(month);
  const moments = momentsOf(from, to);
  const [supplies, orders] = await Promise.all([suppliesByStateAndRate(db, moments), salesCount(db, moments)]);

  const report: GstReport = {
    month,
    from,
    to,
    byRate: [],
    byState: [],
    exempt: { intraPaise: 0, interPaise: 0 },
    taxed: { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
    orders,
  };
  for (const row of supplies) {
    const supply: SupplyKind = isIntraState(row.state) ? 'intra' : 'inter';
    if (row.rateBp <= 0) {
      report.exempt[supply === 'intra' ? 'intraPaise' : 'interPaise'] += row.taxablePaise;
      continue;
    }
    const { state, rateBp: _rate, ...figures } = row;
    const ratePercent = fullRatePercent(row.rateBp);
    report.byState.push({ state, stateCode: gstCodeOf(state), supply, ratePercent, ...figures });
    let rate = report.byRate.find((r) => r.ratePercent === ratePercent && r.supply === supply);
    if (!rate) {
      rate = { ratePercent, supply, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
      report.byRate.push(rate);
    }
    for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const) {
      rate[key] += figures[key];
      report.taxed[key] += figures[key];
    }
  }
  report.byRate.sort((a, b) => a.ratePercent - b.ratePercent || a.supply.localeCompare(b.supply));
  return report;
}

/** Every exported order, read in batches by id so that memory holds one batch whatever the period's size. */
export async function* exportedOrders(db: Database, from: IndiaDate, to: IndiaDate, status: ExportStatus, batchSize = 500) {
  const moments = momentsOf(from, to);
  let afterId = 0;
  for (;;) {
    const batch = await exportBatch(db, moments, status, afterId, batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
    afterId = batch[batch.length - 1]!.id;
  }
}
