/**
 * The florist's Deliveries board (issue 40): a day's deliveries of paid orders, hand deliveries by slot in the slots'
 * order and courier parcels apart, and each delivery's status. Delivered queues the buyer's mail once per delivery, in
 * the transaction of the change, and makes the order Delivered once all its deliveries are.
 */
import type { AddressSnapshot } from '../orders/checkout-bag';
import { addressFieldsOf } from '../../../domain/address';
import { indiaDateOf } from '../../../domain/india-time';
import type { IndiaDate } from '../../../domain/india-time';
import { deliveryBoardTexts } from '../../../domain/delivery-board';
import type { BoardDelivery, DeliveryBoard, DeliveryStatusChange, DeliveryStatusReply } from '../../../domain/delivery-board';
import { deliveryWindowText } from '../../../domain/order-delivery';
import type { Database } from '../../db/client';
import { Conflict, NotFound } from '../../errors';
import { queueMails } from '../mail/mail-queue';
import { deliveredMail } from '../orders/order-mails';
import type { MailContext } from '../orders/order-mails';
import { boardDeliveries, lockDelivery, markOrderDeliveredWhenDone, setDeliveryStatus } from './order-deliveries.queries';
import type { BoardDeliveryRow } from './order-deliveries.queries';

export interface DeliveryBoardDeps {
  db: Database;
  config: MailContext;
  /** Wakes the jobs of mails the change queued (server/jobs/send-mail.job.ts). */
  wakeMails: (ids: number[]) => Promise<void>;
}

const buyerName = (row: BoardDeliveryRow) => [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email;

function toBoardDelivery(row: BoardDeliveryRow): BoardDelivery {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.providerOrderId ?? row.invoiceId,
    kind: row.kind,
    date: row.date,
    slotName: row.slotName,
    windowStartMinute: row.windowStartMinute,
    windowEndMinute: row.windowEndMinute,
    status: row.status,
    statusNote: row.statusNote,
    statusAt: row.statusAt?.toISOString() ?? null,
    recipient: addressFieldsOf(row.address as AddressSnapshot),
    items: row.items,
    gift: row.gift ?? null,
    buyer: { name: buyerName(row), email: row.email },
  };
}

/** The board for a date (today in India on the server's clock when none is asked for). */
export async function deliveryBoardFor(db: Database, date: IndiaDate | undefined, now: Date): Promise<DeliveryBoard> {
  const today = indiaDateOf(now);
  const day = date ?? today;
  const rows = (await boardDeliveries(db, { date: day })).map((row) => ({ row, shown: toBoardDelivery(row) }));
  const slots: DeliveryBoard['slots'] = [];
  for (const { row, shown } of rows) {
    if (row.kind !== 'hand' || row.slotId === null) continue;
    const group = slots.find((slot) => slot.slotId === row.slotId);
    if (group) group.deliveries.push(shown);
    else slots.push({ slotId: row.slotId, name: row.slotName ?? 'Hand delivery', window: deliveryWindowText(row) ?? '', deliveries: [shown] });
  }
  return { date: day, today, slots, courier: rows.filter(({ row }) => row.kind === 'courier').map(({ shown }) => shown) };
}

/**
 * Sets a delivery's status and note. 404 for an unknown delivery, 409 when its order is no longer to be delivered.
 * Delivered queues the buyer's mail (keyed by the delivery: never twice) and closes the order when it was the last.
 */
export async function changeDeliveryStatus(deps: DeliveryBoardDeps, deliveryId: number, change: DeliveryStatusChange): Promise<DeliveryStatusReply> {
  const { row, mailIds } = await deps.db.transaction(async (tx) => {
    const before = await lockDelivery(tx, deliveryId);
    if (!before) throw new NotFound(deliveryBoardTexts.notFound);
    if (!before.deliverable) throw new Conflict(deliveryBoardTexts.notDeliverable);
    await setDeliveryStatus(tx, deliveryId, change.status, change.note?.trim() ?? '');
    const [after] = await boardDeliveries(tx, { deliveryId });
    if (!after) throw new NotFound(deliveryBoardTexts.notFound);
    if (change.status !== 'delivered') return { row: after, mailIds: [] };
    await markOrderDeliveredWhenDone(tx, after.orderId);
    const mail = deliveredMail(deps.config, {
      deliveryId,
      orderId: after.orderId,
      orderNumber: after.providerOrderId ?? after.invoiceId,
      email: after.email,
      firstName: after.firstName,
      recipientName: (after.address as AddressSnapshot).fullName,
      delivery: after,
    });
    return { row: after, mailIds: await queueMails(tx, [mail]) };
  });
  await deps.wakeMails(mailIds);
  return { message: deliveryBoardTexts.saved(change.status), customerNotified: mailIds.length > 0, delivery: toBoardDelivery(row) };
}
