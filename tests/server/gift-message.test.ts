// Issue 40's gift message end to end on the server: sent with the invoice, stored with the order in the same call,
// shown in the confirmation mail (text and escaped HTML), My Account's orders and the admin's purchase orders; every
// hostile body a clear 400, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { AccountOrder } from '../../domain/account';
import type { PurchaseRecord } from '../../domain/admin-orders';
import { giftMessages } from '../../domain/gift-message';
import { mails, orders } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { anAdminHeader } from './helpers/auth';
import { aProduct } from './helpers/factories';
import { aBuyer, checkout, orderByProviderId, paidWithCard, verify } from './helpers/payments';
import type { Buyer } from './helpers/payments';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
}, 120_000);
afterAll(() => app?.close());

const aFreshBuyer = async (): Promise<Buyer> => aBuyer(app, await aProduct(app.db, { stock: 50 }), 1);

const card = {
  occasion: 'Birthday',
  message: 'Happy birthday, Amma! <b>&</b>\r\nAll my love 🌹👨‍👩‍👧',
  senderName: 'Meera',
  hideSenderName: false,
};

async function paidOrderWith(gift: unknown) {
  const buyer = await aFreshBuyer();
  const res = await checkout(app, buyer, { addressId: buyer.addressId, gift });
  expect(res.statusCode, res.body).toBe(200);
  const invoice = res.json<{ orderValueId: string }>();
  const payment = await paidWithCard(app, invoice.orderValueId);
  const verified = await verify(app, buyer, payment);
  expect(verified.statusCode, verified.body).toBe(200);
  const order = await orderByProviderId(app, invoice.orderValueId);
  return { buyer, order: order! };
}

describe('the gift message with the order', () => {
  it('is stored with the invoice, line breaks as \\n, and shown in My Account and to the admin', async () => {
    const { buyer, order } = await paidOrderWith(card);
    const stored = { occasion: 'Birthday', message: 'Happy birthday, Amma! <b>&</b>\nAll my love 🌹👨‍👩‍👧', senderName: 'Meera', hideSenderName: false };
    const [row] = await app.db.select({ gift: orders.gift }).from(orders).where(eq(orders.id, order.id));
    expect(row?.gift).toEqual(stored);

    const mine = await app.inject({ method: 'GET', url: `/api/userorderslist?id=${buyer.user.externalId}`, headers: buyer.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<AccountOrder[]>()[0]?.UserOrder.gift).toEqual(stored);

    const admin = await anAdminHeader(app);
    const list = await app.inject({ method: 'GET', url: '/api/users/purchases/list', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<PurchaseRecord[]>().find((p) => p.id === order.id)?.UserOrder.gift).toEqual(stored);
    const one = await app.inject({ method: 'GET', url: `/api/getSinglePurchase?id=${order.id}`, headers: admin });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<PurchaseRecord>().UserOrder.gift).toEqual(stored);
  });

  it('puts the card in the confirmation mail and the shop notice, escaped in HTML', async () => {
    const { order } = await paidOrderWith({ ...card, hideSenderName: true });
    const sent = await app.db.select().from(mails).where(eq(mails.orderId, order.id)).orderBy(asc(mails.id));
    const confirmation = sent.find((mail) => mail.kind === 'order_confirmation');
    expect(confirmation?.text).toContain('Occasion: Birthday');
    expect(confirmation?.text).toContain('Card message: Happy birthday, Amma! <b>&</b>\nAll my love 🌹👨‍👩‍👧');
    expect(confirmation?.text).toContain('Card from: Meera (not shown on the card)');
    expect(confirmation?.html).toContain('Happy birthday, Amma! &lt;b&gt;&amp;&lt;/b&gt;');
    expect(confirmation?.html).not.toContain('<b>&</b>');
    expect(sent.find((mail) => mail.kind === 'order_notice')?.text).toContain('Card message: Happy birthday');
  });

  it('keeps an order without a card as null, and says nothing of a card anywhere', async () => {
    const { buyer, order } = await paidOrderWith(null);
    const [row] = await app.db.select({ gift: orders.gift }).from(orders).where(eq(orders.id, order.id));
    expect(row?.gift).toBeNull();
    const mine = await app.inject({ method: 'GET', url: `/api/userorderslist?id=${buyer.user.externalId}`, headers: buyer.headers });
    expect(mine.json<AccountOrder[]>()[0]?.UserOrder.gift).toBeNull();
    const sent = await app.db.select().from(mails).where(eq(mails.orderId, order.id));
    expect(sent.some((mail) => (mail.text ?? '').includes('Card message'))).toBe(false);
  });

  it('makes a new invoice when the card changes between two clicks, and the same one when it does not', async () => {
    const buyer = await aFreshBuyer();
    const first = await checkout(app, buyer, { addressId: buyer.addressId, gift: card });
    const again = await checkout(app, buyer, { addressId: buyer.addressId, gift: card });
    const changed = await checkout(app, buyer, { addressId: buyer.addressId, gift: { ...card, message: 'Changed my mind' } });
    expect([first.statusCode, again.statusCode, changed.statusCode]).toEqual([200, 200, 200]);
    expect(again.json<{ invoiceId: string }>().invoiceId).toBe(first.json<{ invoiceId: string }>().invoiceId);
    expect(changed.json<{ invoiceId: string }>().invoiceId).not.toBe(first.json<{ invoiceId: string }>().invoiceId);
  });
});

describe('gift message refusals', () => {
  const emoji = '👍🏽'; // one character a reader sees; two code points, four UTF-16 units
  const hostile: [string, unknown, string][] = [
    ['251 characters', { message: 'a'.repeat(251) }, giftMessages.messageMax],
    ['251 emoji with skin tones', { message: emoji.repeat(251) }, giftMessages.messageMax],
    ['a control character', { message: 'Hi\u0007there' }, giftMessages.messageChars],
    ['a bidi override', { message: 'Hi \u202Eereht' }, giftMessages.messageChars],
    // The app's text guard (server/text-guard.ts) refuses a NUL anywhere in a body before any schema sees it.
    ['a NUL', { senderName: 'Me\u0000era', occasion: 'Birthday' }, 'The request contains a character that is not allowed.'],
    ['a line break in the name', { senderName: 'Me\nera', occasion: 'Birthday' }, giftMessages.senderNameChars],
    ['61 characters of name', { senderName: 'x'.repeat(61), occasion: 'Birthday' }, giftMessages.senderNameMax],
    ['an unknown occasion', { occasion: 'Diwali<script>' }, giftMessages.occasion],
    ['a card saying nothing', { senderName: 'Meera', hideSenderName: true }, giftMessages.emptyCard],
    ['a string for hideSenderName', { message: 'Hi', hideSenderName: 'yes' }, giftMessages.hideSenderName],
    ['a number for the message', { message: 42 }, giftMessages.messageChars],
    ['an unknown key', { message: 'Hi', recipient: 'x' }, giftMessages.invalidGift],
    ['an array', ['Birthday'], giftMessages.invalidGift],
    ['a string', 'Happy birthday', giftMessages.invalidGift],
    ['ten thousand combining marks', { message: `a${'\u0301'.repeat(10_000)}` }, giftMessages.messageMax],
  ];
  for (const [what, gift, message] of hostile) {
    it(`refuses ${what} with a 400 and "${message.slice(0, 40)}…", and makes no order`, async () => {
      const buyer = await aFreshBuyer();
      const res = await checkout(app, buyer, { addressId: buyer.addressId, gift });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
      const made = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, buyer.user.id));
      expect(made).toEqual([]);
    });
  }

  it('takes 250 emoji with skin tones: counted as a reader counts them', async () => {
    const buyer = await aFreshBuyer();
    const res = await checkout(app, buyer, { addressId: buyer.addressId, gift: { message: emoji.repeat(250) } });
    expect(res.statusCode, res.body).toBe(200);
  });
});
