// The Dashboard's figures, model-based: every state and transition walked with held calls, checking that the first
// load asks for the default period (null), that a valid period loads that period (also while one is loading), that a
// period the screen can tell is wrong is refused before anything is sent, with the server's words, and that a failed
// load says why and keeps the figures already shown.
import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { EventFrom } from 'xstate';
import type { DashboardFigures } from '../../domain/reports';
import { someDashboardFigures } from './report-fixtures';
import { reportTexts } from '../../domain/reports';
import { salesDashboardMachine } from '../../machines/sales-dashboard.machine';
import type { DashboardPeriod } from '../../machines/sales-dashboard.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, retryStep, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof salesDashboardMachine>;


const november: DashboardPeriod = { from: '2026-11-01', to: '2026-11-30' };
const reversed: DashboardPeriod = { from: '2026-11-30', to: '2026-11-01' };
const refusedByServer = { status: 400, code: 'BAD_REQUEST', serverMessage: 'The period can be at most 366 days' };

const modelEvents = [
  { type: 'xstate.done.actor.loadFigures', output: someDashboardFigures('2026-11-03', '2026-12-02') },
  { type: 'xstate.error.actor.loadFigures', error: new TypeError('Failed to fetch') },
  { type: 'xstate.error.actor.loadFigures', error: refusedByServer },
  { type: 'figures.retry' },
  { type: 'period.change', period: november },
  { type: 'period.change', period: reversed },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

function harness() {
  const calls = { loads: [] as (DashboardPeriod | null)[] };
  const { holding, settle } = heldCalls();
  const actor = createActor(salesDashboardMachine.provide({ actors: { loadFigures: holding<DashboardFigures, DashboardPeriod | null>('loadFigures', calls.loads) } }), {
    inspect: coverage.inspect,
  });
  actor.start();
  // The first load asks for the server's default period.
  expect(calls.loads[0]).toBeNull();
  return { actor, calls, settle };
}

walkModel('sales-dashboard machine (model-based)', {
  machine: salesDashboardMachine,
  coverage,
  events: modelEvents,
  harness,
  steps: (h) => ({
    'xstate.done.actor.loadFigures': async ({ event }) => {
      await h.settle(event);
      expect(h.actor.getSnapshot().context).toMatchObject({ period: { from: '2026-11-03', to: '2026-12-02' }, refusal: null });
      expect(h.actor.getSnapshot().context.figures?.totals.orders).toBe(3);
    },
    'xstate.error.actor.loadFigures': async ({ event }) => {
      const figures = h.actor.getSnapshot().context.figures;
      await h.settle(event);
      const expected = (event.error as { status?: number }).status === 400 ? refusedByServer.serverMessage : reportTexts.loadFailed;
      expect(h.actor.getSnapshot().context).toMatchObject({ refusal: expected, figures });
    },
    'figures.retry': retryStep(h.actor, 'figures.retry', () => h.calls.loads.length),
    'period.change': ({ event }) => {
      const loads = h.calls.loads.length;
      const { period } = event as unknown as { period: DashboardPeriod };
      h.actor.send({ type: 'period.change', period });
      if (period === november) {
        expect(h.calls.loads).toHaveLength(loads + 1);
        expect(h.calls.loads.at(-1)).toEqual(november);
      } else {
        expect(h.calls.loads).toHaveLength(loads);
        expect(h.actor.getSnapshot().context.refusal).toBe(reportTexts.reversed);
      }
    },
  }),
});
