/**
 * What a machine definition contains, for the coverage checks of the model-based tests: every state node and every
 * transition, named the same way the inspection events of a running actor are; and the recorder and check that
 * compare the two.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';

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

/** The coverage check every model-based test ends with: the generated paths reached every state and transition. */
export function expectFullCoverage(coverage: { taken: Set<string>; visited: Set<string> }, machine: AnyStateMachine) {
  expect([...coverage.visited].sort()).toEqual(allStateIds(machine.root).sort());
  expect([...coverage.taken].sort()).toEqual([...new Set(allTransitions(machine.root))].sort());
}
