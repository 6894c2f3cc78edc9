/**
 * What every model-based machine test shares: the actor started under test (`startMachine`), calls held until the
 * path's next step says how they end, the notices a step shows, the model steps several machines take alike, the walk
 * of the model's paths (`walkModel`) and the options of xstate/graph's TestModel; then what the forms that load a
 * record, and the forms that look an e-mail up and verify a code, share. The coverage the paths reach is
 * machine-graph.ts's.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { TestModel, serializeSnapshot } from 'xstate/graph';
import type {
  Actor,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InputFrom,
  InspectionEvent,
  MachineImplementationsFrom,
  SnapshotFrom,
} from 'xstate';
import type { Notice } from '../../domain/notice';
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
    /** A promise actor that records its input (or what `recorded` reads of it) into `calls` and stays open until `settle`. */
    holding<TOutput, TInput, TRecorded = TInput>(
      id: string,
      calls?: TRecorded[],
      recorded = (input: TInput) => input as unknown as TRecorded,
    ) {
      return fromPromise<TOutput, TInput>(({ input }) => {
        calls?.push(recorded(input));
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

/**
 * The notices a machine's `notify` action shows, and the check that a step showed exactly the expected ones, each for
 * the screen's `duration` when given.
 */
export function noticeLog<TNotice extends { message: string; duration?: number }>(duration?: number) {
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
    /** The step showed exactly these messages, each for `shownFor` ms (the screen's duration by default) when given. */
    async expectMessages(run: () => unknown, expected: string[], shownFor = duration) {
      const shown = await during(run);
      expect(shown.map((notice) => notice.message)).toEqual(expected);
      if (shownFor !== undefined) for (const notice of shown) expect(notice.duration).toBe(shownFor);
    },
  };
}

/** The machine under test (its fakes provided), started from `input` on a simulated clock, inspected into `coverage`. */
export function startMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  coverage: { inspect: (event: InspectionEvent) => void },
  input?: InputFrom<TMachine>,
) {
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock, inspect: coverage.inspect } as never) as Actor<TMachine>;
  actor.start();
  return { actor, clock };
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

/** What a model step does for one event of a path, and what it checks after it. */
export type ModelStep = (step: { event: AnyEventObject }) => unknown;

/**
 * The model step of `field.change`: the machine holds what was typed as the typing filter lets it through. `held`
 * says where the field lives in the context: its `form` by default.
 */
export function typedFieldStep(
  actor: DrivenActor,
  filter: (field: never, value: string) => string,
  held: (context: Record<string, unknown>, field: string) => unknown = (context) => context.form,
) {
  return ({ event }: { event: AnyEventObject }) => {
    const change = event as AnyEventObject & { field: never; value: string };
    actor.send(change);
    const fields = held(actor.getSnapshot().context, change.field) as Record<string, unknown>;
    expect(fields[change.field]).toBe(filter(change.field, change.value));
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

/** The model step of a `retry` event: the actor asks once more, one call more than `calls` counted before. */
export function retryStep(actor: DrivenActor, retry: string, calls: () => number): ModelStep {
  return () => {
    const before = calls();
    actor.send({ type: retry });
    expect(calls()).toBe(before + 1);
  };
}

/**
 * A delayed leave (a redirect, back to the list): `left` counts none a moment before `ms` (while `waiting` holds),
 * then one.
 */
export function expectLeavesAfter(clock: SimulatedClock, ms: number, left: () => number, waiting?: () => void) {
  clock.increment(ms - 1);
  expect(left()).toBe(0);
  waiting?.();
  clock.increment(1);
  expect(left()).toBe(1);
}

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

// Forms that load their record, then save it (admin forms, address, profile).

/** The actors a machine calls, by `src`, and the input it calls one with. */
type CallsOf<TMachine extends AnyStateMachine> = NonNullable<MachineImplementationsFrom<TMachine>['actors']>;
type CallInput<TMachine extends AnyStateMachine, TSrc extends keyof CallsOf<TMachine>> = InputFrom<NonNullable<CallsOf<TMachine>[TSrc]>>;

/**
 * A form that loads its record through the `load` actor and saves it through `save`, started as startMachine does:
 * both calls held until settled and recorded (`loads`, `saves`), the notices it shows and the errors it logs.
 * `provide` gives the machine's other actors and actions (where it goes once saved).
 */
export function startLoadingForm<
  TMachine extends AnyStateMachine,
  TLoad extends keyof CallsOf<TMachine> & string,
  TSave extends keyof CallsOf<TMachine> & string,
>(
  machine: TMachine,
  form: {
    load: TLoad;
    save: TSave;
    input: InputFrom<TMachine>;
    coverage: { inspect: (event: InspectionEvent) => void };
    provide?: MachineImplementationsFrom<TMachine>;
  },
) {
  const notices: Notice[] = [];
  const logged: unknown[] = [];
  const loads: CallInput<TMachine, TLoad>[] = [];
  const saves: CallInput<TMachine, TSave>[] = [];
  const calls = heldCalls();
  const implementations = {
    actors: { [form.load]: calls.holding(form.load, loads), [form.save]: calls.holding(form.save, saves), ...form.provide?.actors },
    actions: {
      notify: (_: unknown, notice: Notice) => void notices.push(notice),
      logError: (_: unknown, { error }: { error: unknown }) => void logged.push(error),
      ...form.provide?.actions,
    },
  };
  return {
    ...startMachine(machine.provide(implementations as never) as TMachine, form.coverage, form.input),
    notices,
    logged,
    loads,
    saves,
    settle: (which: TLoad | TSave, outcome: { output: unknown } | { error: Error }) => calls.answer(which, outcome),
  };
}

/** A harness of a form that loads its record first: the loads asked, the notices shown and the errors logged. */
interface LoadingFormHarness {
  actor: DrivenActor;
  loads: unknown[];
  notices: unknown[];
  logged: unknown[];
  settle(call: never, outcome: { output: unknown } | { error: Error }): Promise<unknown>;
}

/** The model events of loading a form's record (formLoadSteps): the `call` answers with `loaded` or fails, and the retry. */
export function formLoadEvents(load: { call: string; retry: string }, loaded: unknown) {
  return [
    { type: `xstate.done.actor.${load.call}`, output: loaded },
    { type: `xstate.error.actor.${load.call}`, error: new Error('502') },
    { type: load.retry },
  ];
}

/**
 * The model steps of loading a form's record through the `call` actor: its answer fills the form (what `filled` reads
 * of the context: its `form` by default), its failure is only logged (SPEC.md §8), and the `retry` event asks once
 * more. `asked` is what each load is asked for.
 */
export function formLoadSteps(
  h: LoadingFormHarness,
  load: { call: string; retry: string; asked: unknown; form: unknown; filled?: (context: Record<string, unknown>) => unknown },
): Record<string, ModelStep> {
  const call = load.call as never;
  const filled = load.filled ?? ((context) => context.form);
  return {
    [`xstate.done.actor.${load.call}`]: async ({ event }) => {
      expect(h.loads.at(-1)).toBe(load.asked);
      await h.settle(call, { output: event.output });
      expect(filled(h.actor.getSnapshot().context)).toEqual(load.form);
    },
    [`xstate.error.actor.${load.call}`]: async ({ event }) => {
      const before = h.notices.length;
      await h.settle(call, { error: event.error as Error });
      expect(h.logged.at(-1)).toBe(event.error);
      expect(h.notices.length).toBe(before);
    },
    [load.retry]: retryStep(h.actor, load.retry, () => h.loads.length),
  };
}

/**
 * The model step of `form.submit` on a loaded form: a form the machine takes goes to `saving`, sent as `sent` builds the
 * save from it, without a notice; one it refuses sends nothing and shows the fields' messages, with the `refused`
 * notice for that form when there is one.
 */
export function formSubmitStep(
  h: LoadingFormHarness & { saves: unknown[] },
  submit: { sent: (form: Record<string, string>) => unknown; refused: (form: Record<string, string>) => Notice | null },
): ModelStep {
  return () => {
    const notices = h.notices.length;
    const saves = h.saves.length;
    const form = h.actor.getSnapshot().context.form as Record<string, string>;
    h.actor.send({ type: 'form.submit' });
    const after = h.actor.getSnapshot();
    if (after.matches('saving')) {
      expect(h.saves.slice(saves)).toEqual([submit.sent(form)]);
      expect(h.notices.length).toBe(notices);
    } else {
      const refused = submit.refused(form);
      expect(h.saves.length).toBe(saves);
      expect(h.notices.slice(notices)).toEqual(refused ? [refused] : []);
      expect(after.context.submitted).toBe(true);
    }
  };
}

// Forms that look the e-mail up when it is left and verify a code mailed to it (sign-up, guest checkout).

/** Where an EmailCodeForm keeps its fields, and the answer of its look-up. */
interface EmailCodeForm {
  /** The fields kept beside the `details` (the code, the passwords). */
  besideDetails: string[];
  /** The details a new e-mail leaves. */
  emptyDetails: Record<string, string>;
  /** Whether the context holds a look-up's answer, and that answer. */
  lookedUp: (context: Record<string, unknown>) => boolean;
  answer: (context: Record<string, unknown>) => unknown;
}

/**
 * The model events of typing an EmailCodeForm's details: the `email`, then another (to see the clearing), leaving the
 * e-mail, the names as given and a mobile with a space the filter drops.
 */
export function emailFormEvents(email: string, names: { firstName: string; lastName: string }) {
  const change = (field: string, value: string) => ({ type: 'field.change', field, value });
  return {
    emailA: change('email', email),
    emailB: change('email', 'ravi@example.in'),
    blurEmail: { type: 'field.blur', field: 'email' },
    firstName: change('firstName', names.firstName),
    lastName: change('lastName', names.lastName),
    mobile: change('mobileNumber', '98400 12345'),
  };
}

/**
 * The model step of `field.change` on an EmailCodeForm: the field holds what the typing filter lets through, and a new
 * e-mail after a look-up clears the other details and the answer (SPEC.md §4).
 */
export function emailFormFieldStep(
  actor: DrivenActor,
  filter: (field: never, value: string) => string,
  form: EmailCodeForm,
): ModelStep {
  const typed = typedFieldStep(actor, filter, (context, field) => (form.besideDetails.includes(field) ? context : context.details));
  return (step) => {
    const before = actor.getSnapshot().context;
    typed(step);
    const { field, value } = step.event as AnyEventObject & { field: never; value: string };
    const email = filter(field, value);
    if (field === 'email' && form.lookedUp(before) && email !== before.details.email) {
      const after = actor.getSnapshot().context;
      expect(after.details).toEqual({ ...form.emptyDetails, email });
      expect(form.answer(after)).toBeNull();
    }
  };
}

/**
 * The model step of `otp.verify` on an EmailCodeForm: in the state that asks for the code (`code.asking`), an empty or
 * short code shows its notice and a six-digit one is checked once, with the e-mail; elsewhere the event is ignored.
 */
export function otpVerifyStep(
  actor: DrivenActor,
  otpChecks: { email: string; otp: string }[],
  expectNotices: (run: () => unknown, expected: string[]) => Promise<void>,
  code: { asking: string; empty: string; short: string },
): ModelStep {
  return async () => {
    const snapshot = actor.getSnapshot();
    const { otp, details } = snapshot.context as { otp: string; details: { email: string } };
    const checks = otpChecks.length;
    const asked = snapshot.matches(code.asking);
    const expected = !asked || otp.length === 6 ? [] : otp === '' ? [code.empty] : [code.short];
    await expectNotices(() => actor.send({ type: 'otp.verify' }), expected);
    expect(otpChecks.slice(checks)).toEqual(asked && otp.length === 6 ? [{ email: details.email, otp }] : []);
  };
}

/**
 * What a form says when the code it sent is refused, as the models' failures (`failure(status, serverMessage)`) put it:
 * `crashed` for a server error, `wrong` for the server's 'Wrong code', else `other` (the server's own words by default).
 */
export function codeRefusalText(error: unknown, texts: { crashed: string; wrong: string; other?: string }) {
  const { status, serverMessage } = error as { status: number | null; serverMessage: string };
  return status === 500 ? texts.crashed : serverMessage === 'Wrong code' ? texts.wrong : (texts.other ?? serverMessage);
}

/**
 * On an EmailCodeForm, the `lookup` of the first e-mail still under way when the second is typed is dropped: its
 * `answer`, come late, fills nothing.
 */
export async function expectStaleLookupDropped(
  h: { actor: DrivenActor; pending: Map<string, Pending> },
  typed: ReturnType<typeof emailFormEvents>,
  lookup: { call: string; answer: unknown; emptyDetails: Record<string, string> },
) {
  h.actor.send(typed.emailA);
  h.actor.send(typed.blurEmail);
  const stale = h.pending.get(lookup.call);
  expect(stale).toBeDefined();
  h.actor.send(typed.emailB);
  stale?.resolve(lookup.answer);
  await flushPromises();
  expect(h.actor.getSnapshot().context.details).toEqual({ ...lookup.emptyDetails, email: typed.emailB.value });
}
