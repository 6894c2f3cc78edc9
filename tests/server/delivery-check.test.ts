// GET /api/delivery/check on a fixed clock: the answer the product page's "Check delivery" box shows as given, for hand
// delivery inside and outside the service areas and for courier; an unknown pincode is a 404 with its message, bad
// input a 400, never a 500; and the answer follows the server's clock and the admin's holidays.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidateCatalogCache } from '../../server/modules/catalog/catalog.cache';
import type { FastifyInstance } from 'fastify';
import { deliveryAreas, deliveryHolidays } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { chennaiTodayAnswer } from '../domain/delivery-check-fixtures';

let app: FastifyInstance;
let clock = new Date('2026-12-03T04:30:00Z');

beforeAll(async () => {
  app = await buildTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await app.db.delete(deliveryAreas);
  await app.db.delete(deliveryHolidays);
  await app.db.insert(deliveryAreas).values([
    { name: 'Chennai', pincodes: '600001-600042', extraFeePaise: 0, active: true },
    { name: 'Mumbai', pincodes: '400001-400104', extraFeePaise: 9900, active: true },
  ]);
  invalidateCatalogCache(app.db);
});

/** India time written as UTC: 2026-12-03 10 am IST (a Thursday) is 04:30Z. */
const at = (iso: string) => {
  clock = new Date(iso);
};
const check = (query: string) => app.inject({ method: 'GET', url: `/api/delivery/check?${query}` });

describe('GET /api/delivery/check', () => {
  it('answers hand delivery to a Chennai pincode from the server’s clock, uncached', async () => {
    at('2026-12-03T04:30:00Z');
    const res = await check('pincode=600004&kind=hand');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(chennaiTodayAnswer);
    at('2026-12-03T12:29:00Z'); // 5:59 pm IST
    expect((await check('pincode=600004&kind=hand')).json().message).toBe(
      'Delivery to 600004, Chennai: today by midnight (Midnight slot), or from tomorrow',
    );
  });

  it('follows the admin’s holidays and the area’s extra fee', async () => {
    at('2026-12-03T12:30:00Z'); // 6 pm IST: today is over
    await app.db.insert(deliveryHolidays).values({ date: '2026-12-04', note: 'Karthigai Deepam' });
    invalidateCatalogCache(app.db);
    expect((await check('pincode=400001&kind=hand')).json()).toMatchObject({
      date: '2026-12-05',
      message: 'Delivery to 400001, Mumbai: on Saturday, 5 December by 9 pm. An extra Rs. 99 applies for this area.',
    });
  });

  it('tells a fresh-flower buyer outside the areas, and promises courier anywhere India Post knows', async () => {
    at('2026-12-03T04:30:00Z');
    expect((await check('pincode=194101&kind=hand')).json()).toMatchObject({
      place: 'Leh',
      deliverable: false,
      message: 'We do not deliver fresh flowers to 194101, Leh yet. Our everlasting arrangements reach it by courier.',
    });
    expect((await check('pincode=194101&kind=courier')).json()).toMatchObject({
      deliverable: true,
      date: '2026-12-04',
      message: 'Delivery to 194101, Leh: by courier in 2 to 5 business days, dispatched tomorrow',
    });
  });

  it('answers 404 with the message for a pincode India Post does not have', async () => {
    const res = await check('pincode=999999&kind=hand');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'We could not find pincode 999999.', code: 'NOT_FOUND' });
  });

  it.each([
    ['pincode=6000&kind=hand', 'Invalid pincode format!'],
    ['pincode=60000a&kind=hand', 'Invalid pincode format!'],
    ['pincode=600004&kind=drone', 'kind must be hand or courier'],
    ['pincode=600004', 'kind must be hand or courier'],
    ['kind=hand', 'Invalid pincode format!'],
    ['pincode=600004&pincode=600005&kind=hand', 'Invalid pincode format!'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await check(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });
});
