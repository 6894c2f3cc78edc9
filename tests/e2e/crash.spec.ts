// The real server bundle on an embedded database (PGlite in a DATA_DIR), killed with SIGKILL at random moments while
// several customers check out and pay, and started again on the same directory each time: no payment the server
// confirmed is lost, none is settled twice, stock adds up, and reservations that ran out while it was dead are given
// back at start. Then SIGTERM: requests in flight get their normal answers, new connections are refused, exit code 0.
// The choices (kill moments, what each customer does) come from a seeded random: CRASH_SEED=<seed> repeats them.
import { existsSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { CartReply } from '../../domain/cart';
import { firstOpenChoice } from '../../domain/delivery-schedule';
import type { DeliverySchedule } from '../../domain/delivery-schedule';
import { paymentMessages } from '../../domain/payment';
import { lockFileName } from '../../server/lock-file';
import { sandboxSecret } from '../../server/modules/payments/sandbox-provider';
import { hmacHex } from '../../server/modules/payments/signature';
import { connectionRefused, outbox, removeDataDir, slowPost, startServer, waitFor, type RunningServer } from './harness';
import { shopApi, type DeliveryAddress, type Shopper } from './shop-api';

const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`crash.spec.ts: seed ${seed} (run again with CRASH_SEED=${seed})`);

/** mulberry32: small, fast and good enough to choose moments and moves reproducibly. */
function seededRandom(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (random: () => number, low: number, high: number) => low + random() * (high - low);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const jwtSecret = 'crash-spec-jwt-secret-0123456789abcdefghijklmnop';
const reservationMinutes = 0.1;
const admin = { email: 'admin@crash.test', password: 'Admin@12345' };
const env = {
  // No demo catalogue (painting its pictures is most of a first start): the test makes its own products.
  SEED_DEMO: 'false',
  JWT_SECRET: jwtSecret,
  RESERVATION_MINUTES: String(reservationMinutes),
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
};
/** Kills during the stream; one more ends it, to leave reservations to run out while the server is down. */
const kills = 3;
/** Each customer stops after this many confirmed payments, so the shop's notices stay within the outbox's 100 per address. */
const paymentsPerShopper = 20;
const address: DeliveryAddress = {
  fullName: 'Kavya Iyer',
  address: '4 Temple Street',
  locality: 'Mylapore',
  landmark: 'Opposite the tank',
  phoneNumber: '9876543210',
  pincode: '600004',
  city: 'Chennai',
  state: 'Tamil Nadu',
};

/** The one server of this file: replaced on every restart; `up` is pending while it is down. */
const shop = { server: undefined as RunningServer | undefined, up: Promise.resolve(), dataDir: '' };

afterAll(async () => {
  await shop.server?.stop();
  if (shop.dataDir) removeDataDir(shop.dataDir);
});

/** SIGKILL, then a start on the same DATA_DIR; customers' calls wait on `shop.up` meanwhile. */
async function killAndRestart(pauseMs: number): Promise<void> {
  let markUp!: () => void;
  shop.up = new Promise((resolve) => (markUp = resolve));
  const dead = shop.server!;
  dead.process.kill('SIGKILL');
  expect(await dead.exited).toBeNull();
  // The killed process could not remove its lock: the next start must take it over.
  expect(existsSync(join(shop.dataDir, lockFileName))).toBe(true);
  await sleep(pauseMs);
  const starting = Date.now();
  shop.server = await startServer({ dataDir: shop.dataDir, env });
  restartsMs.push(Date.now() - starting);
  markUp();
}
/** How long each start on the existing DATA_DIR took, for the summary line. */
const restartsMs: number[] = [];

/** Connection-level failures: the server died under the call, or is not listening yet. */
function isConnectionFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed/.test(error.message);
}

/** Unexpected answers seen by any customer (a 5xx, or a refusal the flow never expects). */
const surprises: string[] = [];

/**
 * One API call as a browser would make it, tried again after the server comes back when the connection broke (every
 * call a customer makes here is safe to repeat: checkout answers the same pending invoice, verify settles once).
 */
async function call(path: string, init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    await shop.up;
    const server = shop.server!;
    try {
      const response = await fetch(`${server.url}/api/${path}`, {
        method: init.method ?? (init.json !== undefined || init.body !== undefined ? 'POST' : 'GET'),
        headers: { ...(init.json !== undefined || init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
        body: init.body ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      });
      const text = await response.text();
      if (response.status >= 500) surprises.push(`${path} answered ${response.status}: ${text}`);
      return { status: response.status, text, json: <T>() => JSON.parse(text) as T };
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      // Not yet marked down (the kill is on its way) or already replaced: look again shortly.
      if (shop.server === server) await sleep(50);
    }
  }
  throw new Error(`${path}: the server did not come back`);
}

interface Confirmed {
  email: string;
  orderNumber: string;
}

type Signed = Record<'razorpay_order_id' | 'razorpay_payment_id' | 'razorpay_signature', string>;

/**
 * Four products with plenty of stock (no run can sell them out, so every payment is a plain paid order), made through
 * the admin's API as the admin screens make them. Answers their external ids, names and stock.
 */
async function stockedProducts(baseUrl: string, authorization: string) {
  const api = shopApi(baseUrl);
  const headers = { authorization };
  await api.api('createflowercategory', { method: 'POST', json: { categoryName: 'Crash Bouquets', categoryDescription: 'Made by crash.spec.ts' }, headers });
  const category = (await api.admin(authorization).categories()).find((c) => c.categoryName === 'Crash Bouquets')!;
  await api.api('createsubflowercategory', {
    method: 'POST',
    json: { subCategoryName: 'Crash Posy', subCategoryDescription: 'Made by crash.spec.ts', productCategoryName: String(category.id) },
    headers,
  });
  const subCategory = (await api.admin(authorization).subCategories()).find((s) => s.subCategoryName === 'Crash Posy')!;
  const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 217, g: 140, b: 140 } } }).png().toBuffer();
  for (let n = 1; n <= 4; n += 1) {
    const form = new FormData();
    const fields = {
      flowerName: `Crash Rose ${n}`,
      flowerItemCode: `CRASH-${n}`,
      mrp: '600',
      sellingPrice: '450',
      description: 'A posy for the crash test.',
      Quantity: '1000',
      isRemoved: 'false',
      flowerCategoryName: String(category.id),
      flowerSubCategoryName: String(subCategory.id),
      shippingdetails: 'Ships in 2 days',
      note: 'Keep cool',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('files', new Blob([new Uint8Array(picture)], { type: 'image/png' }), `crash-${n}.png`);
    const created = await fetch(`${baseUrl}/api/flowerformdata`, { method: 'POST', headers, body: form });
    expect(created.status, await created.text()).toBe(200);
  }
  return (await api.admin(authorization).products())
    .filter((p) => p.flowerSubCategoryId === subCategory.id)
    .map((p) => ({ externalId: p.externalId, productName: p.productName, stock: p.quantity }));
}

/** A registered, signed-in customer with a saved address, and the calls its checkout page makes. */
async function aCustomer(index: number, baseUrl: string) {
  const api = shopApi(baseUrl);
  const shopper: Shopper = {
    email: `crash-buyer-${index}-${seed}@example.in`,
    password: 'Petals@123',
    firstName: 'Kavya',
    lastName: 'Iyer',
    mobileNumber: `98765432${10 + index}`,
  };
  await api.register(shopper);
  const { userExtId, authorization } = await api.signIn(shopper);
  const headers = { authorization };
  const saved = await api.api<{ id: number }>('createlogincheckout', { method: 'POST', json: { ...address, country: 'India', userId: userExtId }, headers });
  // The crash test's own category goes by courier (a new category's default): its first dispatch date.
  const deliveries = [firstOpenChoice(await api.api<DeliverySchedule>('delivery/schedule?kind=courier'))];
  /** The answer's JSON when it is a 200; anything else is a surprise. */
  const expect200 = <T>(path: string, answer: Awaited<ReturnType<typeof call>>): T | undefined => {
    if (answer.status === 200) return answer.json<T>();
    surprises.push(`${path} answered ${answer.status}: ${answer.text}`);
    return undefined;
  };
  /** The bag calls answer text; only their status matters here. */
  const expectOk = (path: string, answer: Awaited<ReturnType<typeof call>>): void => {
    if (answer.status !== 200) surprises.push(`${path} answered ${answer.status}: ${answer.text}`);
  };
  return {
    email: shopper.email,
    shopper,
    userExtId,
    headers,
    addressId: saved.id,
    deliveries,
    bag: async () => expect200<CartReply>('cart', await call(`user/${userExtId}/cart`, { headers })),
    add: async (productExtId: string) => expectOk('createusercart', await call('createusercart', { json: { productExtId, userId: userExtId }, headers })),
    remove: async (productExtId: string) =>
      expectOk('removecartitem', await call('removecartitem', { json: { productId: productExtId, userExtId }, headers })),
    checkout: () => call(`user/${userExtId}/checkoutinvoice`, { json: { addressId: saved.id, deliveries }, headers }),
    reportFailure: async () => expectOk('payment/failed', await call('payment/failed', { json: { products: [] }, headers })),
    pay: async (orderId: string) =>
      expect200<Signed>('sandbox/pay', await call('payment/sandbox/pay', { json: { orderId, cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' } })),
    verify: (signed: Signed) => call('payment/verify', { json: signed, headers }),
  };
}
type Customer = Awaited<ReturnType<typeof aCustomer>>;

/** What Razorpay would send for a captured payment, signed with the sandbox's webhook secret. */
function capturedWebhook(signed: Signed) {
  const body = JSON.stringify({
    event: 'payment.captured',
    payload: { payment: { entity: { id: signed.razorpay_payment_id, order_id: signed.razorpay_order_id } } },
  });
  return call('payment/webhook', { body, headers: { 'x-razorpay-signature': hmacHex(sandboxSecret(jwtSecret), body) } });
}

/**
 * One customer's stream of Place Orders until told to stop: a unit or two into the bag, the invoice, then pay (verify,
 * sometimes raced by the webhook), walk away (the reservation runs out) or report the dialog dismissed.
 */
async function shopping(customer: Customer, products: string[], random: () => number, stopped: () => boolean, confirmed: Confirmed[]) {
  let paid = 0;
  while (!stopped() && paid < paymentsPerShopper) {
    await sleep(between(random, 10, 120));
    const bag = await customer.bag();
    if (!bag) continue;
    const units = bag.productList.reduce((sum, line) => sum + line.productItem.quantity, 0);
    if (units === 0 || (units < 3 && random() < 0.3)) await customer.add(products[Math.floor(random() * products.length)]!);

    const invoice = await customer.checkout();
    if (invoice.status === 409) {
      // Out of stock (or the bag emptied under us): start again with another product.
      for (const line of bag.productList) await customer.remove(line.productId);
      continue;
    }
    if (invoice.status !== 200) {
      surprises.push(`checkoutinvoice answered ${invoice.status}: ${invoice.text}`);
      continue;
    }
    const { orderValueId } = invoice.json<{ orderValueId: string }>();
    const move = random();
    if (move < 0.15) continue; // walked away: the bag stays, the reservation runs out
    if (move < 0.25) {
      await customer.reportFailure();
      continue;
    }
    const signed = await customer.pay(orderValueId);
    if (!signed) continue;
    const [verified, hook] = await Promise.all([customer.verify(signed), random() < 0.3 ? capturedWebhook(signed) : undefined]);
    if (hook && hook.status !== 200) surprises.push(`payment/webhook answered ${hook.status}: ${hook.text}`);
    if (verified.status === 200 && verified.json<{ message: string }>().message === paymentMessages.success) {
      confirmed.push({ email: customer.email, orderNumber: orderValueId });
      paid += 1;
    } else {
      surprises.push(`payment/verify answered ${verified.status}: ${verified.text}`);
    }
  }
}

const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

describe('the server process under crashes', () => {
  const customers: Customer[] = [];

  it(
    'SIGKILLed at random moments in a stream of checkouts and payments: no confirmed payment lost, none settled twice, stock adds up',
    async () => {
      const began = Date.now();
      shop.server = await startServer({ env });
      console.log(`crash.spec.ts: first start ${elapsed(began)}`);
      shop.dataDir = shop.server.dataDir;
      const api = shopApi(shop.server.url);
      const products = await stockedProducts(shop.server.url, (await api.signIn(admin)).authorization);
      expect(products).toHaveLength(4);
      for (let index = 0; index < 4; index += 1) customers.push(await aCustomer(index, shop.server.url));
      const initial = new Map(products.map((p) => [p.externalId, p.stock]));
      const stockNow = async () =>
        new Map(
          await Promise.all(
            products.map(async (p) => [p.externalId, (await call(`flowerdetail/${p.externalId}`)).json<{ flowerDetail: { quantity: number } }>().flowerDetail.quantity] as const),
          ),
        );

      const random = seededRandom(seed);
      const confirmed: Confirmed[] = [];
      let stopped = false;
      const streams = customers.map((customer, index) =>
        shopping(customer, products.map((p) => p.externalId), seededRandom(seed + index + 1), () => stopped, confirmed),
      );
      for (let kill = 0; kill < kills; kill += 1) {
        await sleep(between(random, 300, 2500));
        await killAndRestart(between(random, 0, 500));
      }
      await sleep(between(random, 300, 1000));
      stopped = true;
      await Promise.all(streams);

      // A live reservation in every bag; then the server dies and stays down until they have all run out.
      for (const customer of customers) {
        const bag = await customer.bag();
        if (bag && bag.productList.length === 0) await customer.add(products[0]!.externalId);
        const invoice = await customer.checkout();
        expect(invoice.status, invoice.text).toBe(200);
      }
      console.log(`crash.spec.ts: stream and ${kills} kills done at ${elapsed(began)}`);
      const reserved = await stockNow();
      await killAndRestart(reservationMinutes * 60_000 + 1_000);
      const after = await stockNow();

      const url = shop.server.url;
      const current = shopApi(url);
      const purchases = await current.admin((await current.signIn(admin)).authorization).purchases();
      const purchaseOf = new Map(purchases.map((p) => [p.UserOrder.rpayOrderId, p]));
      console.log(
        `crash.spec.ts: ${kills + 1} kills (restarts took ${restartsMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s), ` +
          `${confirmed.length} payments confirmed to customers, ${purchases.length} paid orders, ` +
          `stock ${[...after.values()].join('/')} of ${[...initial.values()].join('/')}, at ${elapsed(began)}`,
      );
      expect(surprises).toEqual([]);
      expect(confirmed.length).toBeGreaterThan(0);
      expect(purchaseOf.size, 'an order is listed twice').toBe(purchases.length);
      expect(purchases.filter((p) => p.paymentState !== 'paid'), 'with plenty of stock no payment can be refund_due').toEqual([]);

      // Every payment the server confirmed is a purchase of that customer, and in the customer's own order list.
      for (const { email, orderNumber } of confirmed) {
        expect(purchaseOf.get(orderNumber), `confirmed payment for ${orderNumber} is not a purchase`).toMatchObject({ User: { email }, paymentState: 'paid' });
      }
      for (const customer of customers) {
        const listed = (await call(`userorderslist?id=${customer.userExtId}`, { headers: customer.headers }))
          .json<{ UserOrder: { rpayOrderId: string } }[]>()
          .map((order) => order.UserOrder.rpayOrderId);
        expect(new Set(listed).size).toBe(listed.length);
        expect(listed).toEqual(expect.arrayContaining(confirmed.filter((c) => c.email === customer.email).map((c) => c.orderNumber)));

        // Settled once: one confirmation per paid order, none for any other.
        const confirmations = (await outbox(url, customer.email)).filter((mail) => mail.subject.startsWith('Order confirmed'));
        expect(confirmations.length).toBeLessThan(100);
        for (const orderNumber of listed) expect(confirmations.filter((mail) => mail.subject.includes(orderNumber)), orderNumber).toHaveLength(1);
        expect(confirmations).toHaveLength(listed.length);
      }
      const notices = (await outbox(url, 'support@petalsandstems.in')).filter((mail) => mail.subject.startsWith('New order'));
      expect(notices.length, 'more notices than the outbox lists').toBeLessThan(100);
      for (const orderNumber of purchaseOf.keys()) expect(notices.filter((mail) => mail.subject.includes(orderNumber)), orderNumber).toHaveLength(1);
      expect(notices).toHaveLength(purchases.length);

      // Stock: what was there, less what paid orders hold; the reservations that ran out while the server was down
      // were given back by the start-up sweep, before the first request.
      for (const product of products) {
        const sold = purchases
          .flatMap((p) => p.UserOrder.UserOrderItems)
          .filter((item) => item.ProductDatum.productName === product.productName)
          .reduce((sum, item) => sum + item.quantity, 0);
        expect(after.get(product.externalId), product.productName).toBe(initial.get(product.externalId)! - sold);
      }
      const total = (stock: Map<string, number>) => [...stock.values()].reduce((sum, n) => sum + n, 0);
      expect(total(after)).toBeGreaterThan(total(reserved));
    },
    // Five starts of the embedded database (about 5 s of CPU each) and the wait for reservations to run out: about a
    // minute on an idle machine; the margin is for a busy CI runner.
    240_000,
  );

  it('SIGTERM: checkouts in flight get their invoices, new connections are refused, the process exits 0', async () => {
    const server = shop.server;
    if (!server || customers.length === 0) throw new Error('the crash test left no server or no customers');
    // Every bag holds something: the last invoices ran out unpaid, and their bags were kept.
    for (const customer of customers) {
      const bag = await customer.bag();
      expect(bag?.productList.length, customer.email).toBeGreaterThan(0);
    }
    const agent = new Agent({ keepAlive: true });
    try {
      const inFlight = await Promise.all(
        customers.map((c) => slowPost(server.url, `/api/user/${c.userExtId}/checkoutinvoice`, c.headers, { addressId: c.addressId, deliveries: c.deliveries }, agent)),
      );

      server.process.kill('SIGTERM');
      const port = Number(new URL(server.url).port);
      await waitFor('new connections to be refused', () => connectionRefused(port));

      for (const request of inFlight) request.finish();
      for (const { status, body } of await Promise.all(inFlight.map((request) => request.answer))) {
        expect(status, body).toBe(200);
        expect(JSON.parse(body)).toMatchObject({ orderValueId: expect.stringMatching(/^order_/), currency: 'INR' });
      }
      expect(await server.exited, server.output()).toBe(0);
      shop.server = undefined;
    } finally {
      agent.destroy();
    }
  });
});
