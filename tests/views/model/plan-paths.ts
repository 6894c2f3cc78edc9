/**
 * Few, long paths that between them take every transition of a machine: the state graph comes from xstate/graph's
 * adjacency map (the same traversal its shortest and simple paths use); from where a path stands it goes on by the
 * shortest way to a transition not yet taken, and a new path starts only when none is left within reach. Rendering a
 * screen costs far more than a step, so few paths of many steps beat one shortest path per state.
 */
import { getAdjacencyMap, serializeSnapshot } from 'xstate/graph';
import { createEmptyActor } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { activeStateNodes, allStateIds, allTransitions, inspectSteps, transitionKey } from '../../machines/machine-graph';
import type { InspectedStep } from '../../machines/machine-graph';

/** One step of a path: the event, and the state the model is in once it has settled. */
export interface ModelStep {
  event: AnyEventObject;
  state: AnyMachineSnapshot;
}

export interface Situation<TInput> {
  /** How the screen is reached, e.g. "at /g/login with a guest bag". */
  name: string;
  input: TInput;
}

export interface PlannedPath<TInput> {
  situation: Situation<TInput>;
  start: AnyMachineSnapshot;
  steps: ModelStep[];
}

export interface PlanOptions<TInput> {
  machine: AnyStateMachine;
  situations: Situation<TInput>[];
  /** The machine's input for a situation, when the situation holds more (how the screen is reached). */
  inputOf?: (input: TInput) => unknown;
  /** Every event the model may send, per situation; only those the state handles are tried. */
  events: AnyEventObject[] | ((input: TInput) => AnyEventObject[]);
  /** Whether the screen offers the event in the state at all (the machine may accept more than a screen shows). */
  offers?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
  /** Whether the screen is gone after the event (it navigated away): a path ends with such a step. */
  leaves?: (from: AnyMachineSnapshot, event: AnyEventObject) => boolean;
  /** How vertices are told apart; value and context by default. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** A path longer than this is cut and the rest walked from a fresh screen, to keep one test short. */
  maxSteps?: number;
  /** Items the screen cannot reach: no path takes them, and they are not asked for. */
  notInView?: string[];
}

/** `state:<id>` and `transition:<source --event--> targets>`: what the coverage check counts. */
export const stateItem = (id: string) => `state:${id}`;
export const transitionItem = (key: string) => `transition:${key}`;

export function itemsOfMachine(machine: AnyStateMachine): Set<string> {
  return new Set([...allStateIds(machine.root).map(stateItem), ...allTransitions(machine.root).map(transitionItem)]);
}

/**
 * A stand-in actor scope, like xstate/graph's, on an empty actor whose system's inspection (its public `inspect`)
 * reports every microstep's states and transitions to `record`; `from` is the snapshot a transition goes on from.
 */
function recordingScope(record: (items: string[]) => void, from?: AnyMachineSnapshot) {
  const empty = createEmptyActor();
  const report = ({ transitions, states }: InspectedStep) =>
    record([...transitions.map((transition) => transitionItem(transitionKey(transition))), ...states.map(stateItem)]);
  empty.system.inspect(inspectSteps(report, from && { actorRef: empty, snapshot: from }));
  return {
    self: empty,
    logger: () => {},
    id: '',
    sessionId: 'model',
    defer: () => {},
    system: empty.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  };
}

/** The states entered and transitions taken by one event, eventless ones included. */
function itemsOfStep(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject): string[] {
  const items: string[] = [];
  machine.transition(snapshot, event, recordingScope((found) => items.push(...found), snapshot) as never);
  return items;
}

function itemsOfStart(machine: AnyStateMachine, input: unknown): { start: AnyMachineSnapshot; items: string[] } {
  const items: string[] = [];
  const start = machine.getInitialSnapshot(recordingScope((found) => items.push(...found)) as never, input) as AnyMachineSnapshot;
  return { start, items: [...items, ...activeStateNodes(machine, start.value).map((node) => stateItem(node.id))] };
}

const handles = (snapshot: AnyMachineSnapshot, event: AnyEventObject) => snapshot.machine.getTransitionData(snapshot as never, event).length > 0;

interface Edge {
  from: string;
  to: string;
  step: ModelStep;
}

export function planPaths<TInput>(options: PlanOptions<TInput>): { paths: PlannedPath<TInput>[]; unreachable: string[] } {
  const { machine, events, maxSteps = 40 } = options;
  const serialize = options.serializeState ?? ((snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot));
  const uncovered = itemsOfMachine(machine);
  const excluded = new Set(options.notInView ?? []);
  for (const item of excluded) uncovered.delete(item);
  const paths: PlannedPath<TInput>[] = [];
  const gains = (items: string[]) => items.some((item) => uncovered.has(item));
  const cover = (items: string[]) => items.forEach((item) => uncovered.delete(item));

  for (const situation of options.situations) {
    const situationEvents = typeof events === 'function' ? events(situation.input) : events;
    const machineInput = options.inputOf ? options.inputOf(situation.input) : situation.input;
    const adjacency = getAdjacencyMap(machine, {
      input: machineInput,
      // Handled at all, not `snapshot.can`: that leaves out a transition that does nothing (`on: { 'x': {} }`), which
      // still is a transition the coverage counts.
      events: (snapshot: AnyMachineSnapshot) =>
        situationEvents.filter((event) => handles(snapshot, event) && (options.offers?.(snapshot, event) ?? true)),
      serializeState: (snapshot: AnyMachineSnapshot) => serialize(snapshot),
      // A context that grows without end (a counter) must be cut by serializeState; fail fast rather than run out.
      limit: 50_000,
    } as never) as Record<string, { state: AnyMachineSnapshot; transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }> }>;
    const startKey = Object.keys(adjacency)[0]!;
    const edgesFrom = new Map<string, Edge[]>();
    const edgeItems = new Map<Edge, string[]>();
    const edges = (from: string) => {
      if (!edgesFrom.has(from)) {
        const vertex = adjacency[from]!;
        edgesFrom.set(
          from,
          Object.values(vertex.transitions)
            .map(({ event, state }) => ({ from, to: serialize(state), step: { event, state } }))
            // A step the screen cannot take is no way to go.
            .filter((edge) => !itemsOf(edge).some((item) => excluded.has(item))),
        );
      }
      return edgesFrom.get(from)!;
    };
    const leavesBy = (edge: Edge) => options.leaves?.(adjacency[edge.from]!.state, edge.step.event) ?? false;
    const itemsOf = (edge: Edge) => {
      if (!edgeItems.has(edge)) edgeItems.set(edge, itemsOfStep(machine, adjacency[edge.from]!.state, edge.step.event));
      return edgeItems.get(edge)!;
    };

    /** Breadth first from `from` to the nearest edge that takes something not yet covered. */
    const nearestGain = (from: string): Edge[] | null => {
      const cameBy = new Map<string, Edge | null>([[from, null]]);
      const queue = [from];
      for (let index = 0; index < queue.length; index += 1) {
        const at = queue[index]!;
        for (const edge of edges(at)) {
          if (gains(itemsOf(edge))) {
            const route = [edge];
            for (let back = cameBy.get(at); back; back = cameBy.get(back.from)) route.unshift(back);
            return route;
          }
          if (!cameBy.has(edge.to) && !leavesBy(edge)) {
            cameBy.set(edge.to, edge);
            queue.push(edge.to);
          }
        }
      }
      return null;
    };

    const { start, items: startItems } = itemsOfStart(machine, machineInput);
    for (;;) {
      const startGains = gains(startItems);
      cover(startItems);
      const steps: ModelStep[] = [];
      let at = startKey;
      // The vertices only steer the search: a vertex stands for every snapshot that serializes alike, so the path's
      // own snapshots are computed again step by step from where it really is.
      let current = start;
      for (;;) {
        const route = nearestGain(at);
        if (!route || (steps.length > 0 && steps.length + route.length > maxSteps)) break;
        for (const edge of route) {
          const items: string[] = [];
          current = machine.transition(current, edge.step.event, recordingScope((found) => items.push(...found), current) as never) as AnyMachineSnapshot;
          cover(items);
          cover(itemsOf(edge));
          steps.push({ event: edge.step.event, state: current });
        }
        at = route.at(-1)!.to;
        if (leavesBy(route.at(-1)!)) break;
      }
      if (!steps.length && !startGains) break;
      paths.push({ situation, start, steps });
    }
  }
  return { paths, unreachable: [...uncovered].sort() };
}

/** "field.change(email,kavya@) → form.submit → signIn answers", short enough for a test name. */
export function describeSteps(steps: ModelStep[]): string {
  return steps.map(({ event }) => describeEvent(event)).join(' → ');
}

export function describeEvent(event: AnyEventObject): string {
  const call = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (call) {
    const outcome = (call[1] === 'done' ? event.output : event.error) as unknown;
    const { status, ok, kind, message } = (typeof outcome === 'object' && outcome !== null ? outcome : {}) as Record<string, unknown>;
    const said = [status, ok === undefined ? undefined : `ok=${String(ok)}`, kind, message].find((value) => value !== undefined);
    const detail = outcome === null || typeof outcome !== 'object' ? String(outcome ?? '') : said === undefined ? '' : String(said).slice(0, 24);
    return `${call[2]} ${call[1] === 'done' ? 'answers' : 'fails'}${detail ? `(${detail})` : ''}`;
  }
  const { type, ...rest } = event;
  const details = Object.values(rest)
    .map((value) => {
      if (typeof value === 'string') return value;
      // Picked files and the like read best by name.
      if (Array.isArray(value) && value.every((item) => typeof item?.name === 'string')) return value.map((item) => item.name).join('+');
      return JSON.stringify(value);
    })
    .join(',');
  const short = details.length > 40 ? `${details.slice(0, 37)}...` : details;
  return short ? `${type}(${short})` : type;
}
