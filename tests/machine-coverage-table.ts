/**
 * The model-based coverage table of issue 7: what each machine's generated paths reached against what the machine
 * defines, one row per machine file, and the verdict that fails the run. Pure, so that the check itself is tested;
 * tests/machine-coverage-reporter.ts does the file reading and printing.
 */

/** What one test file's generated paths reached of one machine; written by expectFullCoverage. */
export interface MachineCoverageRecord {
  /** The machine's id, e.g. "signIn". */
  machine: string;
  /** The machine's module relative to the project root, e.g. "machines/sign-in.machine.ts"; null when not in machines/. */
  file: string | null;
  /** Every state id and transition key the machine defines. */
  states: string[];
  transitions: string[];
  /** The state ids entered and transition keys taken by the generated paths. */
  visited: string[];
  taken: string[];
}

export interface Tally {
  reached: number;
  total: number;
}

export interface MachineCoverageRow {
  /** The machine file's name without ".machine.ts" (the name docs/machines/ uses), or the id for a machine elsewhere. */
  name: string;
  /** Null when no model-based test recorded coverage for this machine file. */
  states: Tally | null;
  transitions: Tally | null;
  missed: string[];
}

export interface MachineCoverageVerdict {
  rows: MachineCoverageRow[];
  total: { states: Tally; transitions: Tally; missed: number; unrecorded: number };
  passed: boolean;
}

export const machineFileSuffix = '.machine.ts';

/** "machines/sign-in.machine.ts" → "sign-in". */
export function machineName(file: string): string {
  return (file.split('/').at(-1) ?? file).replace(machineFileSuffix, '');
}

const tally = (reached: Set<string>, all: Set<string>): Tally => ({
  reached: [...all].filter((key) => reached.has(key)).length,
  total: all.size,
});

/**
 * One row per machine: records of the same machine (from several test files, or model and view tests) are merged, so
 * a state counts as reached when any of them reached it. With `expectEveryMachine` (the whole machine suite ran), a
 * machine file without any record is a row of its own and fails the verdict: a new machine needs its model-based test.
 */
export function machineCoverageVerdict(
  records: readonly MachineCoverageRecord[],
  machineFiles: readonly string[],
  { expectEveryMachine }: { expectEveryMachine: boolean },
): MachineCoverageVerdict {
  const merged = new Map<string, { name: string; states: Set<string>; transitions: Set<string>; reached: Set<string> }>();
  for (const record of records) {
    const key = record.file ?? `#${record.machine}`;
    const entry = merged.get(key) ?? {
      name: record.file ? machineName(record.file) : record.machine,
      states: new Set<string>(),
      transitions: new Set<string>(),
      reached: new Set<string>(),
    };
    for (const id of record.states) entry.states.add(id);
    for (const key of record.transitions) entry.transitions.add(key);
    // State ids contain no " --", transition keys always do, so one set holds both without collisions.
    for (const reached of [...record.visited, ...record.taken]) entry.reached.add(reached);
    merged.set(key, entry);
  }

  const rows: MachineCoverageRow[] = [...merged.values()].map(({ name, states, transitions, reached }) => ({
    name,
    states: tally(reached, states),
    transitions: tally(reached, transitions),
    missed: [
      ...[...states].filter((id) => !reached.has(id)).sort().map((id) => `state ${id}`),
      ...[...transitions].filter((key) => !reached.has(key)).sort().map((key) => `transition ${key}`),
    ],
  }));
  if (expectEveryMachine) {
    for (const file of machineFiles) {
      if (!merged.has(file)) rows.push({ name: machineName(file), states: null, transitions: null, missed: [] });
    }
  }
  rows.sort((a, b) => a.name.localeCompare(b.name));

  const sum = (pick: (row: MachineCoverageRow) => Tally | null): Tally =>
    rows.reduce((total, row) => ({
      reached: total.reached + (pick(row)?.reached ?? 0),
      total: total.total + (pick(row)?.total ?? 0),
    }), { reached: 0, total: 0 });
  const missed = rows.reduce((count, row) => count + row.missed.length, 0);
  const unrecorded = rows.filter((row) => row.states === null).length;
  return {
    rows,
    total: { states: sum((row) => row.states), transitions: sum((row) => row.transitions), missed, unrecorded },
    passed: missed === 0 && unrecorded === 0,
  };
}

const ratio = (value: Tally | null) => (value ? `${value.reached}/${value.total}` : '—');

/**
 * The table printed after the test run, one line per missed state or transition so that nothing is cut off, e.g.
 *
 *   machine   states  transitions  missed
 *   sign-in   9/9     31/31        —
 *   total     9/9     31/31        0 missed
 */
export function formatMachineCoverage(verdict: MachineCoverageVerdict): string {
  const header = ['machine', 'states', 'transitions', 'missed'];
  const lines: string[][] = [];
  for (const row of verdict.rows) {
    const [first = row.states ? '—' : 'no model-based test recorded coverage', ...rest] = row.missed;
    lines.push([row.name, ratio(row.states), ratio(row.transitions), first]);
    for (const more of rest) lines.push(['', '', '', more]);
  }
  const { total } = verdict;
  const totalMissed = [`${total.missed} missed`, total.unrecorded ? `${total.unrecorded} without coverage` : '']
    .filter(Boolean)
    .join(', ');
  lines.push(['total', ratio(total.states), ratio(total.transitions), totalMissed]);

  const widths = header.slice(0, 3).map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const render = (cells: string[]) =>
    cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join('  ').trimEnd();
  const rule = '-'.repeat(widths.reduce((sum, width) => sum + width + 2, 0) + 'missed'.length);
  return [
    'Model-based coverage (states and transitions reached by the generated paths)',
    render(header),
    rule,
    ...lines.slice(0, -1).map(render),
    rule,
    render(lines.at(-1)!),
    verdict.passed
      ? 'Machine coverage: every state and transition of every machine reached.'
      : 'Machine coverage FAILED: a machine above misses a state or transition, or has no model-based test.',
  ].join('\n');
}
