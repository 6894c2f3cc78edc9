/**
 * Finds the actors the real views run, and runs their delays on a clock the walk moves. A view creates its actor
 * inside `useActor` (or a module creates a root actor), out of a test's reach; so every machine actor is noticed where
 * XState builds its first snapshot, and records from then on which states it entered and which transitions it took.
 * Delays (`after`) go through XState's default clock, which is turned into a manual one: a delayed transition
 * happens exactly when a path's step says so, however slow the machine running the tests.
 */
import { StateMachine, createEmptyActor } from 'xstate';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { transitionKey } from '../../machines/machine-graph';
import { sourceStates } from './plan-paths';

export interface RealActor {
  machineId: string;
  actor: AnyActorRef;
  /** Transition keys as machine-graph.ts names them. */
  taken: Set<string>;
  /** State node ids. */
  visited: Set<string>;
}

const realActors: RealActor[] = [];

type InitialSnapshot = (this: AnyStateMachine, ...args: unknown[]) => AnyMachineSnapshot;
const machinePrototype = StateMachine.prototype as unknown as { getInitialSnapshot: InitialSnapshot };
const originalInitialSnapshot = machinePrototype.getInitialSnapshot;

machinePrototype.getInitialSnapshot = function initialSnapshotOfWatchedActor(this, ...args) {
  const [actorScope] = args as [{ self?: AnyActorRef & { logic?: unknown }; system?: AnyActorRef['system'] } | undefined];
  // xstate/graph asks for initial snapshots with a stand-in scope; only an actor running this very machine counts.
  const self = actorScope?.self;
  const watched = self && self.logic === this && actorScope.system ? watch(this.id, self, actorScope.system) : null;
  const snapshot = originalInitialSnapshot.apply(this, args);
  // The first state is entered without a microstep to inspect.
  if (watched) for (const node of snapshot._nodes) watched.visited.add(node.id);
  return snapshot;
};

function watch(machineId: string, actor: AnyActorRef, system: AnyActorRef['system']): RealActor {
  const watched: RealActor = { machineId, actor, taken: new Set(), visited: new Set() };
  realActors.push(watched);
  system.inspect((event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep' || event.actorRef !== actor) return;
    const microstep = event as InspectionEvent & { _transitions: AnyTransitionDefinition[] };
    for (const transition of microstep._transitions) {
      watched.taken.add(transitionKey(transition));
      // A state left by an eventless transition at once still was entered.
      for (const id of sourceStates(transition)) watched.visited.add(id);
    }
    for (const node of (event.snapshot as AnyMachineSnapshot)._nodes) watched.visited.add(node.id);
  });
  return watched;
}

/** Every real actor of the machine created so far in this test file, oldest first. */
export function realActorsOf(machineId: string): RealActor[] {
  return realActors.filter((entry) => entry.machineId === machineId);
}

/** The newest real actor of the machine: the one the screen on show is running. */
export function liveActorOf(machineId: string): AnyActorRef | undefined {
  return realActorsOf(machineId).at(-1)?.actor;
}

interface Timer {
  id: number;
  at: number;
  fire: () => void;
}

let now = 0;
let timers: Timer[] = [];
let lastId = 0;

/** The clock every machine actor without its own clock uses while this kit is loaded. */
export const machineClock = {
  setTimeout(fire: () => void, ms: number): number {
    lastId += 1;
    timers.push({ id: lastId, at: now + ms, fire });
    return lastId;
  },
  clearTimeout(id: number): void {
    timers = timers.filter((timer) => timer.id !== id);
  },
  /** Moves the clock on by `ms`, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      now = due.at;
      due.fire();
    }
    now = until;
  },
  /** Drops every pending timer: between paths. */
  reset(): void {
    timers = [];
  },
};

// XState hands its default clock object to every actor system; its methods are replaced, not the object.
Object.assign(createEmptyActor().system._clock as object, {
  setTimeout: machineClock.setTimeout,
  clearTimeout: machineClock.clearTimeout,
});
