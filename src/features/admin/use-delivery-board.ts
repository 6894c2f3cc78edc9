// The Deliveries board's actor for its screen and its print views: the delivery-board machine with the calls of
// src/api/delivery.ts, starting on the date the address asks for (?date=), today in India without one.
import { useActor } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { DeliveryBoard } from '../../../domain/delivery-board';
import { isIndiaDate } from '../../../domain/india-time';
import { deliveryBoardMachine } from '../../../machines/delivery-board.machine';
import type { DeliveryStatusRequest } from '../../../machines/delivery-board.machine';
import { getDeliveryBoard, setDeliveryStatus } from '../../api/delivery';
import { appActorOptions } from '../../app/inspection';
import { notify } from '../../app/show-notice';

async function saveStatus({ date, change }: { date: string | null; change: DeliveryStatusRequest }): Promise<DeliveryBoard> {
  await setDeliveryStatus(change.id, { status: change.status, note: change.note });
  return getDeliveryBoard(date);
}

export function useDeliveryBoard() {
  const asked = useSearchParams()[0].get('date');
  return useActor(
    deliveryBoardMachine.provide({
      actors: {
        loadBoard: fromPromise<DeliveryBoard, string | null>(({ input }) => getDeliveryBoard(input)),
        saveStatus: fromPromise<DeliveryBoard, { date: string | null; change: DeliveryStatusRequest }>(({ input }) => saveStatus(input)),
      },
      actions: { notify },
    }),
    { ...appActorOptions, input: { date: asked && isIndiaDate(asked) ? asked : null } },
  );
}
