// Whose bag the browser is working with (SPEC.md §4 "Add to cart"): the signed-in user's, else the guest session's,
// whose id lives in session storage `guestSessionId` and is created on first need. Also keeps the badge's count.
import { createGuestSession, getCart } from '../api/cart';
import type { CartOwner } from '../../domain/cart';
import { cartCountStore } from './cart-count-store';
import { readGuestSessionId, sessionStore, storeGuestSessionId } from './session-store';

/** The bag's owner as things stand, without creating anything; null for a visitor who has no bag yet. */
export function currentCartOwner(): CartOwner | null {
  const session = sessionStore.getSnapshot();
  if (session.isLoggedIn && session.userExtId) return { kind: 'user', userExtId: session.userExtId };
  const sessionId = readGuestSessionId();
  return sessionId ? { kind: 'guest', sessionId } : null;
}

let pendingGuestSession: Promise<CartOwner> | null = null;

/** The bag's owner, starting a guest session first when a visitor has none (one request however many callers ask). */
export async function ensureCartOwner(): Promise<CartOwner> {
  const owner = currentCartOwner();
  if (owner) return owner;
  pendingGuestSession ??= createGuestSession()
    .then(({ sessionId, accessToken }) => {
      storeGuestSessionId(sessionId);
      sessionStore.setAccessToken(accessToken);
      return { kind: 'guest', sessionId } as const;
    })
    .finally(() => {
      pendingGuestSession = null;
    });
  return pendingGuestSession;
}

/** Reloads the badge's count from the server: at app start and after every change to the bag. */
export async function refreshCartCount(): Promise<void> {
  const owner = currentCartOwner();
  if (!owner) {
    cartCountStore.set(0);
    return;
  }
  try {
    cartCountStore.set((await getCart(owner)).totalCartItems);
  } catch (error) {
    // The badge is a hint; a failed load leaves the last count and must not disturb the page.
    console.warn('The bag count could not be loaded', error);
  }
}
