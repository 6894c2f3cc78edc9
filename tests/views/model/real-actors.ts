/**
 * The actors the real views run, as the views' own `inspect` option reports them: a view creates its actor inside
 * `useActor` (or a module creates a root actor), out of a test's reach, with the app's one `inspect` option
 * (src/app/inspection.ts), which tests/setup.ts fills with `inspectRealActors`. Each machine actor records from its
 * start which states it entered and which transitions it took.
 */
import type { ActorRefLike, AnyActorRef } from 'xstate';
import { inspectSteps, transitionKey } from '../../machines/machine-graph';

export interface RealActor {
  machineId: string;
  actor: AnyActorRef;
  /** Transition keys as machine-graph.ts names them. */
  taken: Set<string>;
  /** State node ids. */
  visited: Set<string>;
}

const realActors = new Map<ActorRefLike, RealActor>();

/** The observer of every actor the app creates in a test: what each machine actor went through. */
export const inspectRealActors = inspectSteps(({ actorRef, machine, transitions, states }) => {
  const real = realActors.get(actorRef) ?? { machineId: machine.id, actor: actorRef as AnyActorRef, taken: new Set(), visited: new Set() };
  realActors.set(actorRef, real);
  for (const transition of transitions) real.taken.add(transitionKey(transition));
  for (const id of states) real.visited.add(id);
});

/** Every real actor of the machine started so far in this test file, oldest first. */
export function realActorsOf(machineId: string): RealActor[] {
  return [...realActors.values()].filter((entry) => entry.machineId === machineId);
}

/** The newest real actor of the machine: the one the screen on show is running. */
export function liveActorOf(machineId: string): AnyActorRef | undefined {
  return realActorsOf(machineId).at(-1)?.actor;
}
