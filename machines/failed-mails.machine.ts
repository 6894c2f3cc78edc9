// The admin's Mail screen (/adminmail): the mails the mail server refused for good, loaded with Retry on failure, and
// Resend per mail, one at a time: a resent mail leaves the list with a toast, a refused Resend says why and stays.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { adminMailMessages } from '../domain/admin-mail';
import type { FailedMail } from '../domain/admin-mail';
import { notice } from '../domain/notice';
import type { Notice } from '../domain/notice';
import { errorOf, outputOf } from './actor-events';
import { failureOf } from './call-failure';

export interface FailedMailsContext {
  mails: FailedMail[];
  /** The mail being resent, while it is. */
  resending: number | null;
}

export type FailedMailsEvent = { type: 'load.retry' } | { type: 'mail.resend'; id: number };

const unprovided = () => Promise.reject(new Error('provided by the view'));

/** How long the screen's toasts stay. */
export const failedMailsToastMs = 4_000;
export const resendFailed = 'The mail could not be queued again. Please try again.';

const failedMailsSetup = setup({
  types: {} as { context: FailedMailsContext; events: FailedMailsEvent },
  actors: {
    /** GET the failed mails. */
    loadMails: fromPromise<FailedMail[]>(unprovided),
    /** POST the mail's Resend. */
    resendMail: fromPromise<unknown, number>(unprovided),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    logError: (_, _params: { error: unknown }) => {},
    keepMails: assign({ mails: ({ event }) => outputOf<FailedMail[]>(event, 'loadMails') }),
    markResending: assign({
      resending: ({ event }) => {
        assertEvent(event, 'mail.resend');
        return event.id;
      },
    }),
    dropResent: assign({ mails: ({ context }) => context.mails.filter((mail) => mail.id !== context.resending), resending: null }),
    clearResending: assign({ resending: null }),
  },
  guards: {
    isListed: ({ context, event }) => event.type === 'mail.resend' && context.mails.some((mail) => mail.id === event.id),
  },
});

export const failedMailsMachine = failedMailsSetup.extend({
  actions: {
    logLoadError: failedMailsSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'loadMails') } });
    }),
    // The server's own words for a refusal (a 4xx with a message), else the screen's.
    notifyResendFailed: failedMailsSetup.enqueueActions(({ event, enqueue }) => {
      const failure = failureOf(errorOf(event, 'resendMail'));
      const refused = failure.status !== null && failure.status < 500 && failure.serverMessage;
      enqueue({ type: 'notify', params: notice(refused ? failure.serverMessage! : resendFailed, 'error', failedMailsToastMs) });
    }),
  },
}).createMachine({
  id: 'failedMails',
  context: { mails: [], resending: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMails',
        src: 'loadMails',
        onDone: { target: 'listed', actions: 'keepMails' },
        onError: { target: 'loadFailed', actions: 'logLoadError' },
      },
    },
    // "This list did not load", with Retry.
    loadFailed: {
      on: { 'load.retry': { target: 'loading' } },
    },
    // The table, every Resend enabled.
    listed: {
      on: { 'mail.resend': { guard: 'isListed', target: 'resending', actions: 'markResending' } },
    },
    // The table, every Resend disabled until this one is answered.
    resending: {
      invoke: {
        id: 'resendMail',
        src: 'resendMail',
        input: ({ context }) => context.resending!,
        onDone: {
          target: 'listed',
          actions: ['dropResent', { type: 'notify', params: notice(adminMailMessages.resent, 'success', failedMailsToastMs) }],
        },
        onError: {
          target: 'listed',
          actions: ['clearResending', 'notifyResendFailed'],
        },
      },
    },
  },
});
