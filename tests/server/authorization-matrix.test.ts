/**
 * The authorization matrix (issue 9): every /api endpoint × five callers — anonymous, another guest, another
 * customer, the owner of the object the request names, and an admin — with the expected status of each cell written
 * down in one table. Every request is a valid one for its owner (so a 2xx proves access and a refusal proves
 * authorization, not validation), built afresh for each cell so that no cell depends on another. A registered /api
 * route missing from the table fails the last test, so a new endpoint cannot escape the matrix.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIndiaDays, indiaDateOf } from '../../domain/india-time';
import { addresses, cartItems, carts, deliveryHolidays, orders, payments } from '../../server/db/schema';
import { sandboxSecret } from '../../server/modules/payments/sandbox-provider';
import { buildTestApp } from './helpers/app';
import { firstChoice } from './helpers/delivery-choices';
import { aUser, defaultTestPassword, latestOtp, relaxedRateLimits, signedInAs, signUpProofOf } from './helpers/auth';
import type { TestUser } from './helpers/auth';
import { aGuest, aGuestCheckoutBody, asGuest, aVerifiedGuest } from './helpers/cart';
import type { TestGuest } from './helpers/cart';
import { aCategory, aContactMessage, aDeliveryArea, aFailedMail, anAddressBody, aProduct, aProductForm, aSubCategory } from './helpers/factories';
import { anOrder, giveDeliveries } from './helpers/deliveries';
import type { ProductRow } from './helpers/factories';
import { registeredRoutes, routeKey } from './helpers/routes';

// ---- The callers ----------------------------------------------------------------------------------------------------

const callers = ['anonymous', 'other guest', 'other customer', 'owner', 'admin'] as const;
type Who = (typeof callers)[number];
type Statuses = readonly [anonymous: number, otherGuest: number, otherCustomer: number, owner: number, admin: number];
type Headers = Record<string, string>;

/** Who is calling, with the ids a caller would put in a request that names its own objects (variant rows). */
interface Caller {
  who: Who;
  userExtId?: string;
  sessionId?: string;
}

/** One cell's request, built for that cell alone, and the headers of the owner of what it names. */
interface Cell {
  owner: Headers;
  request: Omit<InjectOptions, 'headers'> & { method: Row['method']; url: string; headers?: Headers };
  /** Whether the owner's object is as it was: checked after every other caller's cell, whatever it answered. */
  ownerObjectKept?: () => Promise<boolean>;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT';
  /** The route's path template, exactly as registered. */
  path: string;
  /** A second row for the same route that probes a different object-level rule. */
  variant?: string;
  expect: Statuses;
  build: (caller: Caller) => Promise<Cell>;
}

// Shorthands for the common patterns; a row may still write its own five statuses.
/** Public: anyone, signed in or not. In these rows "owner" is an ordinary signed-in customer. */
const PUBLIC = [200, 200, 200, 200, 200] as const;
/** Admin only: 401 anonymous, 403 guests and customers. "Owner" is a customer, who owns nothing admin. */
const ADMIN = [401, 403, 403, 403, 200] as const;
/**
 * The account routes need a signed-in user before anything else (`requireUser`): a guest session is not one, so a
 * guest gets 401 like an anonymous caller (its token cannot reach an account however it is refreshed); another
 * user, the admin included, is 403 (`requireSelf`). An admin has no business reading a customer's account here.
 */
const SELF = [401, 401, 403, 200, 403] as const;
/** A bag, a guest session or a purchase for a user: 401 anonymous, 403 to anyone but its owner (admins included). */
const OWNED = [401, 403, 403, 200, 403] as const;

// ---- The app and the shared callers --------------------------------------------------------------------------------

let app: FastifyInstance;
let otherGuest: TestGuest;
let otherCustomer: TestUser;
let adminUser: TestUser;
/** The "owner" of public and admin rows: an ordinary signed-in customer. */
let aCustomer: TestUser;
/** A product with plenty of stock for bags and invoices, and one with an uploaded image. */
let product: ProductRow;
let imageItemCode: string;
let png: Buffer;

const headersOf = (user: Pick<TestUser, 'externalId' | 'role'>): Headers => signedInAs(app, user);

beforeAll(async () => {
  app = await buildTestApp({ rateLimits: relaxedRateLimits });
  otherGuest = await aGuest(app);
  otherCustomer = await aUser(app, { password: null });
  adminUser = await aUser(app, { role: 'admin', password: null });
  aCustomer = await aUser(app, { password: null });
  product = await aProduct(app.db, { stock: 10_000 });
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();

  const fields = await productFields();
  imageItemCode = fields.flowerItemCode!;
  const created = await app.inject({ method: 'POST', url: '/api/flowerformdata', headers: headersOf(adminUser), payload: form(fields, true) as unknown as string });
  expect(created.statusCode, created.body).toBe(200);
  const hero = await app.inject({ method: 'POST', url: '/api/heroimage?fileName=topbannerimg', headers: headersOf(adminUser), payload: form({}, true) as unknown as string });
  expect(hero.statusCode, hero.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

// ---- Fixtures --------------------------------------------------------------------------------------------------------

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};
const newEmail = () => `matrix${next()}-${Date.now()}@example.in`;

const addressFields = anAddressBody();

function form(fields: Record<string, string>, withImage: boolean): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (withImage) data.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'flower.png');
  return data;
}

const productFields = () => aProductForm(app.db);

async function call(request: Cell['request'], headers: Headers = {}) {
  return app.inject({ ...request, headers: { ...request.headers, ...headers } } as InjectOptions);
}

async function expectOk(request: Cell['request'], headers: Headers = {}) {
  const res = await call(request, headers);
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(200);
  return res;
}

/** A customer of their own (no password: no hashing cost) and the headers their browser sends. */
async function anOwner(): Promise<{ user: TestUser; headers: Headers }> {
  const user = await aUser(app, { password: null });
  return { user, headers: headersOf(user) };
}

async function anAddressOf(user: TestUser): Promise<number> {
  const [row] = await app.db.insert(addresses).values({ ...addressFields, userId: user.id }).returning({ id: addresses.id });
  return row!.id;
}

/** One line of `product` in a user's or a guest's bag; its cart item id. */
async function aBagLine(owner: { userId: number } | { guestSessionId: string }, quantity = 1): Promise<number> {
  const [cart] = await app.db.insert(carts).values(owner).returning({ id: carts.id });
  const [line] = await app.db.insert(cartItems).values({ cartId: cart!.id, productId: product.id, quantity }).returning({ id: cartItems.id });
  return line!.id;
}

const quantityOfLine = async (id: number) =>
  (await app.db.select({ quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.id, id)))[0]?.quantity;
const cityOfAddress = async (id: number) => (await app.db.select({ city: addresses.city }).from(addresses).where(eq(addresses.id, id)))[0]?.city;
const paymentStateOf = async (providerOrderId: string) =>
  (await app.db.select({ state: orders.paymentState }).from(orders).where(eq(orders.providerOrderId, providerOrderId)))[0]?.state;

/** A customer with an address and a bag, ready to check out. */
async function aShopper() {
  const owner = await anOwner();
  const addressId = await anAddressOf(owner.user);
  await aBagLine({ userId: owner.user.id });
  return { ...owner, addressId };
}

/**
 * A shopper's pending order (stock reserved, provider order open) and the sandbox's signed payment for it: a signed-in
 * customer's, or a verified guest's for the account its session is linked to.
 */
async function aPendingOrder(by: 'customer' | 'guest' = 'customer') {
  const shopper =
    by === 'customer'
      ? await aShopper().then((s) => ({ ...s, userExtId: s.user.externalId }))
      : await aGuestShopper().then((s) => ({ ...s, userExtId: s.guest.userExtId }));
  const invoice = await expectOk(
    { method: 'POST', url: `/api/user/${shopper.userExtId}/checkoutinvoice`, payload: { addressId: shopper.addressId, deliveries: [await firstChoice(app, 'courier')] } },
    shopper.headers,
  );
  const orderId = invoice.json<{ orderValueId: string }>().orderValueId;
  const paid = await expectOk({
    method: 'POST',
    url: '/api/payment/sandbox/pay',
    payload: { orderId, cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' },
  });
  const payment = paid.json<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>();
  return { ...shopper, orderId, payment };
}

/** A paid order (a purchase record for the admin): its database id. */
async function aPurchase(): Promise<number> {
  const order = await aPendingOrder();
  await expectOk({ method: 'POST', url: '/api/payment/verify', payload: order.payment }, order.headers);
  const [row] = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.providerOrderId, order.orderId));
  return row!.id;
}

/** A purchase whose payment is due back (as a second payment would be): the admin's Refund has something to send. */
async function aPurchaseDueBack(): Promise<number> {
  const id = await aPurchase();
  await app.db.update(payments).set({ refundState: 'due' }).where(eq(payments.orderId, id));
  return id;
}

/** A guest that went through guest checkout and verified the mailed code; the account it buys for. */
const aVerifiedGuestOfMatrix = () => aVerifiedGuest(app, newEmail());

/** A verified guest with a bag in its session and the checkout address its verification saved to the account. */
async function aGuestShopper() {
  const guest = await aVerifiedGuestOfMatrix();
  await aBagLine({ guestSessionId: guest.sessionId });
  const saved = await expectOk({ method: 'GET', url: `/api/getguestuseraddress?id=${guest.sessionId}` }, asGuest(guest));
  return { guest, headers: asGuest(guest), addressId: saved.json<{ id: number }[]>()[0]!.id };
}

/** A new account through sign-up step 1: its e-mail, with a sign-up code mailed. */
async function aSignUp(): Promise<string> {
  const email = newEmail();
  await expectOk({ method: 'POST', url: '/api/createuser', payload: { firstName: 'Meera', lastName: 'Iyer', email, mobileNumber: '9123456780' } });
  return email;
}

/** A coupon's terms with a code of its own: 10 % off, valid from yesterday for a month. */
const aCouponBody = () => {
  const today = indiaDateOf(new Date());
  return { code: `MX${next()}${Date.now().toString(36).toUpperCase().slice(-5)}`, kind: 'percent', value: 10, validFrom: addIndiaDays(today, -1), validTo: addIndiaDays(today, 30) };
};

/** A coupon the admin created: its id. */
async function aCouponId(): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/coupons', headers: headersOf(adminUser), payload: aCouponBody() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ coupon: { id: number } }>().coupon.id;
}

/** A coupon's code that any bag can use. */
async function aCouponCode(): Promise<string> {
  const body = aCouponBody();
  const res = await app.inject({ method: 'POST', url: '/api/admin/coupons', headers: headersOf(adminUser), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return body.code;
}

/** A customer whose order of the shared product was delivered: she may review it. */
async function aDeliveredBuyer(): Promise<{ owner: Headers }> {
  const { user, headers } = await anOwner();
  await anOrder(app.db, user.id, { products: [product], status: 'Delivered' });
  return { owner: headers };
}

/** A review of the shared product by a delivered buyer; its id. */
async function aReview(): Promise<number> {
  const { owner } = await aDeliveredBuyer();
  await expectOk({ method: 'PUT', url: `/api/myreview/${product.externalId}`, payload: { stars: 4 } }, owner);
  const list = await expectOk({ method: 'GET', url: '/api/admin/reviews', headers: headersOf(adminUser) });
  return (list.json() as { reviews: { id: number }[] }).reviews[0]!.id;
}

// For public and admin rows the owner column is an ordinary customer.
const customerCell = (request: Cell['request']): Cell => ({ owner: headersOf(aCustomer), request });
const publicRow = (method: Row['method'], path: string, request: () => Promise<Cell['request']> | Cell['request']): Row => ({
  method,
  path,
  expect: PUBLIC,
  build: async () => customerCell(await request()),
});
const adminRow = (method: Row['method'], path: string, request: () => Promise<Cell['request']> | Cell['request']): Row => ({
  method,
  path,
  expect: ADMIN,
  build: async () => customerCell(await request()),
});

/** A row whose owner is a fresh customer; `cell` builds the request (and any check) for that customer's objects. */
const customerRow = (row: Omit<Row, 'build'>, cell: (user: TestUser, caller: Caller) => Promise<Omit<Cell, 'owner'>> | Omit<Cell, 'owner'>): Row => ({
  ...row,
  build: async (caller) => {
    const { user, headers } = await anOwner();
    return { owner: headers, ...(await cell(user, caller)) };
  },
});
/** A row whose owner is a fresh guest session. */
const guestRow = (row: Omit<Row, 'build'>, cell: (guest: TestGuest, caller: Caller) => Promise<Omit<Cell, 'owner'>> | Omit<Cell, 'owner'>): Row => ({
  ...row,
  build: async (caller) => {
    const guest = await aGuest(app);
    return { owner: asGuest(guest), ...(await cell(guest, caller)) };
  },
});

// ---- The table ---------------------------------------------------------------------------------------------------------

/**
 * Routes deliberately left out, with the reason. Only dev tooling and the API documentation may be listed here.
 * (HEAD routes are Fastify's automatic mirrors of the GET routes: same hooks, same handler, so the GET row covers them.)
 */
const exempt: { prefix: string; reason: string }[] = [
  { prefix: '/api/docs', reason: 'the OpenAPI document and its UI: public by design, no data' },
  { prefix: '/api/dev/', reason: 'the dev outbox: registered only while mail is kept instead of sent (no SMTP), never in production' },
];

const rows: Row[] = [
  // -- Health, shop, catalogue and images: public reads.
  publicRow('GET', '/api/health', () => ({ method: 'GET', url: '/api/health' })),
  publicRow('GET', '/api/ready', () => ({ method: 'GET', url: '/api/ready' })),
  publicRow('GET', '/api/shop', () => ({ method: 'GET', url: '/api/shop' })),
  publicRow('GET', '/api/delivery/schedule', () => ({ method: 'GET', url: '/api/delivery/schedule?kind=hand' })),
  publicRow('GET', '/api/pincodes/:pincode', () => ({ method: 'GET', url: '/api/pincodes/600004' })),
  publicRow('GET', '/api/delivery/reach', () => ({ method: 'GET', url: '/api/delivery/reach?pincode=600004' })),
  publicRow('GET', '/api/delivery/check', () => ({ method: 'GET', url: '/api/delivery/check?pincode=600004&kind=hand' })),
  publicRow('GET', '/api/allflowers', () => ({ method: 'GET', url: '/api/allflowers' })),
  publicRow('GET', '/api/categoryheader', () => ({ method: 'GET', url: '/api/categoryheader' })),
  publicRow('GET', '/api/searchflowers', () => ({ method: 'GET', url: '/api/searchflowers?q=gerbra&sort=price_asc' })),
  publicRow('GET', '/api/searchsuggestions', () => ({ method: 'GET', url: '/api/searchsuggestions?q=ros' })),
  publicRow('GET', '/api/addons', () => ({ method: 'GET', url: '/api/addons' })),
  publicRow('GET', '/api/flowerdetail/:flower_ext_id', () => ({ method: 'GET', url: `/api/flowerdetail/${product.externalId}` })),
  publicRow('GET', '/api/flowerreviews/:flower_ext_id', () => ({ method: 'GET', url: `/api/flowerreviews/${product.externalId}?page=1` })),
  // Reviews (issue 42): any account reads her own standing (a guest session is none: 403 with why); only a buyer
  // whose order holding the product was delivered writes one, so every other account is refused.
  {
    method: 'GET',
    path: '/api/myreview/:flower_ext_id',
    expect: [401, 403, 200, 200, 200],
    build: async () => ({ ...(await aDeliveredBuyer()), request: { method: 'GET', url: `/api/myreview/${product.externalId}` } }),
  },
  {
    method: 'PUT',
    path: '/api/myreview/:flower_ext_id',
    expect: [401, 403, 403, 200, 403],
    build: async () => ({ ...(await aDeliveredBuyer()), request: { method: 'PUT', url: `/api/myreview/${product.externalId}`, payload: { stars: 5, text: 'Fresh and on time' } } }),
  },
  publicRow('GET', '/api/flowerimage', () => ({ method: 'GET', url: `/api/flowerimage?sys_name=${imageItemCode}` })),
  publicRow('GET', '/api/heroimage', () => ({ method: 'GET', url: '/api/heroimage?image=topbannerimg' })),
  // What crawlers read (issue 42), at the site's root: the same for everyone.
  publicRow('GET', '/sitemap.xml', () => ({ method: 'GET', url: '/sitemap.xml' })),
  publicRow('GET', '/robots.txt', () => ({ method: 'GET', url: '/robots.txt' })),
  publicRow('POST', '/api/contactapi', () => ({
    method: 'POST',
    url: '/api/contactapi',
    payload: { fullName: 'Asha Raman', userEmail: newEmail(), phoneNumber: '9876543210', message: 'Do you deliver to Madurai?' },
  })),

  // -- Sessions and sign-up: public; what proves who you are is in the body or the cookie, not the caller's token.
  publicRow('GET', '/api/getSessionId', () => ({ method: 'GET', url: '/api/getSessionId' })),
  publicRow('POST', '/api/loginapi', async () => {
    // The one row that needs a real password (argon2): whoever holds the credentials signs in, whatever token it sent.
    const user = await aUser(app);
    return { method: 'POST', url: '/api/loginapi', payload: { email: user.email, password: defaultTestPassword } };
  }),
  // The refresh token (HttpOnly cookie) is the credential: a fresh one per cell, since each is single use.
  publicRow('POST', '/api/refresh', async () => ({ method: 'POST', url: '/api/refresh', cookies: { refreshToken: (await aGuest(app)).refreshToken } })),
  publicRow('POST', '/api/logout', async () => ({ method: 'POST', url: '/api/logout', cookies: { refreshToken: (await aGuest(app)).refreshToken } })),
  publicRow('POST', '/api/checkemailpresent', () => ({ method: 'POST', url: '/api/checkemailpresent', payload: { email: aCustomer.email } })),
  publicRow('POST', '/api/createuser', () => ({
    method: 'POST',
    url: '/api/createuser',
    payload: { firstName: 'Meera', lastName: 'Iyer', email: newEmail(), mobileNumber: '9123456780' },
  })),
  publicRow('POST', '/api/verifyotp', async () => {
    const email = await aSignUp();
    return { method: 'POST', url: '/api/verifyotp', payload: { email, otp: await latestOtp(app, email) } };
  }),
  // The credential is the sign-up proof cookie of the browser that verified the code, not the caller's token.
  publicRow('POST', '/api/createpassword', async () => {
    const email = await aSignUp();
    const verified = await expectOk({ method: 'POST', url: '/api/verifyotp', payload: { email, otp: await latestOtp(app, email) } });
    return { method: 'POST', url: '/api/createpassword', payload: { email, password: 'Flower@1' }, cookies: signUpProofOf(verified) };
  }),
  publicRow('POST', '/api/verifyemail', async () => ({ method: 'POST', url: '/api/verifyemail', payload: { email: (await anOwner()).user.email } })),
  publicRow('POST', '/api/verifyotppassword', async () => {
    const { user } = await anOwner();
    await expectOk({ method: 'POST', url: '/api/verifyemail', payload: { email: user.email } });
    const otp = await latestOtp(app, user.email);
    return { method: 'POST', url: '/api/verifyotppassword', payload: { email: user.email, otp, password: 'Newer@123', confirmPassword: 'Newer@123' } };
  }),

  // -- The account: the user named by ?id= / userId, or the owner of the address.
  customerRow({ method: 'GET', path: '/api/getsingleuserdetails', expect: SELF }, (user) => ({ request: { method: 'GET', url: `/api/getsingleuserdetails?id=${user.externalId}` } })),
  customerRow({ method: 'POST', path: '/api/updateuserdetails', expect: SELF }, (user) => ({
    request: {
      method: 'POST',
      url: `/api/updateuserdetails?id=${user.externalId}`,
      payload: { userId: user.externalId, firstName: 'Lakshmi', lastName: 'Narayan', email: user.email, mobileNumber: '9000000002' },
    },
  })),
  customerRow({ method: 'GET', path: '/api/userorderslist', expect: SELF }, (user) => ({ request: { method: 'GET', url: `/api/userorderslist?id=${user.externalId}` } })),
  customerRow({ method: 'GET', path: '/api/getuseraddresses', expect: SELF }, async (user) => {
    await anAddressOf(user);
    return { request: { method: 'GET', url: `/api/getuseraddresses?id=${user.externalId}` } };
  }),
  // Someone else's address is 403 and an unknown one 404: address ids are row numbers, so this tells a caller that
  // a number is taken and nothing else about it.
  customerRow({ method: 'GET', path: '/api/getsingleuseraddressdetails', expect: SELF }, async (user) => ({ request: { method: 'GET', url: `/api/getsingleuseraddressdetails?id=${await anAddressOf(user)}` } })),
  customerRow({ method: 'POST', path: '/api/updateuseraddress', expect: SELF }, async (user) => {
    const id = await anAddressOf(user);
    return {
      request: {
        method: 'POST',
        url: `/api/updateuseraddress?id=${id}&userId=${user.externalId}`,
        payload: { ...addressFields, id, userId: user.externalId, city: 'Madurai' },
      },
    };
  }),
  // The address id is a second object in the request: naming yourself in userId must not reach another's address.
  customerRow({ method: 'POST', path: '/api/updateuseraddress', variant: "the caller's own userId, the owner's address id", expect: SELF }, async (user, caller) => {
    const id = await anAddressOf(user);
    const userId = caller.userExtId ?? user.externalId;
    return {
      request: { method: 'POST', url: `/api/updateuseraddress?id=${id}&userId=${userId}`, payload: { ...addressFields, id, userId, city: 'Madurai' } },
      ownerObjectKept: async () => (await cityOfAddress(id)) === addressFields.city,
    };
  }),

  // -- The bag: a user's bag only by that user, a guest bag only with that guest session's own token.
  customerRow({ method: 'GET', path: '/api/user/:userExtId/cart', expect: OWNED }, async (user) => {
    await aBagLine({ userId: user.id });
    return { request: { method: 'GET', url: `/api/user/${user.externalId}/cart` } };
  }),
  guestRow({ method: 'GET', path: '/api/guest/:sessionId/cart', expect: OWNED }, async (guest) => {
    await aBagLine({ guestSessionId: guest.sessionId });
    return { request: { method: 'GET', url: `/api/guest/${guest.sessionId}/cart` } };
  }),
  customerRow({ method: 'POST', path: '/api/createusercart', variant: "a user's bag", expect: OWNED }, (user) => ({ request: { method: 'POST', url: '/api/createusercart', payload: { productExtId: product.externalId, userId: user.externalId } } })),
  guestRow({ method: 'POST', path: '/api/createusercart', variant: "a guest's bag", expect: OWNED }, (guest) => ({ request: { method: 'POST', url: '/api/createusercart', payload: { productExtId: product.externalId, sessionId: guest.sessionId } } })),
  publicRow('POST', '/api/checkquantity', () => ({ method: 'POST', url: '/api/checkquantity', payload: { productId: product.externalId, quantity: 2 } })),
  customerRow({ method: 'POST', path: '/api/user/:owner/cart/:cartItemId', variant: "a user's bag", expect: OWNED }, async (user) => {
    const line = await aBagLine({ userId: user.id });
    return {
      request: { method: 'POST', url: `/api/user/${user.externalId}/cart/${line}`, payload: { productId: product.externalId, size: 'Standard', quantity: 2 } },
    };
  }),
  guestRow({ method: 'POST', path: '/api/user/:owner/cart/:cartItemId', variant: "a guest's bag", expect: OWNED }, async (guest) => {
    const line = await aBagLine({ guestSessionId: guest.sessionId });
    return {
      request: { method: 'POST', url: `/api/user/${guest.sessionId}/cart/${line}`, payload: { productId: product.externalId, size: 'Standard', quantity: 2 } },
    };
  }),
  // The cart item id is a second object: with the caller's own bag in the path, the owner's line is "not in your
  // bag" (404) — the lookup is scoped to the caller's bag, so it reveals nothing about other bags.
  customerRow({ method: 'POST', path: '/api/user/:owner/cart/:cartItemId', variant: "the caller's own bag in the path, the owner's cart item id", expect: [401, 404, 404, 200, 404] }, async (user, caller) => {
    const line = await aBagLine({ userId: user.id });
    const bag = caller.userExtId ?? caller.sessionId ?? user.externalId;
    return {
      request: { method: 'POST', url: `/api/user/${bag}/cart/${line}`, payload: { productId: product.externalId, size: 'Standard', quantity: 2 } },
      ownerObjectKept: async () => (await quantityOfLine(line)) === 1,
    };
  }),
  customerRow({ method: 'POST', path: '/api/removecartitem', variant: "a user's bag", expect: OWNED }, async (user) => {
    const line = await aBagLine({ userId: user.id });
    return {
      request: { method: 'POST', url: '/api/removecartitem', payload: { productId: product.externalId, userExtId: user.externalId, guestSessionId: null } },
      ownerObjectKept: async () => (await quantityOfLine(line)) === 1,
    };
  }),
  guestRow({ method: 'POST', path: '/api/removecartitem', variant: "a guest's bag", expect: OWNED }, async (guest) => {
    const line = await aBagLine({ guestSessionId: guest.sessionId });
    return {
      request: { method: 'POST', url: '/api/removecartitem', payload: { productId: product.externalId, userExtId: null, guestSessionId: guest.sessionId } },
      ownerObjectKept: async () => (await quantityOfLine(line)) === 1,
    };
  }),
  // The owner is the user signing in, merging the bag of the guest session it browsed with. A guest is not signed
  // in (401, requireUser); the session id is the proof of the guest bag (DESIGN.md §4), the userExtId must be the caller's.
  customerRow({ method: 'POST', path: '/api/syncGuestLoggedInCart', expect: SELF }, async (user) => {
    const guest = await aGuest(app);
    await aBagLine({ guestSessionId: guest.sessionId });
    return { request: { method: 'POST', url: '/api/syncGuestLoggedInCart', payload: { sessionId: guest.sessionId, userExtId: user.externalId } } };
  }),

  // The session id is the proof of the guest bag (docs/api.md): the spec's client sends only { sessionId, userExtId }
  // after sign-in, with the user's token, so a signed-in caller naming itself can merge any live guest bag whose
  // 128-bit session id it holds. Deliberate, and limited: a bag holds products and quantities, no personal data,
  // and the merge links the session only when no guest checkout has (so it never opens a verified session's account).
  customerRow({ method: 'POST', path: '/api/syncGuestLoggedInCart', variant: "the caller's own userExtId, the owner's guest session id", expect: [401, 401, 200, 200, 200] }, async (user, caller) => {
    const guest = await aGuest(app);
    await aBagLine({ guestSessionId: guest.sessionId });
    const userExtId = caller.userExtId ?? user.externalId;
    return { request: { method: 'POST', url: '/api/syncGuestLoggedInCart', payload: { sessionId: guest.sessionId, userExtId } } };
  }),

  // -- Checkout: the guest session named in the body/query, or the signed-in user named by userId.
  publicRow('POST', '/api/checkemailavailability', () => ({ method: 'POST', url: '/api/checkemailavailability', payload: { email: newEmail() } })),
  guestRow({ method: 'POST', path: '/api/createguestcheckout', expect: OWNED }, (guest) => ({ request: { method: 'POST', url: '/api/createguestcheckout', payload: aGuestCheckoutBody(guest, newEmail()) } })),
  {
    method: 'POST',
    path: '/api/createguestaddress',
    expect: OWNED,
    build: async () => {
      const guest = await aVerifiedGuestOfMatrix();
      return { owner: asGuest(guest), request: { method: 'POST', url: '/api/createguestaddress', payload: { sessionId: guest.sessionId, ...addressFields } } };
    },
  },
  {
    method: 'GET',
    path: '/api/getguestuseraddress',
    expect: OWNED,
    build: async () => {
      const guest = await aVerifiedGuestOfMatrix();
      return { owner: asGuest(guest), request: { method: 'GET', url: `/api/getguestuseraddress?id=${guest.sessionId}` } };
    },
  },
  customerRow({ method: 'POST', path: '/api/createlogincheckout', expect: SELF }, (user) => ({ request: { method: 'POST', url: '/api/createlogincheckout', payload: { userId: user.externalId, ...addressFields } } })),
  // Names no object: it checks the caller's own stored bag (the body is only a hint), so every caller with a bag of
  // its own — a guest, a customer, an admin — gets its own answer. Anonymous callers have no bag.
  customerRow({ method: 'POST', path: '/api/checkquantitylist', expect: [401, 200, 200, 200, 200] }, async (user) => {
    await aBagLine({ userId: user.id });
    return { request: { method: 'POST', url: '/api/checkquantitylist', payload: { products: [] } } };
  }),

  // -- Orders and payments: the buyer the path names, the order the body names.
  {
    method: 'POST',
    path: '/api/user/:id/checkoutinvoice',
    expect: OWNED,
    build: async () => {
      const shopper = await aShopper();
      return { owner: shopper.headers, request: { method: 'POST', url: `/api/user/${shopper.user.externalId}/checkoutinvoice`, payload: { addressId: shopper.addressId, deliveries: [await firstChoice(app, 'courier')] } } };
    },
  },
  {
    // The address id is a second object: buying for yourself cannot deliver to (and read) another's address. Looked
    // up within the buyer's own addresses, so someone else's is "unknown" (404) and its existence is not revealed.
    // A guest has no user id of its own: it names the owner and is refused as a buyer (403).
    method: 'POST',
    path: '/api/user/:id/checkoutinvoice',
    variant: "the caller's own user id, the owner's address id",
    expect: [401, 403, 404, 200, 404],
    build: async (caller) => {
      const shopper = await aShopper();
      const buyer = caller.userExtId ?? shopper.user.externalId;
      return { owner: shopper.headers, request: { method: 'POST', url: `/api/user/${buyer}/checkoutinvoice`, payload: { addressId: shopper.addressId, deliveries: [await firstChoice(app, 'courier')] } } };
    },
  },
  {
    // A guest buys for the account its session is linked to, once it has proved the e-mail with the code.
    method: 'POST',
    path: '/api/user/:id/checkoutinvoice',
    variant: 'a verified guest buying for its linked account',
    expect: OWNED,
    build: async () => {
      const shopper = await aGuestShopper();
      return {
        owner: shopper.headers,
        request: { method: 'POST', url: `/api/user/${shopper.guest.userExtId}/checkoutinvoice`, payload: { addressId: shopper.addressId, deliveries: [await firstChoice(app, 'courier')] } },
      };
    },
  },
  // -- Coupons (issue 42): checked against the bag of the buyer the path names, as the checkout invoice is.
  {
    method: 'POST',
    path: '/api/user/:id/applycoupon',
    expect: OWNED,
    build: async () => {
      const shopper = await aShopper();
      return { owner: shopper.headers, request: { method: 'POST', url: `/api/user/${shopper.user.externalId}/applycoupon`, payload: { code: await aCouponCode() } } };
    },
  },
  {
    method: 'POST',
    path: '/api/user/:id/applycoupon',
    variant: 'a verified guest checking its session bag for its linked account',
    expect: OWNED,
    build: async () => {
      const shopper = await aGuestShopper();
      return { owner: shopper.headers, request: { method: 'POST', url: `/api/user/${shopper.guest.userExtId}/applycoupon`, payload: { code: await aCouponCode() } } };
    },
  },
  publicRow('GET', '/api/payment/key', () => ({ method: 'GET', url: '/api/payment/key' })),
  {
    // Names no object: it gives back the stock of the caller's own newest pending order (a guest without a verified
    // checkout has none and is told "recorded" all the same), so other callers' 200s touch nothing of the owner's.
    method: 'POST',
    path: '/api/payment/failed',
    expect: [401, 200, 200, 200, 200],
    build: async () => {
      const order = await aPendingOrder();
      return {
        owner: order.headers,
        request: { method: 'POST', url: '/api/payment/failed', payload: { products: [] } },
        ownerObjectKept: async () => (await paymentStateOf(order.orderId)) === 'pending',
      };
    },
  },
  {
    method: 'POST',
    path: '/api/payment/verify',
    expect: OWNED,
    build: async () => {
      const order = await aPendingOrder();
      return {
        owner: order.headers,
        request: { method: 'POST', url: '/api/payment/verify', payload: order.payment },
        ownerObjectKept: async () => (await paymentStateOf(order.orderId)) === 'pending',
      };
    },
  },
  {
    method: 'POST',
    path: '/api/payment/verify',
    variant: "a verified guest's order",
    expect: OWNED,
    build: async () => {
      const order = await aPendingOrder('guest');
      return { owner: order.headers, request: { method: 'POST', url: '/api/payment/verify', payload: order.payment } };
    },
  },
  {
    // The provider's call: the HMAC of the raw body with the webhook secret is the credential, not a caller's token.
    method: 'POST',
    path: '/api/payment/webhook',
    expect: PUBLIC,
    build: async () => {
      const order = await aPendingOrder();
      const body = JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: order.payment.razorpay_payment_id, order_id: order.orderId } } },
      });
      const signature = createHmac('sha256', sandboxSecret(app.config.jwtSecret)).update(body).digest('hex');
      return {
        owner: order.headers,
        request: { method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature }, payload: body },
      };
    },
  },
  {
    // The sandbox stands in for the provider's own checkout dialog, which anyone holding an order id may pay: it only
    // signs a payment; settling it stays with payment/verify, which is the buyer's alone (row above).
    method: 'POST',
    path: '/api/payment/sandbox/pay',
    expect: PUBLIC,
    build: async () => {
      const order = await aPendingOrder();
      return {
        owner: order.headers,
        request: { method: 'POST', url: '/api/payment/sandbox/pay', payload: { orderId: order.orderId, cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' } },
      };
    },
  },

  // -- Admin: catalogue.
  adminRow('GET', '/api/flowercategorylist', () => ({ method: 'GET', url: '/api/flowercategorylist' })),
  adminRow('GET', '/api/getsingleflowercategory', async () => ({ method: 'GET', url: `/api/getsingleflowercategory?id=${(await aCategory(app.db)).id}` })),
  adminRow('POST', '/api/createflowercategory', () => ({
    method: 'POST',
    url: '/api/createflowercategory',
    payload: { categoryName: `Matrix ${next()}`, categoryDescription: 'Fresh flowers' },
  })),
  adminRow('POST', '/api/updateflowercategory', async () => ({
    method: 'POST',
    url: '/api/updateflowercategory',
    payload: { id: (await aCategory(app.db)).id, categoryName: `Matrix ${next()}`, categoryDescription: 'Fresh flowers', CategoryGst: '' },
  })),
  adminRow('GET', '/api/subflowercategorylist', () => ({ method: 'GET', url: '/api/subflowercategorylist' })),
  adminRow('GET', '/api/subproductcategorylist/:categoryId', async () => ({
    method: 'GET',
    url: `/api/subproductcategorylist/${(await aSubCategory(app.db)).categoryId}`,
  })),
  adminRow('GET', '/api/getsubflowercategorybyid', async () => ({ method: 'GET', url: `/api/getsubflowercategorybyid?id=${(await aSubCategory(app.db)).id}` })),
  adminRow('POST', '/api/createsubflowercategory', async () => ({
    method: 'POST',
    url: '/api/createsubflowercategory',
    payload: { subCategoryName: `Matrix ${next()}`, subCategoryDescription: 'Posies', productCategoryName: (await aCategory(app.db)).id },
  })),
  adminRow('POST', '/api/flowersubproductcategoryupdate', async () => ({
    method: 'POST',
    url: '/api/flowersubproductcategoryupdate',
    payload: { id: (await aSubCategory(app.db)).id, subCategoryName: `Matrix ${next()}`, subCategoryDescription: 'Posies' },
  })),
  adminRow('GET', '/api/getproductdata', () => ({ method: 'GET', url: '/api/getproductdata' })),
  adminRow('GET', '/api/getsingleflower', async () => ({ method: 'GET', url: `/api/getsingleflower?product_ext_id=${(await aProduct(app.db)).externalId}` })),
  adminRow('POST', '/api/flowerformdata', async () => ({ method: 'POST', url: '/api/flowerformdata', payload: form(await productFields(), true) as unknown as string })),
  adminRow('POST', '/api/updateflowerdata', async () => {
    const existing = await aProduct(app.db);
    return { method: 'POST', url: '/api/updateflowerdata', payload: form({ ...(await productFields()), id: existing.externalId }, false) as unknown as string };
  }),
  adminRow('POST', '/api/heroimage', () => ({ method: 'POST', url: '/api/heroimage?fileName=bottombannerimg', payload: form({}, true) as unknown as string })),

  // -- Admin: orders.
  adminRow('GET', '/api/users/purchases/list', () => ({ method: 'GET', url: '/api/users/purchases/list' })),
  adminRow('GET', '/api/getSinglePurchase', async () => ({ method: 'GET', url: `/api/getSinglePurchase?id=${await aPurchase()}` })),
  adminRow('POST', '/api/updatepurchaseorder', async () => ({
    method: 'POST',
    url: '/api/updatepurchaseorder',
    payload: { id: await aPurchase(), status: 'Dispatched', userTrackingUrl: 'https://track.example.in/123', email: 'x@example.in' },
  })),
  adminRow('POST', '/api/refundpurchaseorder', async () => ({ method: 'POST', url: '/api/refundpurchaseorder', payload: { id: await aPurchaseDueBack() } })),
  adminRow('POST', '/api/cancelpurchaseorder', async () => ({ method: 'POST', url: '/api/cancelpurchaseorder', payload: { id: await aPurchase() } })),
  adminRow('GET', '/api/getuserneverpurchase', () => ({ method: 'GET', url: '/api/getuserneverpurchase' })),
  adminRow('GET', '/api/getpurchasedocument', async () => ({ method: 'GET', url: `/api/getpurchasedocument?id=${await aPurchase()}` })),
  // The owner's own paid order's invoice: an account route (a guest session is no account, the admin not its owner).
  {
    method: 'GET',
    path: '/api/userorderdocument',
    expect: SELF,
    build: async () => {
      const order = await aPendingOrder();
      await expectOk({ method: 'POST', url: '/api/payment/verify', payload: order.payment }, order.headers);
      return { owner: order.headers, request: { method: 'GET', url: `/api/userorderdocument?id=${order.userExtId}&order=${order.orderId}` } };
    },
  },

  // -- Admin: the shop's settings (issue 41).
  adminRow('GET', '/api/admin/settings', () => ({ method: 'GET', url: '/api/admin/settings' })),
  adminRow('POST', '/api/admin/settings', () => ({
    method: 'POST',
    url: '/api/admin/settings',
    payload: {
      legalName: 'Petals & Stems Private Limited',
      tradeName: 'Petals & Stems',
      address: '14 Khader Nawaz Khan Road, Chennai 600006',
      state: 'Tamil Nadu',
      gstin: '33ABCPS1234K1ZT',
      invoicePrefix: 'PS',
      creditNotePrefix: 'CN',
      signatory: 'Shop Manager',
      lowStockThreshold: 5,
      giftPlaceOfSupply: 'delivery',
    },
  })),

  // -- Admin: messages.
  adminRow('GET', '/api/admin/messages', () => ({ method: 'GET', url: '/api/admin/messages' })),
  adminRow('GET', '/api/admin/messages/unread', () => ({ method: 'GET', url: '/api/admin/messages/unread' })),
  adminRow('POST', '/api/admin/messages/:id/read', async () => ({
    method: 'POST',
    url: `/api/admin/messages/${(await aContactMessage(app.db)).id}/read`,
    payload: { read: true },
  })),
  // -- Admin: reviews (issue 42).
  adminRow('GET', '/api/admin/reviews', () => ({ method: 'GET', url: '/api/admin/reviews?status=hidden' })),
  adminRow('POST', '/api/admin/reviews/:id/visibility', async () => ({
    method: 'POST',
    url: `/api/admin/reviews/${await aReview()}/visibility`,
    payload: { hidden: true, reason: 'Abusive language' },
  })),
  // -- Admin: coupons (issue 42).
  adminRow('GET', '/api/admin/coupons', () => ({ method: 'GET', url: '/api/admin/coupons' })),
  { ...adminRow('POST', '/api/admin/coupons', () => ({ method: 'POST', url: '/api/admin/coupons', payload: aCouponBody() })), expect: [401, 403, 403, 403, 201] },
  adminRow('PUT', '/api/admin/coupons/:id', async () => ({ method: 'PUT', url: `/api/admin/coupons/${await aCouponId()}`, payload: aCouponBody() })),
  // -- Admin: mail.
  adminRow('GET', '/api/admin/mails', () => ({ method: 'GET', url: '/api/admin/mails?status=failed' })),
  adminRow('POST', '/api/admin/mails/:id/resend', async () => ({ method: 'POST', url: `/api/admin/mails/${await aFailedMail(app.db)}/resend` })),
  // -- Admin: delivery slots.
  adminRow('GET', '/api/admin/delivery/settings', () => ({ method: 'GET', url: '/api/admin/delivery/settings' })),
  adminRow('POST', '/api/admin/delivery/slots/:id', () => ({
    method: 'POST',
    url: '/api/admin/delivery/slots/1',
    payload: { feePaise: 0, cutoffDaysBefore: 0, cutoffTime: '16:00', capacity: 20, active: true },
  })),
  adminRow('POST', '/api/admin/delivery/courier', () => ({ method: 'POST', url: '/api/admin/delivery/courier', payload: { feePaise: 0, sundaysOff: true } })),
  adminRow('POST', '/api/admin/delivery/holidays', () => ({
    method: 'POST',
    url: '/api/admin/delivery/holidays',
    payload: { date: `2031-01-${String((next() % 28) + 1).padStart(2, '0')}`, note: 'Matrix' },
  })),
  adminRow('POST', '/api/admin/delivery/holidays/remove', async () => {
    const date = `2032-02-${String((next() % 28) + 1).padStart(2, '0')}`;
    await app.db.insert(deliveryHolidays).values({ date }).onConflictDoNothing();
    return { method: 'POST', url: '/api/admin/delivery/holidays/remove', payload: { date } };
  }),
  // -- Admin: delivery areas.
  adminRow('GET', '/api/admin/delivery-areas', () => ({ method: 'GET', url: '/api/admin/delivery-areas' })),
  {
    // A new area answers 201 Created.
    ...adminRow('POST', '/api/admin/delivery-areas', () => ({
      method: 'POST',
      url: '/api/admin/delivery-areas',
      payload: { name: `Matrix area ${next()}`, pincodes: '600001-600010', extraFeePaise: 0, active: true },
    })),
    expect: [401, 403, 403, 403, 201],
  },
  adminRow('POST', '/api/admin/delivery-areas/:id', async () => ({
    method: 'POST',
    url: `/api/admin/delivery-areas/${await aDeliveryArea(app.db)}`,
    payload: { name: `Matrix area ${next()}`, pincodes: '600001', extraFeePaise: 100, active: false },
  })),
  adminRow('POST', '/api/admin/delivery-areas/:id/delete', async () => ({ method: 'POST', url: `/api/admin/delivery-areas/${await aDeliveryArea(app.db)}/delete` })),
  // -- Admin: the Deliveries board.
  adminRow('GET', '/api/admin/deliveries', () => ({ method: 'GET', url: '/api/admin/deliveries?date=2026-12-03' })),
  adminRow('POST', '/api/admin/deliveries/:id/status', async () => {
    const { hand } = await giveDeliveries(app.db, await aPurchase(), { hand: { date: '2026-12-03', slot: 'Standard' } });
    return { method: 'POST', url: `/api/admin/deliveries/${hand}/status`, payload: { status: 'out_for_delivery' } };
  }),
  // -- Admin: the back office reports.
  adminRow('GET', '/api/admin/reports/dashboard', () => ({ method: 'GET', url: '/api/admin/reports/dashboard?from=2026-11-01&to=2026-11-30' })),
  adminRow('GET', '/api/admin/reports/orders.csv', () => ({ method: 'GET', url: '/api/admin/reports/orders.csv?status=all' })),
  adminRow('GET', '/api/admin/reports/gst', () => ({ method: 'GET', url: '/api/admin/reports/gst?month=2026-11' })),
  adminRow('GET', '/api/admin/reports/gst.csv', () => ({ method: 'GET', url: '/api/admin/reports/gst.csv?month=2026-11' })),
  adminRow('GET', '/api/admin/reports/low-stock', () => ({ method: 'GET', url: '/api/admin/reports/low-stock' })),
];


// ---- The matrix ----------------------------------------------------------------------------------------------------

function callerOf(who: Who): { caller: Caller; headers: Headers | 'owner' } {
  switch (who) {
    case 'anonymous':
      return { caller: { who }, headers: {} };
    case 'other guest':
      return { caller: { who, sessionId: otherGuest.sessionId }, headers: asGuest(otherGuest) };
    case 'other customer':
      return { caller: { who, userExtId: otherCustomer.externalId }, headers: headersOf(otherCustomer) };
    case 'owner':
      return { caller: { who }, headers: 'owner' };
    case 'admin':
      return { caller: { who, userExtId: adminUser.externalId }, headers: headersOf(adminUser) };
  }
}

const rowName = (row: Row) =>
  `${row.method} ${row.path}${row.variant ? ` (${row.variant})` : ''}: ${callers.map((who, i) => `${who} → ${row.expect[i]}`).join(', ')}`;

describe('authorization matrix', () => {
  it.each(rows.map((row) => [rowName(row), row] as const))('%s', async (_name, row) => {
    const wrong: string[] = [];
    for (const [i, who] of callers.entries()) {
      const { caller, headers } = callerOf(who);
      const cell = await row.build(caller);
      const res = await call(cell.request, headers === 'owner' ? cell.owner : headers);
      if (res.statusCode !== row.expect[i]) wrong.push(`${who}: expected ${row.expect[i]}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      if (who !== 'owner' && cell.ownerObjectKept && !(await cell.ownerObjectKept())) wrong.push(`${who}: changed the owner's object`);
    }
    expect(wrong, `cells that differ:\n${wrong.join('\n')}`).toEqual([]);
  }, 60_000);

  it('has a row for every registered /api route (only dev tooling and docs exempt)', async () => {
    const inTable = new Set(rows.map((row) => routeKey(row.method, row.path)));
    const missing = registeredRoutes(app)
      .filter((route) => route.path.startsWith('/api') && !exempt.some((e) => route.path.startsWith(e.prefix)))
      .flatMap((route) => route.methods.filter((m) => m !== 'HEAD').map((m) => routeKey(m, route.path)))
      .filter((key) => !inTable.has(key));
    expect(missing, 'registered /api routes without a row in the authorization matrix').toEqual([]);
    for (const row of rows) expect(app.hasRoute({ method: row.method, url: row.path }), `${row.method} ${row.path} is not a route`).toBe(true);
  });
});
