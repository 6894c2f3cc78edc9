/**
 * What every part of `npm run bench` hands to the report: figures, each with its budget and, where one makes sense, a
 * ceiling measured in the same run on the same machine, so that a noisy machine moves both and the ratio holds.
 */

export type Comparison = 'atMost' | 'atLeast';

export interface Budget {
  limit: number;
  comparison: Comparison;
  /** What the limit applies to: the figure itself (default) or its ratio to the ceiling. */
  of?: 'value' | 'ratio';
}

export interface Figure {
  /** What was measured, as a reader of the report says it: "allflowers?category, requests/s". */
  name: string;
  value: number;
  /** 'KiB', 'req/s', 'ms', 'MB', 's', 'score', 'orders/s', 'units', 'errors'. */
  unit: string;
  budget?: Budget;
  /** The same-run reference: a bare Fastify route serving the same bytes, a bare process start, … */
  ceiling?: { label: string; value: number };
  /** One short line on how it was measured, when the name does not say it. */
  note?: string;
}

export interface Section {
  id: string;
  title: string;
  figures: Figure[];
  /** Why a part was skipped, what the run looked like: shown under the section's table. */
  notes?: string[];
  /** A part that could not run at all fails the run, with its reason here. */
  error?: string;
}

export interface BenchContext {
  /** The repository root. */
  root: string;
  /** This run's folder under bench-results/, for raw outputs (Lighthouse JSON, autocannon runs). */
  resultsDir: string;
  /** Shorter durations for a smoke run (`npm run bench -- --quick`); budgets still apply but mean less. */
  quick: boolean;
  /** PostgreSQL for the parts that also measure it (BENCH_DATABASE_URL, else DATABASE_URL); absent: those figures are skipped. */
  databaseUrl?: string;
  log(line: string): void;
}

export type BenchPart = (context: BenchContext) => Promise<Section>;

export const ratioOf = (figure: Figure): number | undefined =>
  figure.ceiling && figure.ceiling.value > 0 ? figure.value / figure.ceiling.value : undefined;

const keeps = (budget: Budget, measured: number | undefined): boolean =>
  measured !== undefined && Number.isFinite(measured) && (budget.comparison === 'atMost' ? measured <= budget.limit : measured >= budget.limit);

/** Whether the figure keeps its budget; a figure without a budget is reported only. */
export function holds(figure: Figure): boolean | undefined {
  if (!figure.budget) return undefined;
  return keeps(figure.budget, figure.budget.of === 'ratio' ? ratioOf(figure) : figure.value);
}

/**
 * A budget in plain units (requests/s, ms) that even the same run's ceiling misses: the bare route, the service with
 * no HTTP in front. No change to the shop's code can meet it on this machine; a failing figure whose ceiling holds is
 * the code's to fix. Ratio budgets are this machine's already.
 */
export function beyondThisMachine(figure: Figure): boolean {
  if (!figure.budget || figure.budget.of === 'ratio' || !figure.ceiling) return false;
  return !keeps(figure.budget, figure.ceiling.value);
}

/** A figure's verdict as the report shows it: no budget, kept, missed, or missed by its ceiling too. */
export type Standing = 'reported' | 'holds' | 'over' | 'beyondThisMachine';

export function standingOf(figure: Figure): Standing {
  const result = holds(figure);
  if (result === undefined) return 'reported';
  if (result) return 'holds';
  return beyondThisMachine(figure) ? 'beyondThisMachine' : 'over';
}
