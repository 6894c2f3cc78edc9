/**
 * Delivery date and slot on the server (issue 40): the admin's settings read from the database, the schedule built
 * from them on the server's clock (domain/delivery-schedule.ts holds the rules), the check of a shopper's choice, and
 * the slot's places taken and given back inside the caller's transaction.
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { buildSchedule, cutoffAfterSlotEnds, deliverySlotTexts, judgeChoice, minuteOfTime, scheduleDays, timeOfMinute } from '../../../domain/delivery-schedule';
import type {
  DeliveryChoice,
  DeliverySchedule,
  DeliverySettingsRecord,
  DeliverySlot,
  ScheduleSettings,
  ScheduleSlot,
  SlotChange,
} from '../../../domain/delivery-schedule';
import { deliveryCheckAnswer } from '../../../domain/delivery-check';
import type { DeliveryCheck } from '../../../domain/delivery-check';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import { addIndiaDays, indiaDateOf } from '../../../domain/india-time';
import type { IndiaDate } from '../../../domain/india-time';
import type { Paise } from '../../../domain/money';
import type { Database, Transaction } from '../../db/client';
import { deliveryBookings, deliveryHolidays, deliverySettings, deliverySlotDays, deliverySlots } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { cachedCatalog, cachedDataChanged } from '../catalog/catalog.cache';
import { deliveryReach } from './service-areas.service';

type Db = Database | Transaction;
type SlotRow = typeof deliverySlots.$inferSelect;

const toSlot = (row: SlotRow): DeliverySlot => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  start: timeOfMinute(row.startMinute),
  end: timeOfMinute(row.endMinute),
  feePaise: row.feePaise,
  cutoffDaysBefore: row.cutoffDaysBefore,
  cutoffTime: timeOfMinute(row.cutoffMinute),
  capacity: row.capacity,
  position: row.position,
  active: row.active,
});

/**
 * Every slot (inactive ones too), the holidays and the courier settings, as the admin set them. Read through the
 * catalogue's cache (catalog.cache.ts): they change only when an admin saves them (`cachedDataChanged`), and every
 * schedule, delivery check and checkout invoice needs them.
 */
export async function loadDeliverySettings(db: Database): Promise<ScheduleSettings & DeliverySettingsRecord> {
  return (await cachedCatalog(db, 'delivery-settings', () => readDeliverySettings(db))).value;
}

async function readDeliverySettings(db: Database): Promise<ScheduleSettings & DeliverySettingsRecord> {
  const [slots, holidays, [courier]] = await Promise.all([
    db.select().from(deliverySlots).orderBy(asc(deliverySlots.position), asc(deliverySlots.id)),
    db.select().from(deliveryHolidays).orderBy(asc(deliveryHolidays.date)),
    db.select().from(deliverySettings).where(eq(deliverySettings.id, 1)),
  ]);
  return {
    slots: slots.map(toSlot),
    holidays: holidays.map(({ date, note }) => ({ date, note })),
    courier: { feePaise: courier?.courierFeePaise ?? 0, sundaysOff: courier?.courierSundaysOff ?? true },
  };
}

/**
 * Whether a schedule counts the places taken in each hand slot. The checkout's check before its invoice ignores them:
 * checkout_invoice takes the place itself, atomically, and answers when the slot is full.
 */
type Places = 'counted' | 'ignored';

/** The next 30 days for a kind of delivery, as the server's clock (`now`) in India sees them. */
export async function deliveryScheduleFor(db: Database, kind: DeliveryKind, now: Date): Promise<DeliverySchedule> {
  return (await scheduleWithSettings(db, kind, now, 'counted')).schedule;
}

async function scheduleWithSettings(db: Database, kind: DeliveryKind, now: Date, places: Places) {
  if (places === 'ignored') {
    const settings = await loadDeliverySettings(db);
    return { settings, schedule: scheduleIgnoringPlaces(settings, kind, now) };
  }
  const today = indiaDateOf(now);
  const last = addIndiaDays(today, scheduleDays - 1);
  const [settings, bookings] = await Promise.all([
    loadDeliverySettings(db),
    kind === 'hand'
      ? db
          .select({ slotId: deliverySlotDays.slotId, date: deliverySlotDays.date, booked: deliverySlotDays.booked })
          .from(deliverySlotDays)
          .where(and(gte(deliverySlotDays.date, today), lte(deliverySlotDays.date, last)))
      : Promise.resolve([]),
  ]);
  return { settings, schedule: buildSchedule({ settings, bookings, kind, now }) };
}

/** Schedules without places counted, per settings as loaded (a save loads new ones), by kind and minute. */
const schedulesIgnoringPlaces = new WeakMap<ScheduleSettings, Map<string, DeliverySchedule>>();

/**
 * The schedule every checkout invoice checks its choice against. Without places counted it follows only from the
 * settings, the kind and the minute of `now` (cut-offs and India's midnight fall on whole minutes), so the invoices of
 * a minute share one instead of each building thirty days.
 */
function scheduleIgnoringPlaces(settings: ScheduleSettings, kind: DeliveryKind, now: Date): DeliverySchedule {
  const minute = Math.floor(now.getTime() / 60_000);
  const key = `${kind}|${minute}`;
  let byMinute = schedulesIgnoringPlaces.get(settings);
  if (!byMinute) schedulesIgnoringPlaces.set(settings, (byMinute = new Map()));
  let schedule = byMinute.get(key);
  if (!schedule) {
    if (byMinute.size >= 4) byMinute.clear(); // only the current minute's (one per kind) are asked for again
    schedule = buildSchedule({ settings, bookings: [], kind, now: new Date(minute * 60_000) });
    byMinute.set(key, schedule);
  }
  return schedule;
}

/**
 * The product page's "Check delivery" answer for a kind of delivery to a pincode, on the server's clock; an unknown
 * pincode is deliveryReach's 404 ("We could not find pincode 999999.").
 */
export async function checkDelivery(db: Database, query: { pincode: string; kind: DeliveryKind }, now: Date): Promise<DeliveryCheck> {
  const reach = await deliveryReach(db, query.pincode);
  const schedule = await deliveryScheduleFor(db, query.kind, now);
  return deliveryCheckAnswer({ kind: query.kind, reach, schedule });
}

export type ChoiceCheck =
  | { ok: true; date: IndiaDate; slot: ScheduleSlot | null; feePaise: Paise; schedule: DeliverySchedule; slotRecord: DeliverySlot | null }
  | { ok: false; message: string; schedule: DeliverySchedule; slotRecord: DeliverySlot | null };

/**
 * What the checkout asks before it takes the order: can this date (and slot) still be had, on the server's clock, and
 * for what fee. A refusal says why in words ("The midnight slot on 3 December is no longer available. Please choose
 * another.") and comes with the schedule for the picker. With places `ignored` a full slot passes: checkout_invoice
 * takes the place in the invoice's transaction and answers when none is left. `slotRecord`: the chosen slot as the
 * admin set it (its window in minutes), when there is one.
 */
export async function checkDeliveryChoice(db: Database, choice: DeliveryChoice, now: Date, places: Places): Promise<ChoiceCheck> {
  const { settings, schedule } = await scheduleWithSettings(db, choice.kind, now, places);
  const verdict = judgeChoice(schedule, choice);
  const slotRecord = settings.slots.find((slot) => slot.id === choice.slotId) ?? null;
  return { ...verdict, schedule, slotRecord };
}

/**
 * Takes a place in the slot on the date for an order, only when one is left (migration 0016's book_delivery_slot: one
 * statement, safe under concurrency). Answers the booking's id, or null when the slot is full or no longer offered.
 */
export async function reserveDeliverySlot(tx: Db, booking: { orderId: number; slotId: number; date: IndiaDate }): Promise<number | null> {
  const result = await tx.execute(sql`select book_delivery_slot(${booking.orderId}::integer, ${booking.slotId}::integer, ${booking.date}::date) as booking`);
  return (result as unknown as { rows: [{ booking: number | null }] }).rows[0].booking;
}

/** Gives an order's place back (expired or failed payment, cancelled order); answers how many places were freed. */
export async function releaseDeliveryBooking(tx: Db, orderId: number): Promise<number> {
  const result = await tx.execute(sql`select release_delivery_booking(${orderId}::integer) as freed`);
  return (result as unknown as { rows: [{ freed: number }] }).rows[0].freed;
}

/** The order was paid: its held place is kept for good. */
export async function confirmDeliveryBooking(tx: Db, orderId: number): Promise<void> {
  await tx
    .update(deliveryBookings)
    .set({ state: 'confirmed', updatedAt: sql`now()` })
    .where(and(eq(deliveryBookings.orderId, orderId), eq(deliveryBookings.state, 'held')));
}

// The admin's Delivery slots screen.

export async function updateDeliverySlot(db: Database, id: number, change: SlotChange): Promise<DeliverySlot> {
  const [current] = await db.select().from(deliverySlots).where(eq(deliverySlots.id, id));
  if (!current) throw new NotFound(deliverySlotTexts.notFound);
  if (cutoffAfterSlotEnds(toSlot(current), change)) throw new BadRequest(deliverySlotTexts.cutoffAfterSlot);
  const [row] = await db
    .update(deliverySlots)
    .set({
      feePaise: change.feePaise,
      cutoffDaysBefore: change.cutoffDaysBefore,
      cutoffMinute: minuteOfTime(change.cutoffTime),
      capacity: change.capacity,
      active: change.active,
      updatedAt: sql`now()`,
    })
    .where(eq(deliverySlots.id, id))
    .returning();
  await cachedDataChanged(db);
  return toSlot(row!);
}

export async function updateCourierSettings(db: Database, change: { feePaise: Paise; sundaysOff: boolean }) {
  await db
    .insert(deliverySettings)
    .values({ id: 1, courierFeePaise: change.feePaise, courierSundaysOff: change.sundaysOff })
    .onConflictDoUpdate({
      target: deliverySettings.id,
      set: { courierFeePaise: change.feePaise, courierSundaysOff: change.sundaysOff, updatedAt: sql`now()` },
    });
  await cachedDataChanged(db);
  return change;
}

export async function addHoliday(db: Database, holiday: { date: IndiaDate; note?: string }) {
  const [row] = await db
    .insert(deliveryHolidays)
    .values({ date: holiday.date, note: holiday.note?.trim() ?? '' })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new Conflict(deliverySlotTexts.holidayExists);
  await cachedDataChanged(db);
  return { date: row.date, note: row.note };
}

export async function removeHoliday(db: Database, date: IndiaDate) {
  const [row] = await db.delete(deliveryHolidays).where(eq(deliveryHolidays.date, date)).returning();
  if (!row) throw new NotFound(deliverySlotTexts.holidayNotFound);
  await cachedDataChanged(db);
  return { date: row.date, note: row.note };
}
