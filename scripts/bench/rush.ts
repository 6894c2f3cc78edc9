/**
 * Part 4 of `npm run bench`: a rush. Many simulated shoppers at once, each looping browse → open products → add to
 * bag → check out (address + invoice) → pay with the sandbox (pay + verify, the browser's two calls) against the real
 * server for a fixed time, a few products with small stock among what they buy. Reports orders/s, latency per step,
 * errors, the server's peak RSS and oversold units; the ceiling is a bare Fastify route serving the same catalogue
 * bytes to the same shoppers with the same pauses. On the embedded database, and again on a scratch PostgreSQL
 * database when the bench has one (BENCH_DATABASE_URL or DATABASE_URL).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseTarget } from '../../server/db/client';
import type { BenchContext, BenchPart, Figure } from './figures';
import {
  auditStock,
  benchAddress,
  benchJwtSecret,
  browserHeaders,
  latencySummary,
  overbookedFigure,
  peakRssMb,
  prepareShop,
  round,
  scratchDir,
  scratchPostgres,
  sleep,
  spawnCeiling,
  spawnShop,
  type Buyer,
  type DeliveryPlan,
  type ShopProduct,
  type Spawned,
} from './load';

const p99BudgetMs = 300;
const rssBudgetMb = 300;
/** Products with small stock: shoppers race for their last units and some are refused (409), as they should be. */
const scarce = { count: 3, stock: 5 };
/** Share of orders that go for a scarce product. */
const scarceShare = 0.2;
/** A shopper's pause between steps: a quick shopper, but one who reads (a rush of people, not a request flood). */
const thinkMs = { min: 200, max: 600 };

const steps = ['browse', 'open product', 'add to bag', 'save address', 'create invoice', 'sandbox pay', 'verify payment'] as const;
type Step = (typeof steps)[number];

interface Tally {
  /** Off during the warm-up: its answers are kept apart (warmUp) and its orders are not counted. */
  measuring: boolean;
  latencies: Map<Step, number[]>;
  /** Every step's latency during the warm-up. */
  warmUp: number[];
  /** 5xx, network errors and unexpected answers, by step and status. */
  errors: Map<string, number>;
  /** 409 refusals for a sold-out scarce product: expected answers. */
  soldOut: number;
  orders: number;
  /** Of `orders`, those delivered by hand on a date and slot (the rest go by courier). */
  handOrders: number;
}

const newTally = (): Tally => ({ measuring: false, latencies: new Map(steps.map((s) => [s, []])), warmUp: [], errors: new Map(), soldOut: 0, orders: 0, handOrders: 0 });

class Unexpected extends Error {}

export const runRush: BenchPart = async (context) => {
  const shoppers = context.quick ? 100 : 200;
  const seconds = context.quick ? 8 : 30;
  // The same crowd, unmeasured, first: as the API part warms up before it measures. A rush meets a shop that has been
  // serving all day; a server's first seconds (code not yet optimised, PGlite's WebAssembly not yet tiered up) are
  // the start-up part's business. What the warm-up saw is reported beside the figures, without a budget.
  const warmUpSeconds = context.quick ? 3 : 10;
  const ceilingSeconds = context.quick ? 4 : 10;
  const rush: Rush = { shoppers, seconds, warmUpSeconds, ceilingSeconds };
  const figures: Figure[] = [];
  const notes: string[] = [
    `${shoppers} shoppers for ${warmUpSeconds} s of warm-up, then ${seconds} s measured, each pausing ${thinkMs.min}–${thinkMs.max} ms between steps; ${scarce.count} products with ${scarce.stock} units each get ${scarceShare * 100} % of the orders.`,
  ];
  try {
    figures.push(...(await rushOn(context, rush, { kind: 'pglite' })));
    if (context.databaseUrl) {
      // The same rush with the database in a process of its own, as a deployment on PostgreSQL runs: its peak RSS is
      // the server's alone, where the embedded database's memory is part of the figure above.
      const scratch = await scratchPostgres(context.databaseUrl);
      try {
        figures.push(...(await rushOn(context, rush, { kind: 'postgres', url: scratch.url })));
      } finally {
        await scratch.drop();
      }
    } else {
      notes.push('The rush on PostgreSQL was skipped: no BENCH_DATABASE_URL or DATABASE_URL.');
    }
    notes.push('Only the browse step has a ceiling: no bare route can stand in for a checkout, which is database work by nature.');
    return { id: 'rush', title: 'Rush scenario', figures, notes };
  } catch (error) {
    return { id: 'rush', title: 'Rush scenario', figures, notes, error: error instanceof Error ? error.stack ?? error.message : String(error) };
  }
};

interface Rush {
  shoppers: number;
  seconds: number;
  warmUpSeconds: number;
  ceilingSeconds: number;
}

/** One rush against a shop on the embedded database, or on a scratch PostgreSQL database (whose figures say so). */
async function rushOn(
  context: BenchContext,
  { shoppers, seconds, warmUpSeconds, ceilingSeconds }: Rush,
  database: { kind: 'pglite' } | { kind: 'postgres'; url: string },
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const onPostgres = database.kind === 'postgres';
  const named = (name: string) => (onPostgres ? `PostgreSQL: ${name}` : name);
  const dataDir = scratchDir('rush');
  const target: DatabaseTarget = onPostgres ? database : { kind: 'pglite', dataDir: dataDir.path };
  let server: Spawned | undefined;
  let ceiling: Spawned | undefined;
  try {
    context.log(`rush${onPostgres ? ' (PostgreSQL)' : ''}: preparing the shop and shoppers`);
    const shop = await prepareShop(target, { buyers: shoppers, withBag: false, stock: 100_000, scarce });
    server = await spawnShop(dataDir.path, { JWT_SECRET: benchJwtSecret, ...(onPostgres ? { DATABASE_URL: database.url } : {}) });
    const url = server.url;
    const categories = await categoryNames(url);
    const scarceIds = new Set(shop.scarce.map((p) => p.externalId));
    const plentiful = shop.products.filter((p) => !scarceIds.has(p.externalId));

    // Ceiling first, on the catalogue bytes the shoppers will browse, under the same shoppers and pauses.
    const catalogue = await fetch(`${url}/api/allflowers?category_name=${encodeURIComponent(categories[0]!)}`);
    ceiling = await spawnCeiling(Buffer.from(await catalogue.arrayBuffer()));
    context.log('rush: ceiling (bare route, same shoppers and pauses)');
    const ceilingSamples: number[] = [];
    const ceilingUrl = ceiling.url;
    await crowd(shoppers, ceilingSeconds * 1000, async () => {
      const started = performance.now();
      const response = await fetch(`${ceilingUrl}/catalogue`, { headers: browserHeaders });
      await response.arrayBuffer();
      ceilingSamples.push(performance.now() - started);
    });
    await ceiling.stop();
    ceiling = undefined;
    const ceilingP99 = latencySummary(ceilingSamples).p99;

    context.log(`rush: ${shoppers} shoppers for ${warmUpSeconds} s of warm-up, then ${seconds} s measured`);
    const tally = newTally();
    const rssSampler = sampleRss(server.pid);
    let started = performance.now();
    const warmedUp = setTimeout(() => {
      tally.measuring = true;
      started = performance.now();
    }, warmUpSeconds * 1000);
    await crowd(shoppers, (warmUpSeconds + seconds) * 1000, (index) => shopOnce(url, shop.buyers[index]!, categories, plentiful, shop.scarce, shop.deliveries, tally), true);
    clearTimeout(warmedUp);
    const elapsedS = (performance.now() - started) / 1000;
    const peakRss = rssSampler.stop();

    await server.stop();
    server = undefined;
    const audit = await auditStock(target, shop.initialStock);

    const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
    figures.push({ name: named('paid orders/s'), value: round(tally.orders / elapsedS), unit: 'orders/s', note: `${tally.orders} paid orders in ${round(elapsedS)} s: ${tally.handOrders} by hand on a date and slot, ${tally.orders - tally.handOrders} by courier` });
    const warmUp = latencySummary(tally.warmUp);
    figures.push({
      name: named('warm-up, every step, p99'),
      value: round(warmUp.p99),
      unit: 'ms',
      note: `the first ${warmUpSeconds} s on a freshly started server, not measured against the budget: ${warmUp.count} requests, p50 ${round(warmUp.p50)} ms`,
    });
    for (const step of steps) {
      const summary = latencySummary(tally.latencies.get(step)!);
      const ceilingRef = step === 'browse' ? { ceiling: { label: 'bare Fastify route, same catalogue bytes, same shoppers (p99)', value: round(ceilingP99) } } : {};
      figures.push(
        { name: named(`${step}, p50`), value: round(summary.p50), unit: 'ms' },
        { name: named(`${step}, p95`), value: round(summary.p95), unit: 'ms' },
        {
          name: named(`${step}, p99`),
          value: round(summary.p99),
          unit: 'ms',
          budget: { comparison: 'atMost', limit: p99BudgetMs },
          note: `${summary.count} requests`,
          ...ceilingRef,
        },
      );
    }
    figures.push(
      {
        name: named('errors (5xx, network, unexpected answers)'),
        value: errors,
        unit: 'errors',
        budget: { comparison: 'atMost', limit: 0 },
        ...(errors > 0 ? { note: JSON.stringify(Object.fromEntries(tally.errors)) } : {}),
      },
      { name: named('sold-out refusals (409, expected)'), value: tally.soldOut, unit: 'answers', note: 'adds and invoices refused for a scarce product with no units left' },
      {
        name: named('server peak RSS (VmHWM)'),
        value: round(peakRss ?? Number.NaN),
        unit: 'MB',
        budget: { comparison: 'atMost', limit: rssBudgetMb },
        note: onPostgres
          ? 'the node process serving (the server bundle on plain Node), its database a PostgreSQL process of its own'
          : 'the node process serving (the server bundle on plain Node, no wrapper), the embedded database included',
      },
      {
        name: named('oversold units'),
        value: audit.oversoldUnits,
        unit: 'units',
        budget: { comparison: 'atMost', limit: 0 },
        note: `${audit.unitsTaken} units taken, ${audit.unitsReserved} held by pending/paid orders`,
      },
      overbookedFigure(named('overbooked slot places'), audit),
    );
    writeFileSync(
      join(context.resultsDir, onPostgres ? 'rush-postgres.json' : 'rush.json'),
      JSON.stringify({ elapsedS, orders: tally.orders, handOrders: tally.handOrders, soldOut: tally.soldOut, errors: Object.fromEntries(tally.errors), latencies: Object.fromEntries(tally.latencies), ceilingSamples, peakRss, audit }),
    );
    return figures;
  } finally {
    await ceiling?.stop().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    dataDir.remove();
  }
}

/** `count` shoppers running `visit` in a loop, pausing between visits (and within, via `think`), until the time is up. */
async function crowd(count: number, durationMs: number, visit: (index: number) => Promise<void>, visitPausesItself = false): Promise<void> {
  const deadline = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      // Shoppers arrive over the first pause, not all in the same millisecond.
      await sleep(Math.random() * thinkMs.max);
      while (performance.now() < deadline) {
        await visit(index);
        if (!visitPausesItself) await think();
      }
    }),
  );
}

const think = () => sleep(thinkMs.min + Math.random() * (thinkMs.max - thinkMs.min));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * One shopper's visit, ending with a paid order (or a sold-out refusal for a scarce product). The invoice names the
 * product's delivery: fresh flowers by hand on a date and slot (the invoice takes the slot's place), everlasting ones
 * by courier, so the rush mixes the two as the catalogue does.
 */
async function shopOnce(
  url: string,
  buyer: Buyer,
  categories: string[],
  plentiful: ShopProduct[],
  scarceProducts: ShopProduct[],
  deliveries: DeliveryPlan,
  tally: Tally,
) {
  const headers = { authorization: buyer.authorization, 'content-type': 'application/json' };
  const call = async (step: Step, path: string, init: { method?: string; json?: unknown; auth?: boolean } = {}) => {
    const measured = tally.measuring;
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(`${url}/api/${path}`, {
        method: init.method ?? 'GET',
        headers: init.json !== undefined ? headers : init.auth ? { authorization: buyer.authorization, ...browserHeaders } : browserHeaders,
        body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      });
    } catch (error) {
      count(tally.errors, `${step}: network ${(error as Error).message}`);
      throw new Unexpected();
    }
    const text = await response.text();
    (measured ? tally.latencies.get(step)! : tally.warmUp).push(performance.now() - started);
    return { status: response.status, text };
  };
  const expect200 = (step: Step, answer: { status: number; text: string }) => {
    if (answer.status === 200) return answer.text;
    count(tally.errors, `${step}: ${answer.status}`);
    throw new Unexpected();
  };

  const wantsScarce = Math.random() < scarceShare;
  const product = wantsScarce ? pick(scarceProducts) : pick(plentiful);
  try {
    expect200('browse', await call('browse', `allflowers?category_name=${encodeURIComponent(pick(categories))}`));
    await think();
    expect200('open product', await call('open product', `flowerdetail/${pick(plentiful).externalId}`));
    await think();
    expect200('open product', await call('open product', `flowerdetail/${product.externalId}`));
    await think();

    const added = await call('add to bag', 'createusercart', { method: 'POST', json: { productExtId: product.externalId, userId: buyer.userExtId } });
    if (added.status === 409 && wantsScarce) {
      if (tally.measuring) tally.soldOut += 1;
      return;
    }
    expect200('add to bag', added);
    await think();

    const address = JSON.parse(
      expect200('save address', await call('save address', 'createlogincheckout', { method: 'POST', json: { ...benchAddress, userId: buyer.userExtId } })),
    ) as { id: number };
    const invoice = await call('create invoice', `user/${buyer.userExtId}/checkoutinvoice`, {
      method: 'POST',
      json: { addressId: address.id, deliveries: [deliveries.next(product.deliveryKind)] },
    });
    if (invoice.status === 409 && wantsScarce) {
      if (tally.measuring) tally.soldOut += 1;
      // The browser's bag shows the shortfall; this shopper takes the line out and moves on.
      expect200('add to bag', await call('add to bag', 'removecartitem', { method: 'POST', json: { productId: product.externalId, userExtId: buyer.userExtId } }));
      return;
    }
    const { orderValueId } = JSON.parse(expect200('create invoice', invoice)) as { orderValueId: string };
    await think();

    const payment = JSON.parse(
      expect200(
        'sandbox pay',
        await call('sandbox pay', 'payment/sandbox/pay', {
          method: 'POST',
          json: { orderId: orderValueId, cardNumber: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' },
        }),
      ),
    ) as Record<string, string>;
    const verified = JSON.parse(expect200('verify payment', await call('verify payment', 'payment/verify', { method: 'POST', json: payment }))) as { message: string };
    if (verified.message !== 'success') {
      count(tally.errors, `verify payment: ${verified.message}`);
      return;
    }
    if (tally.measuring) {
      tally.orders += 1;
      if (product.deliveryKind === 'hand') tally.handOrders += 1;
    }
  } catch (error) {
    if (!(error instanceof Unexpected)) count(tally.errors, `client: ${(error as Error).message}`);
    // After an error the shopper starts over with an empty bag, as a reload and a fresh try would.
    await call('add to bag', 'removecartitem', { method: 'POST', json: { productId: product.externalId, userExtId: buyer.userExtId } }).catch(() => undefined);
  } finally {
    await think();
  }
}

function count(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** Samples VmHWM every second while the rush runs; the last reading is the peak (VmHWM only grows). */
function sampleRss(pid: number): { stop(): number | undefined } {
  let last = peakRssMb(pid);
  const timer = setInterval(() => (last = peakRssMb(pid) ?? last), 1000);
  return {
    stop() {
      clearInterval(timer);
      return peakRssMb(pid) ?? last;
    },
  };
}

async function categoryNames(url: string): Promise<string[]> {
  const response = await fetch(`${url}/api/categoryheader`);
  const header = (await response.json()) as { body: { categoryName: string }[] };
  return header.body.map((c) => c.categoryName);
}
