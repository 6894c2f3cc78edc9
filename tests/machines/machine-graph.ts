/**
 * What a machine definition contains, for the coverage checks of the model-based tests: every state node and every
 * transition, named the same way the inspection events of a running actor are.
 */
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';

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
