// The Dashboard's figures as the server answers them (domain/reports.ts), for the machine and view tests.
import type { DashboardFigures } from '../../domain/reports';
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
