// The one module-level toaster of DESIGN.md §5: every snackbar and toast of the shop, top-centre.
// Use as toaster.create({ description, type: 'success' | 'error' | 'info' | 'warning', duration }).
//
// Its code (Chakra's toast with Zag's toast, dismissable and DOM helpers) is a lazy chunk, not part of a first visit's
// download: it loads at the shopper's first tap or key press (src/main.tsx), which comes before anything the shop
// could answer with a toast, or else with the first toast. A toast's duration counts from when it shows, so one that
// waited for the chunk is still shown in full.
import { useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import type { CreateToasterReturn } from '@chakra-ui/react';
import type * as toasterChunk from './app-toaster';
import { loadLazyPart } from './lazy-route';

type ToasterChunk = typeof toasterChunk;
type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

let chunk: ToasterChunk | undefined;
let loading: Promise<ToasterChunk> | undefined;
const listeners = new Set<() => void>();

/** Loads the toaster's chunk, once; AppProviders shows its toasts from then on. */
export function loadToaster(): Promise<ToasterChunk> {
  loading ??= loadLazyPart(() => import('./app-toaster')).then(
    (loaded) => {
      chunk = loaded;
      for (const listener of listeners) listener();
      return loaded;
    },
    (error: unknown) => {
      // A chunk that did not arrive is asked for again with the next toast.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export const toaster = {
  create(options: ToastOptions): void {
    if (chunk) chunk.shopToaster.create(options);
    else loadToaster().then((loaded) => loaded.shopToaster.create(options), () => undefined);
  },
  /** Removes every toast. */
  remove(): void {
    chunk?.shopToaster.remove();
  },
};

/** The region that renders the toasts, once its chunk has loaded (null before, and on the server). */
export function useToastRegion(): ComponentType | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => chunk?.AppToaster ?? null,
    () => null,
  );
}

/** The shopper's first tap or key press loads the toaster, so that a toast it leads to shows without waiting. */
export function loadToasterOnFirstInput(target: Pick<Document, 'addEventListener' | 'removeEventListener'>): void {
  const load = () => {
    target.removeEventListener('pointerdown', load, true);
    target.removeEventListener('keydown', load, true);
    loadToaster().catch(() => undefined);
  };
  target.addEventListener('pointerdown', load, true);
  target.addEventListener('keydown', load, true);
}
