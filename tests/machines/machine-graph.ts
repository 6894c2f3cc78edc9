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
import type { ActorRefLike, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent, StateValue } from 'xstate';
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

/** The state nodes a snapshot is in, read from its value: the root, then each region or child the value names. */
export function activeStateNodes(machine: AnyStateMachine, value: StateValue): AnyStateNode[] {
  const within = (node: AnyStateNode, value: StateValue | undefined): AnyStateNode[] => {
    const children =
      typeof value === 'string'
        ? [[node.states[value]!, undefined] as const]
        : Object.entries(value ?? {}).map(([key, childValue]) => [node.states[key]!, childValue] as const);
    return [node, ...children.flatMap(([child, childValue]) => within(child, childValue))];
  };
  return within(machine.root, value);
}

/** The state nodes a machine is in before its first microstep: each compound state's initial child, every region. */
function initialStateNodes(node: AnyStateNode): AnyStateNode[] {
  const children = node.type === 'parallel' ? Object.values(node.states) : node.type === 'compound' ? node.initial.target : [];
  return [node, ...children.flatMap((child) => initialStateNodes(child as AnyStateNode))];
}

const isAtomic = (node: AnyStateNode) => node.type === 'atomic' || node.type === 'final';

/** The ancestors of a state node, nearest first, the node included. */
export function lineage(node: AnyStateNode): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  for (let at: AnyStateNode | undefined = node; at; at = at.parent) nodes.push(at);
  return nodes;
}

/**
 * The eventless transitions a microstep took from `before` to `after`: for each atomic state, the first `always`
 * transition of it or an ancestor (document order, as xstate selects them) whose targets are all active afterwards.
 * Guards are not evaluated again: a guarded alternative that was false cannot have its target active unless another
 * transition entered it.
 */
function eventlessTransitions(before: AnyStateNode[], after: Set<string>): AnyTransitionDefinition[] {
  const taken = new Set<AnyTransitionDefinition>();
  for (const atomic of before.filter(isAtomic)) {
    const transition = lineage(atomic)
      .flatMap((node) => node.always ?? [])
      .find((candidate) => (candidate.target ?? []).every((target) => after.has(target.id)));
    if (transition) taken.add(transition);
  }
  return [...taken];
}

/** One microstep of a machine actor as the coverage sees it: the transitions taken and the states it was in. */
export interface InspectedStep {
  actorRef: ActorRefLike;
  machine: AnyStateMachine;
  transitions: AnyTransitionDefinition[];
  /** Ids of the states active after the step, and of those its transitions left (entered and left within one step). */
  states: string[];
}

const isMachineSnapshot = (snapshot: unknown): snapshot is AnyMachineSnapshot =>
  typeof snapshot === 'object' && snapshot !== null && 'machine' in snapshot;

/**
 * An observer for xstate's public inspection API (the `inspect` option of createActor, or `system.inspect`) that
 * reports every step of every machine actor of the system, its first state included. A microstep event names its
 * event and the snapshot after it; the transitions are found again from the snapshot before: by the machine's own
 * selection (`getTransitionData`) for an event, and by `eventlessTransitions` for a step that repeats its macrostep's
 * event (xstate reports an eventless microstep with the event that led to it) or follows the start.
 */
export function inspectSteps(
  report: (step: InspectedStep) => void,
  /** Where an actor that was not started stands, e.g. the snapshot `machine.transition` is asked to go on from. */
  from?: { actorRef: ActorRefLike; snapshot: AnyMachineSnapshot },
): (event: InspectionEvent) => void {
  const actors = new Map<ActorRefLike, { last: AnyMachineSnapshot | null; lastEvent: unknown }>();
  if (from) actors.set(from.actorRef, { last: from.snapshot, lastEvent: null });
  const followed = (actorRef: ActorRefLike) => actors.get(actorRef) ?? actors.set(actorRef, { last: null, lastEvent: null }).get(actorRef)!;
  return (inspection) => {
    if (!isMachineSnapshot('snapshot' in inspection ? inspection.snapshot : null)) return;
    const snapshot = (inspection as InspectionEvent & { snapshot: AnyMachineSnapshot }).snapshot;
    const { machine } = snapshot;
    const actor = followed(inspection.actorRef);
    const after = activeStateNodes(machine, snapshot.value);
    if (inspection.type === '@xstate.snapshot') {
      if (!actor.last) report({ actorRef: inspection.actorRef, machine, transitions: [], states: after.map((node) => node.id) });
      actor.last = snapshot;
      actor.lastEvent = null;
      return;
    }
    if (inspection.type !== '@xstate.microstep') return;
    const { event } = inspection;
    const eventless = event.type === 'xstate.init' || event === actor.lastEvent;
    const transitions = eventless
      ? eventlessTransitions(actor.last ? activeStateNodes(machine, actor.last.value) : initialStateNodes(machine.root), new Set(after.map((node) => node.id)))
      : actor.last
        ? machine.getTransitionData(actor.last as never, event)
        : [];
    const left = transitions.flatMap((transition) => lineage(transition.source));
    report({ actorRef: inspection.actorRef, machine, transitions, states: [...left, ...after].map((node) => node.id) });
    actor.last = snapshot;
    actor.lastEvent = event;
  };
}

/** What the walked paths reached of a machine: transition keys taken and state ids visited. */
export interface Coverage {
  taken: Set<string>;
  visited: Set<string>;
}

/** An empty coverage and the `inspect` option that records every machine actor it is given to into it. */
export function machineCoverage(): Coverage & { inspect: (event: InspectionEvent) => void } {
  const coverage = { taken: new Set<string>(), visited: new Set<string>() };
  const inspect = inspectSteps(({ transitions, states }) => {
    for (const transition of transitions) coverage.taken.add(transitionKey(transition));
    for (const id of states) coverage.visited.add(id);
  });
  return { ...coverage, inspect };
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
export function coverageRecord(coverage: Coverage, machine: AnyStateMachine): MachineCoverageRecord {
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
export function reportCoverage(coverage: Coverage, machine: AnyStateMachine) {
  const dir = inject('machineCoverageDir');
  if (!dir) return;
  writeFileSync(path.join(dir, `${machine.id}-${randomUUID()}.json`), JSON.stringify(coverageRecord(coverage, machine)));
}

/**
 * The coverage check every model-based test ends with: the generated paths reached every state and transition. The
 * result goes to the coverage table first, so that a miss shows there too.
 */
export function expectFullCoverage(coverage: Coverage, machine: AnyStateMachine) {
  reportCoverage(coverage, machine);
  expect([...coverage.visited].sort()).toEqual(allStateIds(machine.root).sort());
  expect([...coverage.taken].sort()).toEqual([...new Set(allTransitions(machine.root))].sort());
}
