// Delivery date and slot on the server, with a fixed clock: each default cut-off one minute before and after, the
// day's last minute in India time, a holiday, a full slot, courier dispatch over a Sunday and a holiday, the stale
// choice's refusal, the admin's calls, and 50 concurrent buyers for a slot's last place.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidateCatalogCache } from '../../server/modules/catalog/catalog.cache';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { DeliverySchedule, DeliverySettingsRecord, ScheduleDay } from '../../domain/delivery-schedule';
import { deliveryBookings, deliveryHolidays, deliverySlotDays, deliverySlots, orders, taxDocuments } from '../../server/db/schema';
import { checkDeliveryChoice, releaseDeliveryBooking, reserveDeliverySlot } from '../../server/modules/delivery/schedule.service';
import { buildTestApp } from './helpers/app';
import { aUser, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';

let app: FastifyInstance;
let admin: TestUser;
let buyer: TestUser;
let clock = new Date('2026-12-03T04:30:00Z');

beforeAll(async () => {
  app = await buildTestApp({}, { now: () => clock });
  admin = await aUser(app, { role: 'admin' });
  buyer = await aUser(app);
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await app.db.delete(deliveryBookings);
  await app.db.delete(deliverySlotDays);
  await app.db.delete(deliveryHolidays);
  invalidateCatalogCache(app.db);
  await app.db.delete(taxDocuments);
  await app.db.delete(orders);
  // Back to the migration's defaults.
  await app.db.update(deliverySlots).set({ capacity: 20, active: true }).where(eq(deliverySlots.kind, 'standard'));
  await app.db.update(deliverySlots).set({ capacity: 20, active: true }).where(eq(deliverySlots.kind, 'midnight'));
  invalidateCatalogCache(app.db);
});

/** India time written as UTC: 2026-12-03 15:59 IST is 10:29Z. */
const at = (iso: string) => {
  clock = new Date(iso);
};
const asAdmin = () => signedInAs(app, { externalId: admin.externalId, role: 'admin' });
const schedule = async (kind: 'hand' | 'courier' = 'hand') => {
  const res = await app.inject({ method: 'GET', url: `/api/delivery/schedule?kind=${kind}` });
  expect(res.statusCode).toBe(200);
  return res.json<DeliverySchedule>();
};
const dayOf = (answer: DeliverySchedule, date: string) => answer.days.find((day) => day.date === date)!;
const slotOf = (day: ScheduleDay, name: string, window?: string) =>
  day.slots.find((slot) => slot.name === name && (window === undefined || slot.window === window))!;
const adminPost = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: asAdmin() });
const settings = async () => (await app.inject({ method: 'GET', url: '/api/admin/delivery/settings', headers: asAdmin() })).json<DeliverySettingsRecord>();
const slotId = async (name: string) => (await settings()).slots.find((slot) => slot.name === name)!.id;

let invoiceSequence = 0;
async function anOrder(): Promise<number> {
  invoiceSequence += 1;
  const [row] = await app.db
    .insert(orders)
    .values({
      invoiceId: `inv_sched_${invoiceSequence}_${Date.now()}`,
      userId: buyer.id,
      address: {},
      subtotalPaise: 100,
      taxPaise: 0,
      totalPaise: 100,
      reservationExpiresAt: new Date(Date.now() + 900_000),
    })
    .returning({ id: orders.id });
  return row!.id;
}

describe('GET /api/delivery/schedule', () => {
  it('answers 30 India dates from today with the default slots, windows and fees', async () => {
    at('2026-12-03T04:30:00Z'); // 10 am IST, Thursday
    const answer = await schedule();
    expect(answer.today).toBe('2026-12-03');
    expect(answer.days).toHaveLength(30);
    expect(answer.days.at(-1)!.date).toBe('2027-01-01');
    const today = answer.days[0]!;
    expect(today).toMatchObject({ weekday: 'Thursday', day: 3, month: 'December', available: true });
    expect(today.slots.map((slot) => [slot.name, slot.window, slot.feePaise])).toEqual([
      ['Standard', '9 am to 9 pm', 0],
      ['Fixed time', '9 to 11 am', 15000],
      ['Fixed time', '11 am to 1 pm', 15000],
      ['Fixed time', '1 to 3 pm', 15000],
      ['Fixed time', '3 to 5 pm', 15000],
      ['Fixed time', '5 to 7 pm', 15000],
      ['Fixed time', '7 to 9 pm', 15000],
      ['Early morning', '7 to 9 am', 20000],
      ['Midnight', '11 pm to 11:59 pm', 25000],
    ]);
    // 10 am: the 9 to 11 window closed at 7, the 11 to 1 one at 9; today's early morning closed last night at 9 pm.
    expect(slotOf(today, 'Fixed time', '9 to 11 am')).toMatchObject({ available: false, reason: 'cutoff', reasonText: 'Orders closed at 7 am' });
    expect(slotOf(today, 'Fixed time', '1 to 3 pm').available).toBe(true);
    expect(slotOf(today, 'Early morning')).toMatchObject({ available: false, reasonText: 'Orders closed at 9 pm the day before' });
    expect(answer.courier).toBeNull();
  });

  it('refuses an unknown kind with 400 and a clear message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/delivery/schedule?kind=drone' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('kind must be hand or courier');
  });
});

describe('cut-offs, one minute either side (India time)', () => {
  const cases = [
    // [slot, window, delivery date, one minute before (UTC), one minute after (UTC), the slot's closed text]
    ['Standard', undefined, '2026-12-03', '2026-12-03T10:29:00Z', '2026-12-03T10:31:00Z', 'Orders closed at 4 pm'],
    ['Midnight', undefined, '2026-12-03', '2026-12-03T12:29:00Z', '2026-12-03T12:31:00Z', 'Orders closed at 6 pm'],
    ['Early morning', undefined, '2026-12-04', '2026-12-03T15:29:00Z', '2026-12-03T15:31:00Z', 'Orders closed at 9 pm the day before'],
    ['Fixed time', '9 to 11 am', '2026-12-03', '2026-12-03T01:29:00Z', '2026-12-03T01:31:00Z', 'Orders closed at 7 am'],
    ['Fixed time', '7 to 9 pm', '2026-12-03', '2026-12-03T11:29:00Z', '2026-12-03T11:31:00Z', 'Orders closed at 5 pm'],
  ] as const;

  it.each(cases)('%s %s on %s: open a minute before, closed a minute after', async (name, window, date, before, after, closedText) => {
    at(before);
    expect(slotOf(dayOf(await schedule(), date), name, window)).toMatchObject({ available: true, reason: null, reasonText: null });
    at(after);
    expect(slotOf(dayOf(await schedule(), date), name, window)).toMatchObject({ available: false, reason: 'cutoff', reasonText: closedText });
  });

  it('closes today at 23:59 IST (18:29 UTC) and starts from tomorrow a minute later', async () => {
    at('2026-12-03T18:29:00Z');
    let answer = await schedule();
    expect(answer.today).toBe('2026-12-03');
    expect(answer.days[0]).toMatchObject({ date: '2026-12-03', available: false, reason: 'cutoff', reasonText: 'Orders for this day have closed' });
    // Tomorrow's early morning closed at 9 pm tonight; its standard slot is open.
    expect(slotOf(answer.days[1]!, 'Early morning').available).toBe(false);
    expect(slotOf(answer.days[1]!, 'Standard').available).toBe(true);

    at('2026-12-03T18:30:00Z');
    answer = await schedule();
    expect(answer.today).toBe('2026-12-04');
    expect(answer.days[0]).toMatchObject({ date: '2026-12-04', weekday: 'Friday', available: true });
  });
});

describe('holidays, full slots and stale choices', () => {
  it('shows a holiday as closed, with its note, for hand and courier delivery', async () => {
    at('2026-12-03T04:30:00Z');
    expect((await adminPost('admin/delivery/holidays', { date: '2026-12-05', note: 'Florist’s wedding' })).statusCode).toBe(200);
    const hand = dayOf(await schedule(), '2026-12-05');
    expect(hand).toMatchObject({ available: false, reason: 'holiday', reasonText: 'Shop holiday: Florist’s wedding' });
    expect(hand.slots.every((slot) => slot.reason === 'holiday')).toBe(true);
    expect(dayOf(await schedule('courier'), '2026-12-05')).toMatchObject({ available: false, reason: 'holiday' });
  });

  it('shows a slot with no place left as full, and the day as full when that was its last slot', async () => {
    at('2026-12-03T04:30:00Z');
    const midnight = await slotId('Midnight');
    await app.db.update(deliverySlots).set({ capacity: 1 }).where(eq(deliverySlots.id, midnight));
    invalidateCatalogCache(app.db);
    expect(await reserveDeliverySlot(app.db, { orderId: await anOrder(), slotId: midnight, date: '2026-12-10' })).toEqual(expect.any(Number));
    const day = dayOf(await schedule(), '2026-12-10');
    expect(slotOf(day, 'Midnight')).toMatchObject({ available: false, reason: 'full', reasonText: 'Fully booked' });
    expect(day.available).toBe(true);

    const refused = await checkDeliveryChoice(app.db, { kind: 'hand', date: '2026-12-10', slotId: midnight }, clock, 'counted');
    expect(refused).toMatchObject({ ok: false, message: 'The midnight slot on 10 December is no longer available. Please choose another.' });
  });

  it('answers a fee for a live choice and refuses a stale one with the fresh schedule', async () => {
    const midnight = await slotId('Midnight');
    at('2026-12-03T12:29:00Z'); // 5:59 pm IST
    expect(await checkDeliveryChoice(app.db, { kind: 'hand', date: '2026-12-03', slotId: midnight }, clock, 'counted')).toMatchObject({
      ok: true,
      date: '2026-12-03',
      feePaise: 25000,
      slot: { id: midnight, window: '11 pm to 11:59 pm' },
    });
    at('2026-12-03T12:31:00Z'); // 6:01 pm IST
    const stale = await checkDeliveryChoice(app.db, { kind: 'hand', date: '2026-12-03', slotId: midnight }, clock, 'counted');
    expect(stale).toMatchObject({ ok: false, message: 'The midnight slot on 3 December is no longer available. Please choose another.' });
    expect(slotOf(dayOf(stale.schedule, '2026-12-03'), 'Midnight').available).toBe(false);

    expect(await checkDeliveryChoice(app.db, { kind: 'hand', date: '2027-02-01', slotId: midnight }, clock, 'counted')).toMatchObject({
      ok: false,
      message: 'Please choose a delivery date within the next 30 days.',
    });
    expect(await checkDeliveryChoice(app.db, { kind: 'hand', date: '2026-12-04', slotId: null }, clock, 'counted')).toMatchObject({
      ok: false,
      message: 'Please choose a delivery slot.',
    });
  });
});

describe('courier dispatch', () => {
  it('dispatches on the next business day: over a Sunday, then over a holiday', async () => {
    at('2026-12-05T04:30:00Z'); // Saturday 10 am IST
    let answer = await schedule('courier');
    expect(answer.courier).toEqual({ feePaise: 0, dispatchDate: '2026-12-07', promise: 'Delivered in 2 to 5 business days' });
    expect(dayOf(answer, '2026-12-06')).toMatchObject({ weekday: 'Sunday', available: false, reasonText: 'No dispatch on Sundays' });
    expect(answer.days.every((day) => day.slots.length === 0)).toBe(true);

    await adminPost('admin/delivery/holidays', { date: '2026-12-07', note: '' });
    answer = await schedule('courier');
    expect(answer.courier!.dispatchDate).toBe('2026-12-08');
    expect(dayOf(answer, '2026-12-07')).toMatchObject({ available: false, reason: 'holiday', reasonText: 'Shop holiday' });
    expect(await checkDeliveryChoice(app.db, { kind: 'courier', date: '2026-12-08', slotId: null }, clock, 'counted')).toMatchObject({ ok: true, feePaise: 0 });
    expect(await checkDeliveryChoice(app.db, { kind: 'courier', date: '2026-12-07', slotId: null }, clock, 'counted')).toMatchObject({
      ok: false,
      message: 'Delivery on 7 December is no longer available. Please choose another date.',
    });
  });

  it('counts Sundays as business days when the admin turns them on, and charges the courier fee', async () => {
    at('2026-12-05T04:30:00Z');
    expect((await adminPost('admin/delivery/courier', { feePaise: 9900, sundaysOff: false })).statusCode).toBe(200);
    const answer = await schedule('courier');
    expect(answer.courier).toMatchObject({ feePaise: 9900, dispatchDate: '2026-12-06' });
    await adminPost('admin/delivery/courier', { feePaise: 0, sundaysOff: true });
  });
});

describe('slot capacity under concurrency', () => {
  it('gives a slot’s last place to exactly one of 50 concurrent buyers, and takes it back on release', async () => {
    const standard = await slotId('Standard');
    await app.db.update(deliverySlots).set({ capacity: 3 }).where(eq(deliverySlots.id, standard));
    invalidateCatalogCache(app.db);
    for (let taken = 0; taken < 2; taken += 1) await reserveDeliverySlot(app.db, { orderId: await anOrder(), slotId: standard, date: '2026-12-12' });

    const buyers = await Promise.all(Array.from({ length: 50 }, () => anOrder()));
    const outcomes = await Promise.all(
      buyers.map((orderId) => app.db.transaction((tx) => reserveDeliverySlot(tx, { orderId, slotId: standard, date: '2026-12-12' }))),
    );
    const winners = buyers.filter((_, index) => outcomes[index] !== null);
    expect(winners).toHaveLength(1);
    const [day] = await app.db.select().from(deliverySlotDays).where(eq(deliverySlotDays.slotId, standard));
    expect(day!.booked).toBe(3);

    expect(await releaseDeliveryBooking(app.db, winners[0]!)).toBe(1);
    expect(await releaseDeliveryBooking(app.db, winners[0]!)).toBe(0);
    const [after] = await app.db.select().from(deliverySlotDays).where(eq(deliverySlotDays.slotId, standard));
    expect(after!.booked).toBe(2);
    expect(await reserveDeliverySlot(app.db, { orderId: buyers[0] === winners[0] ? buyers[1]! : buyers[0]!, slotId: standard, date: '2026-12-12' })).toEqual(expect.any(Number));
  });

  it('books nothing in an inactive slot', async () => {
    const midnight = await slotId('Midnight');
    await app.db.update(deliverySlots).set({ active: false }).where(eq(deliverySlots.id, midnight));
    invalidateCatalogCache(app.db);
    expect(await reserveDeliverySlot(app.db, { orderId: await anOrder(), slotId: midnight, date: '2026-12-12' })).toBeNull();
  });
});

describe('admin: Delivery slots', () => {
  it('changes a slot’s fee, cut-off, capacity and active, and the schedule follows', async () => {
    at('2026-12-03T10:31:00Z'); // 4:01 pm IST: the standard slot closed for today
    const standard = await slotId('Standard');
    const res = await adminPost(`admin/delivery/slots/${standard}`, { feePaise: 5000, cutoffDaysBefore: 0, cutoffTime: '18:30', capacity: 30, active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: standard, feePaise: 5000, cutoffTime: '18:30', capacity: 30, start: '09:00', end: '21:00' });
    expect(slotOf((await schedule()).days[0]!, 'Standard')).toMatchObject({ available: true, feePaise: 5000 });

    await adminPost(`admin/delivery/slots/${standard}`, { feePaise: 0, cutoffDaysBefore: 0, cutoffTime: '16:00', capacity: 20, active: false });
    expect((await schedule()).days[1]!.slots.some((slot) => slot.name === 'Standard')).toBe(false);
  });

  it.each([
    [{ feePaise: -1 }, 'The fee must be a whole number of paise from 0 to 1000000 (Rs. 10,000)'],
    [{ feePaise: 12.5 }, 'The fee must be a whole number of paise from 0 to 1000000 (Rs. 10,000)'],
    [{ cutoffDaysBefore: 9 }, 'The cut-off must be 0 to 7 days before the delivery date'],
    [{ cutoffTime: '25:00' }, 'The cut-off time must be a time such as 16:00'],
    [{ cutoffTime: '4 pm' }, 'The cut-off time must be a time such as 16:00'],
    [{ capacity: 1001 }, 'The capacity must be a whole number from 0 to 1000'],
    [{ active: 'yes' }, 'active must be true or false'],
    [{ cutoffTime: '21:30' }, 'A same-day cut-off must be before the slot ends'],
  ])('refuses %j with 400: %s', async (change, message) => {
    const standard = await slotId('Standard');
    const res = await adminPost(`admin/delivery/slots/${standard}`, { feePaise: 0, cutoffDaysBefore: 0, cutoffTime: '16:00', capacity: 20, active: true, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('answers 404 for an unknown slot, 409 for a holiday twice, 404 for removing a date that is none', async () => {
    expect((await adminPost('admin/delivery/slots/99999', { feePaise: 0, cutoffDaysBefore: 0, cutoffTime: '16:00', capacity: 1, active: true })).statusCode).toBe(404);
    expect((await adminPost('admin/delivery/holidays', { date: '2026-12-25', note: 'Christmas' })).statusCode).toBe(200);
    const twice = await adminPost('admin/delivery/holidays', { date: '2026-12-25' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toBe('That date is already a holiday');
    expect((await settings()).holidays).toEqual([{ date: '2026-12-25', note: 'Christmas' }]);
    expect((await adminPost('admin/delivery/holidays/remove', { date: '2026-12-25' })).statusCode).toBe(200);
    expect((await adminPost('admin/delivery/holidays/remove', { date: '2026-12-25' })).statusCode).toBe(404);
  });

  it.each([['2026-02-30'], ['25-12-2026'], ['']])('refuses the holiday date %j with 400', async (date) => {
    const res = await adminPost('admin/delivery/holidays', { date });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('The date must be a date such as 2026-12-25');
  });

  it('refuses a note over 80 characters', async () => {
    const res = await adminPost('admin/delivery/holidays', { date: '2026-12-26', note: 'x'.repeat(81) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('The note must be at most 80 characters');
  });
});
