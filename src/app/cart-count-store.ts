// The bag badge's item count. Zero until the bag issue fills it (SPEC.md §4: it is refreshed after add-to-cart and
// set to 0 on logout).
import { useSyncExternalStore } from 'react';

let count = 0;
const listeners = new Set<() => void>();

export const cartCountStore = {
  get: (): number => count,
  set(next: number): void {
    const value = Number.isFinite(next) && next > 0 ? Math.floor(next) : 0;
    if (value === count) return;
    count = value;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useCartCount(): number {
  // The server draws every page with an empty bag: hydration starts from that, then shows the count.
  return useSyncExternalStore(cartCountStore.subscribe, cartCountStore.get, () => 0);
}
