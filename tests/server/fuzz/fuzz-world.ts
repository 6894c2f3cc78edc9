/**
 * The fuzz run's app and the little world it acts on: a catalogue (a product with a picture, one taken off sale, one
 * sold out), four callers (anonymous, a verified guest with a bag, a customer with an address, a bag, a pending order
 * and a purchase, an admin), someone else's address, bag line and guest session to aim at, and refresh tokens. The
 * app is built with generous rate limits so that requests reach validation, and with the write detector installed.
 * resetWorld puts back, before each endpoint, what the previous one's requests changed that the next one relies on.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { defaultRateLimits } from '../../../server/config';
import type { RateLimits } from '../../../server/config';
import { cartItems, carts, coupons, guestSessions, orders, productReviews, products } from '../../../server/db/schema';
import { buildTestApp } from '../helpers/app';
import { firstChoice } from '../helpers/delivery-choices';
import type { DeliveryChoiceRequest } from '../../../domain/payment';
import { aUser, defaultTestPassword, latestOtp, refreshCookieOf, signedInAs } from '../helpers/auth';
import type { TestUser } from '../helpers/auth';
import { aGuest, aGuestCheckoutBody, asGuest } from '../helpers/cart';
import type { TestGuest } from '../helpers/cart';
import { aCategory, aContactMessage, aDeliveryArea, aFailedMail, aProduct, aProductForm, aSubCategory, deliveryAreaPincode } from '../helpers/factories';
import { anOrder, giveDeliveries } from '../helpers/deliveries';
import type { ProductRow } from '../helpers/factories';
import { aBuyer, invoiceFor, paidWithCard, verify } from '../helpers/payments';
import type { SignedPayment } from '../helpers/payments';
import { installWriteDetector } from './write-detector';
import type { WriteDetector } from './write-detector';

export const callerNames = ['anonymous', 'guest', 'customer', 'admin'] as const;
export type CallerName = (typeof callerNames)[number];

/**
 * Every limit (those added later too) high enough never to be met in a run: a 429 would stop requests before the
 * validation and the services the fuzz is after.
 */
const fuzzRateLimits = Object.fromEntries(Object.keys(defaultRateLimits).map((name) => [name, 1_000_000])) as unknown as RateLimits;

export interface FuzzWorld {
  app: FastifyInstance;
  writes: WriteDetector;
  headers: Record<CallerName, Record<string, string>>;
  customer: TestUser & { addressId: number; cartItemId: number };
  admin: TestUser;
  /** Another customer: their ids are what a caller must not reach. */
  other: TestUser & { addressId: number; cartItemId: number };
  /** An account without a password (an earlier guest buyer) and one that never verified its e-mail. */
  passwordless: TestUser;
  unverified: TestUser;
  /** A guest that went through guest checkout and verified its code: it may buy. */
  guest: TestGuest & { userExtId: string; cartItemId: number };
  otherGuest: TestGuest;
  product: ProductRow;
  removedProduct: ProductRow;
  soldOutProduct: ProductRow;
  /** Item code of a product with an uploaded picture. */
  pictureItemCode: string;
  categoryId: number;
  subCategoryId: number;
  /** A sub-category of another category (a product cannot be in it and in categoryId). */
  strangerSubCategoryId: number;
  /** The customer's pending order and the sandbox's signed payment for it. */
  pendingPayment: SignedPayment;
  /** A paid order's id (the admin's purchase record). */
  purchaseId: number;
  /** A stored Contact Us message (the admin's Messages screen). */
  contactMessageId: number;
  failedMailId: number;
  /** A service area for hand delivery (the admin's Delivery areas). */
  deliveryAreaId: number;
  /** A pincode inside that area: hand delivery reaches it (GET /api/delivery/check). */
  deliveryAreaPincode: string;
  /** The paid order's hand delivery (the admin's Deliveries board). */
  deliveryId: number;
  /** The customer's review of the product, delivered to her (issue 42: the admin's Reviews screen). */
  reviewId: number;
  /** A coupon (issue 42: the admin's Coupons screen). */
  couponId: number;
  /** A delivery choice the invoice takes for the world's (courier) bags: the first open dispatch date. */
  deliveries: DeliveryChoiceRequest[];
  /** Refresh tokens of guest sessions: each works once, then revokes its family when presented again. */
  refreshTokens: string[];
  png: Buffer;
  jpeg: Buffer;
  /** What resetWorld puts back: the bag lines named by id, and the account the guest session buys for. */
  bagLines: { id: number; cartId: number; productId: number }[];
  guestUserId: number;
}

/**
 * Puts back what one endpoint's requests may have changed and the next endpoint's well-formed requests rely on: the
 * guest's verified link to its account (a new guest checkout drops it), the bag lines the ids name, and the product's
 * stock and sale. Every endpoint so starts from the same world, whatever ran before it.
 */
export async function resetWorld(world: FuzzWorld): Promise<void> {
  const { db } = world.app;
  await db
    .update(guestSessions)
    .set({ userId: world.guestUserId, checkoutVerifiedAt: new Date() })
    .where(eq(guestSessions.id, world.guest.sessionId));
  await db.update(products).set({ stock: 1_000_000, isRemoved: false }).where(eq(products.id, world.product.id));
  await db
    .insert(cartItems)
    .values(world.bagLines.map((line) => ({ ...line, quantity: 1 })))
    .onConflictDoNothing();
  await world.writes.take();
}

export async function buildFuzzWorld(): Promise<FuzzWorld> {
  // Reservations outlive any run, so that the minute's sweep never writes (a released order) while a refusal is judged.
  // A built app of its own: page addresses (a fuzzed path that is no API route) then answer the same whether or not
  // `npm run build` has run (without dist/ they get the 503 "not built yet" page, which is no refusal of the API's).
  const distDir = mkdtempSync(join(tmpdir(), 'fs-fuzz-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Petals & Stems</title>');
  const app = await buildTestApp({ rateLimits: fuzzRateLimits, reservationMinutes: 24 * 60, distDir });
  app.addHook('onClose', async () => rmSync(distDir, { recursive: true, force: true }));
  try {
    const writes = await installWriteDetector(app.db);
    const world = await seed(app, writes);
    await writes.take();
    return world;
  } catch (error) {
    await app.close();
    throw error;
  }
}

async function seed(app: FastifyInstance, writes: WriteDetector): Promise<FuzzWorld> {
  const ok = async (request: InjectOptions) => {
    const res = await app.inject(request);
    expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(200);
    return res;
  };

  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
  const jpeg = await sharp(png).jpeg().toBuffer();
  const admin = await aUser(app, { role: 'admin', password: null });
  const adminHeaders = signedInAs(app, admin);

  const category = await aCategory(app.db, { gstRateBp: 250 });
  const subCategory = await aSubCategory(app.db, { categoryId: category.id });
  const strangerSubCategory = await aSubCategory(app.db);
  const product = await aProduct(app.db, { subCategory, stock: 1_000_000 });
  const removedProduct = await aProduct(app.db, { subCategory, isRemoved: true });
  const soldOutProduct = await aProduct(app.db, { subCategory, stock: 0 });

  const pictureFields = await aProductForm(app.db);
  const form = new FormData();
  for (const [key, value] of Object.entries(pictureFields)) form.append(key, value);
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'flower.png');
  await ok({ method: 'POST', url: '/api/flowerformdata', headers: adminHeaders, payload: form as unknown as string });
  const hero = new FormData();
  hero.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'hero.png');
  await ok({ method: 'POST', url: '/api/heroimage?fileName=topbannerimg', headers: adminHeaders, payload: hero as unknown as string });

  const passwordless = await aUser(app, { password: null });
  const unverified = await aUser(app, { password: null, verified: false });

  const bagLines: FuzzWorld['bagLines'] = [];
  /** The one line of an owner's bag, remembered for resetWorld. */
  const lineOf = async (owner: { userId: number } | { guestSessionId: string }) => {
    const [line] = await app.db
      .select({ id: cartItems.id, cartId: cartItems.cartId, productId: cartItems.productId })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where('userId' in owner ? eq(carts.userId, owner.userId) : eq(carts.guestSessionId, owner.guestSessionId));
    bagLines.push(line!);
    return line!.id;
  };
  const addToBag = (headers: Record<string, string>, owner: { userId: string } | { sessionId: string }) =>
    ok({ method: 'POST', url: '/api/createusercart', headers, payload: { productExtId: product.externalId, ...owner } });

  // The customer (with a password, to sign in): a paid order (the admin's purchase record), then a bag again and a
  // pending order whose signed payment the fuzz may send to verify.
  const buyer = await aBuyer(app, product, 1, { user: { password: defaultTestPassword } });
  const paidOrder = await invoiceFor(app, buyer);
  const verified = await verify(app, buyer, await paidWithCard(app, paidOrder.orderValueId));
  expect(verified.statusCode, verified.body).toBe(200);
  const [paid] = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.providerOrderId, paidOrder.orderValueId));
  await addToBag(buyer.headers, { userId: buyer.user.externalId });
  const pendingPayment = await paidWithCard(app, (await invoiceFor(app, buyer)).orderValueId);
  const customer = { ...buyer.user, addressId: buyer.addressId, cartItemId: await lineOf({ userId: buyer.user.id }) };

  const otherBuyer = await aBuyer(app, product, 1, { user: { password: null } });
  const other = { ...otherBuyer.user, addressId: otherBuyer.addressId, cartItemId: await lineOf({ userId: otherBuyer.user.id }) };

  // The guest: a bag, then guest checkout with the mailed code, so that its session may buy for the linked account.
  const guestSession = await aGuest(app);
  await addToBag(asGuest(guestSession), { sessionId: guestSession.sessionId });
  const guestEmail = `fuzz-guest-${Date.now()}@example.in`;
  const checkout = await ok({
    method: 'POST',
    url: '/api/createguestcheckout',
    headers: asGuest(guestSession),
    payload: aGuestCheckoutBody(guestSession, guestEmail),
  });
  await ok({ method: 'POST', url: '/api/verifyotp', headers: asGuest(guestSession), payload: { email: guestEmail, otp: await latestOtp(app, guestEmail) } });
  const guest = {
    ...guestSession,
    userExtId: checkout.json<{ userExtId: string }>().userExtId,
    cartItemId: await lineOf({ guestSessionId: guestSession.sessionId }),
  };
  const otherGuest = await aGuest(app);
  const [link] = await app.db.select({ userId: guestSessions.userId }).from(guestSessions).where(eq(guestSessions.id, guest.sessionId));

  const refreshTokens: string[] = [];
  for (let i = 0; i < 4; i += 1) refreshTokens.push((await aGuest(app)).refreshToken);
  const signIn = await ok({ method: 'POST', url: '/api/loginapi', payload: { email: customer.email, password: defaultTestPassword } });
  refreshTokens.push(refreshCookieOf(signIn)!.value);

  return {
    deliveries: [await firstChoice(app, 'courier')],
    app,
    writes,
    headers: { anonymous: {}, guest: asGuest(guest), customer: buyer.headers, admin: adminHeaders },
    customer,
    admin,
    other,
    passwordless,
    unverified,
    guest,
    otherGuest,
    product,
    removedProduct,
    soldOutProduct,
    pictureItemCode: pictureFields.flowerItemCode!,
    categoryId: category.id,
    subCategoryId: subCategory.id,
    strangerSubCategoryId: strangerSubCategory.id,
    pendingPayment,
    purchaseId: paid!.id,
    contactMessageId: (await aContactMessage(app.db)).id,
    failedMailId: await aFailedMail(app.db),
    deliveryAreaId: await aDeliveryArea(app.db),
    deliveryAreaPincode,
    deliveryId: (await giveDeliveries(app.db, paid!.id, { hand: { date: '2026-12-03', slot: 'Standard' } })).hand!,
    reviewId: await aDeliveredReview(app, customer.id, product),
    couponId: await aCoupon(app),
    refreshTokens,
    png,
    jpeg,
    bagLines,
    guestUserId: link!.userId!,
  };
}

/** A coupon any bag can use, valid for years. */
async function aCoupon(app: FastifyInstance): Promise<number> {
  const [coupon] = await app.db
    .insert(coupons)
    .values({ code: 'FUZZ10', kind: 'percent', value: 10, validFrom: '2026-01-01', validTo: '2099-12-31' })
    .returning({ id: coupons.id });
  return coupon!.id;
}

/** A Delivered order of the product for the customer, and her review of it: PUT myreview then edits, never refuses. */
async function aDeliveredReview(app: FastifyInstance, userId: number, product: ProductRow): Promise<number> {
  await anOrder(app.db, userId, { products: [product], status: 'Delivered' });
  const [review] = await app.db.insert(productReviews).values({ productId: product.id, userId, stars: 4, text: 'Fresh' }).returning({ id: productReviews.id });
  return review!.id;
}
