// /checkout (SPEC.md §2 Checkout): the buyer and the delivery address on the left, "Your Order" and Place Order on the
// right. A guest first gives details and proves the e-mail (guest-checkout.tsx); a signed-in user, or a guest once
// verified, chooses an address (checkout-addresses.tsx) and places the order (place-order.tsx).
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, Container, Grid, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { CartOwner, CartReply } from '../../../domain/cart';
import { getCart } from '../../api/cart';
import { ensureCartOwner } from '../../app/cart-owner';
import { sessionStore } from '../../app/session-store';
import { useDocumentTitle } from '../../app/use-document-title';
import { useRemote } from '../catalog/use-remote';
import { CheckoutAddresses, useCheckoutAddressActor } from './checkout-addresses';
import { GuestCheckoutSection, useGuestCheckoutActors } from './guest-checkout';
import { orderBill } from './order-bill';
import { OrderSummary } from './order-summary';
import { PaymentDialogHost } from './payment/payment-dialog';
import type { PaymentPrefill } from './payment/payment-dialog';
import { PlaceOrderButton, ProcessingPayment, usePlaceOrderActor } from './place-order';

async function loadCheckout(): Promise<{ owner: CartOwner; cart: CartReply }> {
  const owner = await ensureCartOwner();
  return { owner, cart: await getCart(owner) };
}

export function CheckoutPage() {
  useDocumentTitle('Checkout');
  // Retry loads again under a new key.
  const [attempt, setAttempt] = useState(0);
  const remote = useRemote(`checkout-${attempt}`, loadCheckout);

  let body: ReactNode;
  if (remote.status === 'loading') {
    body = (
      <Stack role="status" align="center" justify="center" minH="40vh" gap="4">
        <Spinner size="xl" borderWidth="3px" color="brand.leaf" />
        <Text fontSize="sm" color="brand.muted">
          Loading your order…
        </Text>
      </Stack>
    );
  } else if (remote.status === 'error') {
    body = (
      <Stack align="center" textAlign="center" gap="4" py={{ base: '10', md: '16' }}>
        <Heading as="h2" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="600" color="brand.ink">
          Your order did not load
        </Heading>
        <Text color="brand.muted">Something interrupted it on the way. Please try again in a moment.</Text>
        <Button variant="outline" colorPalette="leaf" rounded="full" px="8" onClick={() => setAttempt(attempt + 1)}>
          Retry
        </Button>
      </Stack>
    );
  } else {
    const { owner, cart } = remote.data;
    body =
      owner.kind === 'user' ? (
        <BuyerCheckout buyer={owner} userExtId={owner.userExtId} cart={cart} prefill={{ email: sessionStore.getSnapshot().email ?? undefined }} />
      ) : (
        <GuestCheckout sessionId={owner.sessionId} cart={cart} />
      );
  }

  return (
    <Container maxW="6xl" px={{ base: '4', md: '8' }} pt={{ base: '8', md: '14' }} pb={{ base: '16', md: '24' }}>
      <Stack gap="2" mb={{ base: '6', md: '10' }} align="center" textAlign="center">
        <Box aria-hidden="true" h="2px" w="12" bg="brand.gold" borderRadius="full" />
        <Heading as="h1" fontSize={{ base: '4xl', md: '5xl' }} fontWeight="600" color="brand.leaf" letterSpacing="0.08em" lineHeight="1.1">
          CHECKOUT
        </Heading>
      </Stack>
      {body}
      <PaymentDialogHost />
    </Container>
  );
}


function CheckoutColumns({ left, right }: { left: ReactNode; right: ReactNode }) {
  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 420px' }} gap={{ base: '6', lg: '10' }} alignItems="start">
      <Stack gap={{ base: '6', md: '8' }} minW="0">
        {left}
      </Stack>
      <Box position={{ lg: 'sticky' }} top={{ lg: '28' }}>
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
  const placeOrder = usePlaceOrderActor(userExtId, prefill);
  const selectedAddressId = useSelector(addresses, (snapshot) => snapshot.context.selectedAddressId);
  const deliveryState = useSelector(
    addresses,
    (snapshot) => snapshot.context.addresses.find((item) => item.id === snapshot.context.selectedAddressId)?.state ?? null,
  );

  return (
    <>
      <CheckoutColumns
        left={
          <>
            {lead}
            <CheckoutAddresses actor={addresses} />
          </>
        }
        right={
          <OrderSummary bill={orderBill(cart, deliveryState)}>
            {selectedAddressId !== null ? (
              <PlaceOrderButton actor={placeOrder} addressId={selectedAddressId} bagLines={cart.productList.length} />
            ) : null}
          </OrderSummary>
        }
      />
      <ProcessingPayment actor={placeOrder} />
    </>
  );
}
