// The admin's Dashboard figures (/dashboard, issue 41): load the figures of a period (the last 30 days when none is
// asked for, the server decides), and load again when the admin picks another period. A period the screen can already
// tell is wrong (reversed, longer than 366 days, not a date) is refused before anything is sent; one the server refuses
// shows its words. The figures on screen stay while the next period loads.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { reportPeriodQuery, reportTexts } from '../domain/reports';
import type { DashboardFigures } from '../domain/reports';
import { errorOf, outputOf } from './actor-events';
import { failureOf } from './call-failure';

export interface DashboardPeriod {
  from: string;
  to: string;
}

export interface SalesDashboardContext {
  /** The period asked for; null: the server's default (the last 30 days). */
  period: DashboardPeriod | null;
  figures: DashboardFigures | null;
  /** Why the last period was refused or did not load; null when it did. */
  refusal: string | null;
}

export type SalesDashboardEvent = { type: 'figures.retry' } | { type: 'period.change'; period: DashboardPeriod };

const unprovided = () => Promise.reject(new Error('provided by the view'));

/** Why a period cannot be asked for, in the words the server would use; null when it can. */
export function periodIssue(period: DashboardPeriod): string | null {
  const parsed = reportPeriodQuery.safeParse(period);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? reportTexts.reversed);
}

export const salesDashboardMachine = setup({
  types: {} as { context: SalesDashboardContext; events: SalesDashboardEvent },
  actors: {
    /** GET the period's figures (null: the default period). */
    loadFigures: fromPromise<DashboardFigures, DashboardPeriod | null>(unprovided),
  },
  actions: {
    showFigures: assign(({ event }) => {
      const figures = outputOf<DashboardFigures>(event, 'loadFigures');
      return { figures, period: { from: figures.from, to: figures.to }, refusal: null };
    }),
    keepLoadFailure: assign({
      refusal: ({ event }) => {
        const failure = failureOf(errorOf(event, 'loadFigures'));
        return failure.status !== null && failure.status < 500 && failure.serverMessage ? failure.serverMessage : reportTexts.loadFailed;
      },
    }),
    setPeriod: assign(({ event }) => {
      assertEvent(event, 'period.change');
      return { period: event.period, refusal: null };
    }),
    refusePeriod: assign({
      refusal: ({ event }) => {
        assertEvent(event, 'period.change');
        return periodIssue(event.period);
      },
    }),
  },
  guards: {
    isPeriodValid: ({ event }) => event.type === 'period.change' && periodIssue(event.period) === null,
  },
}).createMachine({
  id: 'salesDashboard',
  context: { period: null, figures: null, refusal: null },
  initial: 'loading',
  on: {
    'period.change': [{ guard: 'isPeriodValid', target: '.loading', actions: 'setPeriod' }, { actions: 'refusePeriod' }],
  },
  states: {
    // A spinner, or the last figures marked as updating.
    loading: {
      invoke: {
        id: 'loadFigures',
        src: 'loadFigures',
        input: ({ context }) => context.period,
        onDone: { target: 'shown', actions: 'showFigures' },
        onError: { target: 'loadFailed', actions: 'keepLoadFailure' },
      },
    },
    // The reason, with Retry; another period may be picked meanwhile.
    loadFailed: {
      on: { 'figures.retry': 'loading' },
    },
    // The period's figures and charts.
    shown: {},
  },
});
