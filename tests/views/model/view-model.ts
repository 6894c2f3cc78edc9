/**
 * Model-based paths walked through a real screen: the machine's model plans a few paths that take every transition
 * (plan-paths.ts); each path renders the real view (its real machine, API client and msw at the HTTP layer), performs
 * every step the way a person or the server would (typing, clicking, a held request answered), and checks after each
 * step that the screen's own actor is in the model's state and that the screen shows it. The states and transitions
 * the real actors went through (real-actors.ts, reported by the views' own `inspect` option) must be all the machine
 * has; each file prints its line of the table. No timer is real: a held request waits for its step, and machine delays
 * run on a clock the walk moves (machine-clock.ts).
 */
import { act, cleanup, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { HeldNetwork } from './held-network';
import { describeEvent, describeSteps, itemsOfMachine, planPaths, stateItem, transitionItem } from './plan-paths';
import type { PlannedPath, Situation } from './plan-paths';
import { machineClock } from './machine-clock';
import { liveActorOf, realActorsOf } from './real-actors';

// Machine delays in this file's walks wait for the walk's steps (machine-clock.ts).
machineClock.takeOver();

export type { Situation } from './plan-paths';

/** What every step's code gets besides the page: the situation's input, a user and the held network. */
export interface Walk<TInput> {
  input: TInput;
  user: UserEvent;
  network: HeldNetwork;
}

export interface StepStates {
  from: AnyMachineSnapshot;
  to: AnyMachineSnapshot;
}

export interface ViewModel<TPage, TInput> {
  machine: AnyStateMachine;
  /** The ways the screen is reached; each is walked only when it reaches something new. */
  situations: Situation<TInput>[];
  /** The machine's input for a situation, when the situation holds more (how the screen is reached). */
  inputOf?: (input: TInput) => unknown;
  /** The model's events, per situation when a function: only those the state handles are tried. */
  events: AnyEventObject[] | ((input: TInput) => AnyEventObject[]);
  /**
   * Event types the screen brings about by itself (a call the view answers without the network): the walk neither
   * performs them nor checks the state they leave, which the real actor may have left before anyone could look.
   */
  automatic?: string[] | ((input: TInput) => string[]);
  /** Whether the screen offers the event in the state at all (the machine may accept more than a screen shows). */
  offers?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
  /** Whether the screen is gone after the event (it navigated away): a path ends with such a step. */
  leaves?: (from: AnyMachineSnapshot, event: AnyEventObject) => boolean;
  network: HeldNetwork;
  /** Renders the real screen for the situation (storage and location included); returns what the steps need. */
  render: (walk: Walk<TInput>) => TPage | Promise<TPage>;
  /**
   * Per event type, how it happens in the real view, and what a person notices right then (a toast that will not
   * last); `step` holds the model's states before and after. Delayed transitions (`xstate.after.…`) need none: the
   * walk moves the machines' clock (machine-clock.ts) to a moment before the delay, checks nothing happened, then on.
   */
  perform: Record<string, (page: TPage, event: AnyEventObject, walk: Walk<TInput>, step: StepStates) => unknown>;
  /**
   * Per state key (anything `snapshot.matches` takes, or '*' for every state), what the screen shows in that state,
   * given the state before (none on opening); retried until it holds, so plain assertions do.
   */
  shows: Record<string, (page: TPage, expected: AnyMachineSnapshot, walk: Walk<TInput>, from?: AnyMachineSnapshot) => void>;
  /** What of the real and the model's snapshots must be equal after every step: value and context by default. */
  observe?: (snapshot: AnyMachineSnapshot) => unknown;
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  maxSteps?: number;
  /** The actor is the app's own root actor, started on import and kept across screens, not one per screen. */
  outlivesScreen?: boolean;
  /**
   * Transitions (machine-graph.ts keys) the real view cannot take, each with the reason: left out of the paths, listed
   * in the table, and checked to stay untaken, so the exemption goes when the view changes.
   */
  notInView?: Record<string, string>;
}

const defaultObserve = (snapshot: AnyMachineSnapshot) => ({ value: snapshot.value, context: snapshot.context });

/** `xstate.after.3000.editAddress.saved` → 3000; a named delay (`xstate.after.backToList.…`) as the machine works it out. */
function delayOf(machine: AnyStateMachine, event: AnyEventObject, from: AnyMachineSnapshot): number | undefined {
  const name = /^xstate\.after\.([^.]+)\./.exec(event.type)?.[1];
  if (name === undefined) return undefined;
  if (/^\d+$/.test(name)) return Number(name);
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  return typeof delay === 'function' ? (delay as (args: unknown) => number)({ context: from.context, event }) : (delay as number);
}

/** Lets the delay run out: a moment before it nothing has happened yet, then the transition is due. */
async function passTime(actor: () => AnyActorRef, ms: number, from: AnyMachineSnapshot) {
  act(() => machineClock.advance(ms - 1));
  expect((actor().getSnapshot() as AnyMachineSnapshot).value).toEqual(from.value);
  await act(async () => machineClock.advance(1));
}

function withContext(error: unknown, where: string): Error {
  const failure = error instanceof Error ? error : new Error(String(error));
  failure.message = `${where}: ${failure.message}`;
  return failure;
}

async function walkPath<TPage, TInput>(model: ViewModel<TPage, TInput>, path: PlannedPath<TInput>) {
  const { machine } = model;
  const observe = model.observe ?? defaultObserve;
  const user = userEvent.setup();
  const walk: Walk<TInput> = { input: path.situation.input, user, network: model.network };
  const actorsBefore = realActorsOf(machine.id).length;
  model.network.open();
  const page = await model.render(walk);

  const expectState = async (expected: AnyMachineSnapshot, where: string, from?: AnyMachineSnapshot) => {
    try {
      await waitFor(() => {
        const screenActors = realActorsOf(machine.id).length - (model.outlivesScreen ? 0 : actorsBefore);
        if (screenActors === 0) throw new Error(`the screen runs no ${machine.id} actor`);
        expect(observe(liveActorOf(machine.id)!.getSnapshot() as AnyMachineSnapshot)).toEqual(observe(expected));
      });
      for (const [key, shows] of Object.entries(model.shows)) {
        if (key === '*' || expected.matches(key as never)) await waitFor(() => shows(page, expected, walk, from));
      }
    } catch (error) {
      throw withContext(error, `${where}, expecting ${JSON.stringify(expected.value)}`);
    }
  };

  const automatic = new Set(typeof model.automatic === 'function' ? model.automatic(walk.input) : (model.automatic ?? []));
  const passesByItself = (index: number) => automatic.has(path.steps[index]?.event.type ?? '');

  if (!passesByItself(0)) await expectState(path.start, 'on opening the screen');
  let from = path.start;
  for (const [index, step] of path.steps.entries()) {
    const where = `step ${index + 1} ${describeEvent(step.event)}`;
    if (!passesByItself(index)) {
      const delay = delayOf(machine, step.event, from);
      const perform =
        model.perform[step.event.type] ?? (delay !== undefined ? () => passTime(() => liveActorOf(machine.id)!, delay, from) : undefined);
      if (!perform) throw new Error(`${where}: the model sends ${step.event.type} but the test cannot perform it`);
      try {
        await perform(page, step.event, walk, { from, to: step.state });
      } catch (error) {
        throw withContext(error, where);
      }
    }
    if (!passesByItself(index + 1)) await expectState(step.state, where, from);
    from = step.state;
  }
}

/** The coverage table line for a machine, and what it missed. */
function coverageOf(machine: AnyStateMachine, notInView: string[]) {
  const all = itemsOfMachine(machine);
  for (const item of notInView) all.delete(item);
  const reached = new Set<string>();
  for (const real of realActorsOf(machine.id)) {
    real.visited.forEach((id) => reached.add(stateItem(id)));
    real.taken.forEach((key) => reached.add(transitionItem(key)));
  }
  const count = (prefix: string, set: Set<string>) => [...set].filter((item) => item.startsWith(prefix) && all.has(item)).length;
  return {
    reached,
    states: `${count('state:', reached)}/${count('state:', all)}`,
    transitions: `${count('transition:', reached)}/${count('transition:', all)}`,
    missed: [...all].filter((item) => !reached.has(item)).sort(),
  };
}

/** Declares one test per planned path, then the coverage check of the real view. */
export function describeViewModel<TPage, TInput>(title: string, model: ViewModel<TPage, TInput>) {
  describe(title, () => {
    const plan = planPaths({
      machine: model.machine,
      situations: model.situations,
      inputOf: model.inputOf,
      events: model.events,
      offers: model.offers,
      leaves: model.leaves,
      serializeState: model.serializeState,
      maxSteps: model.maxSteps,
      notInView: Object.keys(model.notInView ?? {}).map(transitionItem),
    });

    afterEach(async () => {
      // The screen goes first, so that nothing it starts after the walk (a page it was opening) reaches the network
      // while requests are still held.
      cleanup();
      model.network.reset();
      machineClock.reset();
      // Let the screen take the refusals before its console is given back, so that nothing it logs leaks out.
      await new Promise((resolve) => setTimeout(resolve, 20));
      vi.restoreAllMocks();
    });

    it('has a model whose events reach every state and transition', () => {
      expect(plan.unreachable).toEqual([]);
    });

    for (const [index, path] of plan.paths.entries()) {
      it(`path ${index + 1} ${path.situation.name}: ${describeSteps(path.steps) || 'opens'}`, () => walkPath(model, path));
    }

    it('walked every state and transition of the machine through the real view', () => {
      const exempt = Object.keys(model.notInView ?? {}).map(transitionItem);
      const coverage = coverageOf(model.machine, exempt);
      const steps = plan.paths.reduce((sum, path) => sum + path.steps.length, 0);
      console.log(
        [
          `view coverage | machine            | states | transitions | paths | steps`,
          `view coverage | ${model.machine.id.padEnd(18)} | ${coverage.states.padEnd(6)} | ${coverage.transitions.padEnd(11)} | ${String(plan.paths.length).padEnd(5)} | ${steps}`,
          ...coverage.missed.map((item) => `view coverage | missed ${item}`),
          ...Object.entries(model.notInView ?? {}).map(([key, why]) => `view coverage | not in this view: ${key} (${why})`),
        ].join('\n'),
      );
      expect(coverage.missed).toEqual([]);
      // An exemption names a real transition, and one the view indeed never took.
      expect(exempt.filter((item) => !itemsOfMachine(model.machine).has(item))).toEqual([]);
      expect(exempt.filter((item) => coverage.reached.has(item))).toEqual([]);
    });
  });
}
