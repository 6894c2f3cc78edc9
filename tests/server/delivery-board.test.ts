import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AccountOrder } from '../../domain/account';
import type { PurchaseRecord } from '../../domain/admin-orders';
import type { DeliveryBoard, DeliveryStatusReply } from '../../domain/delivery-board';
import { mails, orderDeliveries, orders } from '../../server/db/schema';
import { orderMails } from '../../server/modules/orders/order-mails';
import { buildTestApp } from './helpers/app';
import { aUser, expectAdminOnly, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';
import { everyCaller } from './helpers/cart';
import { anOrder, aProductDeliveredBy, giveDeliveries, recipient } from './helpers/deliveries';

// Noon in India on Wednesday 2 December 2026.
const now = new Date('2026-12-02T06:30:00Z');
const today = '2026-12-02';
const tomorrow = '2026-12-03';

let app: FastifyInstance;
let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  app = await buildTestApp({}, { now: () => now });
  admin = await aUser(app, { role: 'admin', firstName: 'Admin' });
  buyer = await aUser(app, { firstName: 'Meera', lastName: 'Iyer' });
});
afterAll(async () => {
  await app.close();
});

const asAdmin = () => signedInAs(app, { externalId: admin.externalId, role: 'admin' });
const board = (query = '', headers: Record<string, string> = asAdmin()) => app.inject({ method: 'GET', url: `/api/admin/deliveries${query}`, headers });
const setStatus = (id: number | string, payload: object, headers: Record<string, string> = asAdmin()) =>
  app.inject({ method: 'POST', url: `/api/admin/deliveries/${id}/status`, headers, payload });
const deliveredMails = (orderId: number) => app.db.select().from(mails).where(and(eq(mails.kind, 'order_delivered'), eq(mails.orderId, orderId)));

const card = { occasion: 'Birthday' as const, message: 'Happy birthday, Amma! 🌹', senderName: 'Meera', hideSenderName: true };

/** A paid order of roses (by hand) and a vase (by courier), with both deliveries. */
async function aMixedOrder(handDate: string, slot: string, courierDate: string) {
  const roses = await aProductDeliveredBy(app.db, 'hand', 'Red Roses');
  const vase = await aProductDeliveredBy(app.db, 'courier', 'Dried Vase');
  const order = await anOrder(app.db, buyer.id, { products: [roses, vase], gift: card });
  const ids = await giveDeliveries(app.db, order.id, { hand: { date: handDate, slot }, courier: { date: courierDate, feePaise: 4900 } });
  return { order, hand: ids.hand!, courier: ids.courier! };
}

describe('the Deliveries board', () => {
  it("answers a day's hand deliveries by slot, in the slots' order, and the courier parcels apart; paid orders only", async () => {
    const midnight = await aMixedOrder(tomorrow, 'Midnight', tomorrow);
    const standard = await aMixedOrder(tomorrow, 'Standard', '2026-12-04');
    const roses = await aProductDeliveredBy(app.db, 'hand', 'White Lilies');
    for (const [paymentState, status] of [['pending', 'created'], ['expired', 'created'], ['failed', 'created'], ['refunded', 'Cancelled'], ['paid', 'Cancelled'], ['refund_due', 'created']] as const) {
      const unpaid = await anOrder(app.db, buyer.id, { products: [roses], paymentState, status });
      await giveDeliveries(app.db, unpaid.id, { hand: { date: tomorrow, slot: 'Standard' } });
    }

    const res = await board(`?date=${tomorrow}`);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json<DeliveryBoard>();
    expect(day).toMatchObject({ date: tomorrow, today });
    expect(day.slots.map((slot) => [slot.name, slot.window, slot.deliveries.map((delivery) => delivery.orderId)])).toEqual([
      ['Standard', '9 am to 9 pm', [standard.order.id]],
      ['Midnight', '11 pm to 11:59 pm', [midnight.order.id]],
    ]);
    expect(day.courier.map((delivery) => delivery.orderId)).toEqual([midnight.order.id]);

    const [shown] = day.slots[1]!.deliveries;
    expect(shown).toMatchObject({
      id: midnight.hand,
      orderNumber: midnight.order.providerOrderId,
      kind: 'hand',
      status: 'scheduled',
      statusNote: '',
      statusAt: null,
      recipient: { fullName: recipient.fullName, phoneNumber: recipient.phoneNumber, pincode: '600004' },
      // The hand delivery carries the roses, the courier parcel the vase.
      items: [{ productName: 'Red Roses', size: 'Standard', quantity: 1 }],
      // The florist sees the buyer, even when the card must not name them.
      gift: card,
      buyer: { name: 'Meera Iyer', email: buyer.email },
    });
    expect(day.courier[0]!.items).toEqual([{ productName: 'Dried Vase', size: 'Standard', quantity: 1 }]);
  });

  it("shows today in India by default, on the server's clock", async () => {
    const res = await board();
    expect(res.statusCode).toBe(200);
    expect(res.json<DeliveryBoard>()).toMatchObject({ date: today, today });
  });

  it.each([
    ['?date=2026-02-30', 'The date must be a date such as 2026-12-25'],
    ['?date=tomorrow', 'The date must be a date such as 2026-12-25'],
    ['?date=2026-12-3', 'The date must be a date such as 2026-12-25'],
  ])('refuses the date %s with a clear 400', async (query, message) => {
    const res = await board(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('is for admins only', async () => {
    const { hand } = await aMixedOrder('2026-12-10', 'Standard', '2026-12-10');
    const callers = await everyCaller(app, { customer: buyer, admin: asAdmin() });
    await expectAdminOnly((headers) => board('', headers), callers);
    for (const refused of [{}, callers.guest, callers.customer]) {
      expect([401, 403]).toContain((await setStatus(hand, { status: 'delivered' }, refused)).statusCode);
    }
    const [row] = await app.db.select().from(orderDeliveries).where(eq(orderDeliveries.id, hand));
    expect(row!.status).toBe('scheduled');
  });
});

describe("a delivery's status", () => {
  it('goes out for delivery, is attempted with a note shown on the board, then delivered: the buyer is mailed once', async () => {
    const { order, hand } = await aMixedOrder('2026-12-05', 'Midnight', '2026-12-05');

    const out = await setStatus(hand, { status: 'out_for_delivery' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<DeliveryStatusReply>()).toMatchObject({ message: 'Marked out for delivery', customerNotified: false, delivery: { status: 'out_for_delivery' } });

    const attempted = await setStatus(hand, { status: 'attempted', note: '  Recipient not at home  ' });
    expect(attempted.json<DeliveryStatusReply>().delivery).toMatchObject({ status: 'attempted', statusNote: 'Recipient not at home' });
    const day = (await board('?date=2026-12-05')).json<DeliveryBoard>();
    expect(day.slots[0]!.deliveries[0]).toMatchObject({ status: 'attempted', statusNote: 'Recipient not at home' });
    expect(day.slots[0]!.deliveries[0]!.statusAt).not.toBeNull();

    const delivered = await setStatus(hand, { status: 'delivered' });
    expect(delivered.json<DeliveryStatusReply>()).toMatchObject({ message: 'Marked delivered', customerNotified: true, delivery: { status: 'delivered', statusNote: '' } });
    const again = await setStatus(hand, { status: 'delivered' });
    expect(again.json<DeliveryStatusReply>()).toMatchObject({ customerNotified: false, delivery: { status: 'delivered' } });

    const sent = await deliveredMails(order.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: buyer.email, subject: expect.stringContaining(`Order ${order.providerOrderId} delivered`) });
    expect(sent[0]!.text).toContain('Saturday 5 December, Midnight 11 pm to 11:59 pm');
    expect(sent[0]!.text).toContain(recipient.fullName);
  });

  it('makes the order Delivered once every delivery of it is delivered', async () => {
    const { order, hand, courier } = await aMixedOrder('2026-12-06', 'Standard', '2026-12-06');
    const statusOf = async () => (await app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status;
    await setStatus(hand, { status: 'delivered' });
    expect(await statusOf()).toBe('created');
    await setStatus(courier, { status: 'delivered' });
    expect(await statusOf()).toBe('Delivered');
    expect(await deliveredMails(order.id)).toHaveLength(2);
  });

  it.each([
    [{ status: 'attempted' }, 'Please say why the delivery could not be made'],
    [{ status: 'attempted', note: '   ' }, 'Please say why the delivery could not be made'],
    [{ status: 'attempted', note: 'x'.repeat(201) }, 'The note must be text of at most 200 characters'],
    [{ status: 'scheduled' }, 'Please choose a status: out_for_delivery, delivered or attempted'],
    [{ status: 'lost' }, 'Please choose a status: out_for_delivery, delivered or attempted'],
    [{}, 'Please choose a status: out_for_delivery, delivered or attempted'],
    [{ status: 'delivered', note: 42 }, 'The note must be text of at most 200 characters'],
  ])('refuses %j with a clear 400 and changes nothing', async (body, message) => {
    const { hand } = await aMixedOrder('2026-12-07', 'Standard', '2026-12-07');
    const res = await setStatus(hand, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
    const [row] = await app.db.select().from(orderDeliveries).where(eq(orderDeliveries.id, hand));
    expect(row).toMatchObject({ status: 'scheduled', statusNote: '', statusAt: null });
  });

  it('answers 400 for a malformed id, 404 for an unknown delivery and 409 for a cancelled order', async () => {
    expect((await setStatus('abc', { status: 'delivered' })).json()).toEqual({ message: 'id must be a delivery id', code: 'BAD_REQUEST' });
    const unknown = await setStatus(999_999, { status: 'delivered' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Delivery not found', code: 'NOT_FOUND' });

    const roses = await aProductDeliveredBy(app.db, 'hand', 'Tulips');
    const cancelled = await anOrder(app.db, buyer.id, { products: [roses], status: 'Cancelled', paymentState: 'refunded' });
    const { hand } = await giveDeliveries(app.db, cancelled.id, { hand: { date: '2026-12-08', slot: 'Standard' } });
    const refused = await setStatus(hand!, { status: 'delivered' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This order is cancelled or its money went back: its deliveries can no longer change.', code: 'CONFLICT' });
    expect(await deliveredMails(cancelled.id)).toHaveLength(0);
  });
});

describe('everywhere an order shows, its deliveries show', () => {
  it('in the confirmation mail and the new-order notice: date and slot, each fee, occasion and card', async () => {
    const { order } = await aMixedOrder('2026-12-03', 'Midnight', '2026-12-04');
    const composed = await orderMails(app.db, app.config, { id: order.id });
    for (const mail of composed!.mails) {
      expect(mail.text).toContain('Hand delivery: Thursday 3 December, Midnight 11 pm to 11:59 pm');
      expect(mail.text).toContain('Courier: Dispatched 4 December, delivered in 2 to 5 business days');
      expect(mail.text).toContain('Midnight delivery: Rs. 250');
      expect(mail.text).toContain('Courier delivery: Rs. 49');
      expect(mail.text).toContain('Occasion: Birthday');
      expect(mail.text).toContain('Card message: Happy birthday, Amma! 🌹');
      expect(mail.text).toContain('Card from: Meera (not shown on the card)');
    }
  });

  it('in an order without deliveries (placed before dated delivery) as it always did', async () => {
    const roses = await aProductDeliveredBy(app.db, 'hand', 'Old Roses');
    const order = await anOrder(app.db, buyer.id, { products: [roses] });
    const composed = await orderMails(app.db, app.config, { id: order.id });
    expect(composed!.mails[0]!.text).toContain('Your flowers will be delivered within 2 to 5 business days');
    expect(composed!.mails[0]!.text).toContain('Delivery: Delivered in 2 to 5 business days');
  });

  it("in My Account's orders and the admin's purchase records", async () => {
    const { order, hand } = await aMixedOrder('2026-12-09', 'Midnight', '2026-12-09');
    await setStatus(hand, { status: 'attempted', note: 'Gate locked' });
    const expected = [
      { id: hand, kind: 'hand', date: '2026-12-09', slotName: 'Midnight', windowStartMinute: 1380, windowEndMinute: 1439, feePaise: 25_000, status: 'attempted', statusNote: 'Gate locked' },
      { kind: 'courier', date: '2026-12-09', slotName: null, windowStartMinute: null, windowEndMinute: null, feePaise: 4900, status: 'scheduled' },
    ];

    const mine = await app.inject({ method: 'GET', url: `/api/userorderslist?id=${buyer.externalId}`, headers: signedInAs(app, buyer) });
    expect(mine.statusCode, mine.body).toBe(200);
    const shown = mine.json<AccountOrder[]>().find((candidate) => candidate.UserOrder.rpayOrderId === order.providerOrderId);
    expect(shown!.UserOrder.deliveries).toMatchObject(expected);

    const record = await app.inject({ method: 'GET', url: `/api/getSinglePurchase?id=${order.id}`, headers: asAdmin() });
    expect(record.json<PurchaseRecord>().UserOrder.deliveries).toMatchObject(expected);
    const list = await app.inject({ method: 'GET', url: '/api/users/purchases/list', headers: asAdmin() });
    expect(list.json<PurchaseRecord[]>().find((purchase) => purchase.id === order.id)!.UserOrder.deliveries).toHaveLength(2);
  });
});
