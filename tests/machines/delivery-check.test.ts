// The product page's "Check delivery" box, model-based: a kept pincode is asked about at once, a typed one only once it
// has six digits; the server's answer is shown and its pincode kept for the visit; an unknown pincode shows the
// server's words and is not kept; a call that got no answer says so and is logged; a pincode changed while asked
// about drops the answer on its way.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, EventFrom } from 'xstate';
import type { DeliveryCheck } from '../../domain/delivery-check';
import type { DeliveryKind } from '../../domain/delivery-kind';
import { deliveryCheckMachine } from '../../machines/delivery-check.machine';
import type { CheckDeliveryInput } from '../../machines/delivery-check.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, startMachine, walkModel } from './machine-test-kit';
import { chennaiTodayAnswer } from '../domain/delivery-check-fixtures';

type ModelEvent = EventFrom<typeof deliveryCheckMachine>;

const unknownPincode = { status: 404, code: 'NOT_FOUND', serverMessage: 'We could not find pincode 999999.' };
const offline = new TypeError('Failed to fetch');

const modelEvents = [
  { type: 'xstate.done.actor.recallPincode', output: '600004' },
  { type: 'xstate.done.actor.recallPincode', output: null },
  { type: 'xstate.error.actor.recallPincode', error: new Error('storage blocked') },
  // The typing filter keeps five digits: still one short.
  { type: 'pincode.change', value: '6000a4' },
  { type: 'pincode.change', value: '600 004' },
  { type: 'check.submit' },
  { type: 'xstate.done.actor.checkDelivery', output: chennaiTodayAnswer },
  { type: 'xstate.error.actor.checkDelivery', error: unknownPincode },
  { type: 'xstate.error.actor.checkDelivery', error: offline },
] as unknown as ModelEvent[];

function harness(kind: DeliveryKind = 'hand') {
  const checks: CheckDeliveryInput[] = [];
  const kept: string[] = [];
  const logged: unknown[] = [];
  const calls = heldCalls();
  const { actor } = startMachine(
    deliveryCheckMachine.provide({
      actors: {
        recallPincode: calls.holding<string | null, unknown>('recallPincode'),
        checkDelivery: calls.holding<DeliveryCheck, CheckDeliveryInput>('checkDelivery', checks),
      },
      actions: {
        rememberPincode: (_, { pincode }) => void kept.push(pincode),
        logError: (_, { error }) => void logged.push(error),
      },
    }),
    coverage,
    { kind },
  );
  return { actor, checks, kept, logged, calls };
}

/** The two failures share one event type, and so do the two recalls: the vertex key tells them apart. */
const eventKey = (event: AnyEventObject | undefined) => {
  if (event?.type === 'xstate.error.actor.checkDelivery') return `${event.type}:${event.error === offline ? 'offline' : 'refused'}`;
  if (event?.type === 'xstate.done.actor.recallPincode') return `${event.type}:${String(event.output)}`;
  return JSON.stringify(event ?? null);
};

const coverage = machineCoverage();

walkModel('delivery-check machine (model-based)', {
  machine: deliveryCheckMachine,
  coverage,
  // A pincode changed while asked about is its own transition: a pincode only typed then keeps its path apart.
  events: (snapshot) => {
    const events = modelEvents.filter((event) => snapshot.can(event));
    if (!snapshot.matches('checking')) return events;
    return [...events.filter((event) => event.type !== 'pincode.change'), { type: 'pincode.change', value: '560025' } as ModelEvent];
  },
  eventKey,
  input: { kind: 'hand' },
  morePathsThan: 6,
  harness: () => harness(),
  state: (snapshot) => {
    // An answer is never shown beside a message.
    if (snapshot.context.answer) expect(snapshot.context.message).toBeNull();
  },
  steps: (h) => ({
    'xstate.done.actor.recallPincode': async ({ event }) => {
      await h.calls.settle(event);
      const recalled = (event as AnyEventObject & { output: string | null }).output;
      expect(h.actor.getSnapshot().context.pincode).toBe(recalled ?? '');
      // A kept pincode is asked about at once, for this product's kind.
      if (recalled) expect(h.checks.at(-1)).toEqual({ pincode: recalled, kind: 'hand' });
      else expect(h.checks).toEqual([]);
    },
    'xstate.error.actor.recallPincode': async ({ event }) => {
      await h.calls.settle(event);
      expect(h.logged.at(-1)).toBe(event.error);
      expect(h.actor.getSnapshot().context.pincode).toBe('');
    },
    'pincode.change': ({ event }) => {
      h.actor.send(event as ModelEvent);
      const { pincode, answer, message } = h.actor.getSnapshot().context;
      expect(pincode).toBe(String(event.value).replace(/\D/g, '').slice(0, 6));
      expect(answer).toBeNull();
      expect(message).toBeNull();
    },
    'check.submit': () => {
      const before = h.checks.length;
      const { pincode } = h.actor.getSnapshot().context;
      h.actor.send({ type: 'check.submit' });
      if (pincode.length === 6) {
        expect(h.checks.slice(before)).toEqual([{ pincode, kind: 'hand' }]);
      } else {
        expect(h.checks.length).toBe(before);
        expect(h.actor.getSnapshot().context.message).toBe('Pincode must be exactly 6 digits!');
      }
    },
    'xstate.done.actor.checkDelivery': async ({ event }) => {
      const asked = h.checks.at(-1)!.pincode;
      await h.calls.settle(event);
      expect(h.actor.getSnapshot().context.answer).toEqual(chennaiTodayAnswer);
      // The pincode kept is the one asked about, which is still in the box.
      expect(h.kept.at(-1)).toBe(asked);
      expect(h.actor.getSnapshot().context.pincode).toBe(asked);
    },
    'xstate.error.actor.checkDelivery': async ({ event }) => {
      const kept = h.kept.length;
      const logged = h.logged.length;
      await h.calls.settle(event);
      expect(h.kept.length).toBe(kept);
      if (event.error === offline) {
        expect(h.actor.getSnapshot().context.message).toBe('We could not check delivery just now. Please try again.');
        expect(h.logged.slice(logged)).toEqual([offline]);
      } else {
        // The server's own words; a refusal is not an app error to log.
        expect(h.actor.getSnapshot().context.message).toBe('We could not find pincode 999999.');
        expect(h.logged.length).toBe(logged);
      }
    },
  }),
});

describe('delivery-check machine rules', () => {
  it('asks about a courier product as courier, and a pincode changed mid-call drops the answer on its way', async () => {
    const h = harness('courier');
    await h.calls.answer('recallPincode', { output: '194101' });
    expect(h.checks).toEqual([{ pincode: '194101', kind: 'courier' }]);
    h.actor.send({ type: 'pincode.change', value: '19410' });
    expect(h.actor.getSnapshot().matches('ready')).toBe(true);
    expect(h.calls.pending.has('checkDelivery')).toBe(true);
    await h.calls.answer('checkDelivery', { output: { ...chennaiTodayAnswer, pincode: '194101' } });
    expect(h.actor.getSnapshot().context).toMatchObject({ pincode: '19410', answer: null });
    expect(h.kept).toEqual([]);
  });

  it('takes a server error (5xx) as no answer, in the browser’s words', async () => {
    const h = harness();
    await h.calls.answer('recallPincode', { output: null });
    h.actor.send({ type: 'pincode.change', value: '600004' });
    h.actor.send({ type: 'check.submit' });
    await h.calls.answer('checkDelivery', { error: { status: 503, code: null, serverMessage: 'Service Unavailable' } });
    expect(h.actor.getSnapshot().context.message).toBe('We could not check delivery just now. Please try again.');
  });
});
