/**
 * Two server processes behind one imaginary load balancer: one PostgreSQL database, one Redis (DATABASE_URL,
 * REDIS_URL). They start together on an empty database, share every rate limit, take a load spread over both without
 * an error, and an admin's change made on one (to the catalogue, or a shop holiday) shows on the other promptly (as soon as the commit's notification
 * arrives; the test allows `promptlyMs`), and never the old catalogue after that; each queued mail is sent once, a
 * sandbox payment whose verify never came is settled once by the reconciliation job of either, and a scheduled job
 * runs once per tick across both. Runs only when PostgreSQL and Redis
 * answer (`npm run test:instances`).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AllFlowersReply } from '../../domain/catalog';
import type { AdminProduct } from '../../domain/admin-catalog';
import type { DeliverySchedule } from '../../domain/delivery-schedule';
import { reservationExpiryJob } from '../../server/jobs/reservation-expiry.job';
import { shopApi } from '../e2e/shop-api';
import { clusterAdmin, startCluster, whyNoCluster, type Cluster } from './cluster';

const whyNot = await whyNoCluster();
if (whyNot) console.warn(`two-instances.spec.ts is skipped: ${whyNot}.`);

/** The instances' answers to one call: status and, for the catalogue, what it says about the product being changed. */
interface Call {
  instance: number;
  what: string;
  status: number;
  startedAt: number;
  answeredAt: number;
  /** For allflowers: the changed product's name and price as this reply shows them. */
  shows: string | undefined;
}

const json = { 'content-type': 'application/json' };

/** Where the cluster's buyers have their flowers delivered. */
const clusterAddress = {
  fullName: 'Meera Raman',
  address: '12 Lake Road',
  locality: 'Adyar',
  landmark: 'Near the park',
  phoneNumber: '9876543210',
  pincode: '600020',
  city: 'Chennai',
  state: 'Tamil Nadu',
};

/**
 * A customer signed up on one instance and signed in on the other, with a saved address: `invoice` puts one unit of a
 * product into the bag and opens an invoice for it on the instance given (taking each delivery's first open date and
 * slot), answering the order number.
 */
async function aClusterBuyer(signUpAt: string, signInAt: string, name: string) {
  const shopper = { email: `${name}-${Date.now()}@example.in`, password: 'Bloom@2024x', firstName: 'Meera', lastName: 'Raman', mobileNumber: '9876543210' };
  await shopApi(signUpAt).register(shopper);
  const { userExtId, authorization } = await shopApi(signInAt).signIn(shopper);
  const headers = { authorization };
  const saved = await shopApi(signUpAt).api<{ id: number }>('createlogincheckout', { method: 'POST', json: { ...clusterAddress, country: 'India', userId: userExtId }, headers });
  return {
    authorization,
    async invoice(url: string, productExtId: string): Promise<string> {
      await shopApi(url).api('createusercart', { method: 'POST', json: { productExtId, userId: userExtId }, headers });
      const deliveries = await shopApi(url).firstDeliveries(userExtId, headers);
      const invoice = await shopApi(url).api<{ orderValueId: string }>(`user/${userExtId}/checkoutinvoice`, { method: 'POST', json: { addressId: saved.id, deliveries }, headers });
      return invoice.orderValueId;
    },
  };
}

/** A demo product with at least `units` in stock: its external id. */
async function aProductInStock(url: string, units: number): Promise<string> {
  const catalogue = (await (await fetch(`${url}/api/allflowers`)).json()) as AllFlowersReply;
  const ids = catalogue.products.flatMap((category) =>
    category.SubProductCategories.flatMap((sub) => sub.ProductSubProducts.map((entry) => entry.ProductDatum.externalId)),
  );
  for (const id of ids.reverse()) if ((await shopApi(url).stockOf(id)) >= units) return id;
  throw new Error(`no demo product has ${units} in stock`);
}
/** How long the other instance may take to show an admin's change: a notification's trip, milliseconds normally. */
const promptlyMs = 1_000;

describe.skipIf(whyNot !== null)('two instances on one PostgreSQL and one Redis', () => {
  let cluster: Cluster;
  let urls: string[];

  beforeAll(async () => {
    cluster = await startCluster(2);
    urls = cluster.servers.map((server) => server.url);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('start together on an empty database: one demo catalogue and one admin, seen alike by both', async () => {
    const headers = await Promise.all(urls.map(async (url) => (await fetch(`${url}/api/categoryheader`)).json()));
    expect(headers[0]).toEqual(headers[1]);
    const names = (headers[0] as { body: { categoryName: string }[] }).body.map((category) => category.categoryName);
    expect(names).toEqual(['Everlasting Dry Flowers', 'Fresh Flowers', 'Cakes & Chocolates', 'Gifts']);
    for (const url of urls) expect((await shopApi(url).signIn(clusterAdmin)).authorization).toBeTruthy();
  });

  it('share the sign-in limit per e-mail: attempts spread over both meet 429 at the combined limit of 5', async () => {
    const email = `spread-${Date.now()}@example.in`;
    const codes: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await fetch(`${urls[attempt % 2]}/api/loginapi`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password: 'Wrong@123' }),
      });
      codes.push(response.status);
      if (response.status === 429) expect(await response.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('share the contact limit per address: messages spread over both meet 429 at the combined limit of 5', async () => {
    const codes: number[] = [];
    for (let message = 0; message < 7; message += 1) {
      const response = await fetch(`${urls[message % 2]}/api/contactapi`, {
        method: 'POST',
        headers: json,
        // A sender of its own each time, so that only the per-address limit can answer.
        body: JSON.stringify({ fullName: 'Meera Raman', userEmail: `meera${message}@example.in`, phoneNumber: '9876543210', message: 'Hello' }),
      });
      codes.push(response.status);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it(`take a load spread over both without an error, and show an admin's change on the other within ${promptlyMs} ms, never the old catalogue after`, async () => {
    const [first, second] = urls as [string, string];
    const { authorization } = await shopApi(first).signIn(clusterAdmin);
    const catalogue = (await (await fetch(`${second}/api/allflowers`)).json()) as AllFlowersReply;
    const products = catalogue.products.flatMap((category) =>
      category.SubProductCategories.flatMap((sub) => sub.ProductSubProducts.map((entry) => entry.ProductDatum)),
    );
    const categories = catalogue.products.map((category) => category.categoryName);
    const changed = await shopApi(first).admin(authorization).product(products[0]!.externalId);
    const before = `${changed.productName} @ ${changed.sellingPrice}`;
    const after = { productName: `${changed.productName} Deluxe`, sellingPrice: changed.sellingPrice - 1 };
    const afterShown = `${after.productName} @ ${after.sellingPrice}`;

    // Guests start on one instance and shop on the other: the session is the deployment's, not the process's.
    const guests = await Promise.all(
      Array.from({ length: 8 }, async (_, n) => {
        const session = (await (await fetch(`${urls[n % 2]}/api/getSessionId`)).json()) as { sessionId: string; accessToken: string };
        return { ...session, shopsAt: urls[(n + 1) % 2]! };
      }),
    );

    const calls: Call[] = [];
    const call = async (instance: number, what: string, path: string, init?: RequestInit) => {
      const startedAt = performance.now();
      const response = await fetch(`${urls[instance]}/api/${path}`, init);
      const body = await response.text();
      const shows = what === 'allflowers' && response.ok ? shownIn(JSON.parse(body) as AllFlowersReply, changed.externalId) : undefined;
      calls.push({ instance, what, status: response.status, startedAt, answeredAt: performance.now(), shows });
    };

    let loading = true;
    const shopper = async (worker: number) => {
      for (let step = worker; loading; step += 1) {
        const instance = step % 2;
        const guest = guests[step % guests.length]!;
        const product = products[step % products.length]!;
        await Promise.all([
          call(instance, 'allflowers', 'allflowers'),
          call(instance, 'category', `allflowers?category_name=${encodeURIComponent(categories[step % categories.length]!)}`),
          call(instance, 'categoryheader', 'categoryheader'),
          call(instance, 'flowerdetail', `flowerdetail/${product.externalId}`),
        ]);
        const bagAt = urls.indexOf(guest.shopsAt);
        await call(bagAt, 'add to bag', 'createusercart', {
          method: 'POST',
          headers: { ...json, authorization: guest.accessToken },
          body: JSON.stringify({ productExtId: product.externalId, sessionId: guest.sessionId }),
        });
        await call(1 - bagAt, 'bag', `guest/${guest.sessionId}/cart`, { headers: { authorization: guest.accessToken } });
      }
    };
    // And one visitor who keeps reloading the home page on the instance that does not take the write.
    const watcher = async () => {
      while (loading) await call(1, 'allflowers', 'allflowers');
    };
    const shoppers = [...Array.from({ length: 8 }, (_, worker) => shopper(worker)), watcher()];

    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const update = await updateProduct(first, authorization, changed, after);
    const answeredAt = performance.now();
    expect(update.status, await update.text()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    loading = false;
    await Promise.all(shoppers);

    // No errors: every call of the load answered 200.
    const failures = calls.filter((entry) => entry.status !== 200).map((entry) => `${entry.what} on ${entry.instance}: ${entry.status}`);
    expect(failures).toEqual([]);
    expect(calls.length).toBeGreaterThan(200);
    expect(cluster.problemsLogged()).toEqual([]);

    const catalogueReads = calls.filter((entry) => entry.what === 'allflowers');
    expect(new Set(catalogueReads.map((entry) => entry.shows))).toEqual(new Set([before, afterShown]));
    for (const instance of [0, 1]) {
      const reads = catalogueReads.filter((entry) => entry.instance === instance).sort((x, y) => x.startedAt - y.startedAt);
      const lastOld = Math.max(-Infinity, ...reads.filter((entry) => entry.shows === before).map((entry) => entry.startedAt));
      console.log(
        `instance ${instance === 0 ? 'A (took the write)' : 'B'}: last read showing the old product started ` +
          `${(lastOld - answeredAt).toFixed(1)} ms after the write was answered (${reads.length} catalogue reads)`,
      );
      // The writing instance forgets before it answers; the other within the bound.
      expect(lastOld - answeredAt).toBeLessThan(instance === 0 ? 0 : promptlyMs);
      // Once a read has shown the change, no read started after that shows the old product again.
      const firstNew = reads.find((entry) => entry.shows === afterShown && entry.startedAt > answeredAt);
      expect(firstNew).toBeDefined();
      expect(reads.filter((entry) => entry.startedAt > firstNew!.answeredAt && entry.shows === before)).toEqual([]);
    }
  });

  it(`show a shop holiday an admin adds on one in the other's delivery schedule within ${promptlyMs} ms`, async () => {
    const [first, second] = urls as [string, string];
    const { authorization } = await shopApi(first).signIn(clusterAdmin);
    const lastDay = async (url: string) => ((await (await fetch(`${url}/api/delivery/schedule?kind=hand`)).json()) as DeliverySchedule).days.at(-1)!;
    // The schedule's last day: far from any cut-off, so only the holiday can close it.
    const before = await lastDay(second);
    expect(before.reason).not.toBe('holiday');
    const admin = { method: 'POST', headers: { ...json, authorization } };
    const added = await fetch(`${first}/api/admin/delivery/holidays`, { ...admin, body: JSON.stringify({ date: before.date, note: 'Pongal' }) });
    expect(added.status).toBe(200);
    const answeredAt = performance.now();
    let shown = await lastDay(second);
    while (shown.reason !== 'holiday' && performance.now() - answeredAt < promptlyMs) shown = await lastDay(second);
    expect(shown).toMatchObject({ date: before.date, available: false, reason: 'holiday' });
    await fetch(`${first}/api/admin/delivery/holidays/remove`, { ...admin, body: JSON.stringify({ date: before.date }) });
  });

  it('send each queued mail exactly once across both: mails left queued (their cause committed, no job woken) and paid orders', async () => {
    const [first, second] = urls as [string, string];
    const db = cluster.databaseUrl;
    // Mails as a process that died after its commit leaves them: queued, no job. Both instances' sweeps find them.
    const left = Array.from({ length: 12 }, (_, n) => `Left queued ${n} ${Date.now()}`);
    await onDatabase(db, (client) =>
      client.query(
        `insert into mails (key, kind, "to", subject, text) select 'cluster:' || subject, 'contact', 'shop@petals.example.in', subject, 'Hello' from unnest($1::text[]) as subject`,
        [left],
      ),
    );

    // Orders paid across both: each invoice on one instance, its payment and verify on the other.
    const buyer = await aClusterBuyer(first, second, 'buyer');
    const product = await aProductInStock(first, 6);
    const orderNumbers: string[] = [];
    for (let order = 0; order < 4; order += 1) {
      const [here, there] = order % 2 === 0 ? [first, second] : [second, first];
      const orderNumber = await buyer.invoice(here, product);
      await shopApi(there).payAgain(buyer.authorization, orderNumber);
      orderNumbers.push(orderNumber);
    }

    const expected = [...left, ...orderNumbers.flatMap((number) => [`Order confirmed: ${number}`, `New order ${number}`])];
    const sentOnce = async () =>
      onDatabase(db, async (client) => {
        const outbox = (await client.query<{ subject: string }>('select subject from outbox_mail')).rows.map((row) => row.subject);
        return expected.map((subject) => [subject, outbox.filter((kept) => kept.startsWith(subject)).length]);
      });
    await vi.waitFor(async () => expect((await sentOnce()).filter(([, count]) => count !== 1)).toEqual([]), { timeout: 100_000, interval: 1_000 });
    // And nothing more comes: a few more seconds of both queues at work send none of them again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await sentOnce()).filter(([, count]) => count !== 1)).toEqual([]);
    const rows = await onDatabase(db, async (client) =>
      (await client.query<{ status: string; attempts: number; n: number }>(`select status, attempts, count(*)::int as n from mails where key like 'cluster:%' or order_id is not null group by 1, 2`)).rows,
    );
    expect(rows).toEqual([{ status: 'sent', attempts: 1, n: left.length + 2 * orderNumbers.length }]);
    expect(cluster.problemsLogged()).toEqual([]);
  }, 180_000);

  it('settle a left-behind sandbox payment (paid on one, no verify) once by the reconciliation job: one payment, one confirmation', async () => {
    const [first, second] = urls as [string, string];
    const db = cluster.databaseUrl;
    const buyer = await aClusterBuyer(second, first, 'left');
    const orderNumber = await buyer.invoice(first, await aProductInStock(first, 1));
    // Paid in the sandbox on one instance; the tab closed before verify. Only the sandbox's own records know of it.
    const paid = await shopApi(first).api<{ razorpay_payment_id: string }>('payment/sandbox/pay', {
      method: 'POST',
      json: { orderId: orderNumber, cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' },
    });
    // The buyer left long enough ago for the job to ask (it waits two minutes after the invoice).
    await onDatabase(db, (client) => client.query(`update orders set created_at = now() - interval '5 minutes' where provider_order_id = $1`, [orderNumber]));

    // Both instances run the job every two minutes; whichever takes the tick settles it.
    const settled = async () =>
      onDatabase(db, async (client) => ({
        order: (await client.query<{ payment_state: string }>('select payment_state from orders where provider_order_id = $1', [orderNumber])).rows[0]!.payment_state,
        payments: (
          await client.query<{ provider_payment_id: string; settled_by: string }>(
            'select provider_payment_id, settled_by from payments where order_id = (select id from orders where provider_order_id = $1)',
            [orderNumber],
          )
        ).rows,
        confirmations: (await client.query<{ n: number }>('select count(*)::int as n from outbox_mail where subject like $1', [`Order confirmed: ${orderNumber}%`])).rows[0]!.n,
      }));
    await vi.waitFor(async () => expect((await settled()).confirmations).toBe(1), { timeout: 170_000, interval: 1_000 });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await settled()).toEqual({
      order: 'paid',
      payments: [{ provider_payment_id: paid.razorpay_payment_id, settled_by: 'reconciliation' }],
      confirmations: 1,
    });
    expect(cluster.problemsLogged()).toEqual([]);
  }, 200_000);

  it("run the minute's reservation sweep once per tick across both processes", async () => {
    // Both processes work the queue and check the schedule (every 30 s): each tick's job is queued once, run once.
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      const ticks = async () =>
        (
          await client.query<{ jobs: number; completed: number; retries: number }>(
            `select count(*)::int as jobs, count(*) filter (where state = 'completed')::int as completed,
                    sum(retry_count)::int as retries
             from pgboss.job where name = $1 group by singleton_on`,
            [reservationExpiryJob.name],
          )
        ).rows;
      await vi.waitFor(async () => expect((await ticks()).some((tick) => tick.completed > 0)).toBe(true), { timeout: 100_000, interval: 500 });
      for (const tick of await ticks()) expect(tick).toMatchObject({ jobs: 1, retries: 0 });
      expect(cluster.problemsLogged()).toEqual([]);
    } finally {
      await client.end();
    }
  });
});

/** Runs `query` on the cluster's database with a client of its own. */
async function onDatabase<T>(url: string, query: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
  }
}

/** "name @ price" of one product as an allflowers reply shows it. */
function shownIn(reply: AllFlowersReply, externalId: string): string | undefined {
  for (const category of reply.products) {
    for (const sub of category.SubProductCategories) {
      const datum = sub.ProductSubProducts.find((entry) => entry.ProductDatum.externalId === externalId)?.ProductDatum;
      if (datum) return `${datum.productName} @ ${datum.sellingPrice}`;
    }
  }
  return undefined;
}

/** The admin's Flower Data Update Form, as the browser sends it (multipart, no new image). */
function updateProduct(
  url: string,
  authorization: string,
  product: AdminProduct,
  change: { productName: string; sellingPrice: number },
): Promise<Response> {
  const form = new FormData();
  const fields: Record<string, string> = {
    id: product.externalId,
    flowerName: change.productName,
    mrp: String(product.mrp),
    sellingPrice: String(change.sellingPrice),
    description: product.description ?? 'Fresh flowers',
    Quantity: String(product.quantity),
    isRemoved: 'false',
    flowerCategoryName: String(product.flowerCategoryId),
    flowerSubCategoryName: String(product.flowerSubCategoryId),
    shippingdetails: product.shippingDetails ?? 'Ships in 2 to 5 business days',
    note: product.note ?? 'Keep in a cool place',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return fetch(`${url}/api/updateflowerdata`, { method: 'POST', headers: { authorization }, body: form });
}
