// @vitest-environment jsdom
// The back office reports through the real app with the network mocked (issue 41): the Dashboard's figures for the
// default period and for a period the admin picks, a reversed period refused on the screen without a call, a failed
// load with Retry; the GST report's tables for a month and its CSV download; the orders export on the Purchase Order
// List asking for its period and status, and showing a refusal.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { DashboardFigures, GstReport, LowStockReport } from '../../domain/reports';
import { noLowStock, reportTexts } from '../../domain/reports';
import { novemberGst, someDashboardFigures } from '../machines/report-fixtures';
import { layoutHandlers } from './catalog-fixtures';
import { catchDownloads, mockApi, preloadChunk } from './page-harness';
import { openAsAdmin, renderApp, signIn } from './render-app';

const dashboardAsks: string[] = [];
let dashboardFails = false;
const csvAsks: string[] = [];
let csvRefusal: string | null = null;
let lowStockAsks = 0;
let lowStockFails = false;
const someLowStock: LowStockReport = {
  threshold: 5,
  products: [
    { externalId: 'p_orchid', name: 'Blue Orchid Bunch', category: 'Fresh Flowers', subCategory: 'Bunches', stock: 0 },
    { externalId: 'p_posy', name: 'Amber Rose Posy', category: 'Everlasting Dry Flowers', subCategory: 'Posy', stock: 3 },
  ],
};
let lowStock: LowStockReport = someLowStock;

const { period, toKarnatakaAt5, inTamilNaduAt5 } = novemberGst;
const november: GstReport = {
  ...period,
  byRate: [toKarnatakaAt5, inTamilNaduAt5],
  byState: [
    { state: 'Karnataka', stateCode: '29', ...toKarnatakaAt5 },
    { state: 'Tamil Nadu', stateCode: '33', ...inTamilNaduAt5 },
  ],
  exempt: { intraPaise: 145_000, interPaise: 50_000 },
  taxed: { taxablePaise: 309_334, cgstPaise: 2_616, sgstPaise: 2_617, igstPaise: 10_233 },
  orders: 3,
};

const csv = (name: string) =>
  new HttpResponse('\ufeffSection\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` } });

mockApi([
  ...layoutHandlers,
  http.get('*/api/admin/messages/unread', () => HttpResponse.json({ unread: 0 })),
  http.get('*/api/admin/reports/low-stock', () => {
    lowStockAsks += 1;
    if (lowStockFails) return HttpResponse.json({ message: 'Service unavailable', code: 'UNAVAILABLE' }, { status: 503, headers: { 'Retry-After': '0' } });
    return HttpResponse.json(lowStock);
  }),
  http.get('*/api/admin/reports/dashboard', ({ request }) => {
    const query = new URL(request.url).searchParams;
    dashboardAsks.push(query.toString());
    if (dashboardFails) return HttpResponse.json({ message: 'Service unavailable', code: 'UNAVAILABLE' }, { status: 503, headers: { 'Retry-After': '0' } });
    const figures: DashboardFigures = query.get('from') ? someDashboardFigures(query.get('from')!, query.get('to')!) : someDashboardFigures();
    return HttpResponse.json(figures);
  }),
  http.get('*/api/admin/reports/gst', ({ request }) => HttpResponse.json({ ...november, month: new URL(request.url).searchParams.get('month') })),
  http.get('*/api/admin/reports/gst.csv', ({ request }) => {
    csvAsks.push(new URL(request.url).search);
    return csv(`gst-${new URL(request.url).searchParams.get('month')}.csv`);
  }),
  http.get('*/api/admin/reports/orders.csv', ({ request }) => {
    csvAsks.push(new URL(request.url).search);
    if (csvRefusal) return HttpResponse.json({ message: csvRefusal, code: 'BAD_REQUEST' }, { status: 400 });
    return csv('orders.csv');
  }),
  http.get('*/api/users/purchases/list', () => HttpResponse.json([])),
], () => {
  dashboardAsks.length = 0;
  csvAsks.length = 0;
  dashboardFails = false;
  csvRefusal = null;
  lowStockAsks = 0;
  lowStockFails = false;
  lowStock = someLowStock;
  vi.restoreAllMocks();
});
// The figures' chunk carries the charting library.
preloadChunk(() => import('../../src/features/admin/sales-figures'));

const slow = { timeout: 5_000 };

describe('the Dashboard figures', () => {
  it('shows the default period’s orders, revenue, average, fresh share and best sellers, then the period the admin picks', async () => {
    const { user } = await openAsAdmin('/dashboard');
    const figures = await screen.findByRole('region', { name: 'FIGURES' }, slow);
    await within(figures).findByRole('table', { name: 'Top products' }, slow);
    expect(dashboardAsks).toEqual(['']);
    expect(within(figures).getByText('Paid orders from 2026-11-03 to 2026-12-02 (India days).')).toBeTruthy();
    expect(within(figures).getByText('Rs. 6,378')).toBeTruthy();
    expect(within(figures).getByText('Rs. 2,126')).toBeTruthy();
    // Fresh is 1,750 of 7,000 of goods.
    expect(within(figures).getByText('25%')).toBeTruthy();
    const rows = within(within(figures).getByRole('table', { name: 'Top products' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['ProductQuantityRevenue', 'Dried Vase3Rs. 3,150', 'Red Roses2Rs. 1,750']);
    // The inputs start from the period shown.
    expect((within(figures).getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-03');

    await user.clear(within(figures).getByLabelText('From'));
    await user.type(within(figures).getByLabelText('From'), '2026-10-01');
    await user.clear(within(figures).getByLabelText('To'));
    await user.type(within(figures).getByLabelText('To'), '2026-10-31');
    await user.click(within(figures).getByRole('button', { name: 'Show' }));
    await within(figures).findByText('Paid orders from 2026-10-01 to 2026-10-31 (India days).');
    expect(dashboardAsks.at(-1)).toBe('from=2026-10-01&to=2026-10-31');
  });

  it('refuses a reversed period on the screen, without a call', async () => {
    const { user } = await openAsAdmin('/dashboard');
    const figures = await screen.findByRole('region', { name: 'FIGURES' }, slow);
    await within(figures).findByRole('table', { name: 'Top products' }, slow);
    await user.clear(within(figures).getByLabelText('To'));
    await user.type(within(figures).getByLabelText('To'), '2026-01-01');
    await user.click(within(figures).getByRole('button', { name: 'Show' }));
    expect((await within(figures).findByRole('alert')).textContent).toBe(reportTexts.reversed);
    expect(dashboardAsks).toHaveLength(1);
  });

  it('says so when the figures did not load, and Retry loads them', async () => {
    dashboardFails = true;
    const { user } = await openAsAdmin('/dashboard');
    const figures = await screen.findByRole('region', { name: 'FIGURES' }, slow);
    expect((await within(figures).findByRole('alert', {}, slow)).textContent).toBe(reportTexts.loadFailed);
    dashboardFails = false;
    await user.click(within(figures).getByRole('button', { name: 'Retry' }));
    expect(await within(figures).findByRole('table', { name: 'Top products' }, slow)).toBeTruthy();
  });
});

describe('the GST report', () => {
  it('shows the month’s tax by rate, B2C by state and exempt sales, and downloads its CSV', async () => {
    const downloads = catchDownloads();
    const { user } = await openAsAdmin('/admingstreport?month=2026-11');
    const byRate = await screen.findByRole('table', { name: 'Tax by rate' });
    expect(within(byRate).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RateSupplyTaxable valueCGSTSGSTIGST',
      '5%Inter-state (IGST)Rs. 2,046.67Rs. 0Rs. 0Rs. 102.33',
      '5%Intra-state (CGST + SGST)Rs. 1,046.67Rs. 26.16Rs. 26.17Rs. 0',
      'Total taxedRs. 3,093.34Rs. 26.16Rs. 26.17Rs. 102.33',
    ]);
    const byState = screen.getByRole('table', { name: 'B2C by state' });
    expect(within(byState).getAllByRole('row')[1]!.textContent).toBe('29-Karnataka5%Rs. 2,046.67Rs. 0Rs. 0Rs. 102.33');
    const exempt = screen.getByRole('table', { name: 'Nil rated and exempt' });
    expect(within(exempt).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Supplies to unregistered personsValue',
      'Intra-stateRs. 1,450',
      'Inter-stateRs. 500',
      'Total exemptRs. 1,950',
    ]);
    expect((screen.getByLabelText('Month') as HTMLInputElement).value).toBe('2026-11');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads).toEqual(['gst-2026-11.csv']));
    expect(csvAsks).toEqual(['?month=2026-11']);
  });
});

describe('the orders export', () => {
  it('downloads the orders of the period and status asked for, and shows a refusal', async () => {
    const downloads = catchDownloads();
    const { user } = await openAsAdmin('/purchaseorderlist');
    const section = await screen.findByRole('region', { name: 'EXPORT ORDERS' });
    await user.clear(within(section).getByLabelText('Paid from'));
    await user.type(within(section).getByLabelText('Paid from'), '2026-11-01');
    await user.clear(within(section).getByLabelText('Paid to'));
    await user.type(within(section).getByLabelText('Paid to'), '2026-11-30');
    await user.selectOptions(within(section).getByLabelText('Status'), 'Delivered');
    await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads).toEqual(['orders.csv']));
    expect(csvAsks).toEqual(['?from=2026-11-01&to=2026-11-30&status=Delivered']);

    csvRefusal = reportTexts.reversed;
    await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(reportTexts.reversed);
    expect(downloads).toHaveLength(1);
  });
});

describe('Low stock', () => {
  it('lists the low flowers, fewest first, each opening its flower form, and the Dashboard card counts them', async () => {
    const { router, user } = await openAsAdmin('/dashboard');
    const card = await screen.findByRole('link', { name: 'Low stock' });
    await waitFor(() => expect(document.getElementById(card.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('2 low'));
    await user.click(card);
    const table = await screen.findByRole('table', { name: 'Low stock' }, slow);
    expect(router.state.location.pathname).toBe('/adminlowstock');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Product NameIn stockCategorySub Category',
      'Blue Orchid Bunch0Fresh FlowersBunches',
      'Amber Rose Posy3Everlasting Dry FlowersPosy',
    ]);
    expect(screen.getByText(/fewer than 5 in stock, fewest first/)).toBeTruthy();
    await user.click(within(table).getByRole('link', { name: 'Restock Amber Rose Posy, 3 in stock' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/flowerformupdate/p_posy'));
  });

  it('says so when no flower is low', async () => {
    lowStock = { threshold: 2, products: [] };
    signIn({ dashboard: true });
    await renderApp('/adminlowstock');
    await screen.findByText('No flower is below 2 in stock.', {}, slow);
    expect(noLowStock(2)).toBe('No flower is below 2 in stock.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when the list did not load, and Retry loads it', async () => {
    lowStockFails = true;
    const { user } = await openAsAdmin('/adminlowstock');
    await screen.findByText(reportTexts.lowStockLoadFailed, {}, slow);
    lowStockFails = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table', { name: 'Low stock' }, slow);
    expect(lowStockAsks).toBeGreaterThanOrEqual(2);
  });
});
