// /checkout (SPEC.md §2 Checkout): the buyer and the delivery address on the left, "Your Order" and Place Order on the
// right. A guest first gives details and proves the e-mail (guest-checkout.tsx); a signed-in user, or a guest once
// verified, chooses an address (checkout-address.tsx) and places the order (place-order.tsx).
import type { ReactNode } from 'react';
import { Box, Grid, Stack } from '@chakra-ui/react';
import { useActor, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CartOwner, CartReply } from '../../../domain/cart';
import { checkoutLoadMachine } from '../../../machines/checkout-load.machine';
import { getCart } from '../../api/cart';
import { ensureCartOwner } from '../../app/cart-owner';
import { sessionStore } from '../../app/session-store';
import { appActorOptions } from '../../app/inspection';
import { useDocumentTitle } from '../../app/use-document-title';
import { LoadFailed, Loading } from '../../components/load-states';
import { TitledPage } from '../../components/titled-page';
import type { DeliveryReach } from '../../../domain/service-area';
import { CheckoutAddresses, useCheckoutAddressActor } from './checkout-address';
import type { CheckoutAddressActor } from './checkout-address';
import { bagDeliveryKinds, DeliveriesSection, useDeliveryChoices, useDeliveryPickers, WithDeliveryReach } from './delivery-section';
import type { DeliveryPickers } from './delivery-section';
import { GiftMessageSection, useGiftMessageActor } from './gift-message-section';
import type { GiftMessageActor } from './gift-message-section';
import { GuestCheckoutSection } from './guest-checkout';
import { CouponSection, useCouponSlot } from './coupon-slot';
import type { CouponSlot } from './coupon-slot';
import { orderBill } from './order-bill';
import { OrderSummary } from './order-summary';
import { PaymentDialogHost } from './payment/payment-dialog';
import type { PaymentPrefill } from './payment/payment-dialog';
import { PlaceOrderButton, ProcessingPayment, usePlaceOrderActor } from './place-order';
import type { PlaceOrderActor } from './place-order';
import { useGuestCheckoutActors } from './use-guest-checkout-actors';

export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const [snapshot, send] = useActor(
    checkoutLoadMachine.provide({
      actors: {
        ensureOwner: fromPromise(() => ensureCartOwner()),
        loadCart: fromPromise(({ input }) => getCart(input)),
      },
    }),
    appActorOptions,
  );
  const { owner, cart } = snapshot.context;

  let body: ReactNode;
  if (snapshot.matches('loadFailed')) {
    body = <LoadFailed title="Your order did not load" onRetry={() => send({ type: 'load.retry' })} />;
  } else if (!snapshot.matches('loaded') || !owner || !cart) {
    body = <Loading label="Loading your order…" />;
  } else {
    body =
      owner.kind === 'user' ? (
        <BuyerCheckout buyer={owner} userExtId={owner.userExtId} cart={cart} prefill={{ email: sessionStore.getSnapshot().email ?? undefined }} />
      ) : (
        <GuestCheckout sessionId={owner.sessionId} cart={cart} />
      );
  }

  return (
    <TitledPage title="CHECKOUT">
      {body}
      <PaymentDialogHost />
    </TitledPage>
  );
}

function CheckoutColumns({ left, right }: { left: ReactNode; right: ReactNode }) {
  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 420px' }} gap={{ base: '6', lg: '10' }} alignItems="start">
      <Stack gap={{ base: '6', md: '8' }} minW="0">
        {left}
      </Stack>
      <Box position={{ lg: 'sticky' }} top={{ lg: '36' }}>
        {right}
      </Box>
    </Grid>
  );
}

/** A guest: details and the e-mail code first; once verified the guest's addresses and Place Order. */
function GuestCheckout({ sessionId, cart }: { sessionId: string; cart: CartReply }) {
  const { guest, setPassword } = useGuestCheckoutActors(sessionId);
  const verified = useSelector(guest, (snapshot) => snapshot.matches('verified'));
  const userExtId = useSelector(guest, (snapshot) => snapshot.context.userExtId);
  const details = useSelector(guest, (snapshot) => snapshot.context.details);
  const lead = <GuestCheckoutSection guest={guest} setPassword={setPassword} />;

  if (verified && userExtId) {
    return (
      <BuyerCheckout
        buyer={{ kind: 'guest', sessionId }}
        userExtId={userExtId}
        cart={cart}
        prefill={{ email: details.email, contact: details.mobileNumber, name: `${details.firstName} ${details.lastName}`.trim() }}
        lead={lead}
      />
    );
  }
  return <CheckoutColumns left={lead} right={<OrderSummary bill={orderBill(cart, null)} />} />;
}

interface BuyerCheckoutProps {
  buyer: CartOwner;
  /** Whom the invoice is for: the signed-in user, or the account the guest checkout linked. */
  userExtId: string;
  cart: CartReply;
  prefill: PaymentPrefill;
  lead?: ReactNode;
}

function BuyerCheckout({ buyer, userExtId, cart, prefill, lead }: BuyerCheckoutProps) {
  const addresses = useCheckoutAddressActor(buyer);
  const selectedAddress = useSelector(addresses, (snapshot) =>
    snapshot.context.addresses.find((item) => item.id === snapshot.context.selectedAddressId),
  );
  const gift = useGiftMessageActor();
  const pickers = useDeliveryPickers();
  const coupon = useCouponSlot();
  // Razorpay's form starts with whom the flowers go to and how to reach them, as the chosen address says.
  const placeOrder = usePlaceOrderActor(
    userExtId,
    selectedAddress ? { ...prefill, name: selectedAddress.fullName, contact: selectedAddress.phoneNumber } : prefill,
    pickers,
    coupon.refuse,
  );
  const pincode = selectedAddress?.pincode ?? null;
  // Only a hand delivery asks whether the address is reached.
  const handBag = bagDeliveryKinds(cart).includes('hand');
  const columns = (reach: DeliveryReach | null) => (
    <BuyerColumns {...{ cart, lead, addresses, gift, pickers, placeOrder, pincode, reach, coupon, userExtId }} deliveryState={selectedAddress?.state ?? null} />
  );

  return (
    <>
      {pincode === null || !handBag ? columns(null) : <WithDeliveryReach key={pincode} pincode={pincode}>{columns}</WithDeliveryReach>}
      <ProcessingPayment actor={placeOrder} />
    </>
  );
}

interface BuyerColumnsProps {
  cart: CartReply;
  lead?: ReactNode;
  addresses: CheckoutAddressActor;
  gift: GiftMessageActor;
  pickers: DeliveryPickers;
  placeOrder: PlaceOrderActor;
  pincode: string | null;
  reach: DeliveryReach | null;
  deliveryState: string | null;
  coupon: CouponSlot;
  userExtId: string;
}

/** The address, the deliveries and the card on the left; "Your Order" with the deliveries' fees and Place Order on the right. */
function BuyerColumns({ cart, lead, addresses, gift, pickers, placeOrder, pincode, reach, deliveryState, coupon, userExtId }: BuyerColumnsProps) {
  const selectedAddressId = useSelector(addresses, (snapshot) => snapshot.context.selectedAddressId);
  const { choices, fees } = useDeliveryChoices(pickers, bagDeliveryKinds(cart), reach);
  return (
    <CheckoutColumns
      left={
        <>
          {lead}
          <CheckoutAddresses actor={addresses} />
          {selectedAddressId !== null ? <DeliveriesSection cart={cart} pickers={pickers} pincode={pincode} reach={reach} /> : null}
          <GiftMessageSection actor={gift} />
        </>
      }
      right={
        <OrderSummary bill={orderBill(cart, deliveryState, fees, coupon.applied)} coupon={<CouponSection slot={coupon} userExtId={userExtId} cart={cart} />}>
          {selectedAddressId !== null ? (
            <PlaceOrderButton
              actor={placeOrder}
              addressId={selectedAddressId}
              bagLines={cart.productList.length}
              gift={gift}
              deliveries={choices}
              couponCode={coupon.applied?.code ?? null}
              couponChecking={coupon.checking}
            />
          ) : null}
        </OrderSummary>
      }
    />
  );
}
