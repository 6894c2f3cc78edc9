// /cart (SPEC.md §2 Cart): CART, a spinner while the bag loads, then the lines and the summary side by side on wide
// screens (summary sticky) and stacked on phones. The flow lives in machines/cart-quantity.machine.ts; this view
// provides the calls, toasts and badge, renders the state and sends events.
import { Box, Button, Container, Grid, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { CartOwner, CartReply } from '../../../domain/cart';
import { cartQuantityMachine } from '../../../machines/cart-quantity.machine';
import type {
  CheckStockInput,
  RemoveItemInput,
  UpdateOutcome,
  UpdateQuantityInput,
} from '../../../machines/cart-quantity.machine';
import { checkQuantity, getCart, removeCartItem, updateCartItem } from '../../api/cart';
import { cartCountStore } from '../../app/cart-count-store';
import { currentCartOwner } from '../../app/cart-owner';
import { paths } from '../../app/paths';
import { toaster } from '../../app/toaster';
import { useDocumentTitle } from '../../app/use-document-title';
import { CartEmpty } from './cart-empty';
import { CartLineCard } from './cart-line-card';
import { CartSummary } from './cart-summary';

export function CartPage() {
  useDocumentTitle('Cart');
  const navigate = useNavigate();
  // Whose bag is decided once, when the page opens; signing in or out leaves the page anyway.
  const [owner] = useState(currentCartOwner);
  const [snapshot, send] = useActor(
    cartQuantityMachine.provide({
      actors: {
        loadCart: fromPromise<CartReply, CartOwner>(({ input }) => getCart(input)),
        checkStock: fromPromise<boolean, CheckStockInput>(({ input }) => checkQuantity(input.productId, input.quantity)),
        updateQuantity: fromPromise<UpdateOutcome, UpdateQuantityInput>(({ input }) =>
          updateCartItem(input.owner, input.cartItemId, input.line),
        ),
        removeItem: fromPromise<unknown, RemoveItemInput>(({ input }) => removeCartItem(input.owner, input.productId)),
      },
      actions: {
        notify: (_, { message, kind, duration }) => {
          toaster.create({ description: message, type: kind, duration, closable: true });
        },
        // The page has just read the whole bag, so the badge takes its count instead of asking again.
        showCount: (_, { count }) => cartCountStore.set(count),
        logError: (_, { error }) => console.error('cart call failed', error),
      },
    }),
    { input: { owner } },
  );

  const { cart, pending } = snapshot.context;
  const lines = cart?.productList ?? [];
  const busyLine = snapshot.matches('ready') && !snapshot.matches({ ready: 'idle' }) ? pending?.cartItemId : undefined;

  let body;
  if (snapshot.matches('opening') || snapshot.matches('loading')) {
    body = (
      <Stack role="status" align="center" justify="center" minH="40vh" gap="4">
        <Spinner size="xl" borderWidth="3px" color="brand.leaf" />
        <Text fontSize="sm" color="brand.muted">
          Loading your bag…
        </Text>
      </Stack>
    );
  } else if (snapshot.matches('loadFailed')) {
    body = (
      <Stack align="center" textAlign="center" gap="4" py={{ base: '10', md: '16' }}>
        <Heading as="h2" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="600" color="brand.ink">
          Your bag did not load
        </Heading>
        <Text color="brand.muted">Something interrupted it on the way. Please try again in a moment.</Text>
        <Button variant="outline" colorPalette="leaf" rounded="full" px="8" onClick={() => send({ type: 'cart.retry' })}>
          Retry
        </Button>
      </Stack>
    );
  } else if (snapshot.matches('empty') || !cart) {
    body = <CartEmpty />;
  } else {
    body = (
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 380px' }}
        gap={{ base: '6', lg: '10' }}
        alignItems="start"
      >
        <Stack as="ul" aria-label="Items in your bag" gap={{ base: '3', md: '4' }} m="0" p="0">
          {lines.map((line) => {
            const cartItemId = line.productItem.id;
            return (
              <CartLineCard
                key={cartItemId}
                line={line}
                busy={busyLine === cartItemId}
                onIncrease={() => send({ type: 'quantity.increase', cartItemId })}
                onDecrease={() => send({ type: 'quantity.decrease', cartItemId })}
                onRemove={() => send({ type: 'item.remove', cartItemId })}
              />
            );
          })}
        </Stack>
        <Box position={{ lg: 'sticky' }} top={{ lg: '28' }}>
          <CartSummary cart={cart} onCheckout={() => navigate(paths.checkout)} />
        </Box>
      </Grid>
    );
  }

  return (
    <Container maxW="6xl" px={{ base: '4', md: '8' }} pt={{ base: '8', md: '14' }} pb={{ base: '16', md: '24' }}>
      <Stack gap="2" mb={{ base: '6', md: '10' }} align="center" textAlign="center">
        <Box aria-hidden="true" h="2px" w="12" bg="brand.gold" borderRadius="full" />
        <Heading as="h1" fontSize={{ base: '4xl', md: '5xl' }} fontWeight="600" color="brand.leaf" letterSpacing="0.08em" lineHeight="1.1">
          CART
        </Heading>
      </Stack>
      {body}
    </Container>
  );
}
