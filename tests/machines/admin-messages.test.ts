// The admin's Messages, model-based: every state and transition walked with held calls, checking what each step asks
// the server (which message, read or unread), that opening or replying only marks an unread message read, that a
// failed change says so and leaves the list as it was, and that Retry loads again.
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, EventFrom, SnapshotFrom } from 'xstate';
import type { ContactMessageRecord } from '../../domain/admin-messages';
import type { Notice } from '../../domain/notice';
import { adminMessagesMachine } from '../../machines/admin-messages.machine';
import type { MessageChange } from '../../machines/admin-messages.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, noticeLog, retryStep, startMachine, walkModel, wholeEvent } from './machine-test-kit';

type MessagesSnapshot = SnapshotFrom<typeof adminMessagesMachine>;
type ModelEvent = EventFrom<typeof adminMessagesMachine>;

const aMessage = (id: number, readAt: string | null): ContactMessageRecord => ({
  id,
  fullName: `Sender ${id}`,
  email: `sender${id}@example.in`,
  phoneNumber: '9876543210',
  message: `Message ${id}`,
  createdAt: '2026-03-01T09:00:00.000Z',
  readAt,
});
const unreadOne = aMessage(1, null);
const readTwo = aMessage(2, '2026-03-02T10:00:00.000Z');

const failed = new TypeError('Failed to fetch');
const modelEvents = [
  { type: 'xstate.done.actor.loadMessages', output: [unreadOne, readTwo] },
  { type: 'xstate.error.actor.loadMessages', error: failed },
  { type: 'list.retry' },
  { type: 'message.toggle', id: 1 },
  { type: 'message.toggle', id: 2 },
  { type: 'message.open', id: 1 },
  { type: 'message.open', id: 2 },
  { type: 'message.reply', id: 1 },
  { type: 'message.reply', id: 2 },
  // The server's answer: message 1 now read, or message 2 now unread.
  { type: 'xstate.done.actor.markRead', output: { ...unreadOne, readAt: '2026-03-03T08:00:00.000Z' } },
  { type: 'xstate.done.actor.markRead', output: { ...readTwo, readAt: null } },
  { type: 'xstate.error.actor.markRead', error: failed },
] as unknown as ModelEvent[];

const changeFailed: Notice = { message: 'The message could not be updated. Please try again.', kind: 'error', duration: 4000 };

function harness() {
  const calls = { loads: [] as unknown[], changes: [] as MessageChange[] };
  const errors: unknown[] = [];
  const notices = noticeLog<Notice>();
  const { holding, settle } = heldCalls();
  const { actor } = startMachine(
    adminMessagesMachine.provide({
      actors: {
        loadMessages: holding('loadMessages', calls.loads),
        markRead: holding<ContactMessageRecord, MessageChange>('markRead', calls.changes),
      },
      actions: { notify: notices.notify, logError: (_, { error }) => void errors.push(error) },
    }),
    coverage,
  );
  return { actor, calls, errors, notices, settle };
}

const coverage = machineCoverage();

/** Whether message `id` is unread in the actor's list. */
const unreadIn = (snapshot: MessagesSnapshot, id: number) => snapshot.context.messages.find((message) => message.id === id)?.readAt === null;

walkModel('admin-messages machine (model-based)', {
  machine: adminMessagesMachine,
  coverage,
  events: modelEvents,
  eventKey: wholeEvent,
  morePathsThan: 10,
  harness,
  state: (actual, h) => {
    if (actual.matches('toggling')) expect(actual.context.change).toEqual(h.calls.changes.at(-1));
  },
  steps: (h) => {
    /** A user's event: what it asked the server, if anything. */
    const userEvent = ({ event }: { event: AnyEventObject }) => {
      const before = h.actor.getSnapshot();
      const changes = h.calls.changes.length;
      const sent = event as Extract<ModelEvent, { id: number }>;
      h.actor.send(sent);
      const { id } = sent;
      const unread = unreadIn(before, id);
      // A toggle flips the message; opening or replying marks only an unread one read.
      const expected = event.type === 'message.toggle' ? [{ id, read: unread }] : unread ? [{ id, read: true }] : [];
      expect(h.calls.changes.slice(changes)).toEqual(expected);
    };
    return {
      'xstate.done.actor.loadMessages': ({ event }) => h.settle(event),
      'xstate.error.actor.loadMessages': async ({ event }) => {
        await h.settle(event);
        expect(h.errors.at(-1)).toBe(failed);
      },
      'list.retry': retryStep(h.actor, 'list.retry', () => h.calls.loads.length),
      'message.toggle': userEvent,
      'message.open': userEvent,
      'message.reply': userEvent,
      'xstate.done.actor.markRead': ({ event }) => h.settle(event),
      'xstate.error.actor.markRead': async ({ event }) => {
        const messages = h.actor.getSnapshot().context.messages;
        await h.notices.expectMessages(() => h.settle(event), [changeFailed.message], changeFailed.duration);
        expect(h.actor.getSnapshot().context.messages).toEqual(messages);
        expect(h.errors.at(-1)).toBe(failed);
      },
    };
  },
});

describe('admin-messages machine rules', () => {
  it('makes one change at a time: a second toggle while one is on its way is not sent', async () => {
    const h = harness();
    await h.settle({ type: 'xstate.done.actor.loadMessages', output: [unreadOne, readTwo] });
    h.actor.send({ type: 'message.toggle', id: 1 });
    expect(h.actor.getSnapshot().can({ type: 'message.toggle', id: 2 })).toBe(false);
    h.actor.send({ type: 'message.toggle', id: 2 });
    h.actor.send({ type: 'message.reply', id: 1 });
    expect(h.calls.changes).toEqual([{ id: 1, read: true }]);
    await h.settle({ type: 'xstate.done.actor.markRead', output: { ...unreadOne, readAt: '2026-03-03T08:00:00.000Z' } });
    expect(h.actor.getSnapshot().context).toEqual({
      messages: [{ ...unreadOne, readAt: '2026-03-03T08:00:00.000Z' }, readTwo],
      change: null,
    });
  });
});
