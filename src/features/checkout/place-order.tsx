// Place Order (SPEC.md §2 Checkout, §4 "Place Order sequence"): the button, the "Please wait / Processing Payment..."
// screen, and the machine's calls and navigation. The flow itself is machines/place-order.machine.ts.
import { useEffect, useRef } from 'react';
import { Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import { toastDurations } from '../../../domain/limits';
import { notice } from '../../../domain/notice';
import { paymentMessages } from '../../../domain/payment';
import { placeOrderMachine } from '../../../machines/place-order.machine';
import { processingLine } from '../../../machines/place-order.selectors';
import { giftRequest } from '../../../machines/gift-message.selectors';
import type { GiftMessageActor } from './gift-message-section';
import type { DeliveryPickers } from './delivery-section';
import type { DeliveryChoiceRequest } from '../../../domain/payment';
import { checkQuantityList } from '../../api/checkout';
import { createCheckoutInvoice, getPaymentKey, reportPaymentFailed, verifyPayment } from '../../api/payment';
import { refreshCartCount } from '../../app/cart-owner';
import { appActorOptions } from '../../app/inspection';
import { paths } from '../../app/paths';
import { notify, showNotice } from '../../app/show-notice';
import { useShopInfo } from '../../app/use-shop-info';
import { openPaymentDialog } from './payment/payment-dialog';
import type { PaymentPrefill } from './payment/payment-dialog';

export type PlaceOrderActor = ActorRefFrom<typeof placeOrderMachine>;

/**
 * The place-order machine with the real calls; `userExtId` is whom the invoice is for (the buyer or the guest's
 * account); a stale delivery choice is handed to the delivery pickers, which show why and load afresh; a refused
 * coupon to `couponRefused` (the coupon box shows why).
 */
export function usePlaceOrderActor(
  userExtId: string,
  prefill: PaymentPrefill,
  pickers?: DeliveryPickers,
  couponRefused?: (message: string) => void,
): PlaceOrderActor {
  const navigate = useNavigate();
  const shop = useShopInfo();
  // The dialog opens long after the first render; it must name the shop as loaded, and prefill the address chosen, by then.
  const shopName = useRef<string | undefined>(shop?.name);
  const logoUrl = useRef<string | undefined>(shop?.logoUrl);
  const prefillNow = useRef(prefill);
  useEffect(() => {
    shopName.current = shop?.name;
    logoUrl.current = shop?.logoUrl;
    prefillNow.current = prefill;
  }, [shop, prefill]);

  return useActorRef(
    placeOrderMachine.provide({
      actors: {
        checkStock: fromPromise(() => checkQuantityList()),
        createInvoice: fromPromise(({ input }) => createCheckoutInvoice(userExtId, input.addressId, input.gift, input.deliveries, input.couponCode)),
        fetchPaymentKey: fromPromise(() => getPaymentKey()),
        openPaymentDialog: fromPromise(({ input }) =>
          openPaymentDialog({
            ...input,
            shopName: shopName.current ?? document.title,
            image: logoUrl.current,
            prefill: prefillNow.current,
            // Razorpay's dialog stays open for another try; the page says why the last one failed.
            onAttemptFailed: (reason) => showNotice(notice(reason, 'error', toastDurations.placeOrder)),
          }),
        ),
        verifyPayment: fromPromise(({ input }) => verifyPayment(input)),
        reportFailure: fromPromise<unknown>(() => reportPaymentFailed()),
      },
      actions: {
        notify,
        // SPEC.md §8's payment alerts, as the shop's one kind of message, held as long as Place Order's snackbars.
        alert: (_, { message }) =>
          showNotice(notice(message, 'error', toastDurations.placeOrder)),
        logError: (_, { error }) => console.error('Place Order call failed', error),
        goToThankYou: ({ context }) => {
          // The server emptied the bag with the payment: the badge follows.
          void refreshCartCount();
          // The thank-you page repeats the card, the deliveries and the coupon the order carries (it has no order of its own to read).
          void navigate(paths.thankYou, {
            state: { gift: context.gift, deliveries: context.invoice?.deliveries ?? [], coupon: context.invoice?.coupon ?? null },
          });
        },
        goToCart: () => void navigate(paths.cart),
        showCouponRefused: (_, { message }) => couponRefused?.(message),
        showStaleChoice: (_, { message }) => {
          for (const picker of Object.values(pickers ?? {})) picker.send({ type: 'choice.stale', message });
        },
      },
    }),
    appActorOptions,
  );
}

interface PlaceOrderButtonProps {
  actor: PlaceOrderActor;
  addressId: number | null;
  bagLines: number;
  /** The gift-message section: its card goes with the order, and a click shows all its complaints. */
  gift?: GiftMessageActor;
  /** The deliveries' choices (null while one is missing); absent when the page asks for none. */
  deliveries?: DeliveryChoiceRequest[] | null;
  /** The coupon the coupon box applied; the invoice checks it again. */
  couponCode?: string | null;
  /** The coupon box is checking a code: the order waits for its answer. */
  couponChecking?: boolean;
}

/** Disabled on an empty bag (the machine handles no click then), while a coupon is checked and while an order is placed. */
export function PlaceOrderButton({ actor, addressId, bagLines, gift, deliveries, couponCode = null, couponChecking = false }: PlaceOrderButtonProps) {
  const card = useSelector(gift, (snapshot) => (snapshot ? giftRequest(snapshot.context) : null));
  const event = { type: 'order.place', addressId, bagLines, gift: card, deliveries, couponCode } as const;
  const enabled = useSelector(actor, (snapshot) => snapshot.can(event));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('processing'));
  return (
    <Button
      size="lg"
      rounded="full"
      w="full"
      bg="brand.leaf"
      color="white"
      _hover={{ bg: 'brand.leafHover' }}
      disabled={!enabled || couponChecking}
      loading={busy}
      loadingText="Placing order…"
      onClick={() => {
        gift?.send({ type: 'gift.check' });
        actor.send(event);
      }}
    >
      Place Order
    </Button>
  );
}

/**
 * SPEC.md §2: "Please wait / Processing Payment..." over the page while the order is placed and paid. While the card
 * dialog is open it is the dialog that shows (with its own backdrop), so this screen steps aside.
 */
export function ProcessingPayment({ actor }: { actor: PlaceOrderActor }) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('processing') && !snapshot.matches('paying'));
  const line = useSelector(actor, (snapshot) => processingLine(snapshot.context));
  if (!busy) return null;
  return (
    <Box position="fixed" inset="0" zIndex="overlay" bg="rgba(251, 247, 242, 0.94)" display="grid" placeItems="center" px="6">
      <Stack role="status" aria-live="polite" align="center" textAlign="center" gap="4">
        <Spinner size="xl" borderWidth="3px" color="brand.leaf" />
        <Heading as="p" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="600" color="brand.leaf">
          {paymentMessages.processingTitle}
        </Heading>
        <Text color="brand.ink" fontSize="lg">
          {line}
        </Text>
      </Stack>
    </Box>
  );
}
