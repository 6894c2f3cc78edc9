import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Address } from '../../domain/address';
import { checkoutMessages } from '../../domain/checkout';
import type { FastifyRequest } from 'fastify';
import { requireBuyerFor } from '../../server/modules/checkout/buyer-access';
import type { Caller } from '../../server/modules/auth/caller';
import { addresses, cartItems, carts, guestSessions, users } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { firstChoice } from './helpers/delivery-choices';
import { aUser, latestOtp, mailsTo, relaxedRateLimits, signedInAs } from './helpers/auth';
import { addUnits, aGuest, aGuestCheckoutBody, asGuest, aVerifiedGuest, bagOf } from './helpers/cart';
import { aCategory, anAddressBody, aProduct, aSubCategory } from './helpers/factories';
import type { TestGuest } from './helpers/cart';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
});
afterAll(async () => {
  await app.close();
});

let sequence = 0;
const newEmail = () => `buyer${++sequence}-${Date.now()}@example.in`;


const createGuestCheckout = (headers: Record<string, string>, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/createguestcheckout', headers, payload: body });
const verifyOtp = (headers: Record<string, string>, email: string, otp: string) =>
  app.inject({ method: 'POST', url: '/api/verifyotp', headers, payload: { email, otp } });
const guestAddresses = (guest: TestGuest, headers: Record<string, string> = asGuest(guest)) =>
  app.inject({ method: 'GET', url: `/api/getguestuseraddress?id=${guest.sessionId}`, headers });
const createGuestAddress = (guest: TestGuest, body: Record<string, unknown>, headers: Record<string, string> = asGuest(guest)) =>
  app.inject({ method: 'POST', url: '/api/createguestaddress', headers, payload: { sessionId: guest.sessionId, ...body } });
const checkEmail = (email: string) => app.inject({ method: 'POST', url: '/api/checkemailavailability', payload: { email } });

/** A guest who went through guest checkout and verified the mailed code, with the e-mail it used. */
async function aVerifiedGuestBuyer(email = newEmail()): Promise<{ guest: TestGuest; email: string; userExtId: string }> {
  const guest = await aVerifiedGuest(app, email);
  return { guest, email, userExtId: guest.userExtId };
}

describe('POST checkemailavailability', () => {
  it('lets an unknown e-mail continue as a guest', async () => {
    const res = await checkEmail(newEmail());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: true, response: 'Continue as Guest User', data: {} });
  });

  it('asks an earlier guest buyer to create a password, and tells the names and mobile only to its own verified session', async () => {
    const { guest, email } = await aVerifiedGuestBuyer();
    const own = await app.inject({ method: 'POST', url: '/api/checkemailavailability', headers: asGuest(guest), payload: { email: email.toUpperCase() } });
    expect(own.json()).toEqual({
      available: false,
      response: 'Please create a password',
      data: { firstName: 'Meena', lastName: 'Kumar', mobileNumber: '9123456780' },
    });
    // Anyone else who types the e-mail gets the same answer without them: a stranger, or another guest.
    const stranger = { available: false, response: 'Please create a password', data: {} };
    expect((await checkEmail(email)).json()).toEqual(stranger);
    const other = await aGuest(app);
    expect((await app.inject({ method: 'POST', url: '/api/checkemailavailability', headers: asGuest(other), payload: { email } })).json()).toEqual(stranger);
  });

  it('tells a guest who has only named the e-mail (no code yet) nothing of the account', async () => {
    const user = await aUser(app, { password: null, firstName: 'Ravi', lastName: 'Shankar', mobileNumber: '9000000001' });
    const guest = await aGuest(app);
    // Naming the e-mail links the session to the account, but proves nothing.
    expect((await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, user.email))).statusCode).toBe(200);
    const res = await app.inject({ method: 'POST', url: '/api/checkemailavailability', headers: asGuest(guest), payload: { email: user.email } });
    expect(res.json()).toEqual({ available: false, response: 'Please create a password', data: {} });
  });

  it('tells a registered e-mail to log in, without any of its details', async () => {
    const user = await aUser(app);
    expect((await checkEmail(user.email)).json()).toEqual({ available: false, response: 'Registered user', data: {} });
  });

  it('refuses a malformed e-mail with 400 and the form message', async () => {
    const res = await checkEmail('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('is rate limited per address', async () => {
    const limited = await buildTestApp({ rateLimits: { ...relaxedRateLimits, emailCheckPerIpPerMinute: 2 } });
    try {
      const call = () => limited.inject({ method: 'POST', url: '/api/checkemailavailability', payload: { email: 'a@b.in' } });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });
});

describe('POST createguestcheckout', () => {
  it('creates a passwordless customer for a new e-mail, links the session and mails a code', async () => {
    const guest = await aGuest(app);
    const email = newEmail();
    const res = await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, email));
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<{ duplicateUser: string; unverifiedUser: string; userExtId: string }>();
    expect(reply).toMatchObject({ duplicateUser: 'false', unverifiedUser: 'false' });
    expect(reply.userExtId).toEqual(expect.any(String));

    const [user] = await app.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ externalId: reply.userExtId, firstName: 'Meena', passwordHash: null, emailVerifiedAt: null });
    const [session] = await app.db.select().from(guestSessions).where(eq(guestSessions.id, guest.sessionId));
    expect(session).toMatchObject({ userId: user!.id, checkoutVerifiedAt: null });
    expect(await latestOtp(app, email)).toMatch(/^\d{6}$/);
  });

  it('answers duplicateUser "true" for a registered e-mail, mailing nothing and linking nothing', async () => {
    const user = await aUser(app);
    const guest = await aGuest(app);
    const res = await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ duplicateUser: 'true', unverifiedUser: 'false', userExtId: null });
    expect(await mailsTo(app, user.email)).toEqual([]);
    const [session] = await app.db.select().from(guestSessions).where(eq(guestSessions.id, guest.sessionId));
    expect(session!.userId).toBeNull();
  });

  it('flags an existing unverified passwordless account and mails it a code, keeping its details', async () => {
    const user = await aUser(app, { password: null, verified: false, firstName: 'Ravi' });
    const guest = await aGuest(app);
    const res = await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, user.email));
    expect(res.json()).toEqual({ duplicateUser: 'false', unverifiedUser: 'true', userExtId: user.externalId });
    expect(await latestOtp(app, user.email)).toMatch(/^\d{6}$/);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.firstName).toBe('Ravi');
  });

  it("adds nothing to an existing account until the guest proves the e-mail with the code", async () => {
    const user = await aUser(app, { password: null, verified: true });
    const stranger = await aGuest(app);
    const res = await createGuestCheckout(asGuest(stranger), aGuestCheckoutBody(stranger, user.email));
    expect(res.statusCode).toBe(200);
    expect(await app.db.select().from(addresses).where(eq(addresses.userId, user.id))).toEqual([]);

    const verified = await verifyOtp(asGuest(stranger), user.email, await latestOtp(app, user.email));
    expect(verified.statusCode).toBe(200);
    expect(await app.db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(1);
  });

  it('answers unverifiedUser "false" for an earlier guest buyer whose e-mail is verified', async () => {
    const user = await aUser(app, { password: null, verified: true });
    const guest = await aGuest(app);
    const res = await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, user.email));
    expect(res.json()).toEqual({ duplicateUser: 'false', unverifiedUser: 'false', userExtId: user.externalId });
  });

  it("refuses another guest's session with 403 and an anonymous caller with 401", async () => {
    const owner = await aGuest(app);
    const other = await aGuest(app);
    const email = newEmail();
    expect((await createGuestCheckout(asGuest(other), aGuestCheckoutBody(owner, email))).statusCode).toBe(403);
    expect((await createGuestCheckout({}, aGuestCheckoutBody(owner, email))).statusCode).toBe(401);
    const user = await aUser(app);
    expect((await createGuestCheckout(signedInAs(app, user), aGuestCheckoutBody(owner, email))).statusCode).toBe(403);
    expect(await mailsTo(app, email)).toEqual([]);
  });

  it('refuses invalid details and addresses with 400 and the field message', async () => {
    const guest = await aGuest(app);
    const short = await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, newEmail(), { firstName: 'Al' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('First name must be at least 3 characters long!');
    const pin = await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, newEmail(), { pincode: '6000' }));
    expect(pin.statusCode).toBe(400);
    expect(pin.json().message).toContain('Invalid pincode format!');
  });
});

describe('verifying the guest checkout code (POST verifyotp)', () => {
  it('verifies the e-mail and the session with the mailed code; the guest then sees the address it gave', async () => {
    const guest = await aGuest(app);
    const email = newEmail();
    await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, email));
    expect((await guestAddresses(guest)).statusCode).toBe(403);

    const res = await verifyOtp(asGuest(guest), email, await latestOtp(app, email));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP verified successfully!' });

    const [user] = await app.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).not.toBeNull();
    const list = await guestAddresses(guest);
    expect(list.statusCode).toBe(200);
    expect(list.json<Address[]>()).toEqual([
      { id: expect.any(Number), ...anAddressBody(), User: { externalId: user!.externalId } },
    ]);
  });

  it('refuses a wrong code with 400 and leaves the session unverified', async () => {
    const guest = await aGuest(app);
    const email = newEmail();
    await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, email));
    const code = await latestOtp(app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await verifyOtp(asGuest(guest), email, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'OTP_INVALID', message: 'OTP is invalid' });
    expect((await guestAddresses(guest)).statusCode).toBe(403);
  });

  it('does not verify another guest session with the code', async () => {
    const guest = await aGuest(app);
    const intruder = await aGuest(app);
    const email = newEmail();
    await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, email));
    const res = await verifyOtp(asGuest(intruder), email, await latestOtp(app, email));
    // The intruder's session is not linked to the e-mail: the call is treated as a sign-up step and refused.
    expect(res.statusCode).toBe(400);
    expect((await guestAddresses(intruder)).statusCode).toBe(403);
  });
});

describe('guest addresses', () => {
  it('adds an address for a verified guest and lists it first', async () => {
    const { guest, userExtId } = await aVerifiedGuestBuyer();
    const res = await createGuestAddress(guest, anAddressBody({ fullName: 'Second Home', state: 'Kerala', city: 'Kochi', pincode: '682001' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userExtId });
    const list = (await guestAddresses(guest)).json<Address[]>();
    expect(list.map((a) => a.fullName)).toEqual(['Second Home', 'Meena K.']);
  });

  it('refuses an unverified guest (403), another guest (403) and an anonymous caller (401)', async () => {
    const guest = await aGuest(app);
    const email = newEmail();
    await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, email));
    const unverified = await createGuestAddress(guest, anAddressBody());
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ code: 'FORBIDDEN', message: checkoutMessages.guestNotVerified });

    const { guest: verified } = await aVerifiedGuestBuyer();
    expect((await createGuestAddress(verified, anAddressBody(), asGuest(guest))).statusCode).toBe(403);
    expect((await guestAddresses(verified, asGuest(guest))).statusCode).toBe(403);
    expect((await createGuestAddress(verified, anAddressBody(), {})).statusCode).toBe(401);
  });

  it('refuses an invalid address with 400', async () => {
    const { guest } = await aVerifiedGuestBuyer();
    const res = await createGuestAddress(guest, anAddressBody({ city: 'Chennai 1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Invalid city format!');
  });

  it('drops the verification when the session is used for another e-mail', async () => {
    const { guest } = await aVerifiedGuestBuyer();
    await createGuestCheckout(asGuest(guest), aGuestCheckoutBody(guest, newEmail()));
    expect((await createGuestAddress(guest, anAddressBody())).statusCode).toBe(403);
  });
});

describe('POST createlogincheckout', () => {
  const saveAddress = (headers: Record<string, string>, userId: string) =>
    app.inject({ method: 'POST', url: '/api/createlogincheckout', headers, payload: { userId, ...anAddressBody() } });

  it("adds an address to the signed-in user's list and returns it", async () => {
    const user = await aUser(app);
    const res = await saveAddress(signedInAs(app, user), user.externalId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), ...anAddressBody(), User: { externalId: user.externalId } });
    const list = await app.inject({
      method: 'GET',
      url: `/api/getuseraddresses?id=${user.externalId}`,
      headers: signedInAs(app, user),
    });
    expect(list.json<Address[]>()).toHaveLength(1);
  });

  it('refuses another user (403), and a guest or an anonymous caller (401, as every signed-in-only call)', async () => {
    const user = await aUser(app);
    const other = await aUser(app);
    const guest = await aGuest(app);
    const call = (headers: Record<string, string>) => saveAddress(headers, user.externalId);
    expect((await call(signedInAs(app, other))).statusCode).toBe(403);
    expect((await call(asGuest(guest))).statusCode).toBe(401);
    expect((await call({})).statusCode).toBe(401);
  });

  it('refuses a valid token of a user that no longer exists (401) and writes no address', async () => {
    const gone = { externalId: 'u_NoSuchUser000000000000' };
    const before = await app.db.select({ id: addresses.id }).from(addresses);
    const res = await saveAddress(signedInAs(app, gone), gone.externalId);
    expect(res.statusCode, res.body).toBe(401);
    expect(await app.db.select({ id: addresses.id }).from(addresses)).toEqual(before);
  });
});

describe('a verified guest pays for its own bag', () => {
  it("is invoiced for the session's bag, and paying empties that bag and leaves the account's own bag alone", async () => {
    const { guest, userExtId } = await aVerifiedGuestBuyer();
    const category = await aCategory(app.db, { gstRateBp: 250 });
    const subCategory = await aSubCategory(app.db, { categoryId: category.id });
    const posy = await aProduct(app.db, { subCategory, sellingPricePaise: 125_000, stock: 5 });
    const roses = await aProduct(app.db, { subCategory, sellingPricePaise: 60_000, stock: 5 });
    await addUnits(app, asGuest(guest), { productExtId: posy.externalId, sessionId: guest.sessionId }, 2);
    // The account the session is linked to holds roses in its own bag from another visit.
    const [account] = await app.db.select({ id: users.id }).from(users).where(eq(users.externalId, userExtId));
    const [accountCart] = await app.db.insert(carts).values({ userId: account!.id }).returning({ id: carts.id });
    await app.db.insert(cartItems).values({ cartId: accountCart!.id, productId: roses.id, quantity: 1 });

    const [saved] = (await guestAddresses(guest)).json<Address[]>();
    const invoice = await app.inject({
      method: 'POST',
      url: `/api/user/${userExtId}/checkoutinvoice`,
      headers: asGuest(guest),
      payload: { addressId: saved!.id, deliveries: [await firstChoice(app, 'courier')] },
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    const { orderValueId, amount } = invoice.json<{ orderValueId: string; amount: number }>();
    expect(amount).toBe(2500);

    const paid = await app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/pay',
      payload: { orderId: orderValueId, cardNumber: '4111111111111111', expiry: '12/30', cvv: '123' },
    });
    const verified = await app.inject({ method: 'POST', url: '/api/payment/verify', headers: asGuest(guest), payload: paid.json() });
    expect(verified.json()).toEqual({ message: 'success' });

    expect((await bagOf(app, asGuest(guest), { sessionId: guest.sessionId })).productList).toEqual([]);
    const left = await app.db.select({ productId: cartItems.productId }).from(cartItems).where(eq(cartItems.cartId, accountCart!.id));
    expect(left).toEqual([{ productId: roses.id }]);
  });

  it('is refused with the empty-bag message when the session holds nothing', async () => {
    const { guest, userExtId } = await aVerifiedGuestBuyer();
    const [saved] = (await guestAddresses(guest)).json<Address[]>();
    const res = await app.inject({
      method: 'POST',
      url: `/api/user/${userExtId}/checkoutinvoice`,
      headers: asGuest(guest),
      payload: { addressId: saved!.id, deliveries: [await firstChoice(app, 'courier')] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Your bag is empty.' });
  });
});

describe('requireBuyerFor (the rule payment routes reuse)', () => {
  const as = (caller: Caller) => ({ caller }) as unknown as FastifyRequest;

  it('lets the signed-in user and a verified guest linked to that user buy for them', async () => {
    const { guest, userExtId } = await aVerifiedGuestBuyer();
    await expect(requireBuyerFor(app.db, as({ kind: 'guest', sessionId: guest.sessionId }), userExtId)).resolves.toMatchObject({
      kind: 'guest',
      userExtId,
    });
    await expect(requireBuyerFor(app.db, as({ kind: 'user', externalId: userExtId, role: 'customer' }), userExtId)).resolves.toEqual({
      kind: 'user',
      userExtId,
    });
  });

  it('refuses an unverified or unlinked guest and another user with 403, an anonymous caller with 401', async () => {
    const { userExtId } = await aVerifiedGuestBuyer();
    const unverified = await aGuest(app);
    await createGuestCheckout(asGuest(unverified), aGuestCheckoutBody(unverified, newEmail()));
    const stranger = await aGuest(app);
    await expect(requireBuyerFor(app.db, as({ kind: 'guest', sessionId: unverified.sessionId }), userExtId)).rejects.toMatchObject({ statusCode: 403 });
    await expect(requireBuyerFor(app.db, as({ kind: 'guest', sessionId: stranger.sessionId }), userExtId)).rejects.toMatchObject({ statusCode: 403 });
    await expect(requireBuyerFor(app.db, as({ kind: 'user', externalId: 'someone-else', role: 'customer' }), userExtId)).rejects.toMatchObject({ statusCode: 403 });
    await expect(requireBuyerFor(app.db, as({ kind: 'anonymous' }), userExtId)).rejects.toMatchObject({ statusCode: 401 });
  });
});
