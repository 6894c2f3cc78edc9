// The delivery date and slot picker, model-based: every state and transition walked with a held schedule call,
// checking that closed dates and slots cannot be picked, that a new date keeps the slot only where it is open, that a
// stale choice shows its message and reloads keeping only what is still open, and that a failed load retries.
import { describe, expect, it } from 'vitest';
import { TestModel } from 'xstate/graph';
import { createActor } from 'xstate';
import type { AnyEventObject, EventFrom, SnapshotFrom } from 'xstate';
import type { DeliveryKind } from '../../domain/delivery-kind';
import type { DeliverySchedule } from '../../domain/delivery-schedule';
import { deliveryScheduleMachine } from '../../machines/delivery-schedule.machine';
import { chosenFeePaise, deliveryChoice } from '../../machines/delivery-schedule.selectors';
import { courierSchedule, handSchedule, laterHandSchedule, pickerModelEvents, staleMessage } from './delivery-schedule-fixtures';
import { expectFullCoverage, machineCoverage } from './machine-graph';
import { expectModelState, heldCalls, retryStep, testModelOptions } from './machine-test-kit';

type PickerSnapshot = SnapshotFrom<typeof deliveryScheduleMachine>;
type ModelEvent = EventFrom<typeof deliveryScheduleMachine>;

const modelEvents = pickerModelEvents() as unknown as ModelEvent[];

function harness(kind: DeliveryKind = 'hand') {
  const loads: { kind: DeliveryKind }[] = [];
  const { holding, settle } = heldCalls();
  const actor = createActor(deliveryScheduleMachine.provide({ actors: { loadSchedule: holding<DeliverySchedule, { kind: DeliveryKind }>('loadSchedule', loads) } }), {
    input: { kind },
    inspect: coverage.inspect,
  });
  actor.start();
  return { actor, loads, settle };
}

const coverage = machineCoverage();

/** What is open in the schedule the machine holds, to tell a refused pick from an accepted one. */
const openDate = (snapshot: PickerSnapshot, date: string) => snapshot.context.schedule?.days.some((day) => day.date === date && day.available) ?? false;
const openSlot = (snapshot: PickerSnapshot, slotId: number) =>
  snapshot.context.schedule?.days.find((day) => day.date === snapshot.context.date)?.slots.some((slot) => slot.id === slotId && slot.available) ?? false;

describe('delivery-schedule machine (model-based)', () => {
  const model = new TestModel(deliveryScheduleMachine, testModelOptions((snapshot: PickerSnapshot) => modelEvents.filter((event) => snapshot.can(event))));
  const paths = model.getShortestPaths({ input: { kind: 'hand' } } as never);

  it('has paths to walk', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = harness();
      await path.test({
        states: {
          '*': (expected) => {
            const snapshot = expectModelState(h.actor, expected);
            // What is chosen is always open in the schedule held.
            if (snapshot.context.date !== null) expect(openDate(snapshot, snapshot.context.date)).toBe(true);
            if (snapshot.context.slotId !== null) expect(openSlot(snapshot, snapshot.context.slotId)).toBe(true);
          },
        },
        events: {
          'xstate.done.actor.loadSchedule': async ({ event }: { event: AnyEventObject }) => {
            await h.settle(event);
            expect(h.loads.at(-1)).toEqual({ kind: 'hand' });
          },
          'xstate.error.actor.loadSchedule': ({ event }: { event: AnyEventObject }) => h.settle(event),
          'load.retry': retryStep(h.actor, 'load.retry', () => h.loads.length),
          'date.pick': ({ event }: { event: AnyEventObject }) => {
            const before = h.actor.getSnapshot();
            const date = (event as AnyEventObject & { date: string }).date;
            h.actor.send(event as ModelEvent);
            const after = h.actor.getSnapshot().context;
            if (openDate(before, date)) {
              expect(after.date).toBe(date);
              expect(after.message).toBeNull();
            } else {
              // A closed date (the holiday) cannot be picked: nothing changes.
              expect(after).toEqual(before.context);
            }
          },
          'slot.pick': ({ event }: { event: AnyEventObject }) => {
            const before = h.actor.getSnapshot();
            const slotId = (event as AnyEventObject & { slotId: number }).slotId;
            h.actor.send(event as ModelEvent);
            expect(h.actor.getSnapshot().context.slotId).toBe(openSlot(before, slotId) ? slotId : before.context.slotId);
          },
          'choice.stale': () => {
            const loads = h.loads.length;
            h.actor.send({ type: 'choice.stale', message: staleMessage });
            expect(h.actor.getSnapshot().context.message).toBe(staleMessage);
            expect(h.loads).toHaveLength(loads + 1);
          },
        } as never,
      });
    });
  }

  it('walked every state and every transition of the machine', () => {
    expectFullCoverage(coverage, deliveryScheduleMachine);
  });
});

describe('delivery-schedule machine: the choice it hands the checkout', () => {
  it('keeps the slot when the new date has it open and clears it when not', async () => {
    const h = harness();
    await h.settle({ type: 'xstate.done.actor.loadSchedule', output: handSchedule() });
    h.actor.send({ type: 'date.pick', date: '2026-12-04' });
    h.actor.send({ type: 'slot.pick', slotId: 9 });
    expect(deliveryChoice(h.actor.getSnapshot().context)).toEqual({ kind: 'hand', date: '2026-12-04', slotId: 9 });
    expect(chosenFeePaise(h.actor.getSnapshot().context)).toBe(25000);
    // Midnight is closed on 3 December: the slot goes, the choice is not whole.
    h.actor.send({ type: 'date.pick', date: '2026-12-03' });
    expect(h.actor.getSnapshot().context).toMatchObject({ date: '2026-12-03', slotId: null });
    expect(deliveryChoice(h.actor.getSnapshot().context)).toBeNull();
  });

  it('after a stale refusal keeps the date but drops the slot that went full', async () => {
    const h = harness();
    await h.settle({ type: 'xstate.done.actor.loadSchedule', output: handSchedule() });
    h.actor.send({ type: 'date.pick', date: '2026-12-04' });
    h.actor.send({ type: 'slot.pick', slotId: 9 });
    h.actor.send({ type: 'choice.stale', message: staleMessage });
    expect(h.actor.getSnapshot().matches('loading')).toBe(true);
    await h.settle({ type: 'xstate.done.actor.loadSchedule', output: laterHandSchedule() });
    expect(h.actor.getSnapshot().context).toMatchObject({ date: '2026-12-04', slotId: null, message: staleMessage });
  });

  it("drops a stale refusal's message when its own choice is still open after the reload (the refusal was another delivery's)", async () => {
    const h = harness();
    await h.settle({ type: 'xstate.done.actor.loadSchedule', output: handSchedule() });
    h.actor.send({ type: 'date.pick', date: '2026-12-04' });
    h.actor.send({ type: 'slot.pick', slotId: 9 });
    h.actor.send({ type: 'choice.stale', message: staleMessage });
    await h.settle({ type: 'xstate.done.actor.loadSchedule', output: handSchedule() });
    expect(h.actor.getSnapshot().context).toMatchObject({ date: '2026-12-04', slotId: 9, message: null });
  });

  it('picks the earliest dispatch date for courier, which needs no slot', async () => {
    const h = harness('courier');
    await h.settle({ type: 'xstate.done.actor.loadSchedule', output: courierSchedule() });
    expect(h.loads).toEqual([{ kind: 'courier' }]);
    expect(deliveryChoice(h.actor.getSnapshot().context)).toEqual({ kind: 'courier', date: '2026-12-07', slotId: null });
    expect(chosenFeePaise(h.actor.getSnapshot().context)).toBe(0);
    h.actor.send({ type: 'date.pick', date: '2026-12-06' });
    expect(h.actor.getSnapshot().context.date).toBe('2026-12-07');
  });
});
