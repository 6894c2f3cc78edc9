// Add To Cart and Buy Now on a flower's page: draws machines/add-to-cart.machine.ts over the flower's details and
// provides its calls, toasts and navigation.
import type { ReactNode } from 'react';
import { useActor } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { FlowerDetail } from '../../../domain/catalog';
import { addToCartMachine } from '../../../machines/add-to-cart.machine';
import { addToCartCalls } from '../../app/add-to-cart-calls';
import { refreshCartCount } from '../../app/cart-owner';
import { appActorOptions } from '../../app/inspection';
import { paths } from '../../app/paths';
import { notify } from '../../app/show-notice';
import { FlowerDetailView } from './flower-detail-view';

/** `deliveryCheck`: the "Check delivery" box the page draws under the buttons; `addons`: "Make it special" below it. */
export function AddToCart({ flower, deliveryCheck, addons }: { flower: FlowerDetail; deliveryCheck?: ReactNode; addons?: ReactNode }) {
  const navigate = useNavigate();
  const [snapshot, send] = useActor(
    addToCartMachine.provide({
      actors: {
        ...addToCartCalls,
        refreshCount: fromPromise(() => refreshCartCount()),
      },
      actions: {
        notify,
        goToCheckout: () => void navigate(paths.checkout),
      },
    }),
    { input: { productExtId: flower.externalId, inStock: flower.quantity > 0 }, ...appActorOptions },
  );
  const busy = !snapshot.matches('idle');
  return (
    <FlowerDetailView
      flower={flower}
      onAddToCart={() => send({ type: 'cart.add' })}
      onBuyNow={() => send({ type: 'cart.buyNow' })}
      canAdd={snapshot.can({ type: 'cart.add' })}
      pending={busy ? snapshot.context.intent : null}
      soldOut={!snapshot.context.inStock}
      deliveryCheck={deliveryCheck}
      addons={addons}
    />
  );
}

