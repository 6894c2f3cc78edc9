// The admin's Low stock screen, model-based: every state and transition walked with a held call, checking that the
// list is kept as loaded, that a refusal shows the server's words and a failure the retry hint, and that Retry loads
// again.
import { expect } from 'vitest';
import type { EventFrom } from 'xstate';
import type { LowStockReport } from '../../domain/reports';
import { reportTexts } from '../../domain/reports';
import { lowStockMachine } from '../../machines/low-stock.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, retryStep, startMachine, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof lowStockMachine>;

const report: LowStockReport = {
  threshold: 5,
  products: [{ externalId: 'p_1', name: 'Blue Orchid Bunch', category: 'Fresh Flowers', subCategory: 'Bunches', stock: 0 }],
};
const refused = { status: 403, code: 'FORBIDDEN', serverMessage: 'Only an admin can do this.' };

const modelEvents = [
  { type: 'xstate.done.actor.loadLowStock', output: report },
  { type: 'xstate.error.actor.loadLowStock', error: refused },
  { type: 'xstate.error.actor.loadLowStock', error: new TypeError('Failed to fetch') },
  { type: 'list.retry' },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

function harness() {
  const calls = { loads: [] as unknown[] };
  const { holding, settle } = heldCalls();
  const { actor } = startMachine(
    lowStockMachine.provide({
      actors: {
        loadLowStock: holding('loadLowStock', calls.loads),
      },
    }),
    coverage,
  );
  return { actor, calls, settle };
}

walkModel('low-stock machine (model-based)', {
  machine: lowStockMachine,
  coverage,
  events: modelEvents,
  harness,
  steps: (h) => ({
    'xstate.done.actor.loadLowStock': async ({ event }) => {
      await h.settle(event);
      expect(h.actor.getSnapshot().context).toEqual({ report, refusal: null });
    },
    'xstate.error.actor.loadLowStock': async ({ event }) => {
      await h.settle(event);
      const expected = (event.error as { status?: number }).status === 403 ? refused.serverMessage : reportTexts.lowStockLoadFailed;
      expect(h.actor.getSnapshot().context.refusal).toBe(expected);
    },
    'list.retry': retryStep(h.actor, 'list.retry', () => h.calls.loads.length),
  }),
});
