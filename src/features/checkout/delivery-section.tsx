// The checkout's deliveries (issue 40): the bag split by how it travels (domain/delivery-split.ts), each delivery with
// the date and slot picker for its kind (delivery-schedule.tsx). The pickers' actors live with the page, which sends
// their choices with Place Order and bills their fees; a hand delivery to a pincode the shop does not reach says so.
import type { ReactNode } from 'react';
import { Alert, Box, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CartReply } from '../../../domain/cart';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import { deliveryTitles, splitIntoDeliveries, travelOf } from '../../../domain/delivery-split';
import { deliveryChoiceMessages } from '../../../domain/payment';
import type { DeliveryChoiceRequest } from '../../../domain/payment';
import type { DeliveryReach } from '../../../domain/service-area';
import { chosenFeePaise, chosenSlot, deliveryChoice } from '../../../machines/delivery-schedule.selectors';
import { getDeliveryReach } from '../../api/delivery';
import { appActorOptions } from '../../app/inspection';
import { CheckoutCard } from './checkout-card';
import { DeliverySchedulePicker, useDeliveryScheduleActor } from './delivery-schedule';
import type { DeliveryScheduleActor } from './delivery-schedule';
import type { DeliveryFee } from './order-bill';

export type DeliveryPickers = Record<DeliveryKind, DeliveryScheduleActor>;

/** The delivery kinds of the bag, hand first. */
export const bagDeliveryKinds = (cart: CartReply): DeliveryKind[] =>
  splitIntoDeliveries(cart.productList.map((line) => ({ ...travelOf(line), totalPaise: 0 }))).map(
    (delivery) => delivery.kind,
  );

export function useDeliveryPickers(): DeliveryPickers {
  return { hand: useDeliveryScheduleActor('hand'), courier: useDeliveryScheduleActor('courier') };
}

/** Whether the chosen address is reached by hand, and the extra fee of its area: asked once per pincode. */
const reachActor = fromPromise<DeliveryReach, string>(({ input }) => getDeliveryReach(input));

/** Asks where the pincode is reached and hands the answer (null until it came) to its children; keyed by pincode. */
export function WithDeliveryReach({ pincode, children }: { pincode: string; children: (reach: DeliveryReach | null) => ReactNode }) {
  const actor = useActorRef(reachActor, { ...appActorOptions, input: pincode });
  const reach = useSelector(actor, (snapshot) => (snapshot.status === 'done' ? snapshot.output : null));
  return children(reach ?? null);
}

/**
 * The choices Place Order sends (null while a delivery lacks its date or slot, or the address is not reached by hand)
 * and the fees "Your Order" bills: the slot's plus the area's extra fee, or the courier's.
 */
export function useDeliveryChoices(pickers: DeliveryPickers, kinds: readonly DeliveryKind[], reach: DeliveryReach | null) {
  const hand = useSelector(pickers.hand, (snapshot) => snapshot.context);
  const courier = useSelector(pickers.courier, (snapshot) => snapshot.context);
  const contexts = { hand, courier };
  const fees: DeliveryFee[] = [];
  const choices: DeliveryChoiceRequest[] = [];
  let whole = true;
  for (const kind of kinds) {
    const context = contexts[kind];
    const choice = deliveryChoice(context);
    const fee = chosenFeePaise(context);
    if (!choice || fee === null) {
      whole = false;
      continue;
    }
    choices.push(choice);
    const extra = kind === 'hand' ? (reach?.hand?.extraFeePaise ?? 0) : 0;
    const slot = chosenSlot(context);
    fees.push({ kind, title: deliveryTitles[kind], detail: slot ? `${slot.name}, ${slot.window}` : 'Courier', feePaise: fee + extra });
  }
  const unreached = kinds.includes('hand') && reach !== null && reach.hand === null;
  return { choices: whole && !unreached && (!kinds.includes('hand') || reach !== null) ? choices : null, fees };
}

interface DeliveriesSectionProps {
  cart: CartReply;
  pickers: DeliveryPickers;
  /** The chosen address's pincode and what reaches it; null before an address is chosen. */
  pincode: string | null;
  reach: DeliveryReach | null;
}

/** One block per delivery: what goes in it, and its date and slot picker (or why it cannot be delivered by hand). */
export function DeliveriesSection({ cart, pickers, pincode, reach }: DeliveriesSectionProps) {
  const deliveries = splitIntoDeliveries(
    cart.productList.map((line) => ({ ...travelOf(line), totalPaise: 0, name: line.productItem.ProductDatum.productName })),
  );
  if (deliveries.length === 0) return null;
  return (
    <CheckoutCard title={deliveries.length > 1 ? 'Deliveries' : 'Delivery'}>
      <Stack gap="8">
        {deliveries.map((delivery) => (
          <Box as="section" key={delivery.kind} aria-label={deliveryTitles[delivery.kind]}>
            <Text as="h3" fontFamily="heading" fontSize="xl" fontWeight="600" color="brand.ink">
              {deliveryTitles[delivery.kind]}
            </Text>
            <Text color="brand.muted" fontSize="sm" mb="4">
              {delivery.lines.map((line) => line.name).join(', ')}
              {delivery.kind === 'hand' && reach?.hand ? ` · to ${reach.pincode.pincode}, ${reach.hand.area}` : ''}
            </Text>
            {delivery.kind === 'hand' && pincode && reach && !reach.hand ? (
              <Alert.Root status="error" rounded="xl">
                <Alert.Indicator />
                <Alert.Title>{deliveryChoiceMessages.notReached(pincode)}</Alert.Title>
              </Alert.Root>
            ) : (
              <DeliverySchedulePicker actor={pickers[delivery.kind]} />
            )}
          </Box>
        ))}
      </Stack>
    </CheckoutCard>
  );
}
