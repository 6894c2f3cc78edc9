// How a named action or guard reads what an invoked actor answered. Like xstate's `assertEvent` for the machine's own
// events: the done or error event of the named actors, or a thrown error naming the event that came instead.
import type { EventObject } from 'xstate';

function assertActorEvent(event: EventObject, outcome: 'done' | 'error', actorIds: readonly string[]): void {
  const expected = actorIds.map((id) => `xstate.${outcome}.actor.${id}`);
  if (!expected.includes(event.type)) throw new Error(`Expected event ${expected.join(' or ')}, got "${event.type}"`);
}

/** What the actor resolved with, from its done event. */
export function outputOf<TOutput>(event: EventObject, ...actorIds: string[]): TOutput {
  assertActorEvent(event, 'done', actorIds);
  return (event as EventObject & { output: TOutput }).output;
}

/** Why the actor failed, from its error event. */
export function errorOf(event: EventObject, ...actorIds: string[]): unknown {
  assertActorEvent(event, 'error', actorIds);
  return (event as EventObject & { error: unknown }).error;
}

/** The machine's input, from the event that starts it (the root's entry actions run on it). */
export function inputOf<TInput>(event: EventObject): TInput {
  if (event.type !== 'xstate.init') throw new Error(`Expected event xstate.init, got "${event.type}"`);
  return (event as EventObject & { input: TInput }).input;
}
