// The florist's Deliveries board (/admindeliveries, issue 40) and its print views: load a day's deliveries (today in
// India when no date is given, the server decides), change the date, and move one delivery's status at a time (Out for
// delivery, Delivered, Attempted with a note). A change the screen can already tell is wrong (an attempt without a note)
// is refused before anything is sent; one the server refuses shows its words on the board until the next step.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { deliveryBoardTexts, statusChangeIssue } from '../domain/delivery-board';
import type { BoardStatus, DeliveryBoard } from '../domain/delivery-board';
import { isIndiaDate } from '../domain/india-time';
import { toastDurations } from '../domain/limits';
import { notice } from '../domain/notice';
import type { Notice } from '../domain/notice';
import { errorOf, inputOf, outputOf } from './actor-events';
import { failureOf } from './call-failure';

export interface DeliveryStatusRequest {
  id: number;
  status: BoardStatus;
  note: string;
}

export interface DeliveryBoardInput {
  /** The date the address asks for; null: today in India, as the server answers it. */
  date: string | null;
}

export interface DeliveryBoardContext {
  date: string | null;
  board: DeliveryBoard | null;
  /** The change on its way (or last refused), for the view to show by its delivery. */
  change: DeliveryStatusRequest | null;
  /** Why the last change was refused, shown by its delivery; null when none was. */
  refusal: string | null;
}

export type DeliveryBoardEvent =
  | { type: 'board.retry' }
  | { type: 'date.change'; date: string }
  | { type: 'status.change'; change: DeliveryStatusRequest };

const unprovided = () => Promise.reject(new Error('provided by the view'));

const deliveryBoardSetup = setup({
  types: {} as { context: DeliveryBoardContext; events: DeliveryBoardEvent; input: DeliveryBoardInput },
  actors: {
    /** GET the day's board. */
    loadBoard: fromPromise<DeliveryBoard, string | null>(unprovided),
    /** POST the status change, then answers the board of its day as it now is. */
    saveStatus: fromPromise<DeliveryBoard, { date: string | null; change: DeliveryStatusRequest }>(unprovided),
  },
  actions: {
    notify: (_, _params: Notice) => {},
    takeInput: assign(({ event }) => ({ date: inputOf<DeliveryBoardInput>(event).date })),
    showBoard: assign(({ event }) => {
      const board = outputOf<DeliveryBoard>(event, 'loadBoard', 'saveStatus');
      return { board, date: board.date };
    }),
    setDate: assign({
      date: ({ event }) => {
        assertEvent(event, 'date.change');
        return event.date;
      },
    }),
    startChange: assign({
      change: ({ event }) => {
        assertEvent(event, 'status.change');
        return event.change;
      },
      refusal: null,
    }),
    endChange: assign({ change: null, refusal: null }),
  },
  guards: {
    isDate: ({ event }) => event.type === 'date.change' && isIndiaDate(event.date),
    isSendable: ({ event }) => event.type === 'status.change' && statusChangeIssue(event.change) === null,
  },
});

export const deliveryBoardMachine = deliveryBoardSetup.extend({
  actions: {
    keepRefusal: deliveryBoardSetup.assign({
      refusal: ({ event }) => {
        if (event.type === 'status.change') return statusChangeIssue(event.change) ?? deliveryBoardTexts.saveFailed;
        const failure = failureOf(errorOf(event, 'saveStatus'));
        return failure.status !== null && failure.status < 500 && failure.serverMessage ? failure.serverMessage : deliveryBoardTexts.saveFailed;
      },
      change: ({ context, event }) => (event.type === 'status.change' ? event.change : context.change),
    }),
    notifySaved: deliveryBoardSetup.enqueueActions(({ context, enqueue }) => {
      if (context.change) enqueue({ type: 'notify', params: notice(deliveryBoardTexts.saved(context.change.status), 'success', toastDurations.default) });
    }),
  },
}).createMachine({
  id: 'deliveryBoard',
  context: { date: null, board: null, change: null, refusal: null },
  entry: 'takeInput',
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBoard',
        src: 'loadBoard',
        input: ({ context }) => context.date,
        onDone: { target: 'shown', actions: 'showBoard' },
        onError: { target: 'loadFailed' },
      },
    },
    // "The deliveries did not load", with Retry; another date may be picked meanwhile.
    loadFailed: {
      on: {
        'board.retry': 'loading',
        'date.change': { guard: 'isDate', target: 'loading', actions: 'setDate' },
      },
    },
    // The day's board; every status button enabled.
    shown: {
      initial: 'idle',
      on: {
        'date.change': { guard: 'isDate', target: 'loading', actions: ['endChange', 'setDate'] },
        'status.change': [
          { guard: 'isSendable', target: 'changing', actions: 'startChange' },
          { target: '.refused', actions: 'keepRefusal' },
        ],
      },
      states: {
        idle: {},
        // The last change was refused: its delivery says why until the next change or date.
        refused: {},
      },
    },
    // One change on its way: every status button disabled until it is answered.
    changing: {
      invoke: {
        id: 'saveStatus',
        src: 'saveStatus',
        input: ({ context }) => ({ date: context.date, change: context.change! }),
        onDone: { target: 'shown.idle', actions: ['notifySaved', 'showBoard', 'endChange'] },
        onError: { target: 'shown.refused', actions: 'keepRefusal' },
      },
    },
  },
});
