// The add-to-bag calls as the add-to-cart machines read them (add-to-cart.machine.ts on the product page,
// addon-card.machine.ts under "Make it special"): one implementation for both.
import { HTTPError, TimeoutError } from 'ky';
import { fromPromise } from 'xstate';
import type { CartOwner } from '../../domain/cart';
import type { AddToCartOutcome } from '../../machines/add-to-cart.machine';
import { addToCart } from '../api/cart';
import { toCallError } from '../api/call-error';
import { ensureCartOwner } from './cart-owner';

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

export const addToCartCalls = {
  /** The signed-in user, else the stored guest session, else a new guest session. */
  ensureOwner: fromPromise<CartOwner>(() => ensureCartOwner().catch(rethrowAsFailure)),
  addToCart: fromPromise<AddToCartOutcome, { productExtId: string; owner: CartOwner }>(({ input }) =>
    addToCart(input.productExtId, input.owner).catch(rethrowAsFailure),
  ),
};
