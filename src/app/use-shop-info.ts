// The shop's contact details for the footer and the static pages: taken from the page when it arrived with them
// (src/app/page-data.ts), otherwise fetched once per page load and shared by every caller, so the footer and a page
// asking at the same time make a single request.
import { useSyncExternalStore } from 'react';
import { pageDataKeys } from '../../domain/page-data';
import type { ShopInfo } from '../../domain/shop';
import { getShopInfo, readShopInfo } from '../api/shop';
import { readPageReply } from './page-data';

let current: ShopInfo | undefined;
let request: Promise<void> | undefined;
const listeners = new Set<() => void>();

const embedded = () => readPageReply(pageDataKeys.shopInfo, readShopInfo);

function load(): void {
  current ??= embedded();
  if (current) return;
  request ??= getShopInfo()
    .then(
      (info) => {
        current = info;
      },
      // A failed look-up leaves callers on their fallbacks; the next page load tries again.
      () => undefined,
    )
    .finally(() => {
      for (const listener of listeners) listener();
    });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  load();
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => {
  current ??= embedded();
  return current;
};

/** The shop's details, or `undefined` while they load (or when they could not be loaded): callers show a fallback. */
export function useShopInfo(): ShopInfo | undefined {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

