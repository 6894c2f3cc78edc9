// /adminmail: the mails the mail server refused for good (to, subject, kind, tries, when, its refusal), paginated like
// every admin list, each with Resend. The failed-mails machine loads the list and runs one Resend at a time.
import { Button, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { FailedMail, MailKind } from '../../../domain/admin-mail';
import { indiaTime } from '../../../domain/india-time';
import { failedMailsMachine } from '../../../machines/failed-mails.machine';
import { getFailedMails, resendMail } from '../../api/admin';
import { appActorOptions } from '../../app/inspection';
import { notify } from '../../app/show-notice';
import { PaginatedTable } from '../../components/paginated-table';
import type { Column } from '../../components/paginated-table';
import { AdminListLoad } from './admin-list';
import { AdminPage } from './admin-page';

const title = 'Mail';

const kindNames: Record<MailKind, string> = {
  order_confirmation: 'Order confirmation',
  order_notice: 'New-order notice',
  order_status: 'Order status',
  order_cancelled: 'Order cancelled',
  order_refunded: 'Refund issued',
  order_delivered: 'Delivered',
  payment_due_back: 'Second payment due back',
  contact: 'Contact message',
  low_stock: 'Low stock',
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
    appActorOptions,
  );

  // What the mail was, when it failed and its Resend share the first column, as the Messages screen stacks its sender:
  // on a phone the table scrolls sideways, and Resend stays in view.
  const columns: readonly Column<FailedMail>[] = [
    {
      header: 'Mail',
      cell: (mail) => (
        <Stack gap="0.5" align="flex-start">
          <Text fontWeight="medium" color="brand.ink" wordBreak="break-all">
            {mail.to}
          </Text>
          <Text fontSize="sm">{mail.subject}</Text>
          <Text fontSize="xs" color="brand.muted">
            {kindNames[mail.kind]} · {mail.attempts} {mail.attempts === 1 ? 'try' : 'tries'}
          </Text>
          <Text fontSize="xs" color="brand.muted">
            {indiaTime(new Date(mail.failedAt))}
          </Text>
          <Button
            mt="1.5"
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
        </Stack>
      ),
      maxW: '72',
      minW: '52',
    },
    {
      header: 'Refusal',
      cell: (mail) =>
        mail.refusal ? (
          <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-word">
            {mail.refusal}
          </Text>
        ) : null,
      maxW: '96',
      minW: '52',
    },
  ];

  return (
    <AdminPage title={title}>
      <AdminListLoad
        status={snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready'}
        loadingLabel="Loading the failed mails…"
        onRetry={() => send({ type: 'load.retry' })}
      >
        <PaginatedTable caption="Failed mails" columns={columns} rows={snapshot.context.mails} rowKey={(mail) => mail.id} />
      </AdminListLoad>
    </AdminPage>
  );
}
