// The admin's Refund and Cancel on a purchase order (issue 39): offered only when the order allows it, confirmed
// before anything is sent, sent once, and the outcome told; the order is then shown again as the server has it.
import { assign, fromPromise, setup } from 'xstate';
import { hasRefundDue, isCancellable } from '../domain/admin-orders';
import type { PurchaseRecord } from '../domain/admin-orders';
import { toastDurations } from '../domain/limits';
import { notice } from '../domain/notice';
import type { Notice } from '../domain/notice';
import { errorOf, inputOf, outputOf } from './actor-events';

export type PurchaseAction = 'refund' | 'cancel';

export interface PurchaseActionContext {
  /** The order as loaded: what the guards offer the actions by. */
  record: PurchaseRecord | null;
  /** The action being confirmed or sent. */
  action: PurchaseAction | null;
}

export type PurchaseActionEvent =
  | { type: 'refund.request' }
  | { type: 'cancel.request' }
  | { type: 'action.confirm' }
  | { type: 'action.dismiss' };

/** The server's answer: done or refused, each with its message. A call with no answer rejects. */
export type PurchaseActionOutcome = { ok: boolean; message: string };

export const purchaseActionUnreachable = 'We could not reach the shop. Nothing was changed; please try again.';

const unimplemented = () => Promise.reject(new Error('provided by the view'));
const toast = (message: string, kind: Notice['kind']) => notice(message, kind, toastDurations.orderUpdate);

const purchaseActionSetup = setup({
  types: {} as {
    context: PurchaseActionContext;
    events: PurchaseActionEvent;
    input: { record: PurchaseRecord };
  },
  actors: {
    runAction: fromPromise<PurchaseActionOutcome, { action: PurchaseAction; id: number }>(unimplemented),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    logError: (_, _params: { error: unknown }) => {},
    /** The view loads the order again: the server's word on its status and money. */
    reloadPurchase: () => {},
    takeInput: assign(({ event }) => ({ record: inputOf<{ record: PurchaseRecord }>(event).record })),
    chooseRefund: assign({ action: 'refund' as const }),
    chooseCancel: assign({ action: 'cancel' as const }),
    clearAction: assign({ action: null }),
  },
  guards: {
    hasRefundDue: ({ context }) => context.record !== null && hasRefundDue(context.record),
    isCancellable: ({ context }) => context.record !== null && isCancellable(context.record),
    wasDone: ({ event }) => outputOf<PurchaseActionOutcome>(event, 'runAction').ok,
  },
});

export const purchaseActionMachine = purchaseActionSetup.extend({
  actions: {
    notifyDone: purchaseActionSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: toast(outputOf<PurchaseActionOutcome>(event, 'runAction').message, 'success') });
    }),
    notifyRefusal: purchaseActionSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'notify', params: toast(outputOf<PurchaseActionOutcome>(event, 'runAction').message, 'error') });
    }),
    notifyUnreachable: purchaseActionSetup.enqueueActions(({ enqueue }) => {
      enqueue({ type: 'notify', params: toast(purchaseActionUnreachable, 'error') });
    }),
    logCallError: purchaseActionSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'runAction') } });
    }),
  },
}).createMachine({
  id: 'purchaseAction',
  context: { record: null, action: null },
  entry: 'takeInput',
  initial: 'idle',
  states: {
    idle: {
      on: {
        'refund.request': { guard: 'hasRefundDue', target: 'confirming', actions: 'chooseRefund' },
        'cancel.request': { guard: 'isCancellable', target: 'confirming', actions: 'chooseCancel' },
      },
    },
    confirming: {
      on: {
        'action.confirm': 'sending',
        'action.dismiss': { target: 'idle', actions: 'clearAction' },
      },
    },
    sending: {
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({ action: context.action ?? 'refund', id: context.record?.id ?? 0 }),
        onDone: [
          { guard: 'wasDone', target: 'idle', actions: ['notifyDone', 'clearAction', 'reloadPurchase'] },
          // Refused: another admin may have acted meanwhile, so the order is shown again as it now is.
          { target: 'idle', actions: ['notifyRefusal', 'clearAction', 'reloadPurchase'] },
        ],
        onError: { target: 'idle', actions: ['logCallError', 'notifyUnreachable', 'clearAction'] },
      },
    },
  },
});
