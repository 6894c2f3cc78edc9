// /cart (SPEC.md §2 Cart): CART, a spinner while the bag loads, then the lines and the summary side by side on wide
// screens (summary sticky) and stacked on phones. The flow lives in machines/cart.machine.ts; this view
// provides the calls, toasts and badge, renders the state and sends events.
import { Box, Grid, Stack } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { CartOwner, CartReply } from '../../../domain/cart';
import { cartMachine } from '../../../machines/cart.machine';
import type { CheckStockInput, RemoveItemInput, UpdateOutcome, UpdateQuantityInput } from '../../../machines/cart.machine';
import { checkQuantity, getCart, removeCartItem, updateCartItem } from '../../api/cart';
import { cartCountStore } from '../../app/cart-count-store';
import { currentCartOwner } from '../../app/cart-owner';
import { appActorOptions } from '../../app/inspection';
import { paths } from '../../app/paths';
import { notify } from '../../app/show-notice';
import { useDocumentTitle } from '../../app/use-document-title';
import { LoadFailed, Loading } from '../../components/load-states';
import { MakeItSpecialSlot } from '../../components/make-it-special-slot';
import { TitledPage } from '../../components/titled-page';
import { CartEmpty } from './cart-empty';
import { CartLineCard } from './cart-line-card';
import { CartSummary } from './cart-summary';

export function CartPage() {
  useDocumentTitle('Cart');
  const navigate = useNavigate();
  // Whose bag is decided once, when the page opens; signing in or out leaves the page anyway.
  const [owner] = useState(currentCartOwner);
  const [snapshot, send] = useActor(
    cartMachine.provide({
      actors: {
        loadCart: fromPromise<CartReply, CartOwner>(({ input }) => getCart(input)),
        checkStock: fromPromise<boolean, CheckStockInput>(({ input }) => checkQuantity(input.productId, input.quantity)),
        updateQuantity: fromPromise<UpdateOutcome, UpdateQuantityInput>(({ input }) =>
          updateCartItem(input.owner, input.cartItemId, input.line),
        ),
        removeItem: fromPromise<unknown, RemoveItemInput>(({ input }) => removeCartItem(input.owner, input.productId)),
      },
      actions: {
        notify,
        // The page has just read the whole bag, so the badge takes its count instead of asking again.
        showCount: (_, { count }) => cartCountStore.set(count),
        logError: (_, { error }) => console.error('cart call failed', error),
      },
    }),
    { input: { owner }, ...appActorOptions },
  );

  const { cart, pending } = snapshot.context;
  const lines = cart?.productList ?? [];
  const busyLine = snapshot.matches('ready') && !snapshot.matches({ ready: 'idle' }) ? pending?.cartItemId : undefined;

  let body;
  if (snapshot.matches('opening') || snapshot.matches('loading')) {
    body = <Loading label="Loading your bag…" />;
  } else if (snapshot.matches('loadFailed')) {
    body = <LoadFailed title="Your bag did not load" onRetry={() => send({ type: 'cart.retry' })} />;
  } else if (snapshot.matches('empty') || !cart) {
    body = <CartEmpty />;
  } else {
    body = (
      <Grid
        templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 380px' }}
        gap={{ base: '6', lg: '10' }}
        alignItems="start"
      >
        <Stack gap={{ base: '10', md: '12' }} minW="0">
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
          {/* An add-on added here shows as a line at once: the bag loads again. */}
          <MakeItSpecialSlot onAdded={() => send({ type: 'cart.changed' })} />
        </Stack>
        <Box position={{ lg: 'sticky' }} top={{ lg: '36' }}>
          <CartSummary cart={cart} onCheckout={() => navigate(paths.checkout)} />
        </Box>
      </Grid>
    );
  }

  return <TitledPage title="CART">{body}</TitledPage>;
}
