// The Deliveries board's print views (issue 40), opened from /admindeliveries for its date (?date=): print CSS only, no
// PDF. /admindeliverycards: the day's hand-delivery card messages, four to an A4 page (2 × 2) with dashed cut lines,
// each with its occasion, message and "From <sender>" (nothing when the buyer hid their name). /admindeliverymanifest:
// the day's deliveries per slot in a table (order, recipient, address, phone, items, status and a signature column),
// the courier parcels after. On paper the shop's header, footer and the screen's own controls are hidden.
import type { ReactNode } from 'react';
import { Box, Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { boardDayText, cardFrom, recipientAddressText } from '../../../domain/delivery-board';
import type { BoardDelivery, DeliveryBoard } from '../../../domain/delivery-board';
import { deliveryStatusLabels } from '../../../domain/order-delivery';
import { paths } from '../../app/paths';
import { useDocumentTitle } from '../../app/use-document-title';
import { LoadFailed, Loading } from '../../components/load-states';
import { useDeliveryBoard } from './use-delivery-board';

/** What paper shows: the page alone, on white, A4 with the given margin. */
const printCss = (margin: string) => `
@page { size: A4; margin: ${margin}; }
@media print {
  body header, body footer, [data-print-hide] { display: none !important; }
  html, body, body > div, main { background: white !important; }
  main { padding: 0 !important; }
}`;

function PrintFrame({ title, margin, children }: { title: string; margin: string; children: (board: DeliveryBoard) => ReactNode }) {
  const [snapshot, send] = useDeliveryBoard();
  const { board } = snapshot.context;
  useDocumentTitle(board ? `${title}, ${boardDayText(board.date)}` : title);
  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} css={{ '@media print': { padding: 0 } }}>
      <style>{printCss(margin)}</style>
      <HStack data-print-hide="" justify="space-between" flexWrap="wrap" gap="3" mb="6">
        <Stack gap="1">
          <Link asChild color="brand.leaf" fontSize="sm" fontWeight="medium">
            <RouterLink to={board ? `${paths.adminDeliveries}?date=${board.date}` : paths.adminDeliveries}>← Deliveries</RouterLink>
          </Link>
          <Heading as="h1" fontSize="3xl" fontWeight="600" color="brand.leaf">
            {title}
            {board ? `: ${boardDayText(board.date)}` : ''}
          </Heading>
        </Stack>
        <Button colorPalette="leaf" rounded="full" px="8" onClick={() => window.print()} disabled={!board}>
          Print
        </Button>
      </HStack>
      {snapshot.matches('loadFailed') ? (
        <LoadFailed message="The deliveries did not load." onRetry={() => send({ type: 'board.retry' })} inCard />
      ) : board ? (
        children(board)
      ) : (
        <Loading label="Loading the deliveries…" inCard />
      )}
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Card messages
// ---------------------------------------------------------------------------------------------------------------

const cardsPerSheet = 4;

/** The day's hand deliveries that carry a card, in the board's order (slot by slot). */
const withCards = (board: DeliveryBoard) => board.slots.flatMap((slot) => slot.deliveries).filter((delivery) => delivery.gift !== null);

function PrintedCard({ delivery }: { delivery: BoardDelivery }) {
  const gift = delivery.gift!;
  const from = cardFrom(gift);
  return (
    <Box
      as="article"
      aria-label={`Card for ${delivery.recipient.fullName}`}
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="gray.500"
      display="flex"
      flexDirection="column"
      justifyContent="center"
      textAlign="center"
      gap="4"
      p="10mm"
      position="relative"
      overflow="hidden"
    >
      {gift.occasion ? (
        <Text fontFamily="heading" fontSize="2xl" fontWeight="600" color="brand.leaf">
          {gift.occasion}
        </Text>
      ) : null}
      {gift.message ? (
        <Text fontFamily="heading" fontSize="xl" whiteSpace="pre-wrap" overflowWrap="anywhere" color="brand.ink">
          {gift.message}
        </Text>
      ) : null}
      {from ? (
        <Text fontStyle="italic" color="brand.ink">
          {from}
        </Text>
      ) : null}
      {/* Which bouquet the card goes with, small at the foot, for the florist. */}
      <Text position="absolute" bottom="4mm" left="0" right="0" fontSize="2xs" color="gray.600">
        {delivery.recipient.fullName} · {delivery.orderNumber} · {delivery.slotName}
      </Text>
    </Box>
  );
}

export function DeliveryCardsPage() {
  return (
    <PrintFrame title="Card messages" margin="0">
      {(board) => {
        const cards = withCards(board);
        if (cards.length === 0) return <Text color="brand.muted">No card messages for this day&apos;s hand deliveries.</Text>;
        const sheets = Array.from({ length: Math.ceil(cards.length / cardsPerSheet) }, (_, index) => cards.slice(index * cardsPerSheet, (index + 1) * cardsPerSheet));
        return (
          // Scrolls sideways on a phone: focusable, so that a keyboard can scroll it too.
          <Stack gap="8" overflowX="auto" pb="2" tabIndex={0} role="region" aria-label="Card sheets" css={{ '@media print': { gap: 0, overflow: 'visible', paddingBottom: 0 } }}>
            {sheets.map((sheet, index) => (
              <Box
                key={index}
                data-card-sheet=""
                display="grid"
                gridTemplateColumns="repeat(2, 105mm)"
                gridTemplateRows="repeat(2, 148mm)"
                w="210mm"
                flexShrink="0"
                bg="white"
                mx="auto"
                boxShadow="sm"
                // A page break between sheets only: one after the last would print a blank page.
                css={{ '@media print': { boxShadow: 'none', margin: 0, '&:not(:last-of-type)': { breakAfter: 'page' } } }}
              >
                {sheet.map((delivery) => (
                  <PrintedCard key={delivery.id} delivery={delivery} />
                ))}
              </Box>
            ))}
          </Stack>
        );
      }}
    </PrintFrame>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Manifest
// ---------------------------------------------------------------------------------------------------------------

const cell = { px: '2', py: '1.5', fontSize: 'xs', verticalAlign: 'top', borderColor: 'gray.400' } as const;

/** The same widths in every slot's table, so that they line up down the page. */
const manifestColumns = [
  ['Order', '16%'],
  ['Recipient', '13%'],
  ['Address', '27%'],
  ['Phone', '11%'],
  ['Items', '17%'],
  ['Status / signature', '16%'],
] as const;

function ManifestTable({ caption, deliveries }: { caption: string; deliveries: readonly BoardDelivery[] }) {
  return (
    <Table.Root size="sm" tableLayout="fixed" minW="3xl" css={{ '& td, & th': { borderWidth: '1px' }, '& tr': { background: 'white' } }}>
      <Table.Caption captionSide="top" textAlign="start" fontFamily="heading" fontSize="lg" fontWeight="600" color="brand.ink" mb="1">
        {caption}
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          {manifestColumns.map(([header, width]) => (
            <Table.ColumnHeader key={header} {...cell} w={width} fontWeight="600" color="brand.ink">
              {header}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {deliveries.map((delivery) => (
          <Table.Row key={delivery.id} css={{ breakInside: 'avoid' }}>
            <Table.Cell {...cell} wordBreak="break-all">
              {delivery.orderNumber}
            </Table.Cell>
            <Table.Cell {...cell}>{delivery.recipient.fullName}</Table.Cell>
            <Table.Cell {...cell}>
              {recipientAddressText(delivery.recipient)}
            </Table.Cell>
            <Table.Cell {...cell} whiteSpace="nowrap">
              {delivery.recipient.phoneNumber}
            </Table.Cell>
            <Table.Cell {...cell}>{delivery.items.map((item) => `${item.quantity} × ${item.productName}`).join(', ')}</Table.Cell>
            <Table.Cell {...cell}>
              {deliveryStatusLabels[delivery.status]}
              {delivery.status === 'attempted' && delivery.statusNote ? `: ${delivery.statusNote}` : ''}
              <Box borderBottomWidth="1px" borderColor="gray.500" h="8" mt="1" aria-hidden="true" />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export function DeliveryManifestPage() {
  return (
    <PrintFrame title="Delivery manifest" margin="12mm">
      {(board) => (
        <Stack gap="6" bg="white" p={{ base: '3', md: '6' }} rounded="lg" overflowX="auto" tabIndex={0} role="region" aria-label="Manifest" css={{ '@media print': { padding: 0, overflow: 'visible' } }}>
          <Text display="none" css={{ '@media print': { display: 'block' } }} fontFamily="heading" fontSize="xl" fontWeight="600">
            Delivery manifest: {boardDayText(board.date)}
          </Text>
          {board.slots.length === 0 ? <Text color="brand.muted">No hand deliveries on this day.</Text> : null}
          {board.slots.map((slot) => (
            <ManifestTable key={slot.slotId} caption={`${slot.name} ${slot.window} (${slot.deliveries.length})`} deliveries={slot.deliveries} />
          ))}
          {board.courier.length > 0 ? <ManifestTable caption={`Courier parcels to dispatch (${board.courier.length})`} deliveries={board.courier} /> : null}
        </Stack>
      )}
    </PrintFrame>
  );
}
