// The admin's Low stock screen (/adminlowstock, issue 41): the flowers on sale below the Settings' threshold, loaded
// once with Retry when the load fails; a refusal (a 4xx with its words) is shown as the server said it.
import { assign, fromPromise, setup } from 'xstate';
import { reportTexts } from '../domain/reports';
import type { LowStockReport } from '../domain/reports';
import { errorOf, outputOf } from './actor-events';
import { failureOf } from './call-failure';

export interface LowStockContext {
  report: LowStockReport | null;
  /** Why the list did not load; null once it did. */
  refusal: string | null;
}

export type LowStockEvent = { type: 'list.retry' };

export const lowStockMachine = setup({
  types: {} as { context: LowStockContext; events: LowStockEvent },
  actors: {
    /** GET the low stock list. */
    loadLowStock: fromPromise<LowStockReport>(() => Promise.reject(new Error('provided by the view'))),
  },
  actions: {
    keepReport: assign(({ event }) => ({ report: outputOf<LowStockReport>(event, 'loadLowStock'), refusal: null })),
    keepLoadFailure: assign({
      refusal: ({ event }) => {
        const failure = failureOf(errorOf(event, 'loadLowStock'));
        return failure.status !== null && failure.status < 500 && failure.serverMessage ? failure.serverMessage : reportTexts.lowStockLoadFailed;
      },
    }),
  },
}).createMachine({
  id: 'lowStock',
  context: { report: null, refusal: null },
  initial: 'loading',
  states: {
    // A spinner.
    loading: {
      invoke: {
        id: 'loadLowStock',
        src: 'loadLowStock',
        onDone: { target: 'listed', actions: 'keepReport' },
        onError: { target: 'loadFailed', actions: 'keepLoadFailure' },
      },
    },
    // The reason, with Retry.
    loadFailed: {
      on: { 'list.retry': 'loading' },
    },
    // The table of low flowers, or "No flower is below N in stock."
    listed: {},
  },
});
