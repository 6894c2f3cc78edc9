import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './helpers/app';

let app: FastifyInstance;
afterEach(async () => {
  // One test closes the database itself; closing it twice is not what is under test.
  await app.close().catch(() => undefined);
});

describe('health and readiness', () => {
  it('answers /api/health with ok and /api/ready after pinging the database', async () => {
    app = await buildTestApp();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 NOT_READY when the database does not answer', async () => {
    app = await buildTestApp();
    await app.ready();
    // The real driver, closed underneath the running app: what a lost database looks like to the check.
    await app.database.close();
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'NOT_READY' });
    expect(res.json().message).toMatch(/try again/i);
  });
});

describe('GET /api/shop', () => {
  it("gives the shop's name, contact details and square PNG logo (by PUBLIC_BASE_URL) from configuration, cacheable for a few minutes", async () => {
    const contact = {
      name: 'Test Blooms',
      email: 'hello@testblooms.in',
      phone: '+91 90000 00000',
      address: '1 Test Street, Chennai',
      instagramUrl: 'https://www.instagram.com/testblooms',
      facebookUrl: 'https://www.facebook.com/testblooms',
      whatsappUrl: 'https://wa.me/919000000000',
    };
    // The GST details are configured too but are not the shop's public contact: the answer leaves them out.
    app = await buildTestApp({
      publicBaseUrl: 'https://testblooms.in',
      shop: { ...contact, legalName: 'Test Blooms LLP', gstin: '33ABCPS1234K1ZT', signatory: 'Test Manager' },
    });
    const res = await app.inject({ method: 'GET', url: '/api/shop' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...contact, logoUrl: 'https://testblooms.in/checkout-logo.png' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    // Razorpay's checkout takes a PNG or JPG: the committed mark, square.
    expect(await sharp('public/checkout-logo.png').metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
  });
});
