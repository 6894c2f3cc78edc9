// The add-to-cart flow's rules outside the machine: which toast a failed call shows (SPEC.md §8).
import { cartMessages } from '../domain/cart';
import { toastDurations } from '../domain/limits';
import type { Notice } from '../domain/notice';
import { failureOf } from './call-failure';

/**
 * No answer at all is a network error, any refusal a failed add, except the server's 409 OUT_OF_STOCK (nothing left
 * to add), which is the stock limit the shopper can act on. The product page's toasts stay 3 s (SPEC.md §9).
 */
export function addToCartFailureNotice(error: unknown): Notice {
  const failure = failureOf(error);
  const duration = toastDurations.productDetail;
  if (failure.status === null) return { message: cartMessages.networkError, kind: 'error', duration };
  if (failure.status === 409 && failure.code === 'OUT_OF_STOCK') {
    return { message: cartMessages.stockLimit, kind: 'warning', duration };
  }
  return { message: cartMessages.addFailed, kind: 'error', duration };
}
