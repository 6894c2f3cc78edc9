// Add To Cart and Buy Now on a flower's page: draws machines/add-to-cart.machine.ts over the flower's details and
// provides its calls, toasts and navigation.
import type { ReactNode } from 'react';
import { useActor } from '@xstate/react';
import { HTTPError, TimeoutError } from 'ky';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { FlowerDetail } from '../../../domain/catalog';
import { addToCartMachine } from '../../../machines/add-to-cart.machine';
import { addToCart } from '../../api/cart';
import { toCallError } from '../../api/call-error';
import { ensureCartOwner, refreshCartCount } from '../../app/cart-owner';
import { appActorOptions } from '../../app/inspection';
import { paths } from '../../app/paths';
import { notify } from '../../app/show-notice';
import { FlowerDetailView } from './flower-detail-view';

/**
 * A rejection as the machine reads it: a refusal carries its status and the server's code, no answer at all (network,
 * time-out) carries none, and an answer the client could not read counts as a failed add.
 */
async function asCallFailure(error: unknown): Promise<unknown> {
  if (error instanceof HTTPError) {
    const { status, code } = await toCallError(error);
    return { status, code, serverMessage: null };
  }
  if (error instanceof TypeError || error instanceof TimeoutError) return error;
  return { status: 200, code: 'UNEXPECTED_REPLY', serverMessage: null };
}

const rethrowAsFailure = async (error: unknown): Promise<never> => {
  throw await asCallFailure(error);
};

/** `deliveryCheck`: the "Check delivery" box the page draws under the buttons. */
export function AddToCart({ flower, deliveryCheck }: { flower: FlowerDetail; deliveryCheck?: ReactNode }) {
  const navigate = useNavigate();
  const [snapshot, send] = useActor(
    addToCartMachine.provide({
      actors: {
        ensureOwner: fromPromise(() => ensureCartOwner().catch(rethrowAsFailure)),
        addToCart: fromPromise(({ input }) => addToCart(input.productExtId, input.owner).catch(rethrowAsFailure)),
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
    />
  );
}

