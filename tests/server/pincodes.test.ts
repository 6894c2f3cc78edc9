import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { compactPincodes } from '../../scripts/build-pincodes';
import { addresses } from '../../server/db/schema';
import { parsePincodeTable } from '../../server/modules/delivery/pincode-directory';
import { buildTestApp } from './helpers/app';
import { aUser, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';
import { aGuest, aGuestCheckoutBody, asGuest, aVerifiedGuest } from './helpers/cart';
import { anAddressBody } from './helpers/factories';

let app: FastifyInstance;
let asha: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  asha = await aUser(app, { firstName: 'Asha' });
});
afterAll(async () => {
  await app.close();
});

const lookup = (pincode: string) => app.inject({ method: 'GET', url: `/api/pincodes/${pincode}` });

describe('GET /api/pincodes/:pincode', () => {
  it('answers a Chennai pincode with its locality, district, state and GST state code, cacheable', async () => {
    const res = await lookup('600004');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pincode: '600004', locality: 'Mandaveli', district: 'Chennai', state: 'Tamil Nadu', stateCode: '33', alsoIn: [] });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  it.each([
    ['194101', 'Ladakh', '38', 'Leh'],
    ['194103', 'Ladakh', '38', 'Kargil'],
    ['396210', 'Dadra and Nagar Haveli and Daman and Diu', '26', 'Daman'],
    ['396230', 'Dadra and Nagar Haveli and Daman and Diu', '26', 'Dadra and Nagar Haveli'],
    ['500001', 'Telangana', '36', 'Hyderabad'],
    ['605001', 'Puducherry', '34', 'Pondicherry'],
    ['190001', 'Jammu and Kashmir', '01', 'Srinagar'],
  ])('corrects the data set: %s is in %s (%s)', async (pincode, state, stateCode, district) => {
    const res = await lookup(pincode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pincode, state, stateCode, district });
  });

  it('names every state a border pincode reaches', async () => {
    expect((await lookup('396230')).json().alsoIn).toEqual(['Gujarat']);
  });

  it('refuses a NUL byte before it reaches the directory (400)', async () => {
    expect((await lookup('600004%00')).statusCode).toBe(400);
  });

  it('answers 404 with a clear message for a pincode India Post does not have', async () => {
    const res = await lookup('999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'We could not find pincode 999999.', code: 'NOT_FOUND' });
  });

  it.each(['60000', '6000041', 'abcdef', '60 004', '%2e%2e%2f', '600004.0', '-60000', '６００００４'])(
    'refuses %s with the spec message (400)',
    async (hostile) => {
      const res = await lookup(hostile);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid pincode format!', code: 'BAD_REQUEST' });
    },
  );
});

describe('the compact table', () => {
  const office = (name: string, pincode: number, district: string, state: string) => ({ name, pincode, district, state });

  it('keeps one line per pincode with the office named like its district, and corrects Ladakh and DNH&DD', () => {
    const lines = compactPincodes([
      office('Adyar', 600020, 'Chennai', 'Tamil Nadu'),
      office('Chuchot', 194101, 'Leh', 'Jammu & Kashmir'),
      office('Leh ', 194101, 'Leh', 'Jammu & Kashmir'),
      office('Amli', 396230, 'Dadra & Nagar Haveli', 'Dadra & Nagar Haveli'),
      office('Amboli', 396230, 'Valsad', 'Gujarat'),
      office('Amli 2', 396230, 'Dadra & Nagar Haveli', 'Dadra & Nagar Haveli'),
      office('Bilaspur', 174001, 'Bilaspur (HP)', 'Himachal Pradesh'),
    ]);
    expect(lines).toEqual([
      '174001\tBilaspur\tBilaspur\t02',
      '194101\tLeh\tLeh\t38',
      '396230\tAmli\tDadra and Nagar Haveli\t26\t24',
      '600020\tAdyar\tChennai\t33',
    ]);
    expect(parsePincodeTable(lines.join('\n')).get('396230')).toMatchObject({ state: 'Dadra and Nagar Haveli and Daman and Diu', alsoIn: ['Gujarat'] });
  });

  it('refuses a state it does not know rather than guessing', () => {
    expect(() => compactPincodes([office('X', 110001, 'X', 'Atlantis')])).toThrow(/Unknown state/);
  });
});

describe('addresses must have a real pincode in the chosen state', () => {
  const addAddress = (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/createlogincheckout', headers: signedInAs(app, asha), payload: { ...anAddressBody(body), userId: asha.externalId } });

  it('accepts a Chennai pincode in Tamil Nadu', async () => {
    const res = await addAddress({ pincode: '600004' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a pincode of another state, naming both states, and stores nothing', async () => {
    const before = await app.db.select().from(addresses).where(eq(addresses.userId, asha.id));
    const res = await addAddress({ pincode: '600004', state: 'Karnataka' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Pincode 600004 is in Tamil Nadu, not Karnataka.', code: 'BAD_REQUEST' });
    expect(await app.db.select().from(addresses).where(eq(addresses.userId, asha.id))).toHaveLength(before.length);
  });

  it('refuses an unknown pincode', async () => {
    const res = await addAddress({ pincode: '999999' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'We could not find pincode 999999.', code: 'BAD_REQUEST' });
  });

  it('accepts a border pincode in either of its states', async () => {
    expect((await addAddress({ pincode: '396230', state: 'Gujarat', city: 'Silvassa' })).statusCode).toBe(200);
    expect((await addAddress({ pincode: '396230', state: 'Dadra and Nagar Haveli and Daman and Diu', city: 'Silvassa' })).statusCode).toBe(200);
  });

  it('refuses the same on the account address editor', async () => {
    const [mine] = await app.db.select().from(addresses).where(eq(addresses.userId, asha.id));
    const res = await app.inject({
      method: 'POST',
      url: `/api/updateuseraddress?id=${mine!.id}&userId=${asha.externalId}`,
      headers: signedInAs(app, asha),
      payload: { ...anAddressBody({ pincode: '194101', state: 'Jammu and Kashmir', city: 'Leh' }), id: mine!.id, userId: asha.externalId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Pincode 194101 is in Ladakh, not Jammu and Kashmir.');
  });

  it('refuses it at guest checkout before any account or code is made', async () => {
    const guest = await aGuest(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/createguestcheckout',
      headers: asGuest(guest),
      payload: aGuestCheckoutBody(guest, 'pin.guest@example.in', { pincode: '560025' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Pincode 560025 is in Karnataka, not Tamil Nadu.');
  });

  it('refuses it for a verified guest adding another address', async () => {
    const guest = await aVerifiedGuest(app, 'pin.verified@example.in');
    const res = await app.inject({
      method: 'POST',
      url: '/api/createguestaddress',
      headers: asGuest(guest),
      payload: { ...anAddressBody({ pincode: '500001' }), sessionId: guest.sessionId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Pincode 500001 is in Telangana, not Tamil Nadu.');
  });
});
