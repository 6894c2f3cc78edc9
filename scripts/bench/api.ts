/**
 * Part 3 of `npm run bench`: the shop's hot API routes under autocannon (100 connections, a warm-up, then a timed run
 * each), against a bare Fastify process serving the same catalogue bytes precomputed — the same-run ceiling. Invoice
 * creation runs with a fresh prepared buyer per request, on PGlite and (with a database URL) on a scratch PostgreSQL
 * database, each followed by a stock audit: no oversold unit.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request as AutocannonRequest, Result as AutocannonResult } from 'autocannon';
import type { BenchContext, BenchPart, Budget, Figure } from './figures';
import type { DatabaseTarget } from '../../server/db/client';
import {
  auditStock,
  benchJwtSecret,
  browserHeaders,
  combinedSummary,
  invoiceServiceFloor,
  overbookedFigure,
  prepareShop,
  type StockAudit,
  round,
  runAutocannon,
  scratchDir,
  scratchPostgres,
  spawnCeiling,
  spawnShop,
  type Buyer,
  type LoadSummary,
  type Spawned,
} from './load';

const catalogueP99BudgetMs = 20;
/**
 * Invoices on the embedded database: an absolute rate. On PostgreSQL the figure depends on the machine PostgreSQL runs
 * on, so it is held to a share of what the invoice service makes alone in the same run; `postgresRateHint` only sizes
 * the run's buyers.
 */
const invoiceBudget = { pglite: { comparison: 'atLeast', limit: 500 }, postgres: { of: 'ratio', comparison: 'atLeast', limit: 0.8 } } as const;
const postgresRateHint = 1500;

export interface Timing {
  warmUpSeconds: number;
  seconds: number;
}

export const runApi: BenchPart = async (context) => {
  const timing: Timing = context.quick ? { warmUpSeconds: 1, seconds: 2 } : { warmUpSeconds: 3, seconds: 10 };
  const figures: Figure[] = [];
  const notes: string[] = [
    `autocannon, 100 connections, ${timing.warmUpSeconds} s warm-up then ${timing.seconds} s per endpoint; catalogue requests send a browser's accept-encoding (gzip, deflate, br), so both servers compress.`,
    'Server started as `npm run serve` starts it (its environment settings and node flags), with LOG_LEVEL=warn, the dev outbox and sandbox payments; buyers are written into the database before start and their access tokens minted with the JWT_SECRET the server is given.',
  ];
  const cleanups: (() => Promise<void> | void)[] = [];
  const save = (name: string, data: unknown) => writeFileSync(join(context.resultsDir, `api-${name}.json`), JSON.stringify(data, null, 2));

  try {
    const dataDir = scratchDir('api');
    cleanups.push(() => dataDir.remove());
    const expectedInvoiceRate = invoiceBudget.pglite.limit * 2;
    context.log('api: preparing the shop and invoice buyers (PGlite)');
    const shop = await prepareShop(
      { kind: 'pglite', dataDir: dataDir.path },
      { buyers: cartBuyerCount + floorBuyerCount(timing) + invoiceBuyerCount(expectedInvoiceRate, timing), withBag: true, stock: 1_000_000 },
    );
    const cartBuyers = shop.buyers.slice(0, cartBuyerCount);
    const floorBuyers = shop.buyers.slice(cartBuyerCount, cartBuyerCount + floorBuyerCount(timing));
    const invoiceBuyers = shop.buyers.slice(cartBuyerCount + floorBuyerCount(timing));
    context.log('api: PGlite invoice floor (the invoice service alone, no HTTP)');
    const floor = await invoiceServiceFloor({ kind: 'pglite', dataDir: dataDir.path }, floorBuyers);

    const server = await spawnShop(dataDir.path, { JWT_SECRET: benchJwtSecret });
    let serverStopped = false;
    const stopServer = async () => {
      if (!serverStopped) await server.stop();
      serverStopped = true;
    };
    cleanups.push(stopServer);

    const category = await firstCategory(server.url);
    const cataloguePath = `/api/allflowers?category_name=${encodeURIComponent(category)}`;
    const catalogue = await fetch(`${server.url}${cataloguePath}`);
    const catalogueBytes = Buffer.from(await catalogue.arrayBuffer());
    const ceiling = await spawnCeiling(catalogueBytes, catalogue.headers.get('etag') ?? undefined);
    cleanups.push(() => ceiling.stop());
    notes.push(`Catalogue: allflowers?category_name=${category}, ${round(catalogueBytes.length / 1024)} KiB of JSON before compression.`);

    const load = async (name: string, url: string, requests: AutocannonRequest[], headers: Record<string, string> = {}) => {
      context.log(`api: ${name}`);
      await runAutocannon({ url, requests, headers, duration: timing.warmUpSeconds });
      const { summary, raw } = await runAutocannon({ url, requests, headers, duration: timing.seconds });
      save(name, raw);
      return summary;
    };

    context.log('api: ceiling and allflowers-category, in alternating rounds');
    const [ceilingRun, catalogueRun] = await alternating(
      [
        { url: ceiling.url, requests: [{ method: 'GET', path: '/catalogue' }], headers: browserHeaders },
        { url: server.url, requests: [{ method: 'GET', path: cataloguePath }], headers: browserHeaders },
      ],
      timing,
    );
    save('ceiling', ceilingRun.raw);
    save('allflowers-category', catalogueRun.raw);
    const ceilingRef = { label: 'bare Fastify route, same catalogue bytes precomputed', value: round(ceilingRun.summary.requestsPerSecond, 0) };
    const endpoint = (name: string, run: LoadSummary, p99Budget?: number, ratioBudget?: number, ceilingP99?: number) =>
      endpointFigures(name, run, ceilingRef, p99Budget, ratioBudget, ceilingP99);
    figures.push(...endpoint('allflowers?category_name', catalogueRun.summary, catalogueP99BudgetMs, 0.5, round(ceilingRun.summary.p99)));
    notes.push(
      `The catalogue and its ceiling ran in ${alternatingRounds(timing)} alternating rounds of ${roundSeconds(timing)} s each after a warm-up, so that a machine that speeds up or slows down during the run moves both alike; requests/s is each one's answers over its rounds' time, p50 and p99 its slowest round's.`,
    );

    const product = shop.products[0]!;
    const detailRun = await load('flowerdetail', server.url, [{ method: 'GET', path: `/api/flowerdetail/${product.externalId}` }], browserHeaders);
    figures.push(...endpoint('flowerdetail', detailRun));

    const imageRun = await load('flowerimage', server.url, [{ method: 'GET', path: `/api/flowerimage?sys_name=${encodeURIComponent(product.itemCode)}` }], {
      ...browserHeaders,
      accept: 'image/webp,image/*',
    });
    figures.push(...endpoint('flowerimage', imageRun));

    const headerRun = await load('categoryheader', server.url, [{ method: 'GET', path: '/api/categoryheader' }], browserHeaders);
    figures.push(...endpoint('categoryheader', headerRun));

    // Add to cart: prepared customers take turns over the catalogue, so a line rarely reaches its 10-unit cap.
    let turn = 0;
    const addToCart: AutocannonRequest = {
      method: 'POST',
      setupRequest: (request) => {
        const buyer = cartBuyers[turn % cartBuyers.length]!;
        const productExtId = shop.products[Math.floor(turn / cartBuyers.length) % shop.products.length]!.externalId;
        turn += 1;
        return {
          ...request,
          path: '/api/createusercart',
          headers: { 'content-type': 'application/json', authorization: buyer.authorization },
          body: JSON.stringify({ productExtId, userId: buyer.userExtId }),
        };
      },
    };
    const cartRun = await load('createusercart', server.url, [addToCart]);
    figures.push(...endpoint('createusercart (add to bag)', cartRun));

    const pglite = await invoiceRun(context, 'pglite', server, invoiceBuyers, timing, invoiceBudget.pglite.limit, save);
    await stopServer();
    await ceiling.stop();
    const audit = await auditStock({ kind: 'pglite', dataDir: dataDir.path }, shop.initialStock);
    figures.push(
      ...invoiceFigures('PGlite', pglite, invoiceBudget.pglite, audit, {
        label: 'the invoice service alone on PGlite: its statements through the server’s pool, 16 at a time, no HTTP',
        value: round(floor, 0),
      }),
    );
    notes.push(`PGlite stock audit: ${audit.unitsTaken} units taken, ${audit.unitsReserved} held by pending/paid orders, ${audit.negativeProducts} products below zero.`);

    if (context.databaseUrl) {
      figures.push(...(await postgresInvoices(context, timing, save, notes, cleanups)));
    } else {
      notes.push(`Invoice creation on PostgreSQL (budget ≥ ${invoiceBudget.postgres.limit} × the invoice service alone) skipped: no BENCH_DATABASE_URL or DATABASE_URL.`);
    }
    return { id: 'api', title: 'API under load', figures, notes };
  } catch (error) {
    return { id: 'api', title: 'API under load', figures, notes, error: error instanceof Error ? error.stack ?? error.message : String(error) };
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
};

const alternatingRounds = (timing: Timing) => (timing.seconds >= 10 ? 5 : 2);
const roundSeconds = (timing: Timing) => timing.seconds / alternatingRounds(timing);

interface LoadTarget {
  url: string;
  requests: AutocannonRequest[];
  headers: Record<string, string>;
}
type LoadedRound = { summary: LoadSummary; raw: AutocannonResult };
type LoadedTarget = { summary: LoadSummary; raw: AutocannonResult[] };

/**
 * Two targets warmed up, then loaded in turns for the same total time as one timed run each. Measured one after the
 * other, the bare ceiling alone came out anywhere from 13,000 to 36,600 req/s in three runs of one day on one
 * machine, while the shop's catalogue stayed near 11,000: the ratio measured the machine's moods, not the shop.
 */
export async function alternating(targets: [LoadTarget, LoadTarget], timing: Timing): Promise<[LoadedTarget, LoadedTarget]> {
  for (const { url, requests, headers } of targets) await runAutocannon({ url, requests, headers, duration: timing.warmUpSeconds });
  const rounds: [LoadedRound[], LoadedRound[]] = [[], []];
  for (let round = 0; round < alternatingRounds(timing); round += 1) {
    for (const [index, { url, requests, headers }] of targets.entries()) {
      rounds[index]!.push(await runAutocannon({ url, requests, headers, duration: roundSeconds(timing) }));
    }
  }
  const combined = (runs: LoadedRound[]): LoadedTarget => ({
    summary: combinedSummary(runs.map((run) => run.summary)),
    raw: runs.map((run) => run.raw),
  });
  return [combined(rounds[0]), combined(rounds[1])];
}

/** Buyers whose bags the add-to-cart run fills. */
const cartBuyerCount = 200;

/** Enough fresh buyers for a warm-up and a timed run at twice the budget's rate (the run stops when they run out). */
const invoiceBuyerCount = (rate: number, timing: Timing) => Math.ceil(rate * (timing.warmUpSeconds + timing.seconds));
/** Enough invoices for the floor to run about half the timed run's length at twice the budget. */
const floorBuyerCount = (timing: Timing) => invoiceBudget.pglite.limit * timing.seconds;
/** PostgreSQL's floor: a third of the timed run's length at its budget's rate, so that preparing it stays short. */
const postgresFloorBuyerCount = (timing: Timing) => Math.round((postgresRateHint * timing.seconds) / 3);

export function endpointFigures(
  name: string,
  run: LoadSummary,
  ceiling: { label: string; value: number },
  p99Budget?: number,
  ratioBudget?: number,
  ceilingP99?: number,
): Figure[] {
  return [
    {
      name: `${name}, requests/s`,
      value: round(run.requestsPerSecond, 0),
      unit: 'req/s',
      ceiling,
      ...(ratioBudget !== undefined ? { budget: { of: 'ratio' as const, comparison: 'atLeast' as const, limit: ratioBudget } } : {}),
    },
    { name: `${name}, p50`, value: run.p50, unit: 'ms' },
    {
      name: `${name}, p99`,
      value: run.p99,
      unit: 'ms',
      ...(p99Budget !== undefined ? { budget: { comparison: 'atMost' as const, limit: p99Budget } } : {}),
      ...(ceilingP99 !== undefined ? { ceiling: { label: 'p99 of the bare Fastify route, same run', value: ceilingP99 } } : {}),
    },
    failedRequests(name, run),
  ];
}

/** Every request that did not end in a 2xx: a wrong answer, no answer within autocannon's 10 s, or a failed connection. */
function failedRequests(name: string, run: LoadSummary): Figure {
  return {
    name: `${name}, failed requests (non-2xx, timeouts, connection errors)`,
    value: run.non2xx,
    unit: 'errors',
    budget: { comparison: 'atMost', limit: 0 },
    ...(run.non2xx > 0
      ? { note: `status codes ${JSON.stringify(run.statusCodes)}; ${run.timeouts} timed out (10 s), ${run.connectionErrors} connection errors` }
      : {}),
  };
}

interface InvoiceRun {
  summary: LoadSummary;
  buyersUsed: number;
}

/**
 * Invoice creation with one fresh buyer per request (a buyer's second request would only find its pending invoice).
 * The warm-up's rate sizes the timed run's request count, so the timed run lasts about `timing.seconds`.
 */
async function invoiceRun(
  context: BenchContext,
  label: string,
  server: { url: string },
  buyers: Buyer[],
  timing: Timing,
  budget: number,
  save: (name: string, data: unknown) => void,
): Promise<InvoiceRun> {
  let next = 0;
  const invoice: AutocannonRequest = {
    method: 'POST',
    setupRequest: (request) => {
      const buyer = buyers[next % buyers.length]!;
      next += 1;
      return {
        ...request,
        path: `/api/user/${buyer.userExtId}/checkoutinvoice`,
        headers: { 'content-type': 'application/json', authorization: buyer.authorization },
        body: JSON.stringify({ addressId: buyer.addressId, deliveries: buyer.deliveries }),
      };
    },
  };
  context.log(`api: invoice creation (${label})`);
  const warmUpAmount = Math.min(Math.floor(buyers.length / 4), 1000);
  const warm = await runAutocannon({ url: server.url, requests: [invoice], amount: warmUpAmount });
  // A cold server's warm-up understates its rate: the budget sizes the run at least, so that it lasts about
  // `timing.seconds` or less, never a few seconds measured from a slow start.
  const rate = Math.max(warm.summary.requestsPerSecond, budget);
  const amount = Math.max(100, Math.min(buyers.length - next, Math.round(rate * timing.seconds)));
  const { summary, raw } = await runAutocannon({ url: server.url, requests: [invoice], amount });
  save(`checkoutinvoice-${label}`, raw);
  return { summary, buyersUsed: next };
}

function invoiceFigures(database: string, run: InvoiceRun, budget: Budget, audit: StockAudit, ceiling?: { label: string; value: number }): Figure[] {
  const name = `checkoutinvoice (${database})`;
  return [
    {
      name: `${name}, invoices/s`,
      value: round(run.summary.requestsPerSecond, 0),
      unit: 'req/s',
      budget,
      ...(ceiling ? { ceiling } : {}),
      note: `${run.summary.total} invoices in the timed run, each a fresh buyer with one line in the bag and its delivery: fresh flowers by hand on a date and slot whose place the invoice takes, everlasting ones by courier`,
    },
    { name: `${name}, p50`, value: run.summary.p50, unit: 'ms' },
    { name: `${name}, p99`, value: run.summary.p99, unit: 'ms' },
    failedRequests(name, run.summary),
    {
      name: `${name}, oversold units`,
      value: audit.oversoldUnits,
      unit: 'units',
      budget: { comparison: 'atMost', limit: 0 },
      note: 'stock below zero, or units taken ≠ units held by pending and paid orders',
    },
    overbookedFigure(`${name}, overbooked slot places`, audit),
  ];
}

/** The invoice run again on a scratch PostgreSQL database (created and dropped here), with its own server. */
async function postgresInvoices(
  context: BenchContext,
  timing: Timing,
  save: (name: string, data: unknown) => void,
  notes: string[],
  cleanups: (() => Promise<void> | void)[],
): Promise<Figure[]> {
  const scratch = await scratchPostgres(context.databaseUrl!);
  cleanups.push(() => scratch.drop());
  const target: DatabaseTarget = { kind: 'postgres', url: scratch.url };
  context.log('api: preparing invoice buyers (PostgreSQL)');
  const floorBuyers = postgresFloorBuyerCount(timing);
  const shop = await prepareShop(target, {
    buyers: floorBuyers + invoiceBuyerCount(postgresRateHint * 2, timing),
    withBag: true,
    stock: 1_000_000,
  });
  context.log('api: PostgreSQL invoice floor (the invoice service alone, no HTTP)');
  const floor = await invoiceServiceFloor(target, shop.buyers.slice(0, floorBuyers));
  const dataDir = scratchDir('api-pg');
  cleanups.push(() => dataDir.remove());
  let server: Spawned | undefined;
  try {
    server = await spawnShop(dataDir.path, { JWT_SECRET: benchJwtSecret, DATABASE_URL: scratch.url });
    const run = await invoiceRun(context, 'postgres', server, shop.buyers.slice(floorBuyers), timing, postgresRateHint, save);
    await server.stop();
    server = undefined;
    const audit = await auditStock(target, shop.initialStock);
    notes.push(`PostgreSQL stock audit: ${audit.unitsTaken} units taken, ${audit.unitsReserved} held by pending/paid orders, ${audit.negativeProducts} products below zero.`);
    return invoiceFigures('PostgreSQL', run, invoiceBudget.postgres, audit, {
      label: 'the invoice service alone on PostgreSQL: its statements through a pool of the server’s size, 16 at a time, no HTTP',
      value: round(floor, 0),
    });
  } finally {
    await server?.stop();
  }
}

async function firstCategory(url: string): Promise<string> {
  const response = await fetch(`${url}/api/categoryheader`);
  const header = (await response.json()) as { body: { categoryName: string }[] };
  const name = header.body[0]?.categoryName;
  if (!name) throw new Error('The shop has no category to benchmark');
  return name;
}
