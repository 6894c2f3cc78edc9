import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { NeverPurchasedUser, PurchaseRecord, UpdatePurchaseReply } from '../../domain/admin-orders';
import type { AccountOrder } from '../../domain/account';
import { orders } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { aUser, expectAdminOnly, mailsTo, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';
import { everyCaller } from './helpers/cart';
import { anOrder, recipient } from './helpers/deliveries';
import { expectBadRequest } from './helpers/replies';

let app: FastifyInstance;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await aUser(app, { role: 'admin', firstName: 'Admin' });
  customer = await aUser(app);
});
afterAll(async () => {
  await app.close();
});

const asAdmin = () => signedInAs(app, { externalId: admin.externalId, role: 'admin' });
const get = (url: string, headers: Record<string, string> = asAdmin()) => app.inject({ method: 'GET', url: `/api/${url}`, headers });
const post = (url: string, payload: object, headers: Record<string, string> = asAdmin()) =>
  app.inject({ method: 'POST', url: `/api/${url}`, payload, headers });

describe('every admin orders call is for admins only', () => {
  const calls = [
    ['GET', 'users/purchases/list', undefined],
    ['GET', 'getSinglePurchase?id=__ID__', undefined],
    ['POST', 'updatepurchaseorder', { status: 'created', userTrackingUrl: '', email: 'x@example.in' }],
    ['GET', 'getuserneverpurchase', undefined],
  ] as const;

  it.each(calls)('%s %s: 401 anonymous, 403 guest, 403 customer, 200 admin', async (method, path, body) => {
    const purchase = await anOrder(app.db, customer.id, { createdAt: new Date('2023-01-01T00:00:00Z') });
    const url = `/api/${path.replace('__ID__', String(purchase.id))}`;
    const payload = body ? { ...body, id: purchase.id } : undefined;
    const call = (headers: Record<string, string>) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    await expectAdminOnly(call, await everyCaller(app, { customer, admin: asAdmin() }));
  });

  it('refuses a customer before looking at the body', async () => {
    const res = await post('updatepurchaseorder', { id: 'nonsense' }, signedInAs(app, customer));
    expect(res.statusCode).toBe(403);
  });
});

describe('purchase records', () => {
  it('lists paid and refund-due orders newest first in the spec shape, with rupee amounts', async () => {
    const buyer = await aUser(app, { firstName: 'Kavya', lastName: 'Nair', email: 'kavya.nair@example.in' });
    const older = await anOrder(app.db, buyer.id, {
      createdAt: new Date('2030-01-01T10:00:00Z'),
      status: 'Dispatched',
      trackingUrl: 'https://track.example.in/KV1',
      items: [
        { name: 'Sunset Posy', quantity: 2, unitPricePaise: 124_975 },
        { name: 'Dried Lavender', quantity: 1, unitPricePaise: 50_000 },
      ],
    });
    const refundDue = await anOrder(app.db, buyer.id, { createdAt: new Date('2030-01-02T10:00:00Z'), paymentState: 'refund_due' });
    const pending = await anOrder(app.db, buyer.id, { createdAt: new Date('2030-01-03T10:00:00Z'), paymentState: 'pending' });
    const failed = await anOrder(app.db, buyer.id, { createdAt: new Date('2030-01-04T10:00:00Z'), paymentState: 'failed' });
    const expired = await anOrder(app.db, buyer.id, { createdAt: new Date('2030-01-05T10:00:00Z'), paymentState: 'expired' });

    const res = await get('users/purchases/list');
    expect(res.statusCode).toBe(200);
    const list = res.json<PurchaseRecord[]>();
    const ids = list.map((record) => record.id);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(failed.id);
    expect(ids).not.toContain(expired.id);
    expect(ids.indexOf(refundDue.id)).toBeLessThan(ids.indexOf(older.id));
    const times = list.map((record) => Date.parse(record.UserOrder.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    expect(list.find((record) => record.id === refundDue.id)!.paymentState).toBe('refund_due');
    expect(list.find((record) => record.id === older.id)).toEqual({
      id: older.id,
      status: 'Dispatched',
      userTrackingUrl: 'https://track.example.in/KV1',
      paymentState: 'paid',
      payments: [],
      // Settled before the method was recorded, or by a verify call alone: not known.
      paymentMethod: null,
      User: { firstName: 'Kavya', lastName: 'Nair', email: 'kavya.nair@example.in' },
      UserOrder: {
        id: older.id,
        rpayOrderId: older.providerOrderId,
        price: 2999.5,
        createdAt: '2030-01-01T10:00:00.000Z',
        UserAddress: recipient,
        gift: null,
        // Placed before dated delivery: no deliveries.
        deliveries: [],
        documents: { invoice: null, creditNote: null },
        // Bought without a coupon (issue 42).
        coupon: null,
        UserOrderItems: [
          { quantity: 2, itemPrice: 1249.75, ProductDatum: { productName: 'Sunset Posy' } },
          { quantity: 1, itemPrice: 500, ProductDatum: { productName: 'Dried Lavender' } },
        ],
      },
    });
  });

  it('gives one record by id, and 404 for an unknown id or an order that was never paid', async () => {
    const purchase = await anOrder(app.db, customer.id, { createdAt: new Date('2024-02-02T02:00:00Z') });
    const unpaid = await anOrder(app.db, customer.id, { createdAt: new Date('2024-02-03T02:00:00Z'), paymentState: 'pending' });

    const res = await get(`getSinglePurchase?id=${purchase.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<PurchaseRecord>()).toMatchObject({ id: purchase.id, User: { email: customer.email }, UserOrder: { price: 1250 } });

    for (const id of [999_999, unpaid.id]) {
      const missing = await get(`getSinglePurchase?id=${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Purchase not found', code: 'NOT_FOUND' });
    }
    expectBadRequest(await get('getSinglePurchase?id=abc'), 'id must be a purchase id');
  });
});

describe('updating a purchase', () => {
  it("saves status and link, mails the order's own customer, and the customer's Orders tab shows them", async () => {
    const buyer = await aUser(app, { firstName: 'Divya', email: 'divya.update@example.in' });
    const purchase = await anOrder(app.db, buyer.id, { createdAt: new Date('2024-04-04T04:00:00Z') });

    const res = await post('updatepurchaseorder', {
      id: purchase.id,
      status: 'Dispatched',
      userTrackingUrl: '  https://track.example.in/DV42  ',
      email: 'someone.else@example.in',
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<UpdatePurchaseReply>();
    expect(reply).toMatchObject({
      message: 'Purchase order updated successfully',
      customerNotified: true,
      purchase: { id: purchase.id, status: 'Dispatched', userTrackingUrl: 'https://track.example.in/DV42' },
    });

    const [mail] = await mailsTo(app, 'divya.update@example.in');
    expect(mail!.subject).toContain(purchase.providerOrderId!);
    expect(mail!.subject).toContain('Dispatched');
    expect(mail!.text).toContain('https://track.example.in/DV42');
    expect(mail!.text).toContain(`Order number: ${purchase.providerOrderId}`);
    expect(mail!.html).toContain('background:#FBF7F2');
    // Clickable: the tracking link, the order in My Account and the shop; the order's time as India reads it.
    expect(mail!.html).toContain('<a href="https://track.example.in/DV42"');
    expect(mail!.html).toContain(`<a href="${app.config.publicBaseUrl}/account/orders"`);
    expect(mail!.html).toContain(`<a href="${app.config.publicBaseUrl}/home"`);
    expect(mail!.text).toContain('Order placed: 4 April 2024, 9:30 am IST');
    expect(mail!.text).toContain(`See your order in My Account: ${app.config.publicBaseUrl}/account/orders`);
    expect(await mailsTo(app, 'someone.else@example.in')).toEqual([]);

    const tab = await app.inject({
      method: 'GET',
      url: `/api/userorderslist?id=${buyer.externalId}`,
      headers: signedInAs(app, buyer),
    });
    expect(tab.statusCode).toBe(200);
    const [shown] = tab.json<AccountOrder[]>();
    expect(shown).toMatchObject({
      status: 'Dispatched',
      userTrackingUrl: 'https://track.example.in/DV42',
      UserOrder: { rpayOrderId: purchase.providerOrderId },
    });

    // Status alone changes too, in any direction; clearing the link stores none.
    const back = await post('updatepurchaseorder', { id: purchase.id, status: 'created', userTrackingUrl: '' });
    expect(back.json<UpdatePurchaseReply>()).toMatchObject({ customerNotified: true, purchase: { status: 'created', userTrackingUrl: null } });
    const [latest] = await mailsTo(app, 'divya.update@example.in');
    expect(latest!.text).toContain('Link will be updated');
  });

  it('does not mail the customer when nothing changed', async () => {
    const buyer = await aUser(app, { email: 'same.again@example.in' });
    const purchase = await anOrder(app.db, buyer.id, {
      createdAt: new Date('2024-05-05T05:00:00Z'),
      status: 'Delivered',
      trackingUrl: 'http://track.example.in/S1',
    });
    const res = await post('updatepurchaseorder', { id: purchase.id, status: 'Delivered', userTrackingUrl: 'http://track.example.in/S1' });
    expect(res.statusCode).toBe(200);
    expect(res.json<UpdatePurchaseReply>().customerNotified).toBe(false);
    expect(await mailsTo(app, 'same.again@example.in')).toEqual([]);
  });

  it.each([
    [{ status: 'Shipped', userTrackingUrl: '' }, 'Please select a status: created, Dispatched or Delivered'],
    [{ userTrackingUrl: '' }, 'Please select a status: created, Dispatched or Delivered'],
    [{ status: 'created', userTrackingUrl: 'track.example.in/x' }, 'Please enter a valid tracking URL starting with http:// or https://'],
    [{ status: 'created', userTrackingUrl: 'javascript:alert(1)' }, 'Please enter a valid tracking URL starting with http:// or https://'],
    [{ status: 'created', userTrackingUrl: 'ftp://track.example.in/x' }, 'Please enter a valid tracking URL starting with http:// or https://'],
    [{ status: 'created', userTrackingUrl: `https://track.example.in/${'x'.repeat(500)}` }, 'Tracking URL should not be more than 500 characters'],
    [{ status: 'created' }, 'Please enter a valid tracking URL starting with http:// or https://'],
  ])('refuses %j with 400 and leaves the order as it was', async (body, message) => {
    const purchase = await anOrder(app.db, customer.id, { createdAt: new Date('2024-06-06T06:00:00Z'), status: 'Dispatched', trackingUrl: 'https://t.example.in/1' });
    expectBadRequest(await post('updatepurchaseorder', { id: purchase.id, ...body }), message);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, purchase.id));
    expect(row).toMatchObject({ status: 'Dispatched', trackingUrl: 'https://t.example.in/1' });
  });

  it('answers 404 for an unknown id or an unpaid order, and 400 for a malformed one', async () => {
    const unpaid = await anOrder(app.db, customer.id, { createdAt: new Date('2024-07-07T07:00:00Z'), paymentState: 'failed' });
    for (const id of [987_654, unpaid.id]) {
      const res = await post('updatepurchaseorder', { id, status: 'Delivered', userTrackingUrl: '' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Purchase not found', code: 'NOT_FOUND' });
    }
    const [row] = await app.db.select().from(orders).where(eq(orders.id, unpaid.id));
    expect(row!.status).toBe('created');
    const malformed = await post('updatepurchaseorder', { id: -3, status: 'Delivered', userTrackingUrl: '' });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses a purchase id beyond the database ids with 400 JSON, not a 500 (found by the fuzz run)', async () => {
    const refusal = 'id must be a purchase id';
    expectBadRequest(await get('getSinglePurchase?id=2147483648'), refusal);
    expectBadRequest(await post('updatepurchaseorder', { id: 2 ** 40, status: 'Delivered', userTrackingUrl: '' }), refusal);
  });
});

describe('customers who never purchased', () => {
  it('lists customers without a paid order, not buyers and not admins, with null for a missing mobile', async () => {
    const buyer = await aUser(app, { email: 'bought.once@example.in' });
    await anOrder(app.db, buyer.id, { createdAt: new Date('2024-08-08T08:00:00Z') });
    const refunded = await aUser(app, { email: 'refund.due@example.in' });
    await anOrder(app.db, refunded.id, { createdAt: new Date('2024-08-09T08:00:00Z'), paymentState: 'refund_due' });
    const abandoned = await aUser(app, { email: 'abandoned.cart@example.in', firstName: 'Arun', lastName: 'Das', mobileNumber: '9000000001' });
    await anOrder(app.db, abandoned.id, { createdAt: new Date('2024-08-10T08:00:00Z'), paymentState: 'expired' });
    const unfinished = await aUser(app, { email: 'no.mobile@example.in', mobileNumber: null, lastName: null, password: null, verified: false });
    const anotherAdmin = await aUser(app, { role: 'admin', email: 'second.admin@example.in' });

    const res = await get('getuserneverpurchase');
    expect(res.statusCode).toBe(200);
    const list = res.json<NeverPurchasedUser[]>();
    const emails = list.map((user) => user.email);
    expect(emails).not.toContain(buyer.email);
    expect(emails).not.toContain(refunded.email);
    expect(emails).not.toContain(anotherAdmin.email);
    expect(emails).not.toContain(admin.email);
    expect(list.find((user) => user.email === abandoned.email)).toEqual({
      id: abandoned.externalId,
      firstName: 'Arun',
      lastName: 'Das',
      email: 'abandoned.cart@example.in',
      mobileNumber: '9000000001',
    });
    expect(list.find((user) => user.email === unfinished.email)).toMatchObject({ lastName: null, mobileNumber: null });
  });
});
