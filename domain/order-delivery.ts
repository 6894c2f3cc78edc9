import { z } from 'zod/mini';
import { courierPromise, dayMonthText, feeText, timeOfMinute, windowText } from './delivery-schedule';
import { deliveryKind, deliveryKindLabels } from './delivery-kind';
import { indiaDateParts } from './india-time';

/**
 * An order's deliveries (issue 40, `order_deliveries`): one per delivery kind in its bag, with its date, slot, fee and
 * where it stands on the florist's Deliveries board. How a delivery reads as a line of text is decided here once, for
 * the mails, the thank-you page, My Account, the admin's orders and the board alike. Orders placed before dated
 * delivery have no rows and still read "Delivered in 2 to 5 business days".
 */

export const deliveryStatuses = ['scheduled', 'out_for_delivery', 'delivered', 'attempted'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  scheduled: 'Scheduled',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  attempted: 'Attempted',
};

const int = z.number().check(z.int());
const count = z.number().check(z.int(), z.nonnegative());

/** A delivery as every order view shows it (My Account, the admin's orders, the thank-you page). */
export const orderDelivery = z.object({
  id: int,
  kind: deliveryKind,
  /** India date: the hand delivery's day, or the courier's dispatch day. */
  date: z.string(),
  /** The slot as bought ("Midnight"); null for courier. */
  slotName: z.nullable(z.string()),
  /** The slot's window in minutes after midnight, India time; null for courier. */
  windowStartMinute: z.nullable(int),
  windowEndMinute: z.nullable(int),
  feePaise: count,
  status: z.enum(deliveryStatuses),
  /** Why an attempt failed; empty otherwise. */
  statusNote: z.string(),
});
export type OrderDelivery = z.infer<typeof orderDelivery>;
export const orderDeliveries = z.array(orderDelivery);

type Dated = Pick<OrderDelivery, 'kind' | 'date' | 'slotName' | 'windowStartMinute' | 'windowEndMinute'>;

/** "11 pm to 11:59 pm"; null without a window (courier). */
export function deliveryWindowText(delivery: Pick<OrderDelivery, 'windowStartMinute' | 'windowEndMinute'>): string | null {
  const { windowStartMinute: start, windowEndMinute: end } = delivery;
  return start === null || end === null ? null : windowText(timeOfMinute(start), timeOfMinute(end));
}

/**
 * A delivery as a line of text: "Thursday 3 December, Midnight 11 pm to 11:59 pm" by hand, "Dispatched 3 December,
 * delivered in 2 to 5 business days" by courier.
 */
export function deliveryText(delivery: Dated): string {
  if (delivery.kind === 'courier') return `Dispatched ${dayMonthText(delivery.date)}, ${courierPromise.toLowerCase()}`;
  const window = deliveryWindowText(delivery);
  const slot = [delivery.slotName ?? deliveryKindLabels.hand, window].filter(Boolean).join(' ');
  return `${indiaDateParts(delivery.date).weekday} ${dayMonthText(delivery.date)}, ${slot}`;
}

/** The fee's own line where amounts are listed: "Midnight delivery", "Courier delivery". */
export function deliveryFeeLabel(delivery: Pick<OrderDelivery, 'kind' | 'slotName'>): string {
  return delivery.kind === 'courier' ? 'Courier delivery' : `${delivery.slotName ?? 'Hand'} delivery`;
}

/**
 * The deliveries as label and value rows, the same everywhere an order shows them: "Hand delivery" or "Courier" with
 * the delivery's line, and "Attempted: <note>" while an attempt is its latest news. An order without rows (placed
 * before dated delivery) reads as it always did.
 */
export function deliveryDetails(deliveries: readonly (Dated & Partial<Pick<OrderDelivery, 'status' | 'statusNote'>>)[]): [label: string, value: string][] {
  if (deliveries.length === 0) return [['Delivery', courierPromise]];
  return deliveries.map((delivery) => {
    const attempted = delivery.status === 'attempted' && delivery.statusNote ? ` (Attempted: ${delivery.statusNote})` : '';
    return [deliveryKindLabels[delivery.kind], `${deliveryText(delivery)}${attempted}`];
  });
}

/** Each delivery's fee as its own amount row: ["Midnight delivery", "Rs. 250"] or "Free". */
export function deliveryFeeRows(deliveries: readonly Pick<OrderDelivery, 'kind' | 'slotName' | 'feePaise'>[]): [label: string, value: string][] {
  return deliveries.map((delivery) => [deliveryFeeLabel(delivery), feeText(delivery.feePaise)]);
}

/**
 * A delivery as the thank-you page is handed it by the checkout (the navigation's state): what it shows, no board
 * status yet.
 */
export const chosenDelivery = z.pick(orderDelivery, { kind: true, date: true, slotName: true, windowStartMinute: true, windowEndMinute: true, feePaise: true });
export type ChosenDelivery = z.infer<typeof chosenDelivery>;
