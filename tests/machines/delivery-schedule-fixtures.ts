// Small schedules for the delivery picker's machine, round-trip and view tests: three hand days (the first open with
// Standard and a closed Midnight, the second with only Midnight open, the third a holiday) and their courier twin.
import type { DeliverySchedule, ScheduleDay, ScheduleSlot } from '../../domain/delivery-schedule';

export const standardSlot = (overrides: Partial<ScheduleSlot> = {}): ScheduleSlot => ({
  id: 1,
  name: 'Standard',
  kind: 'standard',
  window: '9 am to 9 pm',
  feePaise: 0,
  available: true,
  reason: null,
  reasonText: null,
  ...overrides,
});

export const midnightSlot = (overrides: Partial<ScheduleSlot> = {}): ScheduleSlot => ({
  id: 9,
  name: 'Midnight',
  kind: 'midnight',
  window: '11 pm to 11:59 pm',
  feePaise: 25000,
  available: true,
  reason: null,
  reasonText: null,
  ...overrides,
});

const closedBy = (reasonText: string) => ({ available: false, reason: 'cutoff' as const, reasonText });

export const aDay = (date: string, overrides: Partial<ScheduleDay> = {}): ScheduleDay => {
  const [, , day] = date.split('-');
  return { date, weekday: 'Thursday', day: Number(day), month: 'December', available: true, reason: null, reasonText: null, slots: [], ...overrides };
};

/** Thursday 3 December: Standard open, Midnight closed; Friday 4: only Midnight open; Saturday 5: a holiday. */
export const handSchedule = (): DeliverySchedule => ({
  kind: 'hand',
  today: '2026-12-03',
  courier: null,
  days: [
    aDay('2026-12-03', { slots: [standardSlot(), midnightSlot(closedBy('Orders closed at 6 pm'))] }),
    aDay('2026-12-04', { weekday: 'Friday', slots: [standardSlot(closedBy('Orders closed at 4 pm')), midnightSlot()] }),
    aDay('2026-12-05', {
      weekday: 'Saturday',
      available: false,
      reason: 'holiday',
      reasonText: 'Shop holiday: Diwali',
      slots: [standardSlot({ available: false, reason: 'holiday', reasonText: 'Shop holiday: Diwali' })],
    }),
  ],
});

/** The same days after the clock moved on: 3 December has closed, Midnight on 4 December is full. */
export const laterHandSchedule = (): DeliverySchedule => {
  const schedule = handSchedule();
  schedule.days[0] = aDay('2026-12-03', {
    available: false,
    reason: 'cutoff',
    reasonText: 'Orders for this day have closed',
    slots: [standardSlot(closedBy('Orders closed at 4 pm')), midnightSlot(closedBy('Orders closed at 6 pm'))],
  });
  schedule.days[1] = aDay('2026-12-04', {
    weekday: 'Friday',
    slots: [standardSlot(), midnightSlot({ available: false, reason: 'full', reasonText: 'Fully booked' })],
  });
  return schedule;
};

export const courierSchedule = (): DeliverySchedule => ({
  kind: 'courier',
  today: '2026-12-05',
  courier: { feePaise: 0, dispatchDate: '2026-12-07', promise: 'Delivered in 2 to 5 business days' },
  days: [
    aDay('2026-12-05', { weekday: 'Saturday', available: false, reason: 'cutoff', reasonText: 'Earliest dispatch is 7 December' }),
    aDay('2026-12-06', { weekday: 'Sunday', available: false, reason: 'closed', reasonText: 'No dispatch on Sundays' }),
    aDay('2026-12-07', { weekday: 'Monday' }),
    aDay('2026-12-08', { weekday: 'Tuesday' }),
  ],
});

export const staleMessage = 'The midnight slot on 4 December is no longer available. Please choose another.';

/** The events the picker's graph is walked with (its model-based test and the round-trip test): every guard's branch. */
export const pickerModelEvents = () => [
  { type: 'xstate.done.actor.loadSchedule', output: handSchedule() },
  { type: 'xstate.done.actor.loadSchedule', output: laterHandSchedule() },
  { type: 'xstate.error.actor.loadSchedule', error: new TypeError('Failed to fetch') },
  { type: 'load.retry' },
  { type: 'date.pick', date: '2026-12-03' },
  { type: 'date.pick', date: '2026-12-04' },
  { type: 'date.pick', date: '2026-12-05' },
  { type: 'slot.pick', slotId: 1 },
  { type: 'slot.pick', slotId: 9 },
  { type: 'choice.stale', message: staleMessage },
];
