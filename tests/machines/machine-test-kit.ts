/**
 * What every model-based machine test shares: the walk of the model's paths (`walkModel`), calls held until the path's
 * next step says how they end, the notices a step shows, and the options of xstate/graph's TestModel. The coverage the
 * paths reach is machine-graph.ts's.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { TestModel, serializeSnapshot } from 'xstate/graph';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import { expectFullCoverage } from './machine-graph';
import type { Coverage } from './machine-graph';

/** Lets promises that were just settled run their handlers, and the actor take the event they send. */
export const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Calls an actor invokes, each held open until `settle` answers it with the model's `xstate.done.actor.<id>` or
 * `xstate.error.actor.<id>` event, so that the machine is in the model's state at every check.
 */
export function heldCalls() {
  const pending = new Map<string, Pending>();
  const hold = (id: string) => new Promise<never>((resolve, reject) => pending.set(id, { resolve: resolve as never, reject }));
  /** Ends the call in flight, then lets the promise settle and the actor take its answer. */
  const answer = async (id: string, outcome: { output: unknown } | { error: unknown }) => {
    const call = pending.get(id);
    if (!call) throw new Error(`no ${id} call in flight`);
    pending.delete(id);
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
    await flushPromises();
  };
  return {
    pending,
    hold,
    /** A promise actor that records its input into `calls` and stays open until `settle`. */
    holding<TOutput, TInput>(id: string, calls?: TInput[]) {
      return fromPromise<TOutput, TInput>(({ input }) => {
        calls?.push(input);
        return hold(id);
      });
    },
    answer,
    /** Answers the call in flight the way the model event says. */
    settle(event: AnyEventObject) {
      const [, outcome, , id] = event.type.split('.') as [string, 'done' | 'error', string, string];
      return answer(id, outcome === 'done' ? { output: event.output } : { error: event.error });
    },
  };
}

/** The notices a machine's `notify` action shows, and the check that a step showed exactly the expected ones. */
export function noticeLog<TNotice extends { message: string; duration?: number }>() {
  const notices: TNotice[] = [];
  const during = async (run: () => unknown) => {
    const before = notices.length;
    await run();
    return notices.slice(before);
  };
  return {
    notices,
    /** The `notify` action to provide. */
    notify: (_: unknown, notice: TNotice) => void notices.push(notice),
    /** The notices the step showed. */
    during,
    /** The step showed exactly these messages, each for `duration` ms when given. */
    async expectMessages(run: () => unknown, expected: string[], duration?: number) {
      const shown = await during(run);
      expect(shown.map((notice) => notice.message)).toEqual(expected);
      if (duration !== undefined) for (const notice of shown) expect(notice.duration).toBe(duration);
    },
  };
}

/** How a vertex of the model tells the event that led to it: whole by default, or by type (`eventType`). */
export const wholeEvent = (event: AnyEventObject | undefined) => JSON.stringify(event ?? null);
export const eventType = (event: AnyEventObject | undefined) => event?.type ?? '';

/**
 * The options of a TestModel for a machine that invokes actors (createTestModel refuses those, so the tests build the
 * class it wraps): the events the model may send in a state, a vertex that is the snapshot plus the event that led to
 * it (so that the shortest paths take every transition, not only reach every state), and '*' matching every state.
 */
export function testModelOptions<TMachine extends AnyStateMachine>(
  events: (snapshot: SnapshotFrom<TMachine>) => EventFromLogic<TMachine>[],
  eventKey: (event: AnyEventObject | undefined) => string = wholeEvent,
) {
  return {
    events,
    serializeState: (snapshot: SnapshotFrom<TMachine>, event: EventFromLogic<TMachine> | undefined) =>
      `${serializeSnapshot(snapshot as AnyMachineSnapshot)}|${eventKey(event)}`,
    stateMatcher: (snapshot: SnapshotFrom<TMachine>, key: string) => key === '*' || (snapshot as AnyMachineSnapshot).matches(key as never),
  };
}

/** The actor is where the model is, state and context; its snapshot, for what a state checks besides. */
export function expectModelState<TSnapshot extends AnyMachineSnapshot>(actor: { getSnapshot(): TSnapshot }, expected: AnyMachineSnapshot): TSnapshot {
  const actual = actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context).toEqual(expected.context);
  return actual;
}

/** What a model step drives: the harness's actor. */
interface DrivenActor {
  send(event: AnyEventObject): void;
  getSnapshot(): AnyMachineSnapshot;
}

/**
 * The model step of `field.change`: the machine holds what was typed as the typing filter lets it through. `held`
 * says where the fields live in the context: its `form` by default.
 */
export function typedFieldStep(
  actor: DrivenActor,
  filter: (field: never, value: string) => string,
  held: (context: Record<string, unknown>) => unknown = (context) => context.form,
) {
  return ({ event }: { event: AnyEventObject }) => {
    const change = event as AnyEventObject & { field: never; value: string };
    actor.send(change);
    expect((held(actor.getSnapshot().context) as Record<string, unknown>)[change.field]).toBe(filter(change.field, change.value));
  };
}

/** The model step of `password.toggle`: the field's password shows, or hides again. */
export function passwordToggleStep(actor: DrivenActor) {
  return ({ event }: { event: AnyEventObject }) => {
    const { field } = event as AnyEventObject & { field: string };
    const shown = () => (actor.getSnapshot().context as { shown: Record<string, boolean> }).shown[field];
    const before = shown();
    actor.send({ type: 'password.toggle', field });
    expect(shown()).toBe(!before);
  };
}

/** What a model step does for one event of a path, and what it checks after it. */
export type ModelStep = (step: { event: AnyEventObject }) => unknown;

/** One walk of a machine's model: from its input, with a fresh harness for each path. */
export interface ModelWalk<TMachine extends AnyStateMachine, THarness extends { actor: { getSnapshot(): AnyMachineSnapshot } }> {
  /** The events the model may send: each of the list that the state can take, or what the function picks. */
  events: readonly EventFromLogic<TMachine>[] | ((snapshot: SnapshotFrom<TMachine>, input: InputFrom<TMachine>) => EventFromLogic<TMachine>[]);
  /** How a vertex tells the event that led to it (testModelOptions): whole by default. */
  eventKey?: (event: AnyEventObject | undefined) => string;
  /** The machine's input, for the model and the harness. */
  input?: InputFrom<TMachine>;
  /** The model has more paths than this (0 by default: not none), and fewer than `fewerPathsThan` when given. */
  morePathsThan?: number | ((input: InputFrom<TMachine>) => number);
  fewerPathsThan?: number;
  /** The actor under test, started with the input, and what records its calls: a fresh one for each path. */
  harness: (input: InputFrom<TMachine>) => THarness;
  /** What every state checks besides the model's state and context (expectModelState). */
  state?: (actual: SnapshotFrom<TMachine>, h: THarness) => void;
  /** The model steps of a path, by event type, driving its harness. */
  steps: (h: THarness, input: InputFrom<TMachine>) => Record<string, ModelStep>;
  /** What the whole path checks once it has been walked. */
  end?: (h: THarness) => void;
}

/**
 * The model-based test of a machine: a test that the model has paths and a test a shortest path, each checking at every
 * state that the actor is where the model is; with `situations`, all that once for each input, each in its own
 * describe. Then the check that the paths reached every state and transition (`coverage` is what the harnesses'
 * actors were inspected into).
 */
export function walkModel<TMachine extends AnyStateMachine, THarness extends { actor: { getSnapshot(): AnyMachineSnapshot } }>(
  title: string,
  walk: ModelWalk<TMachine, THarness> & { machine: TMachine; coverage: Coverage; situations?: Record<string, InputFrom<TMachine>> },
) {
  describe(title, () => {
    if (walk.situations) {
      for (const [situation, input] of Object.entries(walk.situations)) describe(situation, () => walkPaths(walk.machine, { ...walk, input }));
    } else walkPaths(walk.machine, walk);
    it('walked every state and every transition of the machine', () => {
      expectFullCoverage(walk.coverage, walk.machine);
    });
  });
}

/** The tests of one walk: the model has paths, and each shortest path behaves as the model says. */
function walkPaths<TMachine extends AnyStateMachine, THarness extends { actor: { getSnapshot(): AnyMachineSnapshot } }>(
  machine: TMachine,
  walk: ModelWalk<TMachine, THarness>,
) {
  const { events } = walk;
  const input = walk.input as InputFrom<TMachine>;
  const pick = (snapshot: AnyMachineSnapshot) =>
    typeof events === 'function' ? events(snapshot as SnapshotFrom<TMachine>, input) : events.filter((event) => snapshot.can(event));
  const model = new TestModel(machine as AnyStateMachine, testModelOptions<AnyStateMachine>(pick as never, walk.eventKey));
  const paths = model.getShortestPaths(input === undefined ? undefined : ({ input } as never));
  const morePathsThan = typeof walk.morePathsThan === 'function' ? walk.morePathsThan(input) : (walk.morePathsThan ?? 0);

  it('has a finite model to walk', () => {
    expect(paths.length).toBeGreaterThan(morePathsThan);
    if (walk.fewerPathsThan !== undefined) expect(paths.length).toBeLessThan(walk.fewerPathsThan);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = walk.harness(input);
      await path.test({
        states: {
          '*': (expected) => {
            const actual = expectModelState(h.actor, expected as AnyMachineSnapshot);
            walk.state?.(actual as SnapshotFrom<TMachine>, h);
          },
        },
        events: walk.steps(h, input) as never,
      });
      walk.end?.(h);
    });
  }
}

/** A harness of a form that loads its record first: the loads asked, the notices shown and the errors logged. */
interface LoadingFormHarness {
  actor: DrivenActor;
  loads: unknown[];
  notices: unknown[];
  logged: unknown[];
  settle(call: never, outcome: { output: unknown } | { error: Error }): Promise<unknown>;
}

/**
 * The model steps of loading a form's record through the `call` actor: its answer fills the form, its failure is only
 * logged (SPEC.md §8), and the `retry` event asks once more. `asked` is what each load is asked for.
 */
export function formLoadSteps(h: LoadingFormHarness, load: { call: string; retry: string; asked: unknown; form: unknown }): Record<string, ModelStep> {
  const call = load.call as never;
  return {
    [`xstate.done.actor.${load.call}`]: async ({ event }) => {
      expect(h.loads.at(-1)).toBe(load.asked);
      await h.settle(call, { output: event.output });
      expect(h.actor.getSnapshot().context.form).toEqual(load.form);
    },
    [`xstate.error.actor.${load.call}`]: async ({ event }) => {
      const before = h.notices.length;
      await h.settle(call, { error: event.error as Error });
      expect(h.logged.at(-1)).toBe(event.error);
      expect(h.notices.length).toBe(before);
    },
    [load.retry]: () => {
      const before = h.loads.length;
      h.actor.send({ type: load.retry });
      expect(h.loads.length).toBe(before + 1);
    },
  };
}
