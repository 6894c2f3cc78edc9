// What /dev/inspect knows, built from the relay's messages: every actor the app tabs created, with its latest state
// and context, and the events they were sent. Pure, so that the page only renders it.
import type { AnyEventObject, StateValue } from 'xstate';
import type { RelayMessage } from './inspector-protocol';

export interface InspectedActor {
  sessionId: string;
  appTab: number;
  /** The machine's id, or the id an invoked actor (a promise) runs under. */
  name: string;
  /** Set for a state machine: the id its definition has, which docs/machines names it by. */
  machineId: string | undefined;
  parentId: string | undefined;
  /** An actor is created before it starts; one React's strict mode throws away never starts. */
  started: boolean;
  status: string;
  value: StateValue | undefined;
  context: unknown;
}

export interface LoggedEvent {
  /** Increasing, unique within the log: a key for the list. */
  seq: number;
  appTab: number;
  sessionId: string;
  actorName: string;
  sourceName: string | undefined;
  event: AnyEventObject;
}

export interface InspectionLog {
  actors: Record<string, InspectedActor>;
  events: LoggedEvent[];
  nextSeq: number;
}

export const emptyInspectionLog: InspectionLog = { actors: {}, events: [], nextSeq: 0 };

/** The log keeps the latest events only, so a long session does not slow the page down. */
export const loggedEventLimit = 300;

interface InspectedSnapshot {
  status?: string;
  value?: StateValue;
  context?: unknown;
}

function machineIdOf(definition: string | undefined): string | undefined {
  if (!definition) return undefined;
  const config = JSON.parse(definition) as { id?: unknown; states?: unknown };
  return config.states && typeof config.id === 'string' ? config.id : undefined;
}

function withSnapshot(actor: InspectedActor, snapshot: InspectedSnapshot): InspectedActor {
  return {
    ...actor,
    status: snapshot.status ?? actor.status,
    value: snapshot.value ?? actor.value,
    context: snapshot.context ?? actor.context,
    // A stopped actor that reports again was started again (React's strict mode does that).
    started: actor.started || snapshot.status !== 'stopped',
  };
}

export function logInspection(log: InspectionLog, message: RelayMessage): InspectionLog {
  switch (message.type) {
    case '@xstate.actor': {
      const snapshot = message.snapshot as InspectedSnapshot;
      const actor: InspectedActor = {
        sessionId: message.sessionId,
        appTab: message.appTab,
        name: message.name,
        machineId: machineIdOf(message.definition),
        parentId: message.parentId,
        started: false,
        status: snapshot.status ?? 'active',
        value: snapshot.value,
        context: snapshot.context,
      };
      return { ...log, actors: { ...log.actors, [actor.sessionId]: actor } };
    }
    case '@xstate.snapshot': {
      const actor = log.actors[message.sessionId];
      if (!actor) return log;
      const next = withSnapshot(actor, message.snapshot as InspectedSnapshot);
      return { ...log, actors: { ...log.actors, [actor.sessionId]: next } };
    }
    case '@xstate.event': {
      const actor = log.actors[message.sessionId];
      if (!actor) return log;
      const event = message.event as AnyEventObject;
      const actors =
        event.type === 'xstate.init' ? { ...log.actors, [actor.sessionId]: { ...actor, started: true } } : log.actors;
      const logged: LoggedEvent = {
        seq: log.nextSeq,
        appTab: message.appTab,
        sessionId: message.sessionId,
        actorName: actor.name,
        sourceName: message.sourceId ? log.actors[message.sourceId]?.name : undefined,
        event,
      };
      return { actors, events: [...log.events, logged].slice(-loggedEventLimit), nextSeq: log.nextSeq + 1 };
    }
    case '@shop.appTab.closed': {
      const actors = Object.fromEntries(Object.entries(log.actors).filter(([, actor]) => actor.appTab !== message.appTab));
      return { ...log, actors };
    }
    default:
      return log;
  }
}

/** The actors running now, each machine followed by the actors it invoked, in the order they were created. */
export function liveActors(log: InspectionLog): Array<InspectedActor & { depth: number }> {
  // A finished machine of the app's own still shows where it ended; a finished invoked actor is gone with its state.
  const live = Object.values(log.actors).filter(
    (actor) => actor.started && (actor.status === 'active' || (!actor.parentId && actor.status !== 'stopped')),
  );
  const ordered: Array<InspectedActor & { depth: number }> = [];
  const add = (actor: InspectedActor, depth: number) => {
    ordered.push({ ...actor, depth });
    for (const child of live) if (child.parentId === actor.sessionId) add(child, depth + 1);
  };
  for (const actor of live) if (!actor.parentId || !log.actors[actor.parentId]) add(actor, 0);
  return ordered;
}

/** A state value as people read it: `checking.stock`, parallel regions joined by commas. */
export function stateLabel(value: StateValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => {
      const rest = stateLabel(child as StateValue | undefined);
      return rest ? `${key}.${rest}` : key;
    })
    .join(', ');
}

/** The paths of the deepest states the actor is in: what the diagram marks. */
export function activeStatePaths(value: StateValue | undefined): string[][] {
  if (value === undefined) return [];
  if (typeof value === 'string') return [[value]];
  return Object.entries(value).flatMap(([key, child]) => {
    const below = activeStatePaths(child as StateValue | undefined);
    return below.length ? below.map((path) => [key, ...path]) : [[key]];
  });
}
