// The checkout invoice's deliveries (issue 40), through the real invoice route on a fixed server clock: cut-off edges
// (one minute before and after, the day's last minute in India time), 50 concurrent buyers for a slot's last place, a
// pincode the shop does not reach by hand, a stale choice, a mixed bag's two deliveries and their fees to the paisa,
// and the slot's place given back by expiry and a failed payment, kept by a payment.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidateCatalogCache } from '../../server/modules/catalog/catalog.cache';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { DeliverySchedule } from '../../domain/delivery-schedule';
import { deliveryChoiceMessages } from '../../domain/payment';
import {
  cartItems,
  carts,
  deliveryAreas,
  deliveryBookings,
  deliveryHolidays,
  deliverySettings,
  deliverySlotDays,
  deliverySlots,
  orderDeliveries,
  orders,
  payments,
  taxDocuments,
} from '../../server/db/schema';
import { createServiceArea } from '../../server/modules/delivery/service-areas.service';
import { releaseExpiredReservations } from '../../server/modules/orders/order-lifecycle';
import { buildTestApp } from './helpers/app';
import { aCategory, aProduct, aSubCategory } from './helpers/factories';
import type { ProductRow } from './helpers/factories';
import { aBuyer, checkout, orderByProviderId, paidWithCard, stockOf, verify } from './helpers/payments';
import type { Buyer } from './helpers/payments';

let app: FastifyInstance;
let clock = new Date('2026-12-03T04:30:00Z');
let roses: ProductRow;
let vase: ProductRow;
let giftVase: ProductRow;
let midnight: number;
let early: number;
let standard: number;

/** India time as UTC: 2026-12-03 17:59 IST is 12:29Z. */
const at = (iso: string) => {
  clock = new Date(iso);
};

beforeAll(async () => {
  app = await buildTestApp({}, { now: () => clock });
  // Fresh roses: hand-delivered and nil-rated, Rs. 1,000. An everlasting vase: by courier, 12 % GST, Rs. 1,120.
  const fresh = await aCategory(app.db, { deliveryKind: 'hand', gstRateBp: 0 });
  roses = await aProduct(app.db, { subCategory: await aSubCategory(app.db, { categoryId: fresh.id }), sellingPricePaise: 100_000, mrpPaise: 120_000, stock: 1000 });
  const everlasting = await aCategory(app.db, { deliveryKind: 'courier', gstRateBp: 600 });
  vase = await aProduct(app.db, { subCategory: await aSubCategory(app.db, { categoryId: everlasting.id }), sellingPricePaise: 112_000, mrpPaise: 150_000, stock: 1000 });
  // An add-on (issue 42): a glass vase, by courier when alone, 18 % GST, Rs. 1,180, dearer than the roses.
  const gifts = await aCategory(app.db, { deliveryKind: 'courier', gstRateBp: 900 });
  giftVase = await aProduct(app.db, { subCategory: await aSubCategory(app.db, { categoryId: gifts.id }), sellingPricePaise: 118_000, mrpPaise: 118_000, stock: 1000, isAddon: true });
  const slots = await app.db.select({ id: deliverySlots.id, kind: deliverySlots.kind }).from(deliverySlots);
  midnight = slots.find((slot) => slot.kind === 'midnight')!.id;
  early = slots.find((slot) => slot.kind === 'early')!.id;
  standard = slots.find((slot) => slot.kind === 'standard')!.id;
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  // Issued documents are kept for good (a restricting key): only a test clears them, before their orders.
  await app.db.delete(taxDocuments);
  await app.db.delete(payments);
  await app.db.delete(orders);
  await app.db.delete(deliveryBookings);
  await app.db.delete(deliverySlotDays);
  await app.db.delete(deliveryHolidays);
  await app.db.delete(deliveryAreas);
  await app.db.update(deliverySlots).set({ capacity: 20, active: true }).where(eq(deliverySlots.id, midnight));
  await app.db.update(deliverySettings).set({ courierFeePaise: 0 });
  invalidateCatalogCache(app.db);
  await createServiceArea(app.db, { name: 'Chennai', pincodes: '600001-600042', extraFeePaise: 0, active: true });
  at('2026-12-03T04:30:00Z');
});

const hand = (date: string, slotId: number) => ({ kind: 'hand', date, slotId });
const courier = (date: string) => ({ kind: 'courier', date, slotId: null });
const place = (buyer: Buyer, deliveries: unknown[]) => checkout(app, buyer, { addressId: buyer.addressId, deliveries });
const rosesBuyer = () => aBuyer(app, roses, 1);

describe('cut-offs on the server clock, through the invoice route', () => {
  it('takes the midnight slot one minute before its 6 pm cut-off and refuses it one minute after, with the fresh schedule', async () => {
    at('2026-12-03T12:29:00Z'); // 17:59 IST
    const before = await place(await rosesBuyer(), [hand('2026-12-03', midnight)]);
    expect(before.statusCode, before.body).toBe(200);

    at('2026-12-03T12:31:00Z'); // 18:01 IST
    const buyer = await rosesBuyer();
    const after = await place(buyer, [hand('2026-12-03', midnight)]);
    expect(after.statusCode).toBe(409);
    const refusal = after.json<{ message: string; code: string; schedules: DeliverySchedule[] }>();
    expect(refusal).toMatchObject({ code: 'DELIVERY_STALE', message: 'The midnight slot on 3 December is no longer available. Please choose another.' });
    const today = refusal.schedules[0]!.days[0]!;
    expect(today).toMatchObject({ date: '2026-12-03', available: false });
    expect(today.slots.find((slot) => slot.id === midnight)).toMatchObject({ available: false, reason: 'cutoff' });
    expect(await app.db.select().from(orders).where(eq(orders.userId, buyer.user.id))).toEqual([]);
  });

  it("at the day's last minute (23:59 IST) the next morning's early slot has closed and its standard slot is open", async () => {
    at('2026-12-03T18:29:00Z');
    const closed = await place(await rosesBuyer(), [hand('2026-12-04', early)]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'DELIVERY_STALE', message: 'The early morning slot on 4 December is no longer available. Please choose another.' });
    const today = await place(await rosesBuyer(), [hand('2026-12-03', standard)]);
    expect(today.json()).toMatchObject({ code: 'DELIVERY_STALE', message: 'The standard slot on 3 December is no longer available. Please choose another.' });
    const open = await place(await rosesBuyer(), [hand('2026-12-04', standard)]);
    expect(open.statusCode, open.body).toBe(200);
  });
});

describe('the slot place, taken with the stock', () => {
  it('50 concurrent buyers for the last place: exactly one order, the others DELIVERY_STALE with nothing taken', async () => {
    await app.db.update(deliverySlots).set({ capacity: 1 }).where(eq(deliverySlots.id, midnight));
    invalidateCatalogCache(app.db);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => rosesBuyer()));
    const stock = await stockOf(app, roses);
    const answers = await Promise.all(buyers.map((buyer) => place(buyer, [hand('2026-12-04', midnight)])));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(refused).toHaveLength(49);
    for (const res of refused) {
      expect(res.json()).toMatchObject({ code: 'DELIVERY_STALE', message: 'The midnight slot on 4 December is no longer available. Please choose another.' });
    }
    expect(await app.db.select().from(orders)).toHaveLength(1);
    expect(await app.db.select().from(orderDeliveries)).toHaveLength(1);
    expect(await app.db.select({ booked: deliverySlotDays.booked }).from(deliverySlotDays)).toEqual([{ booked: 1 }]);
    expect(await stockOf(app, roses)).toBe(stock - 1);
  });

  it('expiry and a failed payment give the place back; a payment keeps it', async () => {
    await app.db.update(deliverySlots).set({ capacity: 1 }).where(eq(deliverySlots.id, midnight));
    invalidateCatalogCache(app.db);
    const first = await rosesBuyer();
    expect((await place(first, [hand('2026-12-04', midnight)])).statusCode).toBe(200);
    const second = await rosesBuyer();
    expect((await place(second, [hand('2026-12-04', midnight)])).json()).toMatchObject({ code: 'DELIVERY_STALE' });

    // The first invoice's 15 minutes run out: its place is free again.
    expect(await releaseExpiredReservations(app.db, new Date(clock.getTime() + 16 * 60_000))).toBe(1);
    expect(await app.db.select({ booked: deliverySlotDays.booked }).from(deliverySlotDays)).toEqual([{ booked: 0 }]);
    expect(await app.db.select({ state: deliveryBookings.state }).from(deliveryBookings)).toEqual([{ state: 'released' }]);

    // The second buyer takes it, then dismisses the payment dialog: free again.
    expect((await place(second, [hand('2026-12-04', midnight)])).statusCode).toBe(200);
    const failed = await app.inject({ method: 'POST', url: '/api/payment/failed', headers: second.headers, payload: { products: [] } });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await app.db.select({ booked: deliverySlotDays.booked }).from(deliverySlotDays)).toEqual([{ booked: 0 }]);

    // A third pays: the place is confirmed and the slot is full.
    const third = await rosesBuyer();
    const invoice = await place(third, [hand('2026-12-04', midnight)]);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const { orderValueId } = invoice.json<{ orderValueId: string }>();
    expect((await verify(app, third, await paidWithCard(app, orderValueId))).json()).toEqual({ message: 'success' });
    const order = await orderByProviderId(app, orderValueId);
    expect(await app.db.select({ state: deliveryBookings.state }).from(deliveryBookings).where(eq(deliveryBookings.orderId, order.id))).toEqual([{ state: 'confirmed' }]);
    expect(await app.db.select({ booked: deliverySlotDays.booked }).from(deliverySlotDays)).toEqual([{ booked: 1 }]);
  });

  it("a buyer's newer invoice gives back the place the older one held, and a double submit keeps its own", async () => {
    await app.db.update(deliverySlots).set({ capacity: 1 }).where(eq(deliverySlots.id, midnight));
    invalidateCatalogCache(app.db);
    const buyer = await rosesBuyer();
    const first = await place(buyer, [hand('2026-12-04', midnight)]);
    expect(first.statusCode, first.body).toBe(200);
    // The same choice again (the last place is the buyer's own): the same invoice.
    const again = await place(buyer, [hand('2026-12-04', midnight)]);
    expect(again.json()).toEqual(first.json());
    // Another date: the old place goes back as the new one is taken.
    const moved = await place(buyer, [hand('2026-12-05', midnight)]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await orderByProviderId(app, first.json<{ orderValueId: string }>().orderValueId)).paymentState).toBe('expired');
    const taken = await app.db.select({ date: deliverySlotDays.date, booked: deliverySlotDays.booked }).from(deliverySlotDays);
    expect(taken.toSorted((a, b) => a.date.localeCompare(b.date))).toEqual([
      { date: '2026-12-04', booked: 0 },
      { date: '2026-12-05', booked: 1 },
    ]);
  });
});

describe('refusals before any order', () => {
  it('refuses hand delivery to a pincode outside the service areas, and takes nothing', async () => {
    const buyer = await aBuyer(app, roses, 1, { state: 'Karnataka' });
    const stock = await stockOf(app, roses);
    const res = await place(buyer, [hand('2026-12-04', midnight)]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: deliveryChoiceMessages.notReached('560025') });
    expect(await app.db.select().from(orders)).toEqual([]);
    expect(await stockOf(app, roses)).toBe(stock);
  });

  it('refuses a slot closed since the page loaded (a holiday, a slot no longer offered) with the fresh schedule', async () => {
    // Another buyer took the same slot a moment before, on the same minute of the clock.
    const earlier = await place(await rosesBuyer(), [hand('2026-12-04', midnight)]);
    expect(earlier.statusCode, earlier.body).toBe(200);
    const buyer = await rosesBuyer();
    await app.db.insert(deliveryHolidays).values({ date: '2026-12-04', note: 'Diwali' });
    invalidateCatalogCache(app.db);
    const holiday = await place(buyer, [hand('2026-12-04', midnight)]);
    expect(holiday.statusCode).toBe(409);
    const refusal = holiday.json<{ code: string; message: string; schedules: DeliverySchedule[] }>();
    expect(refusal).toMatchObject({ code: 'DELIVERY_STALE', message: 'The midnight slot on 4 December is no longer available. Please choose another.' });
    expect(refusal.schedules).toHaveLength(1);
    expect(refusal.schedules[0]!.days[1]).toMatchObject({ date: '2026-12-04', available: false, reason: 'holiday' });

    await app.db.update(deliverySlots).set({ active: false }).where(eq(deliverySlots.id, midnight));
    invalidateCatalogCache(app.db);
    const inactive = await place(buyer, [hand('2026-12-05', midnight)]);
    expect(inactive.json()).toMatchObject({ code: 'DELIVERY_STALE', message: 'That delivery slot is not offered. Please choose another.' });
    expect(await app.db.select().from(orders).where(eq(orders.userId, buyer.user.id))).toEqual([]);
  });

  it('wants exactly one choice per delivery the bag needs (400 in words)', async () => {
    const buyer = await rosesBuyer();
    expect((await place(buyer, [])).json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Please choose a delivery date for fresh flowers, delivered by hand.',
    });
    expect((await place(buyer, [hand('2026-12-04', midnight), courier('2026-12-04')])).json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Your bag has nothing for everlasting gifts, by courier. Please choose again.',
    });
    expect((await place(buyer, [hand('2026-12-04', midnight), hand('2026-12-05', midnight)])).json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await place(buyer, [{ kind: 'hand', date: '4 Dec', slotId: midnight }])).json()).toEqual({
      code: 'BAD_REQUEST',
      message: deliveryChoiceMessages.date,
    });
    expect((await place(buyer, [courier('2026-12-04'), courier('2026-12-04'), courier('2026-12-04')])).statusCode).toBe(400);
    expect(await app.db.select().from(orders)).toEqual([]);
  });
});

describe('a mixed bag', () => {
  it('has two deliveries with their own fees and tax; the totals and the provider order add up to the paisa', async () => {
    await app.db.update(deliveryAreas).set({ extraFeePaise: 9_900 });
    await app.db.update(deliverySettings).set({ courierFeePaise: 8_000 });
    invalidateCatalogCache(app.db);
    const buyer = await aBuyer(app, roses, 1);
    const [bag] = await app.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, buyer.user.id));
    await app.db.insert(cartItems).values({ cartId: bag!.id, productId: vase.id, quantity: 1 });
    const asked: number[] = [];
    const { createOrder } = app.payments;
    app.payments.createOrder = (input) => (asked.push(input.amountPaise), createOrder.call(app.payments, input));

    // Thursday 3 December, 10 am: the vase is dispatched on Friday 4th.
    const res = await place(buyer, [courier('2026-12-04'), hand('2026-12-04', midnight)]);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json<{ amount: number; orderValueId: string; deliveries: unknown }>();
    // Roses 1,000 + vase 1,120 + midnight 250 with Chennai's 99 + courier 80.
    expect(invoice.amount).toBe(2549);
    // What the thank-you page repeats: each delivery, hand first, with its fee.
    expect(invoice.deliveries).toEqual([
      { kind: 'hand', date: '2026-12-04', slotName: 'Midnight', windowStartMinute: 1380, windowEndMinute: 1439, feePaise: 34_900 },
      { kind: 'courier', date: '2026-12-04', slotName: null, windowStartMinute: null, windowEndMinute: null, feePaise: 8_000 },
    ]);
    const order = await orderByProviderId(app, invoice.orderValueId);
    // Tax: the vase's 120 (60 + 60) and the courier fee's, taxed like the vase at 12 %: 80 - 71.43 = 8.57.
    expect(order).toMatchObject({ totalPaise: 254_900, taxPaise: 12_857, subtotalPaise: 242_043 });
    const rows = await app.db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, order.id));
    expect(rows.toSorted((a, b) => a.kind.localeCompare(b.kind))).toMatchObject([
      { kind: 'courier', date: '2026-12-04', slotId: null, feePaise: 8_000, feeGstRateBp: 600, feeTaxablePaise: 7_143, feeCgstPaise: 428, feeSgstPaise: 429, feeIgstPaise: 0 },
      {
        kind: 'hand',
        date: '2026-12-04',
        slotId: midnight,
        slotName: 'Midnight',
        windowStartMinute: 1380,
        windowEndMinute: 1439,
        feePaise: 34_900,
        feeGstRateBp: 0,
        feeTaxablePaise: 34_900,
        feeCgstPaise: 0,
      },
    ]);
    // What the provider was asked for is the order's total.
    app.payments.createOrder = createOrder;
    expect(asked).toEqual([254_900]);
    const paid = await paidWithCard(app, invoice.orderValueId);
    expect((await verify(app, buyer, paid)).json()).toEqual({ message: 'success' });
    expect((await orderByProviderId(app, invoice.orderValueId)).paymentState).toBe('paid');
  });
});

describe('an add-on with the flowers (issue 42)', () => {
  it('travels with the roses in their hand delivery, whose fee stays nil-rated like the roses; to the paisa', async () => {
    await app.db.update(deliverySettings).set({ courierFeePaise: 8_000 });
    invalidateCatalogCache(app.db);
    const buyer = await aBuyer(app, roses, 1);
    const [bag] = await app.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, buyer.user.id));
    await app.db.insert(cartItems).values({ cartId: bag!.id, productId: giftVase.id, quantity: 1 });

    // One delivery only: a courier choice for the vase is refused as not needed.
    const twice = await place(buyer, [courier('2026-12-04'), hand('2026-12-04', midnight)]);
    expect(twice.statusCode, twice.body).toBe(400);
    const res = await place(buyer, [hand('2026-12-04', midnight)]);
    expect(res.statusCode, res.body).toBe(200);
    const invoice = res.json<{ amount: number; orderValueId: string; deliveries: { kind: string; feePaise: number }[] }>();
    expect(invoice.deliveries.map((delivery) => [delivery.kind, delivery.feePaise])).toEqual([['hand', 25_000]]);
    // Roses 1,000 + vase 1,180 + midnight 250.
    expect(invoice.amount).toBe(2430);
    const order = await orderByProviderId(app, invoice.orderValueId);
    // Tax only on the vase, at its own 18 %: 1,180 - 1,000 = 180; the fee follows the roses (nil-rated), not the vase.
    expect(order).toMatchObject({ totalPaise: 243_000, taxPaise: 18_000 });
    const rows = await app.db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, order.id));
    expect(rows).toMatchObject([{ kind: 'hand', feePaise: 25_000, feeGstRateBp: 0, feeCgstPaise: 0, feeSgstPaise: 0 }]);
  });
});
