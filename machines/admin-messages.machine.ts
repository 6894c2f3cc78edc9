// Admin Messages (issue 39): load the Contact Us messages, then mark one read or unread, because the admin toggled it
// or opened or replied to an unread one. One change at a time; a change that fails leaves the list as it was and says
// so in a toast.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { adminMessageTexts, isUnread } from '../domain/admin-messages';
import type { ContactMessageRecord } from '../domain/admin-messages';
import { toastDurations } from '../domain/limits';
import { notice } from '../domain/notice';
import type { Notice } from '../domain/notice';
import { errorOf, outputOf } from './actor-events';

/** A message being marked read (`read: true`) or unread. */
export interface MessageChange {
  id: number;
  read: boolean;
}

export interface AdminMessagesContext {
  messages: ContactMessageRecord[];
  /** The change on its way, for the view to show on its row; null when none. */
  change: MessageChange | null;
}

export type AdminMessagesEvent =
  | { type: 'list.retry' }
  | { type: 'message.toggle'; id: number }
  | { type: 'message.open'; id: number }
  | { type: 'message.reply'; id: number };

const unimplemented = () => Promise.reject(new Error('provided by the view'));

const messageOf = (context: AdminMessagesContext, id: number) => context.messages.find((message) => message.id === id);

const adminMessagesSetup = setup({
  types: {} as { context: AdminMessagesContext; events: AdminMessagesEvent },
  actors: {
    loadMessages: fromPromise<ContactMessageRecord[]>(unimplemented),
    markRead: fromPromise<ContactMessageRecord, MessageChange>(unimplemented),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    logError: (_, _params: { error: unknown }) => {},
    showMessages: assign({ messages: ({ event }) => outputOf<ContactMessageRecord[]>(event, 'loadMessages') }),
    /** A toggle flips the message; opening or replying to it only ever marks it read. */
    startChange: assign({
      change: ({ context, event }) => {
        assertEvent(event, ['message.toggle', 'message.open', 'message.reply']);
        const message = messageOf(context, event.id);
        return { id: event.id, read: event.type !== 'message.toggle' || !message || isUnread(message) };
      },
    }),
    replaceMessage: assign({
      messages: ({ context, event }) => {
        const changed = outputOf<ContactMessageRecord>(event, 'markRead');
        return context.messages.map((message) => (message.id === changed.id ? changed : message));
      },
    }),
    endChange: assign({ change: null }),
  },
  guards: {
    isUnread: ({ context, event }) => {
      assertEvent(event, ['message.open', 'message.reply']);
      const message = messageOf(context, event.id);
      return message !== undefined && isUnread(message);
    },
  },
});

export const adminMessagesMachine = adminMessagesSetup.extend({
  actions: {
    logCallError: adminMessagesSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'loadMessages', 'markRead') } });
    }),
  },
}).createMachine({
  id: 'adminMessages',
  context: { messages: [], change: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMessages',
        src: 'loadMessages',
        onDone: { target: 'list', actions: 'showMessages' },
        onError: { target: 'failed', actions: 'logCallError' },
      },
    },
    failed: {
      on: { 'list.retry': 'loading' },
    },
    list: {
      on: {
        'message.toggle': { target: 'toggling', actions: 'startChange' },
        'message.open': { guard: 'isUnread', target: 'toggling', actions: 'startChange' },
        'message.reply': { guard: 'isUnread', target: 'toggling', actions: 'startChange' },
      },
    },
    toggling: {
      exit: 'endChange',
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => context.change!,
        onDone: { target: 'list', actions: 'replaceMessage' },
        onError: {
          target: 'list',
          actions: ['logCallError', { type: 'notify', params: notice(adminMessageTexts.toggleFailed, 'error', toastDurations.default) }],
        },
      },
    },
  },
});
