import { z } from 'zod/mini';
import { deliveryKind } from './delivery-kind';
import type { DeliveryKind } from './delivery-kind';
import { addIndiaDays, indiaDateOf, indiaDateParts, indiaMoment, indiaWeekday, isIndiaDate } from './india-time';
import type { IndiaDate } from './india-time';
import { formatPaise } from './money';
import type { Paise } from './money';

/**
 * Delivery date and slot (issue 40): the shop's slots, cut-offs, holidays and capacities, and the rules that turn them
 * into the next 30 days a shopper may choose from, all on India's clock whatever the server's or browser's zone. The
 * server answers the schedule and checks a choice against it; the picker only shows it.
 */

/** How many days the picker offers, today (India) included. */
export const scheduleDays = 30;

export const slotKinds = ['standard', 'fixed', 'early', 'midnight'] as const;
export type SlotKind = (typeof slotKinds)[number];
export const slotKindLabels: Record<SlotKind, string> = {
  standard: 'Standard',
  fixed: 'Fixed time',
  early: 'Early morning',
  midnight: 'Midnight',
};

/** What courier buyers are promised from the dispatch date. */
export const courierPromise = 'Delivered in 2 to 5 business days';

/**
 * A slot as the admin sets it. Times are India's wall clock, "HH:MM". The cut-off is `cutoffTime` on the day
 * `cutoffDaysBefore` days before the delivery date: 0 and "16:00" is "same day until 4 pm", 1 and "21:00" is "the day
 * before until 9 pm". Orders are taken while the clock is before the cut-off.
 */
export interface DeliverySlot {
  id: number;
  name: string;
  kind: SlotKind;
  start: string;
  end: string;
  feePaise: Paise;
  cutoffDaysBefore: number;
  cutoffTime: string;
  /** Deliveries the shop takes in this slot on one day. */
  capacity: number;
  position: number;
  active: boolean;
}

export interface DeliveryHoliday {
  date: IndiaDate;
  note: string;
}

export interface CourierSettings {
  feePaise: Paise;
  /** No dispatch on Sundays. */
  sundaysOff: boolean;
}

export interface ScheduleSettings {
  slots: readonly DeliverySlot[];
  holidays: readonly DeliveryHoliday[];
  courier: CourierSettings;
}

/** Places taken (held or confirmed) in a slot on a date. */
export interface SlotBooking {
  date: IndiaDate;
  slotId: number;
  booked: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The answer: GET /api/delivery/schedule
// ---------------------------------------------------------------------------------------------------------------

export const dayReasons = ['holiday', 'cutoff', 'full', 'closed'] as const;
export type DayReason = (typeof dayReasons)[number];

const count = z.number().check(z.int(), z.nonnegative());

export const scheduleSlot = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  kind: z.enum(slotKinds),
  /** "11 pm to 11:59 pm", "7 to 9 am". */
  window: z.string(),
  feePaise: count,
  available: z.boolean(),
  reason: z.nullable(z.enum(dayReasons)),
  /** Why it cannot be chosen, in words ("Orders closed at 6 pm"); null when it can. */
  reasonText: z.nullable(z.string()),
});
export type ScheduleSlot = z.infer<typeof scheduleSlot>;

export const scheduleDay = z.object({
  date: z.string(),
  /** "Thursday", 3, "December". */
  weekday: z.string(),
  day: count,
  month: z.string(),
  available: z.boolean(),
  reason: z.nullable(z.enum(dayReasons)),
  reasonText: z.nullable(z.string()),
  /** Hand delivery's slots in the admin's order; none for courier. */
  slots: z.array(scheduleSlot),
});
export type ScheduleDay = z.infer<typeof scheduleDay>;

export const deliverySchedule = z.object({
  kind: deliveryKind,
  /** Today in India, the first of `days`. */
  today: z.string(),
  days: z.array(scheduleDay),
  /** Courier only: the fee, the earliest dispatch date and the promise shown with it. */
  courier: z.nullable(z.object({ feePaise: count, dispatchDate: z.nullable(z.string()), promise: z.string() })),
});
export type DeliverySchedule = z.infer<typeof deliverySchedule>;

export const scheduleQuery = z.object({
  kind: z.enum(['hand', 'courier'], { error: 'kind must be hand or courier' }),
});

/** What the checkout sends: a date, and for hand delivery a slot. */
export interface DeliveryChoice {
  kind: DeliveryKind;
  date: IndiaDate;
  slotId: number | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------------------------

/** "16:00" to 960; NaN for anything else. */
export function minuteOfTime(time: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/** 960 to "16:00". */
export function timeOfMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

const clock = (minute: number) => {
  const hour = Math.floor(minute / 60);
  const minutes = minute % 60;
  return { text: `${hour % 12 === 0 ? 12 : hour % 12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`, period: hour < 12 ? 'am' : 'pm' };
};

/** "4 pm", "11:59 pm", "12 am". */
export function clockText(time: string): string {
  const { text, period } = clock(minuteOfTime(time));
  return `${text} ${period}`;
}

/** "9 am to 9 pm", "7 to 9 am" (whole hours in one half of the day share it), "11 pm to 11:59 pm". */
export function windowText(start: string, end: string): string {
  const from = clock(minuteOfTime(start));
  const to = clock(minuteOfTime(end));
  const wholeHours = !from.text.includes(':') && !to.text.includes(':');
  return from.period === to.period && wholeHours ? `${from.text} to ${to.text} ${to.period}` : `${from.text} ${from.period} to ${to.text} ${to.period}`;
}

/** "Same day until 4 pm", "The day before until 9 pm", "2 days before until 6 pm". */
export function cutoffText(slot: Pick<DeliverySlot, 'cutoffDaysBefore' | 'cutoffTime'>): string {
  const day = slot.cutoffDaysBefore === 0 ? 'Same day' : slot.cutoffDaysBefore === 1 ? 'The day before' : `${slot.cutoffDaysBefore} days before`;
  return `${day} until ${clockText(slot.cutoffTime)}`;
}

/** "Free", "Rs. 250". */
export function feeText(feePaise: Paise): string {
  return feePaise === 0 ? 'Free' : formatPaise(feePaise);
}

/** "3 December". */
export function dayMonthText(date: IndiaDate): string {
  const { day, month } = indiaDateParts(date);
  return `${day} ${month}`;
}

const holidayText = (note: string) => (note ? `Shop holiday: ${note}` : 'Shop holiday');
const slotCutoffText = (slot: DeliverySlot) =>
  `Orders closed at ${clockText(slot.cutoffTime)}${slot.cutoffDaysBefore === 0 ? '' : slot.cutoffDaysBefore === 1 ? ' the day before' : ` ${slot.cutoffDaysBefore} days before`}`;

export const scheduleTexts = {
  dayCutoff: 'Orders for this day have closed',
  dayFull: 'Fully booked',
  slotFull: 'Fully booked',
  noSlots: 'No delivery slots',
  sunday: 'No dispatch on Sundays',
  beforeDispatch: (date: IndiaDate) => `Earliest dispatch is ${dayMonthText(date)}`,
  outOfRange: 'Please choose a delivery date within the next 30 days.',
  noSlot: 'Please choose a delivery slot.',
  courierSlot: 'Courier deliveries have no slot. Please choose a date only.',
  unknownSlot: 'That delivery slot is not offered. Please choose another.',
  dateGone: (date: IndiaDate) => `Delivery on ${dayMonthText(date)} is no longer available. Please choose another date.`,
  slotGone: (slot: Pick<ScheduleSlot, 'name' | 'kind' | 'window'>, date: IndiaDate) =>
    `The ${slot.name.toLowerCase()} slot${slot.kind === 'fixed' ? ` (${slot.window})` : ''} on ${dayMonthText(date)} is no longer available. Please choose another.`,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------------------------------

/** The moment a slot stops taking orders for a date. */
export function slotCutoff(slot: Pick<DeliverySlot, 'cutoffDaysBefore' | 'cutoffTime'>, date: IndiaDate): Date {
  return indiaMoment(addIndiaDays(date, -slot.cutoffDaysBefore), minuteOfTime(slot.cutoffTime));
}

const isBusinessDay = (date: IndiaDate, courier: CourierSettings, holidays: ReadonlyMap<IndiaDate, string>) =>
  !holidays.has(date) && !(courier.sundaysOff && indiaWeekday(date) === 0);

/** The first courier dispatch date: the next business day after today (no holiday, no Sunday when they are off). */
export function courierDispatchDate(settings: ScheduleSettings, now: Date, within = scheduleDays): IndiaDate | null {
  const holidays = new Map(settings.holidays.map((holiday) => [holiday.date, holiday.note]));
  const today = indiaDateOf(now);
  for (let offset = 1; offset < within; offset += 1) {
    const date = addIndiaDays(today, offset);
    if (isBusinessDay(date, settings.courier, holidays)) return date;
  }
  return null;
}

function handSlots(settings: ScheduleSettings, booked: (slotId: number) => number, date: IndiaDate, holiday: string | undefined, now: Date): ScheduleSlot[] {
  return settings.slots
    .filter((slot) => slot.active)
    .toSorted((a, b) => a.position - b.position || a.id - b.id)
    .map((slot) => {
      const shown = { id: slot.id, name: slot.name, kind: slot.kind, window: windowText(slot.start, slot.end), feePaise: slot.feePaise };
      const unavailable = (reason: DayReason, reasonText: string) => ({ ...shown, available: false, reason, reasonText });
      if (holiday !== undefined) return unavailable('holiday', holidayText(holiday));
      if (now.getTime() >= slotCutoff(slot, date).getTime()) return unavailable('cutoff', slotCutoffText(slot));
      if (booked(slot.id) >= slot.capacity) return unavailable('full', scheduleTexts.slotFull);
      return { ...shown, available: true, reason: null, reasonText: null };
    });
}

/** A day is open when one of its slots is; otherwise the strongest reason: full when a slot is only full, else closed. */
function handDay(slots: ScheduleSlot[]): Pick<ScheduleDay, 'available' | 'reason' | 'reasonText'> {
  if (slots.length === 0) return { available: false, reason: 'closed', reasonText: scheduleTexts.noSlots };
  if (slots.some((slot) => slot.available)) return { available: true, reason: null, reasonText: null };
  if (slots[0]!.reason === 'holiday') return { available: false, reason: 'holiday', reasonText: slots[0]!.reasonText };
  if (slots.some((slot) => slot.reason === 'full')) return { available: false, reason: 'full', reasonText: scheduleTexts.dayFull };
  return { available: false, reason: 'cutoff', reasonText: scheduleTexts.dayCutoff };
}

/**
 * The next 30 days (India dates, today first) for a delivery kind, from the settings, the places already taken and
 * the server's clock. Hand delivery: a day is open while one of its slots is (not a holiday, before the slot's
 * cut-off, a place left). Courier: the business days from the next one after today, each the dispatch date.
 */
export function buildSchedule(input: {
  settings: ScheduleSettings;
  bookings: readonly SlotBooking[];
  kind: DeliveryKind;
  now: Date;
}): DeliverySchedule {
  const { settings, kind, now } = input;
  const today = indiaDateOf(now);
  const holidays = new Map(settings.holidays.map((holiday) => [holiday.date, holiday.note]));
  const booked = new Map(input.bookings.map((booking) => [`${booking.date}|${booking.slotId}`, booking.booked]));
  const dispatchDate = kind === 'courier' ? courierDispatchDate(settings, now) : null;

  const days = Array.from({ length: scheduleDays }, (_, offset): ScheduleDay => {
    const date = addIndiaDays(today, offset);
    const named = { date, ...indiaDateParts(date) };
    const holiday = holidays.get(date);
    if (kind === 'hand') {
      const slots = handSlots(settings, (slotId) => booked.get(`${date}|${slotId}`) ?? 0, date, holiday, now);
      return { ...named, ...handDay(slots), slots };
    }
    const closed = (reason: DayReason, reasonText: string) => ({ ...named, available: false, reason, reasonText, slots: [] });
    if (holiday !== undefined) return closed('holiday', holidayText(holiday));
    if (settings.courier.sundaysOff && indiaWeekday(date) === 0) return closed('closed', scheduleTexts.sunday);
    if (dispatchDate === null || date < dispatchDate) return closed('cutoff', dispatchDate ? scheduleTexts.beforeDispatch(dispatchDate) : scheduleTexts.dayCutoff);
    return { ...named, available: true, reason: null, reasonText: null, slots: [] };
  });

  return {
    kind,
    today,
    days,
    courier: kind === 'courier' ? { feePaise: settings.courier.feePaise, dispatchDate, promise: courierPromise } : null,
  };
}

export type ChoiceVerdict =
  | { ok: true; date: IndiaDate; slot: ScheduleSlot | null; feePaise: Paise }
  | { ok: false; message: string };

/** Whether a choice can still be had in a fresh schedule of its kind, and its fee; a refusal in words when not. */
export function judgeChoice(schedule: DeliverySchedule, choice: Omit<DeliveryChoice, 'kind'>): ChoiceVerdict {
  const day = schedule.days.find((candidate) => candidate.date === choice.date);
  if (!day) return { ok: false, message: scheduleTexts.outOfRange };
  if (schedule.kind === 'courier') {
    if (choice.slotId !== null) return { ok: false, message: scheduleTexts.courierSlot };
    if (!day.available) return { ok: false, message: scheduleTexts.dateGone(day.date) };
    return { ok: true, date: day.date, slot: null, feePaise: schedule.courier?.feePaise ?? 0 };
  }
  if (choice.slotId === null) return { ok: false, message: scheduleTexts.noSlot };
  const slot = day.slots.find((candidate) => candidate.id === choice.slotId);
  if (!slot) return { ok: false, message: scheduleTexts.unknownSlot };
  if (!slot.available) return { ok: false, message: scheduleTexts.slotGone(slot, day.date) };
  return { ok: true, date: day.date, slot, feePaise: slot.feePaise };
}

/** The first open date of a schedule, and for hand delivery its first open slot (of a kind, when given); null: none. */
export function firstOpenChoice(schedule: DeliverySchedule, slotKind?: SlotKind): DeliveryChoice | null {
  for (const day of schedule.days) {
    if (!day.available) continue;
    if (schedule.kind === 'courier') return { kind: 'courier', date: day.date, slotId: null };
    const slot = day.slots.find((candidate) => candidate.available && (slotKind === undefined || candidate.kind === slotKind));
    if (slot) return { kind: 'hand', date: day.date, slotId: slot.id };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The admin's Delivery slots screen
// ---------------------------------------------------------------------------------------------------------------

export const deliverySlotTexts = {
  idInvalid: 'id must be a delivery slot id',
  notFound: 'Delivery slot not found',
  feeInvalid: 'The fee must be a whole number of paise from 0 to 1000000 (Rs. 10,000)',
  cutoffDaysInvalid: 'The cut-off must be 0 to 7 days before the delivery date',
  cutoffTimeInvalid: 'The cut-off time must be a time such as 16:00',
  cutoffAfterSlot: 'A same-day cut-off must be before the slot ends',
  capacityInvalid: 'The capacity must be a whole number from 0 to 1000',
  activeInvalid: 'active must be true or false',
  sundaysOffInvalid: 'sundaysOff must be true or false',
  dateInvalid: 'The date must be a date such as 2026-12-25',
  noteTooLong: 'The note must be at most 80 characters',
  holidayExists: 'That date is already a holiday',
  holidayNotFound: 'That date is not a holiday',
  saveFailed: 'The change could not be saved. Please try again.',
} as const;

export const maxFeePaise = 1_000_000;
export const maxCapacity = 1000;
export const maxCutoffDaysBefore = 7;
export const maxHolidayNote = 80;

const wholeFrom = (max: number, message: string) =>
  z.number({ error: message }).check(z.int({ error: message }), z.minimum(0, { error: message }), z.maximum(max, { error: message }));

export const indiaDateField = (message: string) => z.string({ error: message }).check(z.refine(isIndiaDate, { error: message }));

export const deliverySlotRecord = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  kind: z.enum(slotKinds),
  start: z.string(),
  end: z.string(),
  feePaise: count,
  cutoffDaysBefore: count,
  cutoffTime: z.string(),
  capacity: count,
  position: z.number().check(z.int()),
  active: z.boolean(),
});

export const holidayRecord = z.object({ date: z.string(), note: z.string() });
export const courierSettingsRecord = z.object({ feePaise: count, sundaysOff: z.boolean() });

/** `GET admin/delivery/settings` */
export const deliverySettingsRecord = z.object({
  slots: z.array(deliverySlotRecord),
  holidays: z.array(holidayRecord),
  courier: courierSettingsRecord,
});
export type DeliverySettingsRecord = z.infer<typeof deliverySettingsRecord>;

/** `POST admin/delivery/slots/{id}` */
export const slotChange = z.object({
  feePaise: wholeFrom(maxFeePaise, deliverySlotTexts.feeInvalid),
  cutoffDaysBefore: wholeFrom(maxCutoffDaysBefore, deliverySlotTexts.cutoffDaysInvalid),
  cutoffTime: z.string({ error: deliverySlotTexts.cutoffTimeInvalid }).check(
    z.refine((time) => !Number.isNaN(minuteOfTime(time)), { error: deliverySlotTexts.cutoffTimeInvalid }),
  ),
  capacity: wholeFrom(maxCapacity, deliverySlotTexts.capacityInvalid),
  active: z.boolean({ error: deliverySlotTexts.activeInvalid }),
});
export type SlotChange = z.infer<typeof slotChange>;

/** A same-day cut-off later than the slot's end would take orders for a delivery already over. */
export const cutoffAfterSlotEnds = (slot: Pick<DeliverySlot, 'end'>, change: Pick<SlotChange, 'cutoffDaysBefore' | 'cutoffTime'>) =>
  change.cutoffDaysBefore === 0 && minuteOfTime(change.cutoffTime) > minuteOfTime(slot.end);

/** `POST admin/delivery/courier` */
export const courierChange = z.object({
  feePaise: wholeFrom(maxFeePaise, deliverySlotTexts.feeInvalid),
  sundaysOff: z.boolean({ error: deliverySlotTexts.sundaysOffInvalid }),
});

/** `POST admin/delivery/holidays` */
export const holidayRequest = z.object({
  date: indiaDateField(deliverySlotTexts.dateInvalid),
  note: z.optional(z.string({ error: deliverySlotTexts.noteTooLong }).check(z.maxLength(maxHolidayNote, { error: deliverySlotTexts.noteTooLong }))),
});
/** `POST admin/delivery/holidays/remove` */
export const holidayParams = z.object({ date: indiaDateField(deliverySlotTexts.dateInvalid) });

/** A change the Delivery slots screen saves: a slot's settings, the courier's, or a holiday added or removed. */
export type DeliverySettingsChange =
  | { kind: 'slot'; id: number; change: SlotChange }
  | { kind: 'courier'; change: { feePaise: Paise; sundaysOff: boolean } }
  | { kind: 'holidayAdd'; date: IndiaDate; note: string }
  | { kind: 'holidayRemove'; date: IndiaDate };

/** A fee the admin types in rupees ("150", "150.50") as paise; NaN when it is not an amount. */
export function feeInputToPaise(rupees: string): Paise {
  return /^\d{1,6}(\.\d{1,2})?$/.test(rupees.trim()) ? Math.round(Number(rupees.trim()) * 100) : Number.NaN;
}
