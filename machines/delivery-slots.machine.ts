// The admin's Delivery slots screen (issue 40): load the slots, holidays and courier settings, then save one change at
// a time (a slot's fee, cut-off, capacity and active; the courier's fee and Sundays; a holiday added or removed). A
// saved change shows the settings as the server now has them; a refused one keeps them and says why in a toast.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { deliverySlotTexts } from '../domain/delivery-schedule';
import type { DeliverySettingsChange, DeliverySettingsRecord } from '../domain/delivery-schedule';
import { toastDurations } from '../domain/limits';
import { notice } from '../domain/notice';
import type { Notice } from '../domain/notice';
import { outputOf } from './actor-events';
import { failureOf } from './call-failure';

export interface DeliverySlotsContext {
  settings: DeliverySettingsRecord | null;
  /** The change on its way, for the view to show as busy; null when none. */
  change: DeliverySettingsChange | null;
}

export type DeliverySlotsEvent = { type: 'settings.retry' } | { type: 'change.save'; change: DeliverySettingsChange };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const deliverySlotsSetup = setup({
  types: {} as { context: DeliverySlotsContext; events: DeliverySlotsEvent },
  actors: {
    loadSettings: fromPromise<DeliverySettingsRecord>(unprovided),
    /** Saves the change, then answers the settings as they now are. */
    saveChange: fromPromise<DeliverySettingsRecord, DeliverySettingsChange>(unprovided),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    showSettings: assign({ settings: ({ event }) => outputOf<DeliverySettingsRecord>(event, 'loadSettings', 'saveChange') }),
    startChange: assign({
      change: ({ event }) => {
        assertEvent(event, 'change.save');
        return event.change;
      },
    }),
    endChange: assign({ change: null }),
  },
});

export const deliverySlotsMachine = deliverySlotsSetup.extend({
  actions: {
    /** The server's own words for a refusal (a 400's message), or the screen's when there are none. */
    notifyRefusal: deliverySlotsSetup.enqueueActions(({ event, enqueue }) => {
      const { serverMessage } = failureOf((event as { error?: unknown }).error);
      enqueue({ type: 'notify', params: notice(serverMessage ?? deliverySlotTexts.saveFailed, 'error', toastDurations.default) });
    }),
  },
}).createMachine({
  id: 'deliverySlots',
  context: { settings: null, change: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: 'showSettings' },
        onError: { target: 'loadFailed' },
      },
    },
    // "The delivery settings did not load", with Retry.
    loadFailed: {
      on: { 'settings.retry': 'loading' },
    },
    ready: {
      on: { 'change.save': { target: 'saving', actions: 'startChange' } },
    },
    saving: {
      exit: 'endChange',
      invoke: {
        id: 'saveChange',
        src: 'saveChange',
        input: ({ context }) => context.change!,
        onDone: {
          target: 'ready',
          actions: ['showSettings', { type: 'notify', params: notice('Saved', 'success', toastDurations.default) }],
        },
        onError: { target: 'ready', actions: 'notifyRefusal' },
      },
    },
  },
});
