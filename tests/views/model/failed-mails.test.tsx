// @vitest-environment jsdom
// The failed-mails machine's paths walked through the real Mail screen (/adminmail): the list loads or fails (Retry),
// Resend on a row asks for that mail, and the answer removes it with a toast or leaves it with the reason.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { FailedMail } from '../../../domain/admin-mail';
import { aFailedMail } from '../admin-fixtures';
import type { FailedMailsContext } from '../../../machines/failed-mails.machine';
import { failedMailsMachine, resendFailed } from '../../../machines/failed-mails.machine';
import { MailPage } from '../../../src/features/admin/mail-page';
import { heldNetwork } from './held-network';
import { renderScreen } from './render-screen';
import { expectToast, isBusy } from './view-checks';
import { mockApi } from '../page-harness';

const listed = [aFailedMail(1), aFailedMail(2)];

const network = heldNetwork();
mockApi([network.hold('get', '*/api/admin/mails', 'mails'), network.hold('post', '*/api/admin/mails/:id/resend', 'resend')
]);

function renderMailScreen() {
  // Failed loads are logged.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  renderScreen(<MailPage />, '/adminmail');
  return {};
}

const resendButton = (mail: FailedMail) => screen.getByRole('button', { name: `Resend the mail to ${mail.to}: ${mail.subject}` });
const refused = () => HttpResponse.json({ message: 'Refused', code: 'BAD_REQUEST' }, { status: 400 });

describeViewModel<object, undefined>('failed-mails machine through the real Mail screen', {
  machine: failedMailsMachine,
  network,
  situations: [{ name: 'at /adminmail', input: undefined }],
  events: [
    { type: 'xstate.done.actor.loadMails', output: listed },
    { type: 'xstate.error.actor.loadMails', error: { status: 400 } },
    { type: 'load.retry' },
    { type: 'mail.resend', id: 1 },
    { type: 'xstate.done.actor.resendMail', output: { message: 'The mail will be sent again' } },
    { type: 'xstate.error.actor.resendMail', error: { status: 409 } },
    { type: 'xstate.error.actor.resendMail', error: { status: 500 } },
  ],
  observe: (snapshot) => {
    const { mails, resending } = snapshot.context as FailedMailsContext;
    return { value: snapshot.value, mails: mails.map((mail) => mail.id), resending };
  },
  render: () => renderMailScreen(),
  perform: {
    'xstate.done.actor.loadMails': (_, event, { network }) => network.answer('mails', () => HttpResponse.json(event.output)),
    'xstate.error.actor.loadMails': (_, __, { network }) => network.answer('mails', refused),
    'load.retry': async (_, __, { user }) => {
      await user.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    },
    'mail.resend': async (_, event, { user }) => {
      await user.click(resendButton(aFailedMail(event.id as number)));
    },
    'xstate.done.actor.resendMail': async (_, __, { network }) => {
      await network.answer('resend', () => HttpResponse.json({ message: 'The mail will be sent again' }));
      await expectToast('The mail will be sent again');
    },
    'xstate.error.actor.resendMail': async (_, event, { network }) => {
      if ((event.error as { status: number }).status === 409) {
        await network.answer('resend', () => HttpResponse.json({ message: 'Only a failed mail can be sent again', code: 'CONFLICT' }, { status: 409 }));
        await expectToast('Only a failed mail can be sent again');
      } else {
        await network.answer('resend', () => HttpResponse.json({ message: 'Down', code: 'INTERNAL' }, { status: 500 }));
        await expectToast(resendFailed);
      }
    },
  },
  shows: {
    loading: (_, __, { network }) => {
      expect(screen.getByRole('status').textContent).toContain('Loading the failed mails…');
      expect(network.waiting('mails').map((request) => request.url.search)).toEqual(['?status=failed']);
    },
    loadFailed: () => {
      expect(screen.getByText('This list did not load.')).toBeTruthy();
    },
    listed: (_, expected) => {
      const { mails } = expected.context as FailedMailsContext;
      const table = screen.getByRole('table', { name: 'Failed mails' });
      for (const mail of listed) {
        const shown = mails.some((kept) => kept.id === mail.id);
        expect(within(table).queryByText(mail.refusal!) !== null).toBe(shown);
        if (shown) expect(isBusy(resendButton(mail))).toBe(false);
      }
      expect(within(table).getAllByText('2 December 2026, 4:05 pm IST')).toHaveLength(mails.length);
    },
    resending: (_, __, { network }) => {
      for (const mail of listed) expect(isBusy(resendButton(mail))).toBe(true);
      expect(network.waiting('resend').map((request) => request.url.pathname)).toEqual(['/api/admin/mails/1/resend']);
    },
  },
});
