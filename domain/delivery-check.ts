import { z } from 'zod/mini';
import { deliveryKind } from './delivery-kind';
import type { DeliveryKind } from './delivery-kind';
import { courierPromise, scheduleQuery } from './delivery-schedule';
import type { DeliverySchedule, ScheduleDay, ScheduleSlot } from './delivery-schedule';
import { addIndiaDays, indiaDateParts } from './india-time';
import type { IndiaDate } from './india-time';
import { formatPaise } from './money';
import { pincodeText } from './pincode';
import type { DeliveryReach } from './service-area';

/**
 * The product page's "Check delivery" answer (issue 40): whether and how soon a product of a delivery kind reaches a
 * pincode, in words built from the service areas' reach and the schedule the server's clock gives now, so that a test
 * with a fixed clock reads exactly what the shopper reads.
 */

/** `GET delivery/check?pincode=&kind=` */
export const deliveryCheckQuery = z.object({ pincode: pincodeText, kind: scheduleQuery.shape.kind });

export const deliveryCheck = z.object({
  pincode: z.string(),
  /** The pincode's district as the directory names it ("Chennai", "Leh"). */
  place: z.string(),
  kind: deliveryKind,
  /** Whether this kind of delivery reaches the pincode at all within the schedule. */
  deliverable: z.boolean(),
  /** The earliest delivery date (hand) or dispatch date (courier), null when there is none. */
  date: z.nullable(z.string()),
  /** The answer in words, shown as given. */
  message: z.string(),
});
export type DeliveryCheck = z.infer<typeof deliveryCheck>;

export const deliveryCheckTexts = {
  courierOnly: (where: string) =>
    `We do not deliver fresh flowers to ${where} yet. Our everlasting arrangements reach it by courier.`,
  noDate: (where: string) => `Delivery to ${where}: no delivery date is open in the next 30 days. Please check again later.`,
  extraFee: (feePaise: number) => `An extra ${formatPaise(feePaise)} applies for this area.`,
  /** The browser's words when the check got no answer. */
  failed: 'We could not check delivery just now. Please try again.',
} as const;

/** "today", "tomorrow", "Saturday, 5 December". */
export function dayWords(date: IndiaDate, today: IndiaDate): string {
  if (date === today) return 'today';
  if (date === addIndiaDays(today, 1)) return 'tomorrow';
  const { weekday, day, month } = indiaDateParts(date);
  return `${weekday}, ${day} ${month}`;
}

/** "today", "tomorrow", "on Saturday, 5 December". */
const onDay = (date: IndiaDate, today: IndiaDate) => {
  const words = dayWords(date, today);
  return words === 'today' || words === 'tomorrow' ? words : `on ${words}`;
};

/** "by 9 pm", "by midnight": the end of the slot's window. */
const byEnd = (slot: ScheduleSlot) => {
  const end = slot.window.split(' to ').at(-1) ?? '';
  return end === '11:59 pm' ? 'by midnight' : `by ${end}`;
};

/**
 * Hand delivery's soonest: the first open day and its first open slot in the admin's order. When that is not the
 * day's main slot (the first one offered, Standard by default), the first day the main slot is open follows:
 * "today by midnight (Midnight slot), or from tomorrow".
 */
function handAnswer(schedule: DeliverySchedule, where: string): Pick<DeliveryCheck, 'deliverable' | 'date' | 'message'> {
  const first = schedule.days.find((day) => day.available);
  const slot = first?.slots.find((candidate) => candidate.available);
  if (!first || !slot) return { deliverable: false, date: null, message: deliveryCheckTexts.noDate(where) };
  const isMain = (day: ScheduleDay, candidate: ScheduleSlot | undefined) => candidate !== undefined && candidate.id === day.slots[0]?.id;
  const soonest = `${onDay(first.date, schedule.today)} ${byEnd(slot)}`;
  if (isMain(first, slot)) return { deliverable: true, date: first.date, message: `Delivery to ${where}: ${soonest}` };
  const mainDay = schedule.days.find((day) => day.date > first.date && day.slots[0]?.available);
  const later = mainDay ? `, or from ${dayWords(mainDay.date, schedule.today)}` : '';
  return { deliverable: true, date: first.date, message: `Delivery to ${where}: ${soonest} (${slot.name} slot)${later}` };
}

function courierAnswer(schedule: DeliverySchedule, where: string): Pick<DeliveryCheck, 'deliverable' | 'date' | 'message'> {
  const dispatch = schedule.courier?.dispatchDate ?? null;
  const promise = courierPromise.replace(/^Delivered /, '');
  const dispatched = dispatch ? `, dispatched ${dayWords(dispatch, schedule.today)}` : '';
  return { deliverable: true, date: dispatch, message: `Delivery to ${where}: by courier ${promise}${dispatched}` };
}

/**
 * The answer for a delivery kind to a pincode the directory knows: `reach` is deliveryReach's, `schedule` the
 * schedule of the kind on the server's clock (unused for hand delivery outside the service areas).
 */
export function deliveryCheckAnswer(input: { kind: DeliveryKind; reach: DeliveryReach; schedule: DeliverySchedule }): DeliveryCheck {
  const { kind, reach, schedule } = input;
  const place = reach.pincode.district;
  const where = `${reach.pincode.pincode}, ${place}`;
  const shown = { pincode: reach.pincode.pincode, place, kind };
  if (kind === 'courier') return { ...shown, ...courierAnswer(schedule, where) };
  if (!reach.hand) return { ...shown, deliverable: false, date: null, message: deliveryCheckTexts.courierOnly(where) };
  const answer = handAnswer(schedule, where);
  const fee = answer.deliverable && reach.hand.extraFeePaise > 0 ? `. ${deliveryCheckTexts.extraFee(reach.hand.extraFeePaise)}` : '';
  return { ...shown, ...answer, message: `${answer.message}${fee}` };
}
