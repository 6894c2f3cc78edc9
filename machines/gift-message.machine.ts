// The checkout's "Gift message" section (issue 40): occasion, card message, sender's name and "Don't show my name".
// It holds no card until the buyer writes or chooses something, and goes back to no card once everything is cleared.
// The rules are domain/gift-message.ts's, the same the invoice route applies; a field's complaint shows once it holds
// something, and every complaint once Place Order was tried (`gift.check`). Place Order reads the card it would send
// from the selectors and refuses an invalid one itself (place-order.machine.ts).
import { assign, setup } from 'xstate';
import { blankGiftForm, giftFormEmpty } from '../domain/gift-message';
import type { GiftFormField, GiftFormValues } from '../domain/gift-message';

export interface GiftMessageContext {
  values: GiftFormValues;
  /** Place Order was tried: every complaint shows, filled or not. */
  checked: boolean;
}

export type GiftMessageEvent =
  | { type: 'gift.change'; field: GiftFormField; value: string }
  | { type: 'gift.hideName'; hide: boolean }
  | { type: 'gift.check' }
  | { type: 'gift.clear' };

export const giftMessageMachine = setup({
  types: {} as { context: GiftMessageContext; events: GiftMessageEvent },
  actions: {
    keepValue: assign({
      values: ({ context, event }) =>
        event.type === 'gift.change' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    keepHideName: assign({
      values: ({ context, event }) => (event.type === 'gift.hideName' ? { ...context.values, hideSenderName: event.hide } : context.values),
    }),
    markChecked: assign({ checked: true }),
    clearCard: assign({ values: blankGiftForm, checked: false }),
  },
  guards: {
    /** After this change the form holds no card at all. */
    leavesNoCard: ({ context, event }) =>
      event.type === 'gift.change' && giftFormEmpty({ ...context.values, [event.field]: event.value }),
  },
}).createMachine({
  id: 'giftMessage',
  context: { values: blankGiftForm, checked: false },
  initial: 'noCard',
  states: {
    // "Don't show my name" alone is no card: it is kept for when there is one.
    noCard: {
      on: {
        'gift.change': [{ guard: 'leavesNoCard', actions: 'keepValue' }, { target: 'writing', actions: 'keepValue' }],
        'gift.hideName': { actions: 'keepHideName' },
        'gift.check': { actions: 'markChecked' },
      },
    },
    writing: {
      on: {
        'gift.change': [{ guard: 'leavesNoCard', target: 'noCard', actions: 'keepValue' }, { actions: 'keepValue' }],
        'gift.hideName': { actions: 'keepHideName' },
        'gift.check': { actions: 'markChecked' },
        'gift.clear': { target: 'noCard', actions: 'clearCard' },
      },
    },
  },
});
