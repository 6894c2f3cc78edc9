// The reports as the server answers them (domain/reports.ts): the Dashboard's figures and the GST report's November,
// for the machine, view and server tests.
import type { DashboardFigures, GstReport } from '../../domain/reports';
/** The Dashboard's figures for a period: two days, a best seller, fresh and everlasting, a delivery tomorrow. */
export function someDashboardFigures(from = '2026-11-03', to = '2026-12-02'): DashboardFigures {
  return {
    from,
    to,
    totals: { orders: 3, revenuePaise: 637_800, averageOrderPaise: 212_600 },
    days: [
      { date: from, orders: 2, revenuePaise: 387_800 },
      { date: to, orders: 1, revenuePaise: 250_000 },
    ],
    topProducts: [
      { productId: 1, name: 'Dried Vase', quantity: 3, revenuePaise: 315_000 },
      { productId: 2, name: 'Red Roses', quantity: 2, revenuePaise: 175_000 },
    ],
    deliveryKinds: [
      { kind: 'hand', lines: 2, revenuePaise: 175_000 },
      { kind: 'courier', lines: 3, revenuePaise: 525_000 },
    ],
    upcoming: [{ date: to, hand: 1, courier: 2 }],
  };
}

type GstRateRow = GstReport['byRate'][number];

/** November 2026 in the GST report: its period, and its sales taxed at 5 %, inter-state to Karnataka and within Tamil Nadu. */
export const novemberGst = {
  period: { month: '2026-11', from: '2026-11-01', to: '2026-11-30' },
  toKarnatakaAt5: { ratePercent: 5, supply: 'inter', taxablePaise: 204_667, cgstPaise: 0, sgstPaise: 0, igstPaise: 10_233 } satisfies GstRateRow,
  inTamilNaduAt5: { ratePercent: 5, supply: 'intra', taxablePaise: 104_667, cgstPaise: 2_616, sgstPaise: 2_617, igstPaise: 0 } satisfies GstRateRow,
};
