import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AllFlowersReply, FlowerDetail } from '../../domain/catalog';
import type { AdminReviewsReply, MyReviewReply, ProductReviewsReply, SaveReviewReply } from '../../domain/reviews';
import { reviewTexts } from '../../domain/reviews';
import { productReviews } from '../../server/db/schema';
import { invalidateCatalogCache } from '../../server/modules/catalog/catalog.cache';
import { buildTestApp } from './helpers/app';
import { aUser, expectAdminOnly, signedInAs } from './helpers/auth';
import type { TestUser } from './helpers/auth';
import { aGuest, asGuest, everyCaller } from './helpers/cart';
import { anOrder } from './helpers/deliveries';
import { aProduct } from './helpers/factories';

let app: FastifyInstance;
let admin: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await aUser(app, { role: 'admin', firstName: 'Admin' });
});
afterAll(async () => {
  await app.close();
});

const asUser = (user: TestUser) => signedInAs(app, { externalId: user.externalId, role: user.role });
const asAdmin = () => signedInAs(app, { externalId: admin.externalId, role: 'admin' });
const put = (productId: string, payload: unknown, headers: Record<string, string>) =>
  app.inject({ method: 'PUT', url: `/api/myreview/${productId}`, headers, payload: payload as object });
const mine = (productId: string, headers: Record<string, string>) => app.inject({ method: 'GET', url: `/api/myreview/${productId}`, headers });
const reviewsOf = async (productId: string, page = 1) => {
  const res = await app.inject({ method: 'GET', url: `/api/flowerreviews/${productId}?page=${page}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductReviewsReply>();
};
const detailOf = async (productId: string) => (await app.inject({ method: 'GET', url: `/api/flowerdetail/${productId}` })).json<{ flowerDetail: FlowerDetail }>().flowerDetail;
const hide = (id: number, payload: object, headers = asAdmin()) => app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/visibility`, headers, payload });

/** A product and a buyer whose order of it was delivered. */
async function aDeliveredBuyer(product?: { id: number; externalId: string; name: string; itemCode: string }, names: { firstName?: string; lastName?: string } = {}) {
  const flower = product ?? (await aProduct(app.db));
  const buyer = await aUser(app, names);
  await anOrder(app.db, buyer.id, { products: [flower], status: 'Delivered' });
  return { flower, buyer };
}

describe('who may review', () => {
  it('refuses someone who did not buy, an order not yet delivered, a cancelled one, a guest and an anonymous caller', async () => {
    const { flower } = await aDeliveredBuyer();
    const stranger = await aUser(app);
    const waiting = await aUser(app);
    await anOrder(app.db, waiting.id, { products: [flower], status: 'Dispatched' });
    const unpaid = await aUser(app);
    await anOrder(app.db, unpaid.id, { products: [flower], paymentState: 'pending' });
    const cancelled = await aUser(app);
    await anOrder(app.db, cancelled.id, { products: [flower], paymentState: 'refunded', status: 'Cancelled' });

    const callers = [[stranger, reviewTexts.notBought], [waiting, reviewTexts.notDelivered], [unpaid, reviewTexts.notBought], [cancelled, reviewTexts.notBought]] as const;
    for (const [user, message] of callers) {
      const res = await put(flower.externalId, { stars: 5, text: 'Lovely' }, asUser(user));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message });
      expect((await mine(flower.externalId, asUser(user))).json<MyReviewReply>()).toEqual({ canReview: false, reason: message, review: null });
    }
    const guest = await aGuest(app);
    const asAGuest = await put(flower.externalId, { stars: 5 }, asGuest(guest));
    expect(asAGuest.statusCode).toBe(403);
    expect(asAGuest.json().message).toBe(reviewTexts.signIn);
    expect((await put(flower.externalId, { stars: 5 }, {})).statusCode).toBe(401);
    expect((await mine(flower.externalId, {})).statusCode).toBe(401);
    expect((await reviewsOf(flower.externalId)).summary.count).toBe(0);
  });

  it('accepts the delivered buyer, then lets her edit: stars and text replaced, first date kept, edit time recorded', async () => {
    const { flower, buyer } = await aDeliveredBuyer(undefined, { firstName: 'Priya', lastName: 'sharma' });
    expect((await mine(flower.externalId, asUser(buyer))).json<MyReviewReply>()).toEqual({ canReview: true, reason: null, review: null });

    const created = await put(flower.externalId, { stars: 4, text: '  Fresh roses,\r\nright on time.  ' }, asUser(buyer));
    expect(created.statusCode, created.body).toBe(200);
    const first = created.json<SaveReviewReply>();
    expect(first).toMatchObject({ message: reviewTexts.created, review: { stars: 4, text: 'Fresh roses,\nright on time.', editedAt: null, hidden: false } });

    const edited = await put(flower.externalId, { stars: 2, text: 'Wilted on day two.' }, asUser(buyer));
    expect(edited.json<SaveReviewReply>()).toMatchObject({ message: reviewTexts.updated, review: { stars: 2, text: 'Wilted on day two.', createdAt: first.review.createdAt } });
    expect(edited.json<SaveReviewReply>().review.editedAt).not.toBeNull();

    const page = await reviewsOf(flower.externalId);
    expect(page.reviews).toEqual([expect.objectContaining({ stars: 2, text: 'Wilted on day two.', author: 'Priya S.', createdAt: first.review.createdAt })]);
    expect(page.summary).toEqual({ average: 2, count: 1, stars: [0, 1, 0, 0, 0] });
    expect((await mine(flower.externalId, asUser(buyer))).json<MyReviewReply>().review).toMatchObject({ stars: 2, text: 'Wilted on day two.' });
    // One review per product per buyer, however often she saves.
    expect(await app.db.select().from(productReviews).where(eq(productReviews.productId, flower.id))).toHaveLength(1);
  });

  it('lets a guest buyer who later set a password review what was delivered to her e-mail', async () => {
    const flower = await aProduct(app.db);
    const guestBuyer = await aUser(app, { password: null });
    await anOrder(app.db, guestBuyer.id, { products: [flower], status: 'Delivered' });
    // Her account is the guest checkout's (same e-mail, same row): signed in, she may review.
    const res = await put(flower.externalId, { stars: 5 }, asUser(guestBuyer));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SaveReviewReply>().review).toMatchObject({ stars: 5, text: '' });
  });
});

describe('what a review may hold', () => {
  it('takes 1 to 5 whole stars and at most 1,000 characters; refuses control characters; stores nothing refused', async () => {
    const { flower, buyer } = await aDeliveredBuyer();
    const refused: [unknown, string][] = [
      [{ stars: 0 }, reviewTexts.stars],
      [{ stars: 6 }, reviewTexts.stars],
      [{ stars: 4.5 }, reviewTexts.stars],
      [{ stars: '5' }, reviewTexts.stars],
      [{ text: 'No stars' }, reviewTexts.stars],
      [{ stars: 5, text: 'x'.repeat(1001) }, reviewTexts.textTooLong],
      [{ stars: 5, text: 'Bell\u0007' }, reviewTexts.controlCharacters],
      [{ stars: 5, text: 42 }, reviewTexts.textTooLong],
    ];
    for (const [body, message] of refused) {
      const res = await put(flower.externalId, body, asUser(buyer));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await put(flower.externalId, { stars: 5, text: 'Nul\u0000' }, asUser(buyer))).statusCode).toBe(400);
    expect(await app.db.select().from(productReviews).where(eq(productReviews.productId, flower.id))).toHaveLength(0);

    const longest = await put(flower.externalId, { stars: 1, text: `  ${'y'.repeat(1000)}  ` }, asUser(buyer));
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json<SaveReviewReply>().review.text).toHaveLength(1000);
    for (const stars of [1, 5]) expect((await put(flower.externalId, { stars }, asUser(buyer))).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or removed product and 400 for a malformed id or page', async () => {
    const { buyer } = await aDeliveredBuyer();
    const removed = await aProduct(app.db, { isRemoved: true });
    for (const id of ['nope', removed.externalId]) {
      expect((await app.inject({ method: 'GET', url: `/api/flowerreviews/${id}` })).statusCode).toBe(404);
      expect((await put(id, { stars: 5 }, asUser(buyer))).statusCode).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: '/api/flowerreviews/bad%20id' })).statusCode).toBe(400);
    const badPage = await app.inject({ method: 'GET', url: `/api/flowerreviews/${removed.externalId}?page=0` });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toBe(reviewTexts.page);
  });
});

describe('the figures', () => {
  it('averages to one decimal, counts per star, pages newest first, and shows in the grid and the product reply', async () => {
    const flower = await aProduct(app.db);
    const starsGiven = [5, 4, 4, 5, 3, 5, 1];
    for (const stars of starsGiven) {
      const { buyer } = await aDeliveredBuyer(flower, { firstName: `Buyer`, lastName: `No${stars}` });
      expect((await put(flower.externalId, { stars, text: `Gave ${stars}` }, asUser(buyer))).statusCode).toBe(200);
    }
    const first = await reviewsOf(flower.externalId);
    expect(first.summary).toEqual({ average: 3.9, count: 7, stars: [1, 0, 1, 2, 3] });
    expect(first.pageSize).toBe(5);
    expect(first.reviews.map((review) => review.text)).toEqual(['Gave 1', 'Gave 5', 'Gave 3', 'Gave 5', 'Gave 4']);
    expect((await reviewsOf(flower.externalId, 2)).reviews.map((review) => review.text)).toEqual(['Gave 4', 'Gave 5']);

    expect((await detailOf(flower.externalId)).rating).toEqual({ average: 3.9, count: 7 });
    const grid = await gridProduct(flower.externalId);
    expect(grid.rating).toEqual({ average: 3.9, count: 7 });
    const unreviewed = await aProduct(app.db);
    invalidateCatalogCache(app.db);
    expect((await gridProduct(unreviewed.externalId)).rating).toBeUndefined();
    expect((await detailOf(unreviewed.externalId)).rating).toEqual({ average: 0, count: 0 });
  });

  it('counts a hidden review nowhere (average, count, stars, list, grid) until the admin shows it again', async () => {
    const { flower, buyer } = await aDeliveredBuyer(undefined, { firstName: 'Kiran', lastName: 'Das' });
    const other = await aDeliveredBuyer(flower);
    await put(flower.externalId, { stars: 1, text: 'Rude words' }, asUser(buyer));
    await put(flower.externalId, { stars: 5, text: 'Beautiful' }, asUser(other.buyer));
    // Warm the caches, so that the hide must clear them.
    expect((await reviewsOf(flower.externalId)).summary.count).toBe(2);
    expect((await gridProduct(flower.externalId)).rating).toEqual({ average: 3, count: 2 });

    const [row] = await app.db.select().from(productReviews).where(eq(productReviews.userId, buyer.id));
    const noReason = await hide(row!.id, { hidden: true, reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(reviewTexts.reasonRequired);
    expect((await hide(row!.id, { hidden: true, reason: 'Abusive language' })).statusCode).toBe(200);

    const after = await reviewsOf(flower.externalId);
    expect(after.summary).toEqual({ average: 5, count: 1, stars: [0, 0, 0, 0, 1] });
    expect(after.reviews.map((review) => review.text)).toEqual(['Beautiful']);
    expect((await gridProduct(flower.externalId)).rating).toEqual({ average: 5, count: 1 });
    expect((await detailOf(flower.externalId)).rating).toEqual({ average: 5, count: 1 });
    // She still sees it, marked hidden; an edit keeps it hidden.
    await put(flower.externalId, { stars: 2, text: 'Calmer words' }, asUser(buyer));
    expect((await mine(flower.externalId, asUser(buyer))).json<MyReviewReply>().review).toMatchObject({ stars: 2, hidden: true });
    expect((await reviewsOf(flower.externalId)).summary.count).toBe(1);

    const hiddenList = (await app.inject({ method: 'GET', url: '/api/admin/reviews?status=hidden', headers: asAdmin() })).json<AdminReviewsReply>();
    expect(hiddenList.reviews.find((review) => review.id === row!.id)).toMatchObject({ hiddenReason: 'Abusive language', buyerName: 'Kiran Das', productName: flower.name });
    const visibleList = (await app.inject({ method: 'GET', url: '/api/admin/reviews?status=visible', headers: asAdmin() })).json<AdminReviewsReply>();
    expect(visibleList.reviews.some((review) => review.id === row!.id)).toBe(false);

    expect((await hide(row!.id, { hidden: false })).statusCode).toBe(200);
    expect((await reviewsOf(flower.externalId)).summary).toEqual({ average: 3.5, count: 2, stars: [0, 1, 0, 0, 1] });
    expect((await gridProduct(flower.externalId)).rating).toEqual({ average: 3.5, count: 2 });
  });
});

describe("the admin's reviews", () => {
  it('are for admins only, newest first, with clear 400s and 404s', async () => {
    const customer = await aUser(app);
    await expectAdminOnly((headers) => app.inject({ method: 'GET', url: '/api/admin/reviews', headers }), await everyCaller(app, { customer, admin: asAdmin() }));
    const list = (await app.inject({ method: 'GET', url: '/api/admin/reviews', headers: asAdmin() })).json<AdminReviewsReply>();
    const dates = list.reviews.map((review) => review.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.total).toBeGreaterThan(0);

    expect((await app.inject({ method: 'GET', url: '/api/admin/reviews?status=gone', headers: asAdmin() })).json().message).toBe(reviewTexts.visibilityInvalid);
    expect((await hide(99_999_999, { hidden: false })).json()).toEqual({ code: 'NOT_FOUND', message: reviewTexts.notFound });
    expect((await hide(1, { hidden: 'yes' })).json().message).toBe(reviewTexts.hiddenInvalid);
    expect((await hide(1, { hidden: true, reason: 'r'.repeat(201) })).json().message).toBe(reviewTexts.reasonTooLong);
    expect((await hide(0, { hidden: false })).json().message).toBe(reviewTexts.idInvalid);
    expect((await hide(1, { hidden: true, reason: 'x' }, asUser(customer))).statusCode).toBe(403);
  });
});

async function gridProduct(externalId: string) {
  const all = (await app.inject({ method: 'GET', url: '/api/allflowers' })).json<AllFlowersReply>();
  const found = all.products
    .flatMap((c) => c.SubProductCategories)
    .flatMap((s) => s.ProductSubProducts)
    .find((p) => p.ProductDatum.externalId === externalId);
  if (!found) throw new Error(`${externalId} is not in the catalogue`);
  return found.ProductDatum;
}
