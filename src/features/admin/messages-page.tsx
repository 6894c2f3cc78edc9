// /adminmessages (issue 39): the Contact Us messages, newest first, each with who wrote and when (India time), the
// message as typed, whether it is read, and a Reply link that opens the admin's mail app. The admin's machine
// (machines/admin-messages.machine.ts) marks a message read when it is opened or replied to, or as the admin toggles it.
import { useState } from 'react';
import { Badge, Button, Link, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { indiaDateTime } from '../../../domain/account';
import { isUnread, replyMailto } from '../../../domain/admin-messages';
import type { ContactMessageRecord } from '../../../domain/admin-messages';
import { adminMessagesMachine } from '../../../machines/admin-messages.machine';
import type { AdminMessagesEvent, MessageChange } from '../../../machines/admin-messages.machine';
import { getContactMessages, markMessageRead } from '../../api/admin';
import { appActorOptions } from '../../app/inspection';
import { notify } from '../../app/show-notice';
import { useShopInfo } from '../../app/use-shop-info';
import { PaginatedTable } from '../../components/paginated-table';
import type { Column } from '../../components/paginated-table';
import { AdminListLoad } from './admin-list';
import { AdminPage } from './admin-page';

const title = 'Messages';

/** Longer than this (or more lines), a message shows its first lines until the admin opens it. */
const previewChars = 280;
const previewLines = 5;
const isLong = (text: string) => text.length > previewChars || text.split('\n').length > previewLines;

interface RowActions {
  send: (event: AdminMessagesEvent) => void;
  /** Whether the message's toggle may change it now (no change is on its way). */
  canToggle: (id: number) => boolean;
  change: MessageChange | null;
  shopName: string;
}

function MessageText({ message, onOpen }: { message: ContactMessageRecord; onOpen: () => void }) {
  const [open, setOpen] = useState(false);
  const long = isLong(message.message);
  return (
    <Stack gap="1.5" align="flex-start">
      <Text whiteSpace="pre-wrap" lineClamp={long && !open ? previewLines : undefined}>
        {message.message}
      </Text>
      {long ? (
        <Button
          variant="plain"
          size="xs"
          px="0"
          h="auto"
          color="brand.leaf"
          fontWeight="semibold"
          aria-expanded={open}
          onClick={() => {
            if (!open) onOpen();
            setOpen(!open);
          }}
        >
          {open ? 'Show less' : 'Show whole message'}
        </Button>
      ) : null}
    </Stack>
  );
}

function ReadState({ message, actions }: { message: ContactMessageRecord; actions: RowActions }) {
  const unread = isUnread(message);
  const changing = actions.change?.id === message.id;
  return (
    <Stack gap="2" align="flex-start">
      {unread ? (
        <Badge colorPalette="rose" variant="solid" rounded="full" px="2.5">
          Unread
        </Badge>
      ) : (
        <Text color="brand.muted">Read</Text>
      )}
      <Button
        size="xs"
        variant="outline"
        colorPalette="leaf"
        rounded="full"
        whiteSpace="nowrap"
        loading={changing}
        disabled={!actions.canToggle(message.id)}
        aria-label={`Mark the message from ${message.fullName} as ${unread ? 'read' : 'unread'}`}
        onClick={() => actions.send({ type: 'message.toggle', id: message.id })}
      >
        {unread ? 'Mark read' : 'Mark unread'}
      </Button>
    </Stack>
  );
}

/**
 * Who wrote, how to reach them and when (India time), in one column so that the message comes second even on a phone,
 * where the table scrolls sideways. An unread message's sender stands out, as in a mailbox.
 */
function Sender({ message }: { message: ContactMessageRecord }) {
  return (
    <Stack gap="0.5">
      <Text fontWeight={isUnread(message) ? 'bold' : 'medium'} color="brand.ink">
        {message.fullName}
      </Text>
      <Text fontSize="sm" color="brand.muted">
        {message.email}
      </Text>
      <Text fontSize="sm" color="brand.muted">
        {message.phoneNumber}
      </Text>
      <Text fontSize="xs" color="brand.muted" mt="1" whiteSpace="nowrap">
        Received {indiaDateTime(message.createdAt)}
      </Text>
    </Stack>
  );
}

const columnsFor = (actions: RowActions): readonly Column<ContactMessageRecord>[] => [
  { header: 'From', cell: (message) => <Sender message={message} />, maxW: '56', minW: '40' },
  {
    header: 'Message',
    cell: (message) => <MessageText message={message} onOpen={() => actions.send({ type: 'message.open', id: message.id })} />,
    maxW: '96',
    minW: '56',
  },
  { header: 'Status', cell: (message) => <ReadState message={message} actions={actions} /> },
  {
    header: 'Reply',
    cell: (message) => (
      <Link
        href={replyMailto(message, actions.shopName)}
        color="brand.leaf"
        fontWeight="semibold"
        aria-label={`Reply to ${message.fullName}`}
        onClick={() => actions.send({ type: 'message.reply', id: message.id })}
      >
        Reply
      </Link>
    ),
  },
];

export function MessagesPage() {
  const shopName = useShopInfo()?.name ?? 'our shop';
  const [snapshot, send] = useActor(
    adminMessagesMachine.provide({
      actors: {
        loadMessages: fromPromise(() => getContactMessages()),
        markRead: fromPromise<ContactMessageRecord, MessageChange>(({ input }) => markMessageRead(input.id, input.read)),
      },
      actions: {
        notify,
        logError: (_, { error }) => console.error('admin messages call failed', error),
      },
    }),
    appActorOptions,
  );
  const actions: RowActions = {
    send,
    canToggle: (id) => snapshot.can({ type: 'message.toggle', id }),
    change: snapshot.context.change,
    shopName,
  };

  return (
    <AdminPage title={title}>
      <AdminListLoad
        status={snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready'}
        loadingLabel="Loading the messages…"
        onRetry={() => send({ type: 'list.retry' })}
      >
        <PaginatedTable caption={title} columns={columnsFor(actions)} rows={snapshot.context.messages} rowKey={(message) => message.id} />
      </AdminListLoad>
    </AdminPage>
  );
}
