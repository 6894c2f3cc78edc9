// /admindeliveries (issue 40): the florist's Deliveries board. A date (today in India by default, ?date= otherwise);
// the day's hand deliveries by slot, each with its recipient, address, phone, items, card and order, and the courier
// parcels to dispatch apart; each delivery's status moved on from here (Out for delivery, Delivered, Attempted with a
// note). The delivery-board machine loads the day and sends one change at a time; the print views open from here.
import type { FormEvent, ReactNode } from 'react';
import { Badge, Box, Button, chakra, Field, Flex, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { boardDayText, deliveryNoteMax, recipientAddressText } from '../../../domain/delivery-board';
import type { BoardDelivery, BoardStatus, DeliveryBoard } from '../../../domain/delivery-board';
import { giftSender } from '../../../domain/gift-message';
import { deliveryStatusLabels } from '../../../domain/order-delivery';
import type { DeliveryStatus } from '../../../domain/order-delivery';
import type { DeliveryStatusRequest } from '../../../machines/delivery-board.machine';
import { paths } from '../../app/paths';
import { AdminListLoad } from './admin-list';
import { AdminPage } from './admin-page';
import { useDeliveryBoard } from './use-delivery-board';

const title = 'Deliveries';

const statusColors: Record<DeliveryStatus, string> = {
  scheduled: 'gray',
  out_for_delivery: 'orange',
  delivered: 'green',
  attempted: 'red',
};

const printLink = (to: string, label: string) => (
  <Link asChild color="brand.leaf" fontWeight="semibold" textDecoration="underline">
    <RouterLink to={to}>{label}</RouterLink>
  </Link>
);

export function DeliveriesPage() {
  const [snapshot, send] = useDeliveryBoard();
  const { board, change, refusal } = snapshot.context;
  const busy = snapshot.matches('changing');
  const date = board?.date ?? snapshot.context.date ?? '';
  const changeStatus = (request: DeliveryStatusRequest) => send({ type: 'status.change', change: request });

  return (
    <AdminPage title={title}>
      <Stack gap="6">
        <Flex gap="4" align={{ base: 'stretch', md: 'flex-end' }} justify="space-between" direction={{ base: 'column', md: 'row' }}>
          <HStack gap="3" align="flex-end" flexWrap="wrap">
            <Field.Root w="auto">
              <Field.Label>Date</Field.Label>
              <Input type="date" value={date} onChange={(event) => send({ type: 'date.change', date: event.target.value })} disabled={busy} w="44" />
            </Field.Root>
            {board && board.date !== board.today ? (
              <Button variant="outline" colorPalette="leaf" rounded="full" onClick={() => send({ type: 'date.change', date: board.today })} disabled={busy}>
                Today
              </Button>
            ) : null}
          </HStack>
          {board ? (
            <HStack gap="5" flexWrap="wrap">
              {printLink(`${paths.adminDeliveryCards}?date=${board.date}`, 'Print card messages')}
              {printLink(`${paths.adminDeliveryManifest}?date=${board.date}`, 'Print manifest')}
            </HStack>
          ) : null}
        </Flex>
        <AdminListLoad
          status={snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready'}
          loadingLabel="Loading the deliveries…"
          onRetry={() => send({ type: 'board.retry' })}
        >
          {board ? <Board board={board} busy={busy} change={change} refusal={refusal} onChange={changeStatus} /> : null}
        </AdminListLoad>
      </Stack>
    </AdminPage>
  );
}

interface BoardProps {
  board: DeliveryBoard;
  busy: boolean;
  change: DeliveryStatusRequest | null;
  refusal: string | null;
  onChange: (change: DeliveryStatusRequest) => void;
}

function Board({ board, ...props }: BoardProps) {
  const handCount = board.slots.reduce((sum, slot) => sum + slot.deliveries.length, 0);
  return (
    <Stack gap="8">
      <Text as="h2" fontFamily="heading" fontSize="2xl" fontWeight="600" color="brand.ink">
        {boardDayText(board.date)}
        {board.date === board.today ? ' (today)' : ''}
        <Text as="span" display="block" fontFamily="body" fontSize="sm" fontWeight="normal" color="brand.muted">
          {handCount} by hand · {board.courier.length} by courier
        </Text>
      </Text>
      {board.slots.length === 0 ? <Text color="brand.muted">No hand deliveries on this day.</Text> : null}
      {board.slots.map((slot) => (
        <Stack as="section" key={slot.slotId} gap="3" aria-label={`${slot.name} ${slot.window}`}>
          <Heading as="h3" fontSize="xl" fontWeight="600" color="brand.leaf">
            {slot.name}{' '}
            <Text as="span" fontSize="md" color="brand.muted" fontWeight="normal">
              {slot.window} · {slot.deliveries.length}
            </Text>
          </Heading>
          {slot.deliveries.map((delivery) => (
            <DeliveryCard key={delivery.id} delivery={delivery} {...props} />
          ))}
        </Stack>
      ))}
      <Stack as="section" gap="3" aria-label="Courier parcels to dispatch">
        <Heading as="h3" fontSize="xl" fontWeight="600" color="brand.leaf">
          Courier parcels to dispatch{' '}
          <Text as="span" fontSize="md" color="brand.muted" fontWeight="normal">
            {board.courier.length}
          </Text>
        </Heading>
        {board.courier.length === 0 ? <Text color="brand.muted">No courier parcels to dispatch on this day.</Text> : null}
        {board.courier.map((delivery) => (
          <DeliveryCard key={delivery.id} delivery={delivery} {...props} />
        ))}
      </Stack>
    </Stack>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text fontSize="sm" overflowWrap="anywhere">
      <Text as="span" color="brand.muted" fontWeight="600">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

function DeliveryCard({ delivery, busy, change, refusal, onChange }: { delivery: BoardDelivery } & Omit<BoardProps, 'board'>) {
  const { recipient, gift } = delivery;
  const mine = change?.id === delivery.id;
  const send = (status: BoardStatus, note = '') => onChange({ id: delivery.id, status, note });
  const attempt = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send('attempted', String(new FormData(event.currentTarget).get('note') ?? ''));
  };
  const label = `Delivery of order ${delivery.orderNumber}`;
  return (
    <Box as="article" aria-label={label} borderWidth="1px" borderColor="brand.line" rounded="xl" p={{ base: '4', md: '5' }} bg="white">
      <Flex justify="space-between" gap="3" flexWrap="wrap" mb="2">
        <Text fontWeight="600" fontSize="lg" color="brand.ink">
          {recipient.fullName}
        </Text>
        <Badge colorPalette={statusColors[delivery.status]} variant="subtle" rounded="full" px="3" alignSelf="flex-start">
          {deliveryStatusLabels[delivery.status]}
        </Badge>
      </Flex>
      <Stack gap="1">
        <Line label="Address">{recipientAddressText(recipient)}</Line>
        <Line label="Phone">
          <Link href={`tel:${recipient.phoneNumber}`} color="brand.leaf">
            {recipient.phoneNumber}
          </Link>
        </Line>
        <Line label="Items">{delivery.items.map((item) => `${item.quantity} × ${item.productName}${item.size === 'Standard' ? '' : ` (${item.size})`}`).join(', ')}</Line>
        {gift ? (
          <>
            {gift.occasion ? <Line label="Occasion">{gift.occasion}</Line> : null}
            {gift.message ? (
              <Line label="Card message">
                <Text as="span" whiteSpace="pre-wrap">
                  {gift.message}
                </Text>
              </Line>
            ) : null}
            <Line label="Card from">{giftSender(gift)}</Line>
          </>
        ) : null}
        <Line label="Order">
          <Link asChild color="brand.leaf" fontWeight="medium">
            <RouterLink to={paths.purchaseOrder(delivery.orderId)}>{delivery.orderNumber}</RouterLink>
          </Link>{' '}
          · bought by {delivery.buyer.name} ({delivery.buyer.email})
        </Line>
        {delivery.status === 'attempted' && delivery.statusNote ? <Line label="Attempt">{delivery.statusNote}</Line> : null}
      </Stack>
      <Flex mt="4" gap="2" flexWrap="wrap" align="flex-end">
        <Button size="sm" variant="outline" colorPalette="leaf" rounded="full" disabled={busy} loading={busy && mine && change?.status === 'out_for_delivery'} onClick={() => send('out_for_delivery')} aria-label={`Out for delivery: ${label}`}>
          Out for delivery
        </Button>
        <Button size="sm" colorPalette="leaf" rounded="full" disabled={busy} loading={busy && mine && change?.status === 'delivered'} onClick={() => send('delivered')} aria-label={`Delivered: ${label}`}>
          Delivered
        </Button>
        <chakra.form onSubmit={attempt} display="flex" gap="2" alignItems="flex-end" flexWrap="wrap" aria-label={`Attempted: ${label}`}>
          <Field.Root w="auto">
            <Field.Label fontSize="xs">What happened</Field.Label>
            <Input name="note" size="sm" maxLength={deliveryNoteMax} placeholder="Recipient not at home" w={{ base: 'full', sm: '56' }} disabled={busy} />
          </Field.Root>
          <Button type="submit" size="sm" variant="outline" colorPalette="rose" rounded="full" disabled={busy} loading={busy && mine && change?.status === 'attempted'}>
            Attempted
          </Button>
        </chakra.form>
      </Flex>
      {mine && refusal ? (
        <Text role="alert" mt="2" fontSize="sm" color="red.700">
          {refusal}
        </Text>
      ) : null}
    </Box>
  );
}
