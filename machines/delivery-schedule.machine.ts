// The delivery date and slot picker (issue 40): loads the next 30 days for hand or courier delivery, then the shopper
// picks an open date and, for hand delivery, an open slot of it. A new date keeps the slot only if it is open there.
// When the checkout's server refuses a stale choice (choice.stale), its message shows and the schedule reloads,
// keeping only what is still open. A failed load is shown with Try again.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DeliveryKind } from '../domain/delivery-kind';
import type { DeliverySchedule, ScheduleDay } from '../domain/delivery-schedule';
import { inputOf, outputOf } from './actor-events';

export interface DeliveryScheduleContext {
  kind: DeliveryKind;
  schedule: DeliverySchedule | null;
  date: string | null;
  slotId: number | null;
  /** Why the last choice was refused, shown above the picker until the shopper picks again; null when none. */
  message: string | null;
}

export type DeliveryScheduleEvent =
  | { type: 'date.pick'; date: string }
  | { type: 'slot.pick'; slotId: number }
  | { type: 'choice.stale'; message: string }
  | { type: 'load.retry' };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const openDay = (schedule: DeliverySchedule | null, date: string | null): ScheduleDay | undefined =>
  schedule?.days.find((day) => day.date === date && day.available);
const isOpenSlot = (day: ScheduleDay | undefined, slotId: number | null) =>
  day?.slots.some((slot) => slot.id === slotId && slot.available) ?? false;

export const deliveryScheduleMachine = setup({
  types: {} as { context: DeliveryScheduleContext; events: DeliveryScheduleEvent; input: { kind: DeliveryKind } },
  actors: {
    /** GET delivery/schedule?kind=… */
    loadSchedule: fromPromise<DeliverySchedule, { kind: DeliveryKind }>(unprovided),
  },
  actions: {
    takeInput: assign(({ event }) => ({ kind: inputOf<{ kind: DeliveryKind }>(event).kind })),
    /**
     * The fresh schedule, keeping the date and slot only while they are open; a courier delivery without a date gets
     * the earliest dispatch date. A stale refusal's message stays only when the choice lost its date or slot.
     */
    keepSchedule: assign(({ context, event }) => {
      const schedule = outputOf<DeliverySchedule>(event, 'loadSchedule');
      const kept = openDay(schedule, context.date);
      const date = kept?.date ?? (schedule.kind === 'courier' ? (openDay(schedule, schedule.courier?.dispatchDate ?? null)?.date ?? null) : null);
      const slotId = isOpenSlot(kept, context.slotId) ? context.slotId : null;
      // A refusal meant for another delivery of the order: this one's choice is still whole, so its message goes.
      const stillWhole = kept !== undefined && (schedule.kind === 'courier' || slotId !== null);
      return { schedule, date, slotId, message: stillWhole ? null : context.message };
    }),
    pickDate: assign(({ context, event }) => {
      assertEvent(event, 'date.pick');
      const day = openDay(context.schedule, event.date);
      return { date: event.date, slotId: isOpenSlot(day, context.slotId) ? context.slotId : null, message: null };
    }),
    pickSlot: assign(({ event }) => {
      assertEvent(event, 'slot.pick');
      return { slotId: event.slotId, message: null };
    }),
    showStale: assign(({ event }) => {
      assertEvent(event, 'choice.stale');
      return { message: event.message };
    }),
  },
  guards: {
    isOpenDate: ({ context, event }) => {
      assertEvent(event, 'date.pick');
      return openDay(context.schedule, event.date) !== undefined;
    },
    isOpenSlot: ({ context, event }) => {
      assertEvent(event, 'slot.pick');
      return isOpenSlot(openDay(context.schedule, context.date), event.slotId);
    },
  },
}).createMachine({
  id: 'deliverySchedule',
  context: { kind: 'hand', schedule: null, date: null, slotId: null, message: null },
  entry: 'takeInput',
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSchedule',
        src: 'loadSchedule',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'choosing', actions: 'keepSchedule' },
        onError: { target: 'loadFailed' },
      },
    },
    // "The delivery dates did not load", with Try again.
    loadFailed: {
      on: { 'load.retry': { target: 'loading' } },
    },
    // The strip of dates and, for hand delivery, the slots of the chosen one.
    choosing: {
      on: {
        'date.pick': { guard: 'isOpenDate', actions: 'pickDate' },
        'slot.pick': { guard: 'isOpenSlot', actions: 'pickSlot' },
        'choice.stale': { target: 'loading', actions: 'showStale' },
      },
    },
  },
});
