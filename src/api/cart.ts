// The bag (SPEC.md §7 "Cart") and the guest session it lives under: one function per endpoint, replies parsed with
// domain/cart.ts. The spec's text bodies ("quantity added to cart", …) are mapped to outcomes here, once.
import { cartReply, cartTexts, guestSessionReply } from '../../domain/cart';
import type { CartOwner, CartReply, GuestSessionReply } from '../../domain/cart';
import { api } from './client';

const ownerPath = (owner: CartOwner) =>
  owner.kind === 'user' ? `user/${encodeURIComponent(owner.userExtId)}` : `guest/${encodeURIComponent(owner.sessionId)}`;
const ownerId = (owner: CartOwner) => (owner.kind === 'user' ? owner.userExtId : owner.sessionId);

/** `GET getSessionId`: a new guest session; its refresh token arrives as the HttpOnly cookie. */
export async function createGuestSession(): Promise<GuestSessionReply> {
  return guestSessionReply.parse(await api.get('getSessionId', { retry: 0 }).json());
}

/** `GET user/{userExtId}/cart` or `GET guest/{sessionId}/cart` */
export async function getCart(owner: CartOwner): Promise<CartReply> {
  return cartReply.parse(await api.get(`${ownerPath(owner)}/cart`).json());
}

export type AddOutcome = 'added' | 'maximum';

/** `POST createusercart`: one more unit. A non-2xx throws ky's HTTPError; a network failure throws too. */
export async function addToCart(productExtId: string, owner: CartOwner): Promise<AddOutcome> {
  const json = owner.kind === 'user' ? { productExtId, userId: owner.userExtId } : { productExtId, sessionId: owner.sessionId };
  const text = await api.post('createusercart', { json }).text();
  if (text === cartTexts.added) return 'added';
  if (text === cartTexts.maximumAdded) return 'maximum';
  throw new Error(`createusercart answered an unknown text: ${text.slice(0, 80)}`);
}

/** `POST checkquantity`: whether the shop has `quantity` units of the product. */
export async function checkQuantity(productId: string, quantity: number): Promise<boolean> {
  const text = await api.post('checkquantity', { json: { productId, quantity } }).text();
  return text === cartTexts.sufficient;
}

export type UpdateOutcome = 'updated' | 'insufficient';

/** `POST user/{id or sessionId}/cart/{cartItemId}` */
export async function updateCartItem(
  owner: CartOwner,
  cartItemId: number,
  line: { productId: string; size: string; quantity: number },
): Promise<UpdateOutcome> {
  const text = await api.post(`user/${encodeURIComponent(ownerId(owner))}/cart/${cartItemId}`, { json: line }).text();
  return text === cartTexts.updated ? 'updated' : 'insufficient';
}

/** `POST removecartitem` */
export async function removeCartItem(owner: CartOwner, productId: string): Promise<void> {
  const json =
    owner.kind === 'user'
      ? { productId, userExtId: owner.userExtId, guestSessionId: null }
      : { productId, userExtId: null, guestSessionId: owner.sessionId };
  await api.post('removecartitem', { json });
}
