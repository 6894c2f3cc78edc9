import { z } from 'zod/mini';
import { purchaseAddress } from './admin-orders';
import { dayMonthText, indiaDateField } from './delivery-schedule';
import { deliveryKind } from './delivery-kind';
import { giftMessage } from './gift-message';
import { indiaDateParts } from './india-time';
import type { IndiaDate } from './india-time';
import { deliveryStatuses, deliveryStatusLabels } from './order-delivery';
import type { DeliveryStatus } from './order-delivery';

/**
 * The florist's Deliveries board (issue 40): GET admin/deliveries?date= answers a day's deliveries of paid orders,
 * hand deliveries by slot and courier parcels apart; POST admin/deliveries/{id}/status moves one along. The print
 * views (card messages, the manifest) read the same board.
 */

/** The statuses the board sets; a delivery starts as scheduled. */
export const boardStatuses = ['out_for_delivery', 'delivered', 'attempted'] as const;
export type BoardStatus = (typeof boardStatuses)[number];

const int = z.number().check(z.int());
const count = z.number().check(z.int(), z.nonnegative());

export const deliveryNoteMax = 200;

export const deliveryBoardTexts = {
  dateInvalid: 'The date must be a date such as 2026-12-25',
  idInvalid: 'id must be a delivery id',
  notFound: 'Delivery not found',
  statusInvalid: 'Please choose a status: out_for_delivery, delivered or attempted',
  noteInvalid: `The note must be text of at most ${deliveryNoteMax} characters`,
  noteRequired: 'Please say why the delivery could not be made',
  notDeliverable: 'This order is cancelled or its money went back: its deliveries can no longer change.',
  saved: (status: DeliveryStatus) => `Marked ${deliveryStatusLabels[status].toLowerCase()}`,
  saveFailed: 'The status could not be saved. Please try again.',
} as const;

export const deliveryBoardQuery = z.object({ date: z.optional(indiaDateField(deliveryBoardTexts.dateInvalid)) });

/**
 * `POST admin/deliveries/{id}/status`: the new status and a note (what happened at an attempt; required then, and
 * cleared by any other status when none is sent).
 */
export const deliveryStatusChange = z
  .object({
    status: z.enum(boardStatuses, { error: deliveryBoardTexts.statusInvalid }),
    note: z.optional(
      z.string({ error: deliveryBoardTexts.noteInvalid }).check(z.trim(), z.maxLength(deliveryNoteMax, { error: deliveryBoardTexts.noteInvalid })),
    ),
  })
  .check(
    z.refine((change) => change.status !== 'attempted' || (change.note ?? '') !== '', {
      error: deliveryBoardTexts.noteRequired,
      path: ['note'],
    }),
  );
export type DeliveryStatusChange = z.input<typeof deliveryStatusChange>;

/** What the board would refuse in a change before it is sent (the server says the same). */
export function statusChangeIssue(change: DeliveryStatusChange): string | null {
  const parsed = deliveryStatusChange.safeParse(change);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? deliveryBoardTexts.saveFailed);
}

/** A delivery on the board: who receives what, where, with which card; the order and its buyer for the florist. */
export const boardDelivery = z.object({
  id: int,
  orderId: int,
  orderNumber: z.string(),
  kind: deliveryKind,
  date: z.string(),
  slotName: z.nullable(z.string()),
  windowStartMinute: z.nullable(int),
  windowEndMinute: z.nullable(int),
  status: z.enum(deliveryStatuses),
  statusNote: z.string(),
  /** When the status last changed (ISO 8601); null while scheduled. */
  statusAt: z.nullable(z.string()),
  /** The delivery address as the order keeps it: the recipient's name and phone are its. */
  recipient: purchaseAddress,
  items: z.array(z.object({ productName: z.string(), size: z.string(), quantity: count })),
  /** The card; the florist sees the sender even when the card must not show it (`hideSenderName`). */
  gift: z.nullable(giftMessage),
  buyer: z.object({ name: z.string(), email: z.string() }),
});
export type BoardDelivery = z.infer<typeof boardDelivery>;

/** `GET admin/deliveries?date=`: the day's hand deliveries by slot (the slots' order) and the courier parcels apart. */
export const deliveryBoard = z.object({
  date: z.string(),
  /** Today in India on the server's clock. */
  today: z.string(),
  slots: z.array(
    z.object({
      slotId: int,
      name: z.string(),
      /** "11 pm to 11:59 pm". */
      window: z.string(),
      deliveries: z.array(boardDelivery),
    }),
  ),
  courier: z.array(boardDelivery),
});
export type DeliveryBoard = z.infer<typeof deliveryBoard>;

/** `POST admin/deliveries/{id}/status` answer. */
export const deliveryStatusReply = z.object({
  message: z.string(),
  /** True when this change queued the buyer's "delivered" mail (only the first time a delivery is delivered). */
  customerNotified: z.boolean(),
  delivery: boardDelivery,
});
export type DeliveryStatusReply = z.infer<typeof deliveryStatusReply>;

/** The recipient's address on one line, for the board and the manifest. */
export function recipientAddressText(address: z.infer<typeof purchaseAddress>): string {
  return [address.address, address.locality, address.landmark, `${address.city} ${address.pincode}`].filter(Boolean).join(', ');
}

/** Who the printed card says it is from: the sender's name, or nothing when it must stay off the card. */
export function cardFrom(gift: z.infer<typeof giftMessage>): string | null {
  return gift.hideSenderName || !gift.senderName ? null : `From ${gift.senderName}`;
}

/** The board's heading for a date: "Thursday 3 December". */
export function boardDayText(date: IndiaDate): string {
  return `${indiaDateParts(date).weekday} ${dayMonthText(date)}`;
}
