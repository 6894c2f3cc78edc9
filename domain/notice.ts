// What a flow asks the shop to tell the shopper in a snackbar: the one shape every machine's `notify` action takes and
// src/app/show-notice.ts shows.

export type NoticeKind = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  message: string;
  kind: NoticeKind;
  /** How long it stays, in milliseconds: each screen's own duration (SPEC.md §9, domain/limits.ts). */
  duration: number;
  /** Lines under the message, one each (Place Order's stock shortfall names every short bag line). */
  lines?: string[];
}

export const notice = (message: string, kind: NoticeKind, duration: number): Notice => ({ message, kind, duration });
