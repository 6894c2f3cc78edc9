// The checkout page's loading, model-based: every state and transition walked with fake calls, checking that the bag
// is asked of the owner just found, that either failure ends in Try again, and that Try again starts over.
import { describe, expect, it } from 'vitest';
import { TestModel, serializeSnapshot } from 'xstate/graph';
import { createActor, fromPromise } from 'xstate';
import type { AnyEventObject, EventFrom, SnapshotFrom } from 'xstate';
import type { CartOwner, CartReply } from '../../domain/cart';
import { checkoutLoadMachine } from '../../machines/checkout-load.machine';
import { expectFullCoverage, recordCoverage } from './machine-graph';

type LoadSnapshot = SnapshotFrom<typeof checkoutLoadMachine>;
type ModelEvent = EventFrom<typeof checkoutLoadMachine>;

const guest: CartOwner = { kind: 'guest', sessionId: 'GuestSession0123456789ab' };
const bag = { price: 1499, gst: true, totalAmount: 1250, totalCartItems: 1, productList: [] } as CartReply;

const modelEvents = [
  { type: 'xstate.done.actor.ensureOwner', output: guest },
  { type: 'xstate.error.actor.ensureOwner', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.loadCart', output: bag },
  { type: 'xstate.error.actor.loadCart', error: new TypeError('Failed to fetch') },
  { type: 'load.retry' },
] as unknown as ModelEvent[];

function harness() {
  const calls = { owners: 0, carts: [] as CartOwner[] };
  const taken = new Set<string>();
  const visited = new Set<string>();
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const hold = <T>(id: string) => new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as never, reject }));
  const actor = createActor(
    checkoutLoadMachine.provide({
      actors: {
        ensureOwner: fromPromise(() => {
          calls.owners += 1;
          return hold<CartOwner>('ensureOwner');
        }),
        loadCart: fromPromise(({ input }) => {
          calls.carts.push(input);
          return hold<CartReply>('loadCart');
        }),
      },
    }),
    { inspect: recordCoverage(taken, visited) },
  );
  actor.start();
  for (const node of actor.getSnapshot()._nodes) visited.add(node.id);
  const settle = async (event: AnyEventObject) => {
    const [, outcome, , id] = event.type.split('.') as [string, 'done' | 'error', string, string];
    const call = pending.get(id);
    if (!call) throw new Error(`no ${id} call in flight`);
    pending.delete(id);
    if (outcome === 'done') call.resolve(event.output);
    else call.reject(event.error);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actor, calls, taken, visited, settle };
}

const coverage = { taken: new Set<string>(), visited: new Set<string>() };

describe('checkout-load machine (model-based)', () => {
  const model = new TestModel(checkoutLoadMachine, {
    events: (snapshot: LoadSnapshot) => modelEvents.filter((event) => snapshot.can(event)),
    serializeState: (snapshot, event) => `${serializeSnapshot(snapshot)}|${JSON.stringify(event ?? null)}`,
    stateMatcher: (snapshot, key) => key === '*' || snapshot.matches(key as never),
  });
  const paths = model.getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const h = harness();
      await path.test({
        states: {
          '*': (expected) => {
            const actual = h.actor.getSnapshot();
            expect(actual.value).toEqual(expected.value);
            expect(actual.context).toEqual(expected.context);
          },
        },
        events: {
          'xstate.done.actor.ensureOwner': async ({ event }: { event: AnyEventObject }) => {
            await h.settle(event);
            // The bag asked for is the owner's just found.
            expect(h.calls.carts.at(-1)).toEqual(guest);
          },
          'xstate.error.actor.ensureOwner': async ({ event }: { event: AnyEventObject }) => {
            const carts = h.calls.carts.length;
            await h.settle(event);
            expect(h.calls.carts).toHaveLength(carts);
          },
          'xstate.done.actor.loadCart': ({ event }: { event: AnyEventObject }) => h.settle(event),
          'xstate.error.actor.loadCart': ({ event }: { event: AnyEventObject }) => h.settle(event),
          'load.retry': () => {
            const owners = h.calls.owners;
            h.actor.send({ type: 'load.retry' });
            // Try again starts over from the owner: one new call.
            expect(h.calls.owners).toBe(owners + 1);
          },
        } as never,
      });
      for (const key of h.taken) coverage.taken.add(key);
      for (const id of h.visited) coverage.visited.add(id);
    });
  }

  it('walked every state and every transition of the machine', () => {
    expectFullCoverage(coverage, checkoutLoadMachine);
  });
});
