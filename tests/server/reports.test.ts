import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import type { DashboardFigures, GstReport } from '../../domain/reports';
import { reportTexts } from '../../domain/reports';
import { orderDeliveries, orderItems, orders } from '../../server/db/schema';
import { exportedOrders } from '../../server/modules/reports/reports.service';
import { novemberGst } from '../machines/report-fixtures';
import { buildTestApp } from './helpers/app';
import { aUser, expectAdminOnly, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';
import { everyCaller } from './helpers/cart';
import { aProductDeliveredBy, recipient } from './helpers/deliveries';

// Noon in India on Wednesday 2 December 2026: the default period is 3 November to 2 December.
const now = new Date('2026-12-02T06:30:00Z');

let app: FastifyInstance;
let admin: TestUser;
let buyer: TestUser;
let sequence = 0;

type Product = Awaited<ReturnType<typeof aProductDeliveredBy>>;
interface Line {
  product: Product;
  quantity: number;
  totalPaise: number;
  /** The CGST (= SGST) rate in basis points, as order lines keep it; null when exempt. */
  rateBp: number | null;
  taxablePaise: number;
  taxPaise: number;
}
interface Fee {
  kind: 'hand' | 'courier';
  date: string;
  feePaise: number;
  rateBp: number | null;
  taxablePaise: number;
  taxPaise: number;
  status?: 'scheduled' | 'delivered';
}

/** Splits a tax as the invoice does: CGST + SGST (odd paisa to SGST) in Tamil Nadu, IGST elsewhere. */
function split(state: string, tax: number) {
  if (state !== 'Tamil Nadu') return { cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.floor(tax / 2);
  return { cgst, sgst: tax - cgst, igst: 0 };
}

/** An order as checkout_invoice and the payment write it: lines and deliveries with their tax split. */
async function anOrderOf(options: {
  state: string;
  paidAt: string | null;
  lines: Line[];
  fees?: Fee[];
  paymentState?: 'paid' | 'pending' | 'refund_pending';
  status?: 'created' | 'Dispatched' | 'Delivered' | 'Cancelled';
}) {
  sequence += 1;
  const fees = options.fees ?? [];
  const total = options.lines.reduce((sum, line) => sum + line.totalPaise, 0) + fees.reduce((sum, fee) => sum + fee.feePaise, 0);
  const tax = options.lines.reduce((sum, line) => sum + line.taxPaise, 0) + fees.reduce((sum, fee) => sum + fee.taxPaise, 0);
  const [order] = await app.db
    .insert(orders)
    .values({
      invoiceId: `inv_reports_${sequence}`,
      userId: buyer.id,
      providerOrderId: `order_reports${sequence}`,
      address: { addressId: 1, ...recipient, state: options.state },
      subtotalPaise: total - tax,
      taxPaise: tax,
      totalPaise: total,
      status: options.status ?? 'created',
      paymentState: options.paymentState ?? 'paid',
      paidAt: options.paidAt === null ? null : new Date(options.paidAt),
      reservationExpiresAt: new Date('2026-11-01T00:00:00Z'),
    })
    .returning();
  for (const line of options.lines) {
    const parts = split(options.state, line.taxPaise);
    await app.db.insert(orderItems).values({
      orderId: order!.id,
      productId: line.product.id,
      productName: line.product.name,
      itemCode: line.product.itemCode,
      quantity: line.quantity,
      unitPricePaise: line.totalPaise / line.quantity,
      mrpPaise: line.totalPaise / line.quantity,
      gstRateBp: line.rateBp,
      lineTotalPaise: line.totalPaise,
      taxablePaise: line.taxablePaise,
      cgstPaise: parts.cgst,
      sgstPaise: parts.sgst,
      igstPaise: parts.igst,
    });
  }
  for (const fee of fees) {
    const parts = split(options.state, fee.taxPaise);
    // Hand deliveries need a slot; the test's tables have the shop's default slots.
    const slot = fee.kind === 'hand' ? await app.db.query.deliverySlots.findFirst() : undefined;
    await app.db.insert(orderDeliveries).values({
      orderId: order!.id,
      kind: fee.kind,
      date: fee.date,
      slotId: slot?.id ?? null,
      slotName: slot?.name ?? null,
      windowStartMinute: slot?.startMinute ?? null,
      windowEndMinute: slot?.endMinute ?? null,
      feePaise: fee.feePaise,
      feeGstRateBp: fee.rateBp,
      feeTaxablePaise: fee.taxablePaise,
      feeCgstPaise: parts.cgst,
      feeSgstPaise: parts.sgst,
      feeIgstPaise: parts.igst,
      status: fee.status ?? 'scheduled',
    });
  }
  return order!;
}

let roses: Product;
let vase: Product;
let bouquet: Product;
const ids: Record<string, number> = {};

const rosesLine = (totalPaise: number): Line => ({ product: roses, quantity: 1, totalPaise, rateBp: null, taxablePaise: totalPaise, taxPaise: 0 });
// A dried vase at 5 % (CGST 2.5 %): Rs. 1,050 holds Rs. 1,000 taxable and Rs. 50 tax.
const vaseLine = (quantity: number): Line => ({ product: vase, quantity, totalPaise: 105_000 * quantity, rateBp: 250, taxablePaise: 100_000 * quantity, taxPaise: 5_000 * quantity });
// An artificial bouquet at 18 % (CGST 9 %): Rs. 1,180 holds Rs. 1,000 taxable.
const bouquetLine = (): Line => ({ product: bouquet, quantity: 1, totalPaise: 118_000, rateBp: 900, taxablePaise: 100_000, taxPaise: 18_000 });
// The courier fee of Rs. 49 at the goods' 5 %: Rs. 46.67 taxable, Rs. 2.33 tax.
const courierFee = (date: string): Fee => ({ kind: 'courier', date, feePaise: 4_900, rateBp: 250, taxablePaise: 4_667, taxPaise: 233 });
// A hand delivery, its fee (free unless given) exempt.
const handFee = (date: string, feePaise = 0): Fee => ({ kind: 'hand', date, feePaise, rateBp: null, taxablePaise: feePaise, taxPaise: 0 });

beforeAll(async () => {
  app = await buildTestApp({}, { now: () => now });
  admin = await aUser(app, { role: 'admin', firstName: 'Admin' });
  buyer = await aUser(app, { firstName: '=Meera', lastName: 'Iyer' });
  roses = await aProductDeliveredBy(app.db, 'hand', 'Red Roses');
  vase = await aProductDeliveredBy(app.db, 'courier', 'Dried Vase');
  bouquet = await aProductDeliveredBy(app.db, 'courier', 'Silk Bouquet');

  // Intra-state, paid at 01:30 on 11 November in India (still 10 November in UTC): exempt roses and their exempt
  // hand delivery, a taxed vase and its taxed courier fee.
  ids.intra = (
    await anOrderOf({
      state: 'Tamil Nadu',
      paidAt: '2026-11-10T20:00:00Z',
      lines: [rosesLine(125_000), vaseLine(1)],
      fees: [handFee('2026-12-03', 20_000), courierFee('2026-12-02')],
    })
  ).id;
  // Inter-state (Karnataka): two vases at 5 % and a bouquet at 18 %, all IGST.
  ids.inter = (await anOrderOf({ state: 'Karnataka', paidAt: '2026-11-20T06:00:00Z', lines: [vaseLine(2), bouquetLine()], fees: [courierFee('2026-12-02')] })).id;
  // Never paid, and paid then cancelled (money on its way back): neither is a sale.
  ids.unpaid = (await anOrderOf({ state: 'Tamil Nadu', paidAt: null, paymentState: 'pending', lines: [vaseLine(5)] })).id;
  ids.cancelled = (
    await anOrderOf({
      state: 'Tamil Nadu',
      paidAt: '2026-11-16T06:00:00Z',
      paymentState: 'refund_pending',
      status: 'Cancelled',
      lines: [vaseLine(3)],
      fees: [handFee('2026-12-03')],
    })
  ).id;
  // Paid in December: in the dashboard's default period, not in November's return; its delivery still to make.
  ids.december = (await anOrderOf({ state: 'Tamil Nadu', paidAt: '2026-12-01T06:00:00Z', status: 'Dispatched', lines: [rosesLine(80_000)], fees: [handFee('2026-12-05')] })).id;
  // Paid at 00:30 on 1 November in India (31 October in UTC): exempt roses sent to Kerala.
  ids.firstOfMonth = (await anOrderOf({ state: 'Kerala', paidAt: '2026-10-31T19:00:00Z', lines: [rosesLine(50_000)] })).id;
});
afterAll(async () => {
  await app.close();
});

const asAdmin = () => signedInAs(app, { externalId: admin.externalId, role: 'admin' });
const get = (url: string, headers: Record<string, string> = asAdmin()) => app.inject({ method: 'GET', url, headers });

/** A CSV body read back as a spreadsheet would: the BOM, then records keyed by the header row. */
function csvRecords(body: string): Record<string, string>[] {
  expect(body.charCodeAt(0), 'a UTF-8 byte order mark first').toBe(0xfeff);
  return parse(body, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
}

describe('the dashboard figures', () => {
  it('counts paid orders per India day of payment, with their revenue, top products, fresh and everlasting, and the average', async () => {
    const res = await get('/api/admin/reports/dashboard?from=2026-11-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json<DashboardFigures>();
    expect(figures.from).toBe('2026-11-01');
    expect(figures.to).toBe('2026-11-30');
    expect(figures.days).toHaveLength(30);
    const day = (date: string) => figures.days.find((d) => d.date === date);
    // 254,900 = 1,250 roses + 1,050 vase + 200 hand delivery + 49 courier.
    expect(day('2026-11-11')).toEqual({ date: '2026-11-11', orders: 1, revenuePaise: 254_900 });
    expect(day('2026-11-10')).toEqual({ date: '2026-11-10', orders: 0, revenuePaise: 0 });
    expect(day('2026-11-01')).toEqual({ date: '2026-11-01', orders: 1, revenuePaise: 50_000 });
    expect(day('2026-11-16')?.orders, 'a cancelled order is no sale').toBe(0);
    expect(figures.totals).toEqual({ orders: 3, revenuePaise: 254_900 + 332_900 + 50_000, averageOrderPaise: 212_600 });
    expect(figures.topProducts.map((p) => [p.name, p.quantity, p.revenuePaise])).toEqual([
      ['Dried Vase', 3, 315_000],
      ['Red Roses', 2, 175_000],
      ['Silk Bouquet', 1, 118_000],
    ]);
    expect(figures.deliveryKinds).toEqual([
      { kind: 'hand', lines: 2, revenuePaise: 175_000 },
      { kind: 'courier', lines: 3, revenuePaise: 433_000 },
    ]);
  });

  it('covers the last 30 days by default and counts the deliveries still to make from today', async () => {
    const res = await get('/api/admin/reports/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json<DashboardFigures>();
    expect([figures.from, figures.to]).toEqual(['2026-11-03', '2026-12-02']);
    expect(figures.totals.orders).toBe(3);
    expect(figures.upcoming).toHaveLength(14);
    expect(figures.upcoming.slice(0, 4)).toEqual([
      { date: '2026-12-02', hand: 0, courier: 2 },
      { date: '2026-12-03', hand: 1, courier: 0 },
      { date: '2026-12-04', hand: 0, courier: 0 },
      { date: '2026-12-05', hand: 1, courier: 0 },
    ]);
  });

  it.each([
    ['?from=2026-11-31', reportTexts.fromInvalid],
    ['?to=yesterday', reportTexts.toInvalid],
    ['?from=2026-12-01&to=2026-11-01', reportTexts.reversed],
    ['?from=2025-01-01&to=2026-01-02', reportTexts.tooLong],
    // Filled with today (2 December 2026), from alone would cover almost two years.
    ['?from=2025-01-01', reportTexts.tooLong],
  ])('refuses %s with a clear 400', async (query, message) => {
    const res = await get(`/api/admin/reports/dashboard${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('accepts a whole leap year of 366 days', async () => {
    expect((await get('/api/admin/reports/dashboard?from=2028-01-01&to=2028-12-31')).statusCode).toBe(200);
  });

  it('answers admins only', async () => {
    const callers = await everyCaller(app, { customer: buyer, admin: asAdmin() });
    for (const url of ['/api/admin/reports/dashboard', '/api/admin/reports/orders.csv', '/api/admin/reports/gst?month=2026-11', '/api/admin/reports/gst.csv?month=2026-11']) {
      await expectAdminOnly((headers) => get(url, headers), callers);
    }
  });
});

describe('the orders export', () => {
  it('streams a CSV with a BOM, IST times and each order’s GST split over its lines and fees', async () => {
    const res = await get('/api/admin/reports/orders.csv?from=2026-11-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-01-to-2026-11-30.csv"');
    const records = csvRecords(res.body);
    // Paid in November in India: not the unpaid order (3) nor December's (5); the cancelled one with its refund state.
    expect(records.map((r) => r['Order number'])).toEqual(['order_reports1', 'order_reports2', 'order_reports4', 'order_reports6']);
    expect(records.map((r) => r.Status)).toEqual(['created', 'created', 'Cancelled', 'created']);
    const intra = records[0]!;
    expect(intra).toEqual({
      'Order number': 'order_reports1',
      'Invoice id': 'inv_reports_1',
      'Paid at (IST)': '2026-11-11 01:30:00',
      Customer: "'=Meera Iyer",
      Email: buyer.email,
      Status: 'created',
      Payment: 'paid',
      Items: '2',
      'Place of supply': 'Tamil Nadu',
      'State code': '33',
      // 1,250 roses + 1,000 vase + 200 hand delivery + 46.67 courier.
      'Taxable value': '2496.67',
      CGST: '26.16',
      SGST: '26.17',
      IGST: '0.00',
      'Delivery fees': '249.00',
      Total: '2549.00',
    });
    expect(records[1]).toMatchObject({ 'Paid at (IST)': '2026-11-20 11:30:00', 'Place of supply': 'Karnataka', 'State code': '29', 'Taxable value': '3046.67', CGST: '0.00', IGST: '282.33', Total: '3329.00' });
    expect(records[3]).toMatchObject({ 'Paid at (IST)': '2026-11-01 00:30:00', 'Place of supply': 'Kerala', 'Taxable value': '500.00', IGST: '0.00' });
  });

  it('keeps to one status when asked, and answers the header alone when nothing matches', async () => {
    const cancelled = csvRecords((await get('/api/admin/reports/orders.csv?from=2026-11-01&to=2026-11-30&status=Cancelled')).body);
    expect(cancelled.map((r) => [r.Status, r.Payment])).toEqual([['Cancelled', 'refund_pending']]);
    const none = await get('/api/admin/reports/orders.csv?from=2026-01-01&to=2026-01-31&status=Delivered');
    expect(none.statusCode).toBe(200);
    expect(none.body.replace('\ufeff', '').trim().split('\r\n')).toHaveLength(1);
  });

  it('reads the orders in batches, every order once', async () => {
    const seen: number[] = [];
    for await (const row of exportedOrders(app.db, '2026-10-01', '2026-12-31', 'all', 2)) seen.push(row.id);
    expect(seen).toEqual([ids.intra, ids.inter, ids.cancelled, ids.december, ids.firstOfMonth]);
  });

  it.each([
    ['?status=Shipped', reportTexts.statusInvalid],
    ['?from=2026-02-30', reportTexts.fromInvalid],
    ['?from=2024-01-01&to=2026-01-01', reportTexts.tooLong],
    ['?from=2024-01-01&status=all', reportTexts.tooLong],
  ])('refuses %s with a clear 400', async (query, message) => {
    const res = await get(`/api/admin/reports/orders.csv${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });
});

describe('the GST report', () => {
  const { period, toKarnatakaAt5, inTamilNaduAt5 } = novemberGst;
  const november: GstReport = {
    ...period,
    byRate: [toKarnatakaAt5, inTamilNaduAt5, { ratePercent: 18, supply: 'inter', taxablePaise: 100_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000 }],
    byState: [
      { state: 'Karnataka', stateCode: '29', ...toKarnatakaAt5 },
      { state: 'Karnataka', stateCode: '29', supply: 'inter', ratePercent: 18, taxablePaise: 100_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000 },
      { state: 'Tamil Nadu', stateCode: '33', ...inTamilNaduAt5 },
    ],
    // Roses and their hand delivery in Tamil Nadu; roses to Kerala.
    exempt: { intraPaise: 145_000, interPaise: 50_000 },
    taxed: { taxablePaise: 409_334, cgstPaise: 2_616, sgstPaise: 2_617, igstPaise: 28_233 },
    orders: 3,
  };

  it('sums the month’s paid sales by rate and place of supply, fees at their rate, exempt sales apart', async () => {
    const res = await get('/api/admin/reports/gst?month=2026-11');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(november);
  });

  it('gives the same figures as a CSV in the return’s sections', async () => {
    const res = await get('/api/admin/reports/gst.csv?month=2026-11');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="gst-2026-11.csv"');
    const rows = csvRecords(res.body).map((r) => [r.Section, r.Type, r['Place Of Supply'], r.Rate, r['Taxable Value'], r['Integrated Tax'], r['Central Tax'], r['State/UT Tax']]);
    expect(rows).toEqual([
      ['GSTR-1 7 B2C (small)', 'OE', '29-Karnataka', '5', '2046.67', '102.33', '0.00', '0.00'],
      ['GSTR-1 7 B2C (small)', 'OE', '29-Karnataka', '18', '1000.00', '180.00', '0.00', '0.00'],
      ['GSTR-1 7 B2C (small)', 'OE', '33-Tamil Nadu', '5', '1046.67', '0.00', '26.16', '26.17'],
      ['GSTR-1 8 Nil rated and exempt', 'Intra-State supplies to unregistered persons', '', '', '1450.00', '', '', ''],
      ['GSTR-1 8 Nil rated and exempt', 'Inter-State supplies to unregistered persons', '', '', '500.00', '', '', ''],
      ['GSTR-3B 3.1(a) Outward taxable supplies', '', '', '', '4093.34', '282.33', '26.16', '26.17'],
      ['GSTR-3B 3.1(c) Nil rated and exempted', '', '', '', '1950.00', '', '', ''],
      ['GSTR-3B 3.2 Unregistered persons', '', '29-Karnataka', '', '3046.67', '282.33', '', ''],
    ]);
  });

  it.each(['2026-13', '2026-1', 'november', ''])('refuses month=%s with a clear 400', async (month) => {
    const res = await get(`/api/admin/reports/gst?month=${month}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: reportTexts.monthInvalid, code: 'BAD_REQUEST' });
  });
});
