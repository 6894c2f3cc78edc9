/**
 * server/text-guard.ts: NUL and lone surrogates, which the database cannot store as sent, are refused with 400 JSON
 * wherever a request carries them, before any route reads or writes a row. The fuzz run found each of these calls
 * answering 500 (NUL) or storing something other than what it checked (a lone surrogate).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { categories, products, users } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { aUser, relaxedRateLimits, signedInAs } from './helpers/auth';
import { aProduct, aProductForm, allContactMessages } from './helpers/factories';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
});
afterAll(async () => {
  await app.close();
});

const refusal = { message: 'The request contains a character that is not allowed.', code: 'BAD_REQUEST' };
const contact = { fullName: 'Asha Raman', userEmail: 'asha@example.in', phoneNumber: '9876543210', message: 'Do you deliver to Madurai?' };
const countOf = async (table: typeof users | typeof categories | typeof products) => (await app.db.select().from(table)).length;

describe('NUL in a request', () => {
  it('is refused in an e-mail on every call that looks one up, and no account is made', async () => {
    const email = 'asha\u0000@example.in';
    const before = await countOf(users);
    for (const [url, payload] of [
      ['loginapi', { email, password: 'Petals@123' }],
      ['checkemailpresent', { email }],
      ['createuser', { firstName: 'Asha', lastName: 'Raman', email, mobileNumber: '9876543210' }],
      ['verifyotp', { email, otp: '123456' }],
      ['verifyemail', { email }],
      ['checkemailavailability', { email }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: `/api/${url}`, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(refusal);
    }
    expect(await countOf(users)).toBe(before);
  });

  it('is refused in free text (a contact message, a category description), and nothing is stored', async () => {
    const message = await app.inject({ method: 'POST', url: '/api/contactapi', payload: { ...contact, message: 'Hello\u0000' } });
    expect(message.statusCode).toBe(400);
    expect(message.json()).toEqual(refusal);
    expect(await allContactMessages(app.db)).toEqual([]);

    const admin = signedInAs(app, await aUser(app, { role: 'admin', password: null }));
    const before = await countOf(categories);
    const category = await app.inject({
      method: 'POST',
      url: '/api/createflowercategory',
      headers: admin,
      payload: { categoryName: 'Orchids', categoryDescription: 'Rare\u0000' },
    });
    expect(category.statusCode).toBe(400);
    expect(category.json()).toEqual(refusal);
    expect(await countOf(categories)).toBe(before);
  });

  it('is refused in a multipart form, which its route reads itself, and no product is made', async () => {
    const admin = signedInAs(app, await aUser(app, { role: 'admin', password: null }));
    const form = new FormData();
    for (const [key, value] of Object.entries(await aProductForm(app.db, { note: 'Keep\u0000cool' }))) form.append(key, value);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'rose.png');
    const before = await countOf(products);
    const res = await app.inject({ method: 'POST', url: '/api/flowerformdata', headers: admin, payload: form as unknown as string });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal);
    expect(await countOf(products)).toBe(before);
  });

  it('is refused in a query string or a path', async () => {
    const product = await aProduct(app.db);
    for (const url of ['/api/allflowers?category_name=Fresh%00', '/api/flowerimage?sys_name=%00', `/api/flowerdetail/${product.externalId}%00`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual(refusal);
    }
  });
});

describe('a lone surrogate (half of an emoji, escaped in JSON)', () => {
  it('is refused, while a whole emoji is kept as sent', async () => {
    const half = await app.inject({ method: 'POST', url: '/api/contactapi', payload: { ...contact, message: 'Roses \uD83C' } });
    expect(half.statusCode).toBe(400);
    expect(half.json()).toEqual(refusal);
    const email = await app.inject({ method: 'POST', url: '/api/checkemailpresent', payload: { email: 'asha\uDFFF@example.in' } });
    expect(email.statusCode).toBe(400);

    const whole = await app.inject({ method: 'POST', url: '/api/contactapi', payload: { ...contact, message: 'Roses 🌹 please' } });
    expect(whole.statusCode).toBe(200);
    expect((await allContactMessages(app.db)).map((row) => row.message)).toEqual(['Roses 🌹 please']);
  });
});
