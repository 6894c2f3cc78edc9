// The Deliveries board's actor for its screen and its print views: the delivery-board machine with the calls of
// src/api/delivery.ts, starting on the date the address asks for (?date=), today in India without one. The machine owns
// the date; the address follows it (replaced, not pushed), so that a reload or a shared link opens the same day.
import { useEffect } from 'react';
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
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const actor = useActor(
    deliveryBoardMachine.provide({
      actors: {
        loadBoard: fromPromise<DeliveryBoard, string | null>(({ input }) => getDeliveryBoard(input)),
        saveStatus: fromPromise<DeliveryBoard, { date: string | null; change: DeliveryStatusRequest }>(({ input }) => saveStatus(input)),
      },
      actions: { notify },
    }),
    { ...appActorOptions, input: { date: asked && isIndiaDate(asked) ? asked : null } },
  );
  const { date } = actor[0].context;
  useEffect(() => {
    if (date === null || date === asked) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('date', date);
        return next;
      },
      { replace: true },
    );
  }, [date, asked, setParams]);
  return actor;
}
