/**
 * Delivery choices for checkout tests (issue 40): every invoice names a date (and for hand delivery a slot) per
 * delivery kind of the bag. These pick the first open ones of the server's own schedule, as a shopper who takes the
 * picker's first offer would.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import { firstOpenChoice } from '../../../domain/delivery-schedule';
import type { DeliverySchedule, SlotKind } from '../../../domain/delivery-schedule';
import type { DeliveryChoiceRequest } from '../../../domain/payment';

/** The server's schedule for a kind of delivery (GET delivery/schedule). */
export async function scheduleOf(app: FastifyInstance, kind: DeliveryKind): Promise<DeliverySchedule> {
  const res = await app.inject({ method: 'GET', url: `/api/delivery/schedule?kind=${kind}` });
  if (res.statusCode !== 200) throw new Error(`delivery/schedule answered ${res.statusCode}: ${res.body}`);
  return res.json<DeliverySchedule>();
}

/** The first open date of a kind of delivery, and for hand delivery its first open slot (or the slot of that kind). */
export async function firstChoice(app: FastifyInstance, kind: DeliveryKind, slotKind?: SlotKind): Promise<DeliveryChoiceRequest> {
  const choice = firstOpenChoice(await scheduleOf(app, kind), slotKind);
  if (!choice) throw new Error(`no open ${kind} delivery in the next 30 days`);
  return choice;
}

/** The delivery kinds a bag needs, hand first (each line's product kind, else its category's). */
export async function bagKinds(app: FastifyInstance, bag: { userId: number } | { cartId: number }): Promise<DeliveryKind[]> {
  const where = 'cartId' in bag ? sql`c.id = ${bag.cartId}` : sql`c.user_id = ${bag.userId}`;
  const result = await app.db.execute(sql`select distinct coalesce(p.delivery_kind, k.delivery_kind)::text as kind
    from carts c join cart_items i on i.cart_id = c.id join products p on p.id = i.product_id
    left join categories k on k.id = p.category_id where ${where}`);
  const kinds = (result as unknown as { rows: { kind: DeliveryKind }[] }).rows.map((row) => row.kind);
  return (['hand', 'courier'] as const).filter((kind) => kinds.includes(kind));
}

/** A choice per delivery of the bag: the first open date and slot of each. */
export async function deliveriesFor(app: FastifyInstance, bag: { userId: number } | { cartId: number }): Promise<DeliveryChoiceRequest[]> {
  return Promise.all((await bagKinds(app, bag)).map((kind) => firstChoice(app, kind)));
}
