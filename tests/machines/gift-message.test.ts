import { describe, expect, it } from 'vitest';
import { TestModel } from 'xstate/graph';
import { createActor } from 'xstate';
import type { AnyEventObject, EventFrom, SnapshotFrom } from 'xstate';
import { blankGiftForm, giftFormEmpty, giftMessages } from '../../domain/gift-message';
import { giftMessageMachine } from '../../machines/gift-message.machine';
import { giftMessageCounter, giftRequest, shownGiftIssues } from '../../machines/gift-message.selectors';
import { expectFullCoverage, machineCoverage } from './machine-graph';
import { expectModelState, testModelOptions } from './machine-test-kit';

type GiftSnapshot = SnapshotFrom<typeof giftMessageMachine>;
type ModelEvent = EventFrom<typeof giftMessageMachine>;

const tooLong = 'x'.repeat(251);
// A small alphabet: each field empty, valid or (message, name) broken; the name's box ticked; Place Order tried; cleared.
const modelEvents: ModelEvent[] = [
  { type: 'gift.change', field: 'occasion', value: 'Birthday' },
  { type: 'gift.change', field: 'occasion', value: '' },
  { type: 'gift.change', field: 'message', value: 'Happy birthday 🎂' },
  { type: 'gift.change', field: 'message', value: tooLong },
  { type: 'gift.change', field: 'message', value: '' },
  { type: 'gift.change', field: 'senderName', value: 'Asha' },
  { type: 'gift.change', field: 'senderName', value: '' },
  { type: 'gift.hideName', hide: true },
  { type: 'gift.check' },
  { type: 'gift.clear' },
];

const coverage = machineCoverage();

describe('gift-message machine (model-based)', () => {
  const model = new TestModel(giftMessageMachine, testModelOptions((snapshot: GiftSnapshot) => modelEvents.filter((event) => snapshot.can(event))));
  const paths = model.getShortestPaths();

  it('has a finite model to walk', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(giftMessageMachine, { inspect: coverage.inspect }).start();
      const step = ({ event }: { event: AnyEventObject }) => {
        const before = actor.getSnapshot().context;
        actor.send(event as ModelEvent);
        const after = actor.getSnapshot();
        // No card exactly when nothing is written, chosen or named; Place Order sends none then.
        expect(after.matches('noCard')).toBe(giftFormEmpty(after.context.values));
        expect(giftRequest(after.context) === null).toBe(after.matches('noCard'));
        if (event.type === 'gift.check') expect(after.context.checked).toBe(true);
        if (event.type === 'gift.clear') expect(after.context).toEqual({ values: blankGiftForm, checked: false });
        if (event.type === 'gift.change') expect(after.context.values).toEqual({ ...before.values, [event.field]: event.value });
      };
      await path.test({
        states: { '*': (expected) => void expectModelState(actor, expected) },
        events: Object.fromEntries(['gift.change', 'gift.hideName', 'gift.check', 'gift.clear'].map((type) => [type, step])) as never,
      });
    });
  }

  // The shortest paths reach "no card, after an emptied field" straight from the start, never by emptying the last
  // field of a card: that walk is taken here.
  it('goes back to no card when the last thing written is emptied, keeping "Don\'t show my name"', () => {
    const actor = createActor(giftMessageMachine, { inspect: coverage.inspect }).start();
    actor.send({ type: 'gift.hideName', hide: true });
    actor.send({ type: 'gift.change', field: 'message', value: 'Hi' });
    expect(actor.getSnapshot().matches('writing')).toBe(true);
    actor.send({ type: 'gift.change', field: 'message', value: '   ' });
    expect(actor.getSnapshot().matches('noCard')).toBe(true);
    expect(actor.getSnapshot().context.values.hideSenderName).toBe(true);
  });

  it('walked every state and every transition of the machine', () => {
    expectFullCoverage(coverage, giftMessageMachine);
  });
});

describe('gift-message selectors', () => {
  it('counts the message as a reader does: "n/250"', () => {
    const actor = createActor(giftMessageMachine).start();
    actor.send({ type: 'gift.change', field: 'message', value: 'Hi 👍🏽👨‍👩‍👧' });
    expect(giftMessageCounter(actor.getSnapshot().context)).toBe('5/250');
  });

  it("shows a field's complaint once it holds something, and the card's only once Place Order was tried", () => {
    const actor = createActor(giftMessageMachine).start();
    actor.send({ type: 'gift.change', field: 'senderName', value: 'Asha' });
    expect(shownGiftIssues(actor.getSnapshot().context)).toEqual({});
    actor.send({ type: 'gift.change', field: 'message', value: tooLong });
    expect(shownGiftIssues(actor.getSnapshot().context)).toEqual({ message: giftMessages.messageMax });
    actor.send({ type: 'gift.change', field: 'message', value: '' });
    actor.send({ type: 'gift.check' });
    expect(shownGiftIssues(actor.getSnapshot().context)).toEqual({ card: giftMessages.emptyCard });
  });
});
