/**
 * An order's deliveries as the checkout invoice prices them (issue 40): the bag split by delivery kind
 * (domain/delivery-split.ts), each matched with the buyer's choice of date and slot, that choice checked on the server's
 * clock, and its fee (the slot's plus the service area's extra fee, or the courier's) taxed as the goods it delivers.
 * What is wrong with the choices is refused here, before the provider is asked for an order.
 */
import { deliveryFeeRateBp, deliveryTitles, splitIntoDeliveries } from '../../../domain/delivery-split';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import { minuteOfTime, scheduleTexts } from '../../../domain/delivery-schedule';
import type { DeliverySchedule } from '../../../domain/delivery-schedule';
import { lineTax } from '../../../domain/gst';
import type { LineTax } from '../../../domain/gst';
import type { Paise } from '../../../domain/money';
import { deliveryChoiceMessages } from '../../../domain/payment';
import type { DeliveryChoiceRequest } from '../../../domain/payment';
import type { Database } from '../../db/client';
import { BadRequest, Conflict, HttpError } from '../../errors';
import { checkDeliveryChoice, deliveryScheduleFor } from './schedule.service';
import { deliveryReach } from './service-areas.service';

/** A choice that can no longer be had (409 DELIVERY_STALE), with the fresh schedules of every delivery of the bag. */
export class DeliveryStale extends HttpError {
  constructor(message: string, schedules: readonly DeliverySchedule[]) {
    super(409, 'DELIVERY_STALE', message, { schedules });
  }
}

/** What the split needs of a priced bag line. */
export interface DeliveredLine {
  deliveryKind: DeliveryKind;
  totalPaise: Paise;
  rateBp: number | null;
  isAddon: boolean;
}

/** A delivery of the order, priced: an order_deliveries row as checkout_invoice writes it (migration 0020). */
export interface PricedDelivery {
  kind: DeliveryKind;
  date: string;
  slot_id: number | null;
  slot_name: string | null;
  window_start_minute: number | null;
  window_end_minute: number | null;
  fee_paise: Paise;
  fee_gst_rate_bp: number | null;
  fee_taxable_paise: Paise;
  fee_cgst_paise: Paise;
  fee_sgst_paise: Paise;
  fee_igst_paise: Paise;
}

/**
 * The bag's deliveries, each with its checked choice and its fee. Whether a hand slot still has a place is not asked
 * here: checkout_invoice takes the place in the invoice's transaction (a double submit finds its own pending invoice
 * holding it) and answers 'full' when none is left (slotTakenMeanwhile).
 */
export async function priceDeliveries(
  db: Database,
  input: {
    lines: readonly DeliveredLine[];
    choices: readonly DeliveryChoiceRequest[];
    address: { pincode: string; state: string };
    now: Date;
  },
): Promise<PricedDelivery[]> {
  const deliveries = splitIntoDeliveries(input.lines);
  const choices = matchChoices(deliveries.map((delivery) => delivery.kind), input.choices);
  const reach = deliveries.some((delivery) => delivery.kind === 'hand') ? await deliveryReach(db, input.address.pincode) : null;
  if (reach && !reach.hand) throw new Conflict(deliveryChoiceMessages.notReached(input.address.pincode));

  const checks = await Promise.all(choices.map((choice) => checkDeliveryChoice(db, choice, input.now, 'ignored')));
  const refused = checks.find((check) => !check.ok);
  if (refused && !refused.ok) {
    const schedules = await Promise.all(choices.map((choice) => deliveryScheduleFor(db, choice.kind, input.now)));
    throw new DeliveryStale(refused.message, schedules);
  }

  return deliveries.map((delivery, index): PricedDelivery => {
    const choice = choices[index]!;
    const check = checks[index]!;
    const slot = check.slotRecord;
    const feePaise =
      delivery.kind === 'hand' ? (slot?.feePaise ?? 0) + (reach?.hand?.extraFeePaise ?? 0) : (check.schedule.courier?.feePaise ?? 0);
    const rateBp = deliveryFeeRateBp(delivery.lines);
    const tax: LineTax = lineTax(feePaise, rateBp, input.address.state);
    return {
      kind: delivery.kind,
      date: choice.date,
      slot_id: delivery.kind === 'hand' ? choice.slotId : null,
      slot_name: delivery.kind === 'hand' ? (slot?.name ?? null) : null,
      window_start_minute: delivery.kind === 'hand' && slot ? minuteOfTime(slot.start) : null,
      window_end_minute: delivery.kind === 'hand' && slot ? minuteOfTime(slot.end) : null,
      fee_paise: feePaise,
      fee_gst_rate_bp: rateBp,
      fee_taxable_paise: tax.taxablePaise,
      fee_cgst_paise: tax.cgstPaise,
      fee_sgst_paise: tax.sgstPaise,
      fee_igst_paise: tax.igstPaise,
    };
  });
}

/**
 * checkout_invoice found the hand delivery's slot full when it came to take its place (another buyer took the last
 * one since the check): the refusal, with the schedules as they are now.
 */
export async function slotTakenMeanwhile(db: Database, deliveries: readonly PricedDelivery[], now: Date): Promise<DeliveryStale> {
  const checks = await Promise.all(
    deliveries.map((delivery) => checkDeliveryChoice(db, { kind: delivery.kind, date: delivery.date, slotId: delivery.slot_id }, now, 'counted')),
  );
  const hand = deliveries.findIndex((delivery) => delivery.kind === 'hand');
  const check = checks[hand];
  const shown = check?.schedule.days.find((day) => day.date === deliveries[hand]?.date)?.slots.find((slot) => slot.id === deliveries[hand]?.slot_id);
  const message =
    check && !check.ok ? check.message : shown ? scheduleTexts.slotGone(shown, deliveries[hand]!.date) : scheduleTexts.unknownSlot;
  return new DeliveryStale(message, checks.map((one) => one.schedule));
}

/** The buyer's choices in the order of the bag's deliveries: exactly one per kind the bag needs (400 otherwise). */
function matchChoices(kinds: readonly DeliveryKind[], choices: readonly DeliveryChoiceRequest[]): DeliveryChoiceRequest[] {
  const extra = choices.find((choice) => !kinds.includes(choice.kind));
  if (extra) throw new BadRequest(deliveryChoiceMessages.notNeeded(deliveryTitles[extra.kind]));
  return kinds.map((kind) => {
    const ofKind = choices.filter((choice) => choice.kind === kind);
    if (ofKind.length === 0) throw new BadRequest(deliveryChoiceMessages.missing(deliveryTitles[kind]));
    if (ofKind.length > 1) throw new BadRequest(deliveryChoiceMessages.twice);
    return ofKind[0]!;
  });
}
