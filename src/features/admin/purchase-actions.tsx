// The purchase order's money (issue 39): each captured payment and where it stands, and the admin's Refund and Cancel
// order, each confirmed before it is sent (machines/purchase-action.machine.ts decides what is offered and when).
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { amountCancelRefunds, amountDueBack, isDueBack, refundStateLabels } from '../../../domain/admin-orders';
import type { PurchaseRecord } from '../../../domain/admin-orders';
import { formatRupees } from '../../../domain/money';
import { purchaseActionMachine } from '../../../machines/purchase-action.machine';
import type { PurchaseAction } from '../../../machines/purchase-action.machine';
import { runPurchaseAction } from '../../api/admin';
import { appActorOptions } from '../../app/inspection';
import { notify } from '../../app/show-notice';

const label = { fontSize: 'xs', letterSpacing: '0.12em', textTransform: 'uppercase', color: 'brand.goldText', fontWeight: '600' } as const;

function Payments({ record }: { record: PurchaseRecord }) {
  if (record.payments.length === 0) return null;
  return (
    <Stack gap="1.5">
      <Text {...label}>{record.payments.length > 1 ? `Payments (${record.payments.length})` : 'Payment'}</Text>
      <Stack as="ul" listStyleType="none" gap="1" aria-label="Payments">
        {record.payments.map((payment) => (
          <HStack as="li" key={payment.paymentId} gap="3" wrap="wrap" fontSize="sm">
            <Text fontFamily="mono" overflowWrap="anywhere">
              {payment.paymentId}
            </Text>
            <Text fontWeight="600" whiteSpace="nowrap">
              {formatRupees(payment.amount)}
            </Text>
            <Text color={isDueBack(payment) ? 'brand.roseDeep' : 'brand.muted'}>
              {payment.refundState ? refundStateLabels[payment.refundState] : 'Kept'}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}

const confirmText = (action: PurchaseAction, record: PurchaseRecord) =>
  action === 'refund'
    ? `Refund ${formatRupees(amountDueBack(record))} to the customer's original payment method?`
    : `Cancel order ${record.UserOrder.rpayOrderId}? Its stock goes back on sale and ${formatRupees(amountCancelRefunds(record))} is refunded to the customer.`;

/** `onChanged`: the order changed (or may have) on the server; the page loads it again. */
export function PurchaseActions({ record, onChanged }: { record: PurchaseRecord; onChanged: () => void }) {
  const [snapshot, send] = useActor(
    purchaseActionMachine.provide({
      actors: { runAction: fromPromise(({ input }) => runPurchaseAction(input.action, input.id)) },
      actions: {
        notify,
        logError: (_, { error }) => console.error('admin call failed', error),
        reloadPurchase: onChanged,
      },
    }),
    { input: { record }, ...appActorOptions },
  );
  const canRefund = snapshot.can({ type: 'refund.request' });
  const canCancel = snapshot.can({ type: 'cancel.request' });
  const { action } = snapshot.context;
  const sending = snapshot.matches('sending');

  return (
    <Stack gap="4">
      <Payments record={record} />
      {canRefund || canCancel || action ? (
        action ? (
          <Box role="group" aria-label="Confirm" borderWidth="1px" borderColor="brand.line" rounded="lg" p="4" bg="brand.roseSoft">
            <Text color="brand.ink" fontWeight="medium" mb="3">
              {confirmText(action, record)}
            </Text>
            <HStack gap="3" wrap="wrap">
              <Button colorPalette="rose" rounded="full" loading={sending} loadingText="Sending…" onClick={() => send({ type: 'action.confirm' })}>
                {action === 'refund' ? 'Yes, refund' : 'Yes, cancel the order'}
              </Button>
              <Button variant="outline" rounded="full" disabled={sending} onClick={() => send({ type: 'action.dismiss' })}>
                {action === 'refund' ? 'Not now' : 'Keep the order'}
              </Button>
            </HStack>
          </Box>
        ) : (
          <HStack gap="3" wrap="wrap">
            {canRefund ? (
              <Button colorPalette="rose" variant="solid" rounded="full" onClick={() => send({ type: 'refund.request' })}>
                Refund {formatRupees(amountDueBack(record))}
              </Button>
            ) : null}
            {canCancel ? (
              <Button colorPalette="rose" variant="outline" rounded="full" onClick={() => send({ type: 'cancel.request' })}>
                Cancel order
              </Button>
            ) : null}
          </HStack>
        )
      ) : null}
    </Stack>
  );
}
