// What the delivery picker and the checkout read from the delivery-schedule machine's context.
import type { DeliveryChoice, ScheduleDay, ScheduleSlot } from '../domain/delivery-schedule';
import type { DeliveryScheduleContext } from './delivery-schedule.machine';

export const chosenDay = (context: DeliveryScheduleContext): ScheduleDay | undefined =>
  context.schedule?.days.find((day) => day.date === context.date);

export const chosenSlot = (context: DeliveryScheduleContext): ScheduleSlot | undefined =>
  chosenDay(context)?.slots.find((slot) => slot.id === context.slotId);

/** The choice the checkout sends once it is whole (a date, and for hand delivery a slot); null until then. */
export function deliveryChoice(context: DeliveryScheduleContext): DeliveryChoice | null {
  if (context.date === null) return null;
  if (context.kind === 'hand' && context.slotId === null) return null;
  return { kind: context.kind, date: context.date, slotId: context.kind === 'hand' ? context.slotId : null };
}

/** The chosen delivery's fee in paise: the slot's, or courier's; null until there is a whole choice. */
export function chosenFeePaise(context: DeliveryScheduleContext): number | null {
  if (!deliveryChoice(context)) return null;
  return context.kind === 'hand' ? (chosenSlot(context)?.feePaise ?? null) : (context.schedule?.courier?.feePaise ?? 0);
}
