// /adminmail: the mails the mail server refused for good (to, subject, kind, tries, its refusal, when), paginated like
// every admin list, each with Resend. The failed-mails machine loads the list and runs one Resend at a time.
import { Button, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { FailedMail, MailKind } from '../../../domain/admin-mail';
import { indiaTime } from '../../../domain/india-time';
import { failedMailsMachine } from '../../../machines/failed-mails.machine';
import { getFailedMails, resendMail } from '../../api/admin';
import { inspect } from '../../app/inspection';
import { notify } from '../../app/show-notice';
import { LoadFailed, Loading } from '../../components/load-states';
import { PaginatedTable } from '../../components/paginated-table';
import type { Column } from '../../components/paginated-table';
import { AdminPage } from './admin-page';

const title = 'Mail';

const kindNames: Record<MailKind, string> = {
  order_confirmation: 'Order confirmation',
  order_notice: 'New-order notice',
  order_status: 'Order status',
  order_cancelled: 'Order cancelled',
  order_refunded: 'Refund issued',
  contact: 'Contact message',
};

export function MailPage() {
  const [snapshot, send] = useActor(
    failedMailsMachine.provide({
      actors: {
        loadMails: fromPromise(() => getFailedMails()),
        resendMail: fromPromise<unknown, number>(({ input }) => resendMail(input)),
      },
      actions: { notify, logError: (_, { error }) => console.error('the failed mails could not be loaded', error) },
    }),
    { inspect },
  );

  const columns: readonly Column<FailedMail>[] = [
    { header: 'To', cell: (mail) => mail.to, maxW: '64', minW: '44' },
    { header: 'Subject', cell: (mail) => mail.subject, maxW: '72', minW: '44' },
    { header: 'Kind', cell: (mail) => kindNames[mail.kind] },
    { header: 'Tries', cell: (mail) => mail.attempts, numeric: true },
    {
      header: 'Refusal',
      cell: (mail) =>
        mail.refusal ? (
          <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-word">
            {mail.refusal}
          </Text>
        ) : null,
      maxW: '80',
      minW: '52',
    },
    { header: 'Failed', cell: (mail) => indiaTime(new Date(mail.failedAt)), minW: '40' },
    {
      header: 'Resend',
      cell: (mail) => (
        <Button
          size="sm"
          variant="outline"
          colorPalette="green"
          aria-label={`Resend the mail to ${mail.to}: ${mail.subject}`}
          loading={snapshot.context.resending === mail.id}
          disabled={!snapshot.can({ type: 'mail.resend', id: mail.id })}
          onClick={() => send({ type: 'mail.resend', id: mail.id })}
        >
          Resend
        </Button>
      ),
    },
  ];

  return (
    <AdminPage title={title}>
      {snapshot.matches('loading') ? <Loading label="Loading the failed mails…" inCard /> : null}
      {snapshot.matches('loadFailed') ? (
        <LoadFailed message="This list did not load." onRetry={() => send({ type: 'load.retry' })} inCard />
      ) : null}
      {snapshot.matches('listed') || snapshot.matches('resending') ? (
        <PaginatedTable caption="Failed mails" columns={columns} rows={snapshot.context.mails} rowKey={(mail) => mail.id} />
      ) : null}
    </AdminPage>
  );
}
