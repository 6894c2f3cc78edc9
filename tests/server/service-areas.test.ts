import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidateCatalogCache } from '../../server/modules/catalog/catalog.cache';
import type { FastifyInstance } from 'fastify';
import { deliveryAreas } from '../../server/db/schema';
import { deliveryReach } from '../../server/modules/delivery/service-areas.service';
import { buildTestApp } from './helpers/app';
import { anAdminHeader, expectAdminOnly } from './helpers/auth';
import { everyCaller } from './helpers/cart';

let app: FastifyInstance;
let admin: { authorization: string };

beforeAll(async () => {
  app = await buildTestApp();
  admin = await anAdminHeader(app);
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await app.db.delete(deliveryAreas);
  invalidateCatalogCache(app.db);
});

const anArea = (overrides: Record<string, unknown> = {}) => ({ name: 'Chennai', pincodes: '600001-600042, 600078', extraFeePaise: 0, active: true, ...overrides });
const create = (body: unknown, headers: Record<string, string> = admin) => app.inject({ method: 'POST', url: '/api/admin/delivery-areas', headers, payload: body as object });
const reach = (pincode: string) => app.inject({ method: 'GET', url: `/api/delivery/reach?pincode=${pincode}` });

describe('admin delivery areas', () => {
  it('adds an area with its pincodes spelled canonically, lists, changes and deletes it', async () => {
    const created = await create(anArea({ pincodes: ' 600078 600001-600042,600020 ' }));
    expect(created.statusCode, created.body).toBe(201);
    const area = created.json();
    expect(area).toMatchObject({ name: 'Chennai', pincodes: '600001-600042, 600020, 600078', extraFeePaise: 0, active: true });

    const changed = await app.inject({
      method: 'POST',
      url: `/api/admin/delivery-areas/${area.id}`,
      headers: admin,
      payload: anArea({ name: 'Chennai central', extraFeePaise: 4900, active: false }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/admin/delivery-areas', headers: admin });
    expect(list.json()).toEqual([{ id: area.id, name: 'Chennai central', pincodes: '600001-600042, 600078', extraFeePaise: 4900, active: false }]);

    const deleted = await app.inject({ method: 'POST', url: `/api/admin/delivery-areas/${area.id}/delete`, headers: admin });
    expect(deleted.json()).toEqual({ deleted: area.id });
    const again = await app.inject({ method: 'POST', url: `/api/admin/delivery-areas/${area.id}/delete`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Delivery area not found', code: 'NOT_FOUND' });
  });

  it('lets only admins read or write areas', async () => {
    const area = (await create(anArea())).json();
    const callers = await everyCaller(app, { admin });
    await expectAdminOnly((headers) => app.inject({ method: 'GET', url: '/api/admin/delivery-areas', headers }), callers);
    for (const refused of [{}, callers.guest, callers.customer]) {
      expect((await create(anArea({ name: 'Sneaky' }), refused)).statusCode).toBeGreaterThanOrEqual(401);
      const put = await app.inject({ method: 'POST', url: `/api/admin/delivery-areas/${area.id}`, headers: refused, payload: anArea({ extraFeePaise: 1 }) });
      expect([401, 403]).toContain(put.statusCode);
      const del = await app.inject({ method: 'POST', url: `/api/admin/delivery-areas/${area.id}/delete`, headers: refused });
      expect([401, 403]).toContain(del.statusCode);
    }
    expect(await app.db.select().from(deliveryAreas)).toMatchObject([{ name: 'Chennai', extraFeePaise: 0 }]);
  });

  it.each([
    [{ name: '' }, 'Area name is required!'],
    [{ name: 'x'.repeat(61) }, 'Area name cannot exceed 60 characters!'],
    [{ name: '<script>' }, "Area name may hold letters, digits, spaces and . , ' ( ) - only."],
    [{ pincodes: '' }, 'Pincodes are required!'],
    [{ pincodes: '60001' }, 'Pincodes must be 6-digit pincodes or ranges like 600001-600130, separated by commas.'],
    [{ pincodes: '600001-' }, 'Pincodes must be 6-digit pincodes or ranges like 600001-600130, separated by commas.'],
    [{ pincodes: '060001' }, 'Pincodes must be 6-digit pincodes or ranges like 600001-600130, separated by commas.'],
    [{ pincodes: '600130-600001' }, 'The range 600130-600001 ends before it starts.'],
    [{ pincodes: '6'.repeat(2001) }, 'Pincodes cannot exceed 2000 characters!'],
    [{ extraFeePaise: -1 }, 'Extra fee must be a whole number of paise from 0 to 10,00,000.'],
    [{ extraFeePaise: 1.5 }, 'Extra fee must be a whole number of paise from 0 to 10,00,000.'],
    [{ extraFeePaise: '100' }, 'Extra fee must be a whole number of paise from 0 to 10,00,000.'],
    [{ extraFeePaise: 1_000_001 }, 'Extra fee must be a whole number of paise from 0 to 10,00,000.'],
    [{ active: 'yes' }, 'active must be true or false'],
  ])('refuses %j with 400 "%s"', async (override, message) => {
    const res = await create(anArea(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('refuses a second area of the same name (any case) with 409, and a bad id with 400', async () => {
    await create(anArea());
    const twin = await create(anArea({ name: 'CHENNAI' }));
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe('A delivery area with this name already exists.');
    const bad = await app.inject({ method: 'POST', url: '/api/admin/delivery-areas/abc', headers: admin, payload: anArea() });
    expect(bad.statusCode).toBe(400);
  });
});

describe('delivery reach', () => {
  it('reaches a pincode inside an active area by hand with its fee, and any known pincode by courier', async () => {
    await create(anArea({ name: 'Chennai', pincodes: '600001-600042' }));
    await create(anArea({ name: 'Mumbai', pincodes: '400001-400104', extraFeePaise: 9900 }));
    await create(anArea({ name: 'Closed', pincodes: '560001-560103', active: false }));

    const chennai = await reach('600004');
    expect(chennai.statusCode).toBe(200);
    expect(chennai.json()).toEqual({
      pincode: { pincode: '600004', locality: 'Mandaveli', district: 'Chennai', state: 'Tamil Nadu', stateCode: '33', alsoIn: [] },
      hand: { area: 'Chennai', extraFeePaise: 0 },
      courier: true,
    });
    expect((await reach('400001')).json().hand).toEqual({ area: 'Mumbai', extraFeePaise: 9900 });
    // Inactive area, or outside every range (600043 is just past the last one): courier only.
    expect((await reach('560001')).json()).toMatchObject({ hand: null, courier: true });
    expect((await reach('600043')).json()).toMatchObject({ hand: null, courier: true });
    expect((await reach('194101')).json()).toMatchObject({ pincode: { state: 'Ladakh', stateCode: '38' }, hand: null, courier: true });
  });

  it('picks the cheaper of two overlapping areas', async () => {
    await create(anArea({ name: 'Greater Chennai', pincodes: '600001-600130', extraFeePaise: 5000 }));
    await create(anArea({ name: 'Chennai', pincodes: '600004', extraFeePaise: 0 }));
    expect((await deliveryReach(app.db, '600004')).hand).toEqual({ area: 'Chennai', extraFeePaise: 0 });
    expect((await deliveryReach(app.db, '600005')).hand).toEqual({ area: 'Greater Chennai', extraFeePaise: 5000 });
  });

  it('answers 404 for an unknown pincode and 400 for a malformed one', async () => {
    expect((await reach('999999')).json()).toEqual({ message: 'We could not find pincode 999999.', code: 'NOT_FOUND' });
    const bad = await reach('6000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid pincode format!', code: 'BAD_REQUEST' });
    expect((await app.inject({ method: 'GET', url: '/api/delivery/reach' })).statusCode).toBe(400);
  });
});
