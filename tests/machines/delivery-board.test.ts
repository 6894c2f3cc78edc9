// The florist's Deliveries board, model-based: every state and transition walked with held calls, checking that the
// board loads the asked date (or today, null), that a date change loads that date, that a status change sends the
// delivery's change and shows the board the server answered with a toast, that an attempt without a note is refused
// before anything is sent, and that a refusal keeps the board and says why by the delivery.
import { expect } from 'vitest';
import type { EventFrom } from 'xstate';
import type { DeliveryBoard } from '../../domain/delivery-board';
import type { Notice } from '../../domain/notice';
import { deliveryBoardMachine } from '../../machines/delivery-board.machine';
import type { DeliveryBoardInput, DeliveryStatusRequest } from '../../machines/delivery-board.machine';
import { machineCoverage } from './machine-graph';
import { heldCalls, noticeLog, retryStep, startMachine, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof deliveryBoardMachine>;

const aBoard = (date: string, status: 'scheduled' | 'delivered' = 'scheduled'): DeliveryBoard => ({
  date,
  today: '2026-12-02',
  slots: [
    {
      slotId: 9,
      name: 'Midnight',
      window: '11 pm to 11:59 pm',
      deliveries: [
        {
          id: 4,
          orderId: 12,
          orderNumber: 'order_QX12',
          kind: 'hand',
          date,
          slotName: 'Midnight',
          windowStartMinute: 1380,
          windowEndMinute: 1439,
          status,
          statusNote: '',
          statusAt: null,
          recipient: { fullName: 'Lakshmi Iyer', address: '4 Lake View Road', locality: 'Mylapore', landmark: '', city: 'Chennai', pincode: '600004', state: 'Tamil Nadu', country: 'India', phoneNumber: '9840012345' },
          items: [{ productName: 'Red Roses', size: 'Standard', quantity: 1 }],
          gift: null,
          buyer: { name: 'Meera Iyer', email: 'meera@example.test' },
        },
      ],
    },
  ],
  courier: [],
});

const delivered: DeliveryStatusRequest = { id: 4, status: 'delivered', note: '' };
const noNote: DeliveryStatusRequest = { id: 4, status: 'attempted', note: ' ' };
const refused = { status: 409, code: 'CONFLICT', serverMessage: 'This order is cancelled or its money went back: its deliveries can no longer change.' };

const modelEvents = [
  { type: 'xstate.done.actor.loadBoard', output: aBoard('2026-12-03') },
  { type: 'xstate.error.actor.loadBoard', error: new TypeError('Failed to fetch') },
  { type: 'board.retry' },
  { type: 'date.change', date: '2026-12-04' },
  { type: 'date.change', date: '2026-02-30' },
  { type: 'status.change', change: delivered },
  { type: 'status.change', change: noNote },
  { type: 'xstate.done.actor.saveStatus', output: aBoard('2026-12-03', 'delivered') },
  { type: 'xstate.error.actor.saveStatus', error: refused },
  { type: 'xstate.error.actor.saveStatus', error: new TypeError('Failed to fetch') },
] as unknown as ModelEvent[];

const coverage = machineCoverage();

function harness(input: DeliveryBoardInput) {
  const calls = { loads: [] as (string | null)[], saves: [] as { date: string | null; change: DeliveryStatusRequest }[] };
  const { holding, settle } = heldCalls();
  const toasts = noticeLog<Notice>();
  const { actor } = startMachine(
    deliveryBoardMachine.provide({
      actors: { loadBoard: holding<DeliveryBoard, string | null>('loadBoard', calls.loads), saveStatus: holding('saveStatus', calls.saves) },
      actions: { notify: toasts.notify },
    }),
    coverage,
    input,
  );
  return { actor, calls, settle, toasts };
}

walkModel('delivery-board machine (model-based)', {
  machine: deliveryBoardMachine,
  coverage,
  events: modelEvents,
  situations: { 'today by default': { date: null }, 'a date from the address': { date: '2026-12-03' } },
  harness,
  steps: (h, input) => ({
    'xstate.done.actor.loadBoard': ({ event }) => {
      // The first load asks for the address's date, or none (today).
      expect(h.calls.loads[0]).toBe(input.date);
      return h.settle(event);
    },
    'xstate.error.actor.loadBoard': ({ event }) => h.settle(event),
    'board.retry': retryStep(h.actor, 'board.retry', () => h.calls.loads.length),
    'date.change': ({ event }) => {
      const loads = h.calls.loads.length;
      const { date } = event as unknown as { date: string };
      h.actor.send({ type: 'date.change', date });
      // A real date loads that day; anything else is ignored.
      if (date === '2026-12-04') expect(h.calls.loads.at(-1)).toBe('2026-12-04');
      else expect(h.calls.loads).toHaveLength(loads);
    },
    'status.change': ({ event }) => {
      const saves = h.calls.saves.length;
      const { change } = event as unknown as { change: DeliveryStatusRequest };
      h.actor.send({ type: 'status.change', change });
      if (change === delivered) {
        expect(h.calls.saves.at(-1)).toEqual({ date: '2026-12-03', change: delivered });
      } else {
        expect(h.calls.saves).toHaveLength(saves);
        expect(h.actor.getSnapshot().context).toMatchObject({ refusal: 'Please say why the delivery could not be made', change: noNote });
      }
    },
    'xstate.done.actor.saveStatus': async ({ event }) => {
      await h.toasts.expectMessages(() => h.settle(event), ['Marked delivered']);
      expect(h.actor.getSnapshot().context.board!.slots[0]!.deliveries[0]!.status).toBe('delivered');
    },
    'xstate.error.actor.saveStatus': async ({ event }) => {
      const board = h.actor.getSnapshot().context.board;
      await h.settle(event);
      const expected = (event.error as { status?: number }).status === 409 ? refused.serverMessage : 'The status could not be saved. Please try again.';
      expect(h.actor.getSnapshot().context).toMatchObject({ refusal: expected, change: delivered, board });
    },
  }),
});
