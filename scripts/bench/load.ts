/**
 * What the server benchmarks (api.ts, rush.ts, startup.ts) share: spawning and timing processes (the bare Fastify
 * ceiling, the real server), preparing a shop with ready buyers straight in its database, autocannon runs, latency
 * summaries, the delivery choices every invoice names, the oversold check, peak RSS, and a scratch PostgreSQL database
 * that is always dropped again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Options as AutocannonOptions, Result as AutocannonResult } from 'autocannon';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { freePort, serverBundle } from '../../tests/e2e/harness';
import { anAddressBody } from '../../tests/server/helpers/factories';
import { openDatabase, type Database, type DatabaseTarget } from '../../server/db/client';
import {
  addresses,
  cartItems,
  carts,
  categories,
  deliverySlotDays,
  deliverySlots,
  orderDeliveries,
  orderItems,
  orders,
  products,
  users,
} from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed/seed-demo';
import { signAccessToken } from '../../server/modules/auth/access-token';
import { resolvedDeliveryKind } from '../../server/modules/catalog/catalog.queries';
import { deliveryScheduleFor } from '../../server/modules/delivery/schedule.service';
import { catalogFeedUp } from '../../server/modules/catalog/catalog.cache';
import { createCheckoutInvoice } from '../../server/modules/orders/invoice.service';
import { createSandboxProvider } from '../../server/modules/payments/sandbox-provider';
import { deliveryKinds } from '../../domain/delivery-kind';
import type { DeliveryKind } from '../../domain/delivery-kind';
import { maxCapacity } from '../../domain/delivery-schedule';
import type { DeliveryChoice, DeliverySchedule } from '../../domain/delivery-schedule';

export const root = new URL('../..', import.meta.url).pathname;

/** The headers a browser sends for the catalogue: it accepts compressed answers, so both servers compress. */
export const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function scratchDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `flower-bench-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

// ---------------------------------------------------------------------------------------------------------------
// Processes

export interface Spawned {
  url: string;
  process: ChildProcess;
  pid: number;
  /** Milliseconds from spawn to the first 2xx of the ready path. */
  readyMs: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * `node <built module>` on a free port, timed until `readyPath` answers 2xx (polled every 20 ms, so the real server
 * and the ceiling are timed the same way). Both run as bundles on plain Node, as `npm start` runs the shop.
 */
export async function spawnUntilReady(
  script: string,
  readyPath: string,
  env: NodeJS.ProcessEnv = {},
  options: { timeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<Spawned> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(force);
  };
  const url = `http://127.0.0.1:${port}`;
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}${readyPath}`);
      await response.arrayBuffer();
      if (response.ok) {
        return { url, process: child, pid: child.pid!, readyMs: performance.now() - started, output: () => output, stop };
      }
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  await stop();
  throw new Error(`${script} did not answer ${readyPath} within ${timeoutMs} ms:\n${output}`);
}

/**
 * The environment settings and node flags of package.json's `serve` script (`NAME=value … exec node --flag … bundle`),
 * so that the bench measures the server as `npm start` and `npm run serve` run it.
 */
function serveCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } }).scripts.serve;
  const words = script.split(/\s+/);
  const env = Object.fromEntries(words.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => word.split('=', 2) as [string, string]));
  return { env, nodeArgs: words.filter((word) => word.startsWith('--')) };
}

/**
 * The real shop server (its bundle, built by buildIfStale before the bench starts) on `dataDir` (or DATABASE_URL in env), with the harness's quiet defaults.
 * `nodeArgs` for a look inside, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'].
 */
export function spawnShop(dataDir: string, env: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []): Promise<Spawned> {
  const serve = serveCommand();
  return spawnUntilReady(serverBundle, '/api/ready', {
    ...serve.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    DATABASE_URL: '',
    ...env,
  }, { nodeArgs: [...serve.nodeArgs, ...nodeArgs] });
}

let builtCeiling: string | undefined;

/** The ceiling server bundled the way the shop is (scripts/build-server.ts), once per bench run. */
function ceilingBundle(): string {
  if (builtCeiling) return builtCeiling;
  // Inside the project, so that the bundle finds fastify in node_modules as the shop's does.
  const outDir = join(root, 'node_modules', '.cache', 'flower-bench-ceiling');
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'build-server.ts'), 'scripts/bench/ceiling-server.ts', outDir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The ceiling server did not build.');
  builtCeiling = join(outDir, 'ceiling-server.mjs');
  return builtCeiling;
}

/** The bare Fastify ceiling; with `body` it serves those bytes at /catalogue. */
export async function spawnCeiling(body?: Buffer, etag?: string): Promise<Spawned> {
  const dir = body ? scratchDir('ceiling') : null;
  let env: NodeJS.ProcessEnv = {};
  if (dir && body) {
    writeFileSync(join(dir.path, 'body.json'), body);
    env = { CEILING_BODY: join(dir.path, 'body.json'), ...(etag ? { CEILING_ETAG: etag } : {}) };
  }
  try {
    const spawned = await spawnUntilReady(ceilingBundle(), '/ready', env);
    return { ...spawned, stop: async () => void (await spawned.stop(), dir?.remove()) };
  } catch (error) {
    dir?.remove();
    throw error;
  }
}

/** Peak resident memory (VmHWM) of a live Linux process, in MB; undefined elsewhere. */
export function peakRssMb(pid: number): number | undefined {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+)\s+kB/m);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Load

export interface LoadSummary {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, plus connection errors and timeouts. */
  non2xx: number;
  /** Of those, requests that got no answer within autocannon's 10 s, or whose connection failed. */
  timeouts: number;
  connectionErrors: number;
  total: number;
  /** The run's own length. */
  seconds: number;
  statusCodes: Record<string, number>;
}

export async function runAutocannon(options: AutocannonOptions): Promise<{ summary: LoadSummary; raw: AutocannonResult }> {
  const run = autocannon({ connections: 100, timeout: 10, ...options });
  let lastAnswerAt = 0;
  run.on('response', () => {
    lastAnswerAt = Date.now();
  });
  const raw = await run;
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(raw.statusCodeStats ?? {})) statusCodes[code] = stats.count;
  const total = raw['2xx'] + raw.non2xx;
  // Answers over the run's own length, from its start to its last answer. autocannon's mean of whole-second samples
  // counts a run's last, partial second as a full one (a run of a few seconds came out up to a quarter low), and it
  // ends a run of a fixed `amount` only at its next sample, so its own duration rounds such a run up to a whole
  // second (8,000 invoices answered in 6.1 s counted as 7.0 s).
  const seconds = lastAnswerAt > 0 ? (lastAnswerAt - raw.start.getTime()) / 1000 : raw.duration;
  return {
    raw,
    summary: {
      requestsPerSecond: seconds > 0 ? total / seconds : 0,
      p50: raw.latency.p50,
      p99: raw.latency.p99,
      non2xx: raw.non2xx + raw.errors + raw.timeouts,
      timeouts: raw.timeouts,
      connectionErrors: raw.errors,
      total,
      seconds,
      statusCodes,
    },
  };
}

/**
 * Rounds of one target as one run: its answers over the rounds' time, and the latency percentiles of its slowest
 * round (percentiles of separate runs cannot be pooled; the slowest round's is the one that does not flatter).
 */
export function combinedSummary(rounds: readonly LoadSummary[]): LoadSummary {
  const sum = (pick: (round: LoadSummary) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  const seconds = sum((round) => round.seconds);
  const statusCodes: Record<string, number> = {};
  for (const round of rounds) {
    for (const [code, count] of Object.entries(round.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  }
  return {
    requestsPerSecond: seconds > 0 ? sum((round) => round.total) / seconds : 0,
    p50: Math.max(0, ...rounds.map((round) => round.p50)),
    p99: Math.max(0, ...rounds.map((round) => round.p99)),
    non2xx: sum((round) => round.non2xx),
    timeouts: sum((round) => round.timeouts),
    connectionErrors: sum((round) => round.connectionErrors),
    total: sum((round) => round.total),
    seconds,
    statusCodes,
  };
}

/** p-th percentile (0–100) of samples by nearest rank; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function latencySummary(samples: readonly number[]): { count: number; p50: number; p95: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---------------------------------------------------------------------------------------------------------------
// A prepared shop

/** The JWT secret the bench starts the server with, so that it can mint the buyers' access tokens itself. */
export const benchJwtSecret = `bench-${randomBytes(24).toString('hex')}`;

export interface Buyer {
  userId: number;
  userExtId: string;
  authorization: string;
  /** Set when the buyer was prepared with a saved address and a bag. */
  addressId?: number;
  productExtId?: string;
  /** Set with the bag: the delivery choice its invoice sends (one line, so one delivery). */
  deliveries?: DeliveryChoice[];
}

export interface ShopProduct {
  id: number;
  externalId: string;
  itemCode: string;
  stock: number;
  /** Hand (a dated, slotted delivery that takes a slot's place) or courier, as the catalogue resolves it. */
  deliveryKind: DeliveryKind;
}

export interface PreparedShop {
  buyers: Buyer[];
  products: ShopProduct[];
  /** The products prepared with small stock (options.scarce), also in `products`. */
  scarce: ShopProduct[];
  /** Stock per product id right after preparing: what the oversold check compares against. */
  initialStock: Map<number, number>;
  /** The delivery choices invoices send, spread over the open dates and slots. */
  deliveries: DeliveryPlan;
}

/** The delivery address every bench buyer saves (the server tests' own address body). */
export const benchAddress = anAddressBody({ fullName: 'Bench Buyer' });

export interface PrepareOptions {
  buyers: number;
  /** Each buyer also gets a saved address and one unit of a product in the bag (for invoice creation). */
  withBag: boolean;
  /** Stock set on every product (a large one keeps the invoice run free of refusals). */
  stock?: number;
  /** The last `count` products (by id) get only `stock` units: the rush's scarce products. */
  scarce?: { count: number; stock: number };
}

/**
 * Seeds the demo catalogue and writes `buyers` verified customers straight into the database — before the server
 * starts, since the sign-up endpoints are rate limited (as they must stay) and PGlite admits one process at a time.
 */
export async function prepareShop(target: DatabaseTarget, options: PrepareOptions): Promise<PreparedShop> {
  const database = await openDatabase(target);
  try {
    const db = database.db;
    await seedDemo(db);
    if (options.stock !== undefined) await db.update(products).set({ stock: options.stock });
    // The bench's own shop takes as many deliveries per slot and day as the admin may allow, so that its runs never
    // fill a slot: a full slot is a refusal the rush and the invoice run do not set out to measure.
    await db.update(deliverySlots).set({ capacity: maxCapacity });
    const deliveries = await deliveryPlan(db);
    const catalogue = await db
      .select({ id: products.id, externalId: products.externalId, itemCode: products.itemCode, stock: products.stock, deliveryKind: resolvedDeliveryKind })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.isRemoved, false))
      .orderBy(products.id);
    const scarce = options.scarce ? catalogue.slice(-options.scarce.count) : [];
    if (scarce.length > 0) {
      await db.update(products).set({ stock: options.scarce!.stock }).where(inArray(products.id, scarce.map((p) => p.id)));
      for (const product of scarce) product.stock = options.scarce!.stock;
    }
    const plentiful = catalogue.filter((p) => !scarce.includes(p));
    const buyers: Buyer[] = [];
    const run = randomBytes(4).toString('hex');
    for (let start = 0; start < options.buyers; start += 1000) {
      const count = Math.min(1000, options.buyers - start);
      const rows = Array.from({ length: count }, (_, i) => ({
        externalId: `u_b${run}${start + i}`,
        email: `bench-${run}-${start + i}@example.in`,
        firstName: 'Bench',
        lastName: `Buyer ${start + i}`,
        mobileNumber: '9840011223',
        emailVerifiedAt: new Date(),
      }));
      const inserted = await db.insert(users).values(rows).returning({ id: users.id, externalId: users.externalId });
      const batch: Buyer[] = inserted.map((user) => ({
        userId: user.id,
        userExtId: user.externalId,
        authorization: signAccessToken({ kind: 'user', sub: user.externalId, role: 'customer' }, benchJwtSecret),
      }));
      if (options.withBag) await fillBags(db, batch, plentiful, start, deliveries);
      buyers.push(...batch);
    }
    return { buyers, products: catalogue, scarce, initialStock: new Map(catalogue.map((p) => [p.id, p.stock])), deliveries };
  } finally {
    await database.close();
  }
}

/**
 * A saved address, one unit of a product (spread over the catalogue, so buyers do not all wait on one row) and the
 * delivery choice for that product's kind.
 */
async function fillBags(db: Database, batch: Buyer[], catalogue: ShopProduct[], offset: number, deliveries: DeliveryPlan) {
  const saved = await db
    .insert(addresses)
    .values(batch.map((buyer) => ({ ...benchAddress, userId: buyer.userId })))
    .returning({ id: addresses.id, userId: addresses.userId });
  const bags = await db
    .insert(carts)
    .values(batch.map((buyer) => ({ userId: buyer.userId })))
    .returning({ id: carts.id, userId: carts.userId });
  const addressOf = new Map(saved.map((a) => [a.userId, a.id]));
  const bagOf = new Map(bags.map((b) => [b.userId, b.id]));
  const lines = batch.map((buyer, i) => {
    const product = catalogue[(offset + i) % catalogue.length]!;
    buyer.addressId = addressOf.get(buyer.userId);
    buyer.productExtId = product.externalId;
    buyer.deliveries = [deliveries.next(product.deliveryKind)];
    return { cartId: bagOf.get(buyer.userId)!, productId: product.id, quantity: 1 };
  });
  await db.insert(cartItems).values(lines);
}

// ---------------------------------------------------------------------------------------------------------------
// Delivery choices

/** The audit's slot places as a figure: none over capacity, and each held by a live hand delivery. */
export function overbookedFigure(name: string, audit: StockAudit) {
  return {
    name,
    value: audit.overbookedPlaces,
    unit: 'places',
    budget: { comparison: 'atMost' as const, limit: 0 },
    note: `${audit.slotPlacesTaken} slot places taken, ${audit.handDeliveries} hand deliveries of pending and paid orders`,
  };
}

/**
 * Days of the schedule a bench choice skips: today's and tomorrow's slots close during the day (same-day cut-offs,
 * the early slot's the evening before), and a run that starts just before a cut-off would see its choices go stale.
 */
const daysSkipped = 2;

/** Every invoice names a delivery per kind its bag needs (issue 40): the choices, handed out in turn. */
export interface DeliveryPlan {
  /** The next choice for a delivery of this kind: courier's first date offered, or hand's next date and slot. */
  next(kind: DeliveryKind): DeliveryChoice;
}

/**
 * The choices a shopper could make from the schedule as it is when the bench prepares its shop, from its third day
 * on: courier buyers take the first dispatch date offered; hand buyers go round every open date and slot, so that each
 * slot's day takes an even share and none fills. A run that would fill one stops with an error, not a refusal.
 */
export async function deliveryPlan(db: Database, now = new Date()): Promise<DeliveryPlan> {
  const [hand, courier] = await Promise.all(deliveryKinds.map((kind) => deliveryScheduleFor(db, kind, now)));
  const handChoices = openChoices(hand!);
  const courierChoice = openChoices(courier!)[0];
  if (handChoices.length === 0 || !courierChoice) throw new Error('The bench shop’s delivery schedule offers no date to choose.');
  const handPlaces = handChoices.length * maxCapacity;
  let handTurn = 0;
  return {
    next(kind) {
      if (kind === 'courier') return courierChoice;
      if (handTurn >= handPlaces) throw new Error(`The bench has placed ${handPlaces} hand deliveries: every slot's day is full.`);
      return handChoices[handTurn++ % handChoices.length]!;
    },
  };
}

function openChoices(schedule: DeliverySchedule): DeliveryChoice[] {
  return schedule.days.slice(daysSkipped).flatMap((day): DeliveryChoice[] => {
    if (!day.available) return [];
    if (schedule.kind === 'courier') return [{ kind: 'courier', date: day.date, slotId: null }];
    return day.slots.filter((slot) => slot.available).map((slot) => ({ kind: 'hand', date: day.date, slotId: slot.id }));
  });
}

export interface StockAudit {
  /** Units below zero plus units taken from stock that no live order holds (or held by orders but never taken). */
  oversoldUnits: number;
  negativeProducts: number;
  unitsTaken: number;
  unitsReserved: number;
  /** Hand deliveries' slot places taken, and the hand deliveries of pending and paid orders that should hold them. */
  slotPlacesTaken: number;
  handDeliveries: number;
  /** Places over a slot's capacity on a day, plus places taken that no live hand delivery holds (or the reverse). */
  overbookedPlaces: number;
}

/**
 * Stock never below zero, and for every product what left the shelf equals what pending and paid orders hold (failed
 * and expired orders have given theirs back); the same for the hand deliveries' slot places, none over a slot's
 * capacity. Run with the server stopped on PGlite (one process per DATA_DIR).
 */
export async function auditStock(target: DatabaseTarget, initialStock: Map<number, number>): Promise<StockAudit> {
  const database = await openDatabase(target);
  try {
    const db = database.db;
    const ids = [...initialStock.keys()];
    const now = await db.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids));
    const held = await db
      .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.quantity})::integer` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(inArray(orders.paymentState, ['pending', 'paid']))
      .groupBy(orderItems.productId);
    const heldBy = new Map(held.map((h) => [h.productId, Number(h.units)]));
    let oversoldUnits = 0;
    let negativeProducts = 0;
    let unitsTaken = 0;
    let unitsReserved = 0;
    for (const product of now) {
      const taken = initialStock.get(product.id)! - product.stock;
      const reserved = heldBy.get(product.id) ?? 0;
      unitsTaken += taken;
      unitsReserved += reserved;
      if (product.stock < 0) {
        negativeProducts += 1;
        oversoldUnits += -product.stock;
      }
      oversoldUnits += Math.abs(taken - reserved);
    }
    const [places] = await db
      .select({
        taken: sql<number>`coalesce(sum(${deliverySlotDays.booked}), 0)::integer`,
        overCapacity: sql<number>`coalesce(sum(greatest(${deliverySlotDays.booked} - ${deliverySlots.capacity}, 0)), 0)::integer`,
      })
      .from(deliverySlotDays)
      .innerJoin(deliverySlots, eq(deliverySlots.id, deliverySlotDays.slotId));
    const [hand] = await db
      .select({ count: sql<number>`count(*)::integer` })
      .from(orderDeliveries)
      .innerJoin(orders, eq(orders.id, orderDeliveries.orderId))
      .where(and(eq(orderDeliveries.kind, 'hand'), inArray(orders.paymentState, ['pending', 'paid'])));
    const slotPlacesTaken = Number(places!.taken);
    const handDeliveries = Number(hand!.count);
    const overbookedPlaces = Number(places!.overCapacity) + Math.abs(slotPlacesTaken - handDeliveries);
    return { oversoldUnits, negativeProducts, unitsTaken, unitsReserved, slotPlacesTaken, handDeliveries, overbookedPlaces };
  } finally {
    await database.close();
  }
}

/**
 * The ceiling for invoices: the invoice service itself (its checkout_buyer and checkout_invoice calls, through the
 * database client the server uses: PGlite's worker thread, or a pool of PostgreSQL's size), called directly with no
 * HTTP, 16 at a time, one fresh buyer each. Its invoices are real pending orders, so the stock audit counts them too.
 */
export async function invoiceServiceFloor(target: DatabaseTarget, buyers: readonly Buyer[]): Promise<number> {
  const database = await openDatabase(target);
  try {
    // The delivery rules from the catalogue's cache, as the server reads them: while the floor runs this process makes
    // every write to the database, so the cache is kept current (catalog.cache.ts).
    catalogFeedUp(database.db);
    const deps = { db: database.db, provider: createSandboxProvider(benchJwtSecret, database.db), reservationMinutes: 15 };
    let next = 0;
    const invoice = async () => {
      const buyer = buyers[next++]!;
      await createCheckoutInvoice(deps, { kind: 'user', userExtId: buyer.userExtId }, buyer.addressId!, { deliveries: buyer.deliveries! });
    };
    const runAll = async (count: number) => {
      const end = next + count;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < end) await invoice();
        }),
      );
    };
    const warmUp = Math.min(200, Math.floor(buyers.length / 10));
    await runAll(warmUp);
    const started = performance.now();
    const timed = buyers.length - warmUp;
    await runAll(timed);
    return timed / ((performance.now() - started) / 1000);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL

export interface ScratchPostgres {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database beside the one `url` names, created here and dropped by `drop()` — never an existing one. */
export async function scratchPostgres(url: string): Promise<ScratchPostgres> {
  const name = `flower_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
