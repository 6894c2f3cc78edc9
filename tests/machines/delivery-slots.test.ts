// The admin's Delivery slots screen, model-based: every state and transition walked with held calls, checking that a
// saved change shows the settings the server answered with a "Saved" toast, that a refusal keeps the settings and shows
// the server's own message (or the screen's when there is none), and that a failed load retries.
import { describe, expect, it } from 'vitest';
import { TestModel } from 'xstate/graph';
import type { AnyEventObject, EventFrom, SnapshotFrom } from 'xstate';
import type { DeliverySettingsChange, DeliverySettingsRecord } from '../../domain/delivery-schedule';
import type { Notice } from '../../domain/notice';
import { deliverySlotsMachine } from '../../machines/delivery-slots.machine';
import { expectFullCoverage, machineCoverage } from './machine-graph';
import { expectModelState, heldCalls, noticeLog, retryStep, startMachine, testModelOptions } from './machine-test-kit';

type SlotsSnapshot = SnapshotFrom<typeof deliverySlotsMachine>;
type ModelEvent = EventFrom<typeof deliverySlotsMachine>;

const deliverySettings = (feePaise = 25000): DeliverySettingsRecord => ({
  slots: [{ id: 9, name: 'Midnight', kind: 'midnight', start: '23:00', end: '23:59', feePaise, cutoffDaysBefore: 0, cutoffTime: '18:00', capacity: 20, position: 9, active: true }],
  holidays: [],
  courier: { feePaise: 0, sundaysOff: true },
});
const change: DeliverySettingsChange = { kind: 'slot', id: 9, change: { feePaise: 30000, cutoffDaysBefore: 0, cutoffTime: '18:00', capacity: 20, active: true } };
const refused = { status: 400, code: 'BAD_REQUEST', serverMessage: 'The capacity must be a whole number from 0 to 1000' };

const modelEvents = [
  { type: 'xstate.done.actor.loadSettings', output: deliverySettings() },
  { type: 'xstate.error.actor.loadSettings', error: new TypeError('Failed to fetch') },
  { type: 'settings.retry' },
  { type: 'change.save', change },
  { type: 'xstate.done.actor.saveChange', output: deliverySettings(30000) },
  { type: 'xstate.error.actor.saveChange', error: refused },
  { type: 'xstate.error.actor.saveChange', error: new TypeError('Failed to fetch') },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

function harness() {
  const saves: DeliverySettingsChange[] = [];
  const loads: unknown[] = [];
  const log = noticeLog<Notice>();
  const { holding, settle } = heldCalls();
  const { actor } = startMachine(
    deliverySlotsMachine.provide({
      actors: { loadSettings: holding<DeliverySettingsRecord, unknown>('loadSettings', loads), saveChange: holding<DeliverySettingsRecord, DeliverySettingsChange>('saveChange', saves) },
      actions: { notify: log.notify },
    }),
    coverage,
  );
  return { actor, saves, loads, log, settle };
}

describe('delivery-slots machine (model-based)', () => {
  const model = new TestModel(deliverySlotsMachine, testModelOptions((snapshot: SlotsSnapshot) => modelEvents.filter((event) => snapshot.can(event))));
  const paths = model.getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const h = harness();
      await path.test({
        states: { '*': (expected) => void expectModelState(h.actor, expected) },
        events: {
          'xstate.done.actor.loadSettings': ({ event }: { event: AnyEventObject }) => h.settle(event),
          'xstate.error.actor.loadSettings': ({ event }: { event: AnyEventObject }) => h.settle(event),
          'settings.retry': retryStep(h.actor, 'settings.retry', () => h.loads.length),
          'change.save': () => {
            h.actor.send({ type: 'change.save', change });
            expect(h.saves.at(-1)).toEqual(change);
            expect(h.actor.getSnapshot().context.change).toEqual(change);
          },
          'xstate.done.actor.saveChange': ({ event }: { event: AnyEventObject }) =>
            h.log.expectMessages(() => h.settle(event), ['Saved']),
          'xstate.error.actor.saveChange': async ({ event }: { event: AnyEventObject }) => {
            const before = h.actor.getSnapshot().context.settings;
            const expected = event.error === refused ? refused.serverMessage : 'The change could not be saved. Please try again.';
            await h.log.expectMessages(() => h.settle(event), [expected]);
            expect(h.actor.getSnapshot().context.settings).toBe(before);
          },
        } as never,
      });
    });
  }

  it('walked every state and every transition of the machine', () => {
    expectFullCoverage(coverage, deliverySlotsMachine);
  });
});
