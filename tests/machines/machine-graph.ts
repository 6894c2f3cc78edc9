/**
 * What a machine definition contains, for the coverage checks of the model-based tests: every state node and every
 * transition, named the same way the inspection events of a running actor are; and the recorder and check that
 * compare the two. The check also hands its result to the coverage table (tests/machine-coverage-reporter.ts).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { StateMachine } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import type { MachineCoverageRecord } from '../machine-coverage-table';

/** Every module of machines/, to name the file a machine under test comes from. */
const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true });

/** "source --event--> targets", or "(self)" for a targetless transition. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const targets = (transition.target ?? []).map((node) => node.id).join(',');
  return `${transition.source.id} --${transition.eventType}--> ${targets || '(self)'}`;
}

/** Every transition of a state node and its descendants, eventless ones included. */
export function allTransitions(node: AnyStateNode): string[] {
  const own = [...node.transitions.values()].flat().concat(node.always ?? []).map(transitionKey);
  return own.concat(Object.values(node.states).flatMap((child) => allTransitions(child as AnyStateNode)));
}

/** The ids of a state node and all its descendants. */
export function allStateIds(node: AnyStateNode): string[] {
  return [node.id, ...Object.values(node.states).flatMap((child) => allStateIds(child as AnyStateNode))];
}

/** An `inspect` option for createActor that records every state entered and every transition taken into the sets. */
export function recordCoverage(taken: Set<string>, visited: Set<string>) {
  return (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    const microstep = event as InspectionEvent & { _transitions: AnyTransitionDefinition[] };
    for (const transition of microstep._transitions) taken.add(transitionKey(transition));
    for (const node of (event.snapshot as AnyMachineSnapshot)._nodes) visited.add(node.id);
  };
}

/**
 * The machine file that exports `machine`, e.g. "machines/sign-in.machine.ts": the same object, or else (for a
 * machine made with `.provide`) an exported machine with the same id. Null for a machine defined elsewhere.
 */
export function machineFileOf(machine: AnyStateMachine): string | null {
  const exportedMachines = (exports: Record<string, unknown>) =>
    Object.values(exports).filter((value): value is AnyStateMachine => value instanceof StateMachine);
  const entries = Object.entries(machineModules);
  const found =
    entries.find(([, exports]) => exportedMachines(exports).includes(machine)) ??
    entries.find(([, exports]) => exportedMachines(exports).some((exported) => exported.id === machine.id));
  return found ? `machines/${path.basename(found[0])}` : null;
}

/** What the generated paths reached of a machine, as the coverage table reads it. */
export function coverageRecord(coverage: { taken: Set<string>; visited: Set<string> }, machine: AnyStateMachine): MachineCoverageRecord {
  return {
    machine: machine.id,
    file: machineFileOf(machine),
    states: allStateIds(machine.root).sort(),
    transitions: [...new Set(allTransitions(machine.root))].sort(),
    visited: [...coverage.visited].sort(),
    taken: [...coverage.taken].sort(),
  };
}

/**
 * Writes the record into this run's folder for the coverage table. A file per call, since test files run in separate
 * forks; nothing when the reporter is not in the run (e.g. another config or `--reporter`).
 */
export function reportCoverage(coverage: { taken: Set<string>; visited: Set<string> }, machine: AnyStateMachine) {
  const dir = inject('machineCoverageDir');
  if (!dir) return;
  writeFileSync(path.join(dir, `${machine.id}-${randomUUID()}.json`), JSON.stringify(coverageRecord(coverage, machine)));
}

/**
 * The coverage check every model-based test ends with: the generated paths reached every state and transition. The
 * result goes to the coverage table first, so that a miss shows there too.
 */
export function expectFullCoverage(coverage: { taken: Set<string>; visited: Set<string> }, machine: AnyStateMachine) {
  reportCoverage(coverage, machine);
  expect([...coverage.visited].sort()).toEqual(allStateIds(machine.root).sort());
  expect([...coverage.taken].sort()).toEqual([...new Set(allTransitions(machine.root))].sort());
}
