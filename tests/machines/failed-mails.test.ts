// The admin's Mail screen, model-based: every state and transition walked with fake calls, checking that Resend asks
// for the chosen mail, that a resent mail leaves the list with its toast, and that a refused one stays and says why.
import { expect } from 'vitest';
import type { EventFrom } from 'xstate';
import { aFailedMail } from '../views/admin-fixtures';
import type { Notice } from '../../domain/notice';
import { failedMailsMachine, failedMailsToastMs, resendFailed } from '../../machines/failed-mails.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, noticeLog, retryStep, startMachine, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof failedMailsMachine>;

const modelEvents = [
  { type: 'xstate.done.actor.loadMails', output: [aFailedMail(1), aFailedMail(2)] },
  { type: 'xstate.error.actor.loadMails', error: new TypeError('Failed to fetch') },
  { type: 'load.retry' },
  { type: 'mail.resend', id: 1 },
  { type: 'xstate.done.actor.resendMail', output: { message: 'The mail will be sent again' } },
  { type: 'xstate.error.actor.resendMail', error: { status: 409, code: 'CONFLICT', serverMessage: 'Only a failed mail can be sent again' } },
  { type: 'xstate.error.actor.resendMail', error: new TypeError('Failed to fetch') },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

function harness() {
  const calls = { loads: [] as unknown[], resends: [] as number[] };
  const { holding, settle } = heldCalls();
  const toasts = noticeLog<Notice>();
  const { actor } = startMachine(
    failedMailsMachine.provide({
      actors: {
        loadMails: holding('loadMails', calls.loads),
        resendMail: holding<unknown, number>('resendMail', calls.resends),
      },
      actions: { notify: toasts.notify, logError: () => {} },
    }),
    coverage,
  );
  return { actor, calls, settle, toasts };
}

walkModel('failed-mails machine (model-based)', {
  machine: failedMailsMachine,
  coverage,
  events: modelEvents,
  harness,
  steps: (h) => ({
    'xstate.done.actor.loadMails': ({ event }) => h.settle(event),
    'xstate.error.actor.loadMails': ({ event }) => h.settle(event),
    'load.retry': retryStep(h.actor, 'load.retry', () => h.calls.loads.length),
    'mail.resend': ({ event }) => {
      h.actor.send(event as ModelEvent);
      // Resend asks for the chosen mail.
      expect(h.calls.resends.at(-1)).toBe(1);
    },
    'xstate.done.actor.resendMail': async ({ event }) => {
      await h.toasts.expectMessages(() => h.settle(event), ['The mail will be sent again'], failedMailsToastMs);
      expect(h.actor.getSnapshot().context.mails.map((mail) => mail.id)).toEqual([2]);
    },
    'xstate.error.actor.resendMail': async ({ event }) => {
      const refused = (event.error as { status?: number }).status === 409;
      await h.toasts.expectMessages(() => h.settle(event), [refused ? 'Only a failed mail can be sent again' : resendFailed], failedMailsToastMs);
      expect(h.actor.getSnapshot().context.mails.map((mail) => mail.id)).toEqual([1, 2]);
    },
  }),
});
