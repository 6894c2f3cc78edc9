import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { addresses, users } from '../../server/db/schema';
import { signAccessToken } from '../../server/modules/auth/access-token';
import { buildTestApp } from './helpers/app';
import { aUser, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';
import { anOrder } from './helpers/deliveries';
import { expectBadRequest } from './helpers/replies';
import { addressFieldsOf } from '../../domain/address';
import { anAddress as anAddressReply } from '../views/address-fixtures';

let app: FastifyInstance;
let asha: TestUser;
let ravi: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  asha = await aUser(app, { firstName: 'Asha', lastName: 'Raman', mobileNumber: '9876543210' });
  ravi = await aUser(app, { firstName: 'Ravi', lastName: 'Kumar', mobileNumber: '9123456780' });
});
afterAll(async () => {
  await app.close();
});

const as = (user: TestUser | null) => (user ? signedInAs(app, user) : {});
const get = (url: string, user: TestUser | null = asha) => app.inject({ method: 'GET', url: `/api/${url}`, headers: as(user) });
const post = (url: string, payload: object, user: TestUser | null = asha) =>
  app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: as(user) });

const validAddress = addressFieldsOf(anAddressReply());

async function anAddress(user: TestUser, overrides: Partial<typeof addresses.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(addresses)
    .values({ ...validAddress, userId: user.id, ...overrides })
    .returning();
  return row!;
}

describe('every account call needs the signed-in owner', () => {
  it.each([
    ['GET', (): string => `getsingleuserdetails?id=${asha.externalId}`],
    ['POST', (): string => `updateuserdetails?id=${asha.externalId}`],
    ['GET', (): string => `userorderslist?id=${asha.externalId}`],
    ['GET', (): string => `getuseraddresses?id=${asha.externalId}`],
    ['GET', (): string => 'getsingleuseraddressdetails?id=1'],
    ['POST', (): string => `updateuseraddress?id=1&userId=${asha.externalId}`],
  ] as const)('%s answers 401 to an anonymous caller and to a forged token', async (method, url) => {
    const anonymous = await app.inject({ method, url: `/api/${url()}`, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    const forged = signAccessToken({ kind: 'user', sub: asha.externalId, role: 'customer' }, 'not-the-servers-secret-0123456789');
    const withForged = await app.inject({ method, url: `/api/${url()}`, headers: { authorization: forged } });
    expect(withForged.statusCode).toBe(401);
  });

  it.each([
    ['GET', (): string => `getsingleuserdetails?id=${ravi.externalId}`],
    ['POST', (): string => `updateuserdetails?id=${ravi.externalId}`],
    ['GET', (): string => `userorderslist?id=${ravi.externalId}`],
    ['GET', (): string => `getuseraddresses?id=${ravi.externalId}`],
    ['POST', (): string => `updateuseraddress?id=1&userId=${ravi.externalId}`],
  ] as const)("%s answers 403 when the id names another user, whatever the body", async (method, url) => {
    const res = await app.inject({
      method,
      url: `/api/${url()}`,
      headers: as(asha),
      ...(method === 'POST' ? { payload: { firstName: 'x' } } : {}),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('answers 401 to a guest session token: only signed-in users have an account', async () => {
    const guest = signAccessToken({ kind: 'guest', sub: 'some-guest-session' }, app.config.jwtSecret);
    const res = await app.inject({ method: 'GET', url: `/api/getuseraddresses?id=${asha.externalId}`, headers: { authorization: guest } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['getsingleuserdetails', 'id must be given'],
    ['getsingleuseraddressdetails?id=abc', 'not a number'],
    ['getsingleuseraddressdetails?id=-4', 'negative'],
    ['getsingleuseraddressdetails?id=1.5', 'a fraction'],
  ])('answers 400 to a malformed id: %s (%s)', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });
});

describe('profile', () => {
  it('gives the caller their own details', async () => {
    const res = await get(`getsingleuserdetails?id=${asha.externalId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: asha.externalId,
      firstName: 'Asha',
      lastName: 'Raman',
      email: asha.email,
      mobileNumber: '9876543210',
    });
  });

  it('updates names and mobile number but never the e-mail', async () => {
    const user = await aUser(app);
    const res = await post(
      `updateuserdetails?id=${user.externalId}`,
      { userId: user.externalId, firstName: 'Meena K.', lastName: 'Iyer', email: 'someone.else@example.in', mobileNumber: '9000000001' },
      user,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Profile updated successfully!',
      id: user.externalId,
      firstName: 'Meena K.',
      lastName: 'Iyer',
      email: user.email,
      mobileNumber: '9000000001',
    });
    const [row] = await app.db.select().from(users).where(eq(users.externalId, user.externalId));
    expect(row).toMatchObject({ email: user.email, firstName: 'Meena K.', lastName: 'Iyer', mobileNumber: '9000000001' });
    const again = await get(`getsingleuserdetails?id=${user.externalId}`, user);
    expect(again.json().email).toBe(user.email);
  });

  const validProfile = { firstName: 'Asha', lastName: 'Raman', email: 'ignored@example.in', mobileNumber: '9876543210' };
  it.each([
    ['firstName', '', 'First name is required!'],
    ['firstName', 'As', 'First name must be at least 3 characters long!'],
    ['firstName', 'Asha2', 'This is not a valid format!'],
    ['firstName', 'A'.repeat(51), 'This is not a valid format!'],
    ['lastName', '', 'Last name is required!'],
    ['lastName', 'R@man', 'This is not a valid format!'],
    ['mobileNumber', '', 'Mobile number is required!'],
    ['mobileNumber', '98765', 'Mobile number must be exactly 10 digits!'],
    ['mobileNumber', '98765abcde', 'Mobile number must be exactly 10 digits!'],
  ])('refuses %s = %j with "%s" and changes nothing', async (field, value, message) => {
    expectBadRequest(await post(`updateuserdetails?id=${asha.externalId}`, { ...validProfile, [field]: value }), message);
    const [row] = await app.db.select().from(users).where(eq(users.externalId, asha.externalId));
    expect(row).toMatchObject({ firstName: 'Asha', lastName: 'Raman', mobileNumber: '9876543210' });
  });

  it('refuses a missing field and a body that is not an object', async () => {
    const missing = await post(`updateuserdetails?id=${asha.externalId}`, { firstName: 'Asha', lastName: 'Raman' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Mobile number is required!');
    const notJson = await app.inject({
      method: 'POST',
      url: `/api/updateuserdetails?id=${asha.externalId}`,
      headers: { ...as(asha), 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('answers 401 when the token names a user that no longer exists', async () => {
    const gone = { externalId: 'u_deleted_user' };
    const res = await app.inject({ method: 'GET', url: `/api/getsingleuserdetails?id=${gone.externalId}`, headers: signedInAs(app, gone) });
    expect(res.statusCode).toBe(401);
  });
});

describe('orders', () => {
  it('lists only paid (and refund-due) orders of the caller, newest first, in the spec shape', async () => {
    const buyer = await aUser(app);
    const older = await anOrder(app.db, buyer.id, {
      createdAt: new Date('2024-03-01T20:00:00Z'),
      status: 'Delivered',
      trackingUrl: 'track.example.in/abc',
      items: [
        { name: 'Sunset Posy', quantity: 2, unitPricePaise: 99_975 },
        { name: 'Dried Lavender', quantity: 1, unitPricePaise: 50_000 },
      ],
    });
    const newer = await anOrder(app.db, buyer.id, { createdAt: new Date('2024-05-10T10:00:00Z'), paymentState: 'refund_due', status: 'created' });
    await anOrder(app.db, buyer.id, { createdAt: new Date('2024-06-01T10:00:00Z'), paymentState: 'pending' });
    await anOrder(app.db, buyer.id, { createdAt: new Date('2024-06-02T10:00:00Z'), paymentState: 'failed' });
    await anOrder(app.db, buyer.id, { createdAt: new Date('2024-06-03T10:00:00Z'), paymentState: 'expired' });
    await anOrder(app.db, ravi.id, { createdAt: new Date('2024-07-01T10:00:00Z') });

    const res = await get(`userorderslist?id=${buyer.externalId}`, buyer);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((order: { UserOrder: { rpayOrderId: string } }) => order.UserOrder.rpayOrderId)).toEqual([
      newer.providerOrderId,
      older.providerOrderId,
    ]);
    expect(list[1]).toEqual({
      status: 'Delivered',
      userTrackingUrl: 'track.example.in/abc',
      UserOrder: {
        rpayOrderId: older.providerOrderId,
        createdAt: '2024-03-01T20:00:00.000Z',
        price: 2499.5,
        gift: null,
        // Placed before dated delivery: no deliveries.
        deliveries: [],
        documents: { invoice: null, creditNote: null },
        // Bought without a coupon (issue 42).
        coupon: null,
        UserOrderItems: [
          // The name as bought; the external id is the product's now (issue 42: "Rate this").
          { quantity: 2, ProductDatum: { productName: 'Sunset Posy', externalId: expect.any(String) } },
          { quantity: 1, ProductDatum: { productName: 'Dried Lavender', externalId: expect.any(String) } },
        ],
      },
    });
    expect(list[0].userTrackingUrl).toBeNull();
  });

  it('gives an empty list to a user without paid orders', async () => {
    const newcomer = await aUser(app);
    await anOrder(app.db, newcomer.id, { paymentState: 'pending' });
    const res = await get(`userorderslist?id=${newcomer.externalId}`, newcomer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('addresses', () => {
  it("lists the caller's addresses newest first, never another user's", async () => {
    const owner = await aUser(app);
    const first = await anAddress(owner, { fullName: 'First Home', createdAt: new Date('2024-01-01T00:00:00Z') });
    const second = await anAddress(owner, { fullName: 'Second Home', createdAt: new Date('2024-02-01T00:00:00Z') });
    await anAddress(ravi, { fullName: 'Ravi Home' });

    const res = await get(`getuseraddresses?id=${owner.externalId}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { ...validAddress, fullName: 'Second Home', id: second.id, User: { externalId: owner.externalId } },
      { ...validAddress, fullName: 'First Home', id: first.id, User: { externalId: owner.externalId } },
    ]);
    const newcomer = await aUser(app);
    const empty = await get(`getuseraddresses?id=${newcomer.externalId}`, newcomer);
    expect(empty.json()).toEqual([]);
  });

  it('gives one address to its owner, 403 to anyone else, 404 when unknown', async () => {
    const mine = await anAddress(asha);
    const own = await get(`getsingleuseraddressdetails?id=${mine.id}`, asha);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ ...validAddress, id: mine.id, User: { externalId: asha.externalId } });

    const theirs = await get(`getsingleuseraddressdetails?id=${mine.id}`, ravi);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toEqual({ message: "Sorry, you don't have access to this.", code: 'FORBIDDEN' });

    const unknown = await get('getsingleuseraddressdetails?id=987654');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Address not found', code: 'NOT_FOUND' });
  });

  it('updates an own address and answers the spec message with the stored address', async () => {
    const mine = await anAddress(asha);
    const changed = { ...validAddress, fullName: 'Asha R.', city: 'Coimbatore', pincode: '641001', state: 'Tamil Nadu', landmark: 'Opp 2nd gate' };
    const res = await post(`updateuseraddress?id=${mine.id}&userId=${asha.externalId}`, {
      ...changed,
      id: mine.id,
      userId: asha.externalId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Address updated successfully!', ...changed, id: mine.id, User: { externalId: asha.externalId } });
    const [row] = await app.db.select().from(addresses).where(eq(addresses.id, mine.id));
    expect(row).toMatchObject({ fullName: 'Asha R.', city: 'Coimbatore', pincode: '641001', state: 'Tamil Nadu', userId: asha.id });
  });

  it("refuses to change another user's address (403) and leaves it as it was", async () => {
    const theirs = await anAddress(ravi, { fullName: 'Ravi Kumar' });
    const res = await post(`updateuseraddress?id=${theirs.id}&userId=${asha.externalId}`, { ...validAddress, fullName: 'Stolen' });
    expect(res.statusCode).toBe(403);
    // Naming the owner in the body does not help either.
    const sneaky = await post(`updateuseraddress?id=${theirs.id}&userId=${asha.externalId}`, {
      ...validAddress,
      fullName: 'Stolen',
      userId: ravi.externalId,
    });
    expect(sneaky.statusCode).toBe(403);
    const [row] = await app.db.select().from(addresses).where(eq(addresses.id, theirs.id));
    expect(row!.fullName).toBe('Ravi Kumar');
  });

  it('answers 404 when updating an unknown address and 400 to a malformed address id', async () => {
    const unknown = await post(`updateuseraddress?id=987654&userId=${asha.externalId}`, validAddress);
    expect(unknown.statusCode).toBe(404);
    const malformed = await post(`updateuseraddress?id=abc&userId=${asha.externalId}`, validAddress);
    expect(malformed.statusCode).toBe(400);
    const missingUser = await post('updateuseraddress?id=1', validAddress);
    expect(missingUser.statusCode).toBe(400);
  });

  it('refuses an address id beyond the database ids with 400 JSON, not a 500 (found by the fuzz run)', async () => {
    const refusal = 'id must be an address id';
    expectBadRequest(await get('getsingleuseraddressdetails?id=2147483648'), refusal);
    expectBadRequest(await post(`updateuseraddress?id=2147483648&userId=${asha.externalId}`, validAddress), refusal);
  });

  it.each([
    ['fullName', '', 'Full name is required!'],
    ['fullName', 'As', 'Full name must be at least 3 characters long!'],
    ['fullName', 'Asha 9', 'This is not a valid format!'],
    ['address', '', 'Address is required!'],
    ['address', 'a'.repeat(51), 'Address cannot exceed 50 characters!'],
    ['address', '12, Main Road', "Only alphanumeric characters (a-z, A-Z, 0-9), '/', '_', and '-' are allowed!"],
    ['locality', '', 'Locality is required!'],
    ['locality', 'a'.repeat(31), 'Locality cannot exceed 30 characters!'],
    ['landmark', '', 'Landmark is required!'],
    ['landmark', 'Near #5', "Only alphanumeric characters (a-z, A-Z, 0-9), '/', '_', and '-' are allowed!"],
    ['city', '', 'city is required!'],
    ['city', 'Chennai1', 'Invalid city format!'],
    ['city', 'a'.repeat(31), 'City cannot exceed 30 characters!'],
    ['pincode', '', 'Pincode is required!'],
    ['pincode', '60000', 'Invalid pincode format!'],
    ['state', 'Pondicherry', 'State is required!'],
    ['country', 'Nepal', 'Country is required!'],
    ['phoneNumber', '', 'Phone number is required!'],
    ['phoneNumber', '98765', 'Phone number must be exactly 10 digits!'],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const mine = await anAddress(asha, { fullName: 'Unchanged' });
    expectBadRequest(await post(`updateuseraddress?id=${mine.id}&userId=${asha.externalId}`, { ...validAddress, [field]: value }), message);
    const [row] = await app.db.select().from(addresses).where(eq(addresses.id, mine.id));
    expect(row!.fullName).toBe('Unchanged');
  });
});
