/**
 * Bench part "search" (issue 42): `GET searchflowers` under autocannon (100 connections) on the demo catalogue and on a
 * generated catalogue of 10,000 products, each against a bare Fastify route serving the same reply's bytes in the same
 * run (alternating rounds, as the catalogue's). The queries rotate through typos, stems and two-word searches.
 */
import type { Request as AutocannonRequest } from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { products, subCategories } from '../../server/db/schema';
import { alternating, endpointFigures } from './api';
import type { Timing } from './api';
import type { BenchPart, Figure } from './figures';
import { browserHeaders, prepareShop, round, scratchDir, spawnCeiling, spawnShop } from './load';

const searchP99BudgetMs = 20;
const generatedProducts = 10_000;
const queries = ['gerbra', 'rose', 'bouqet', 'pink lily', 'orchd', 'pampas vase', 'lilly', 'wedding'];

const words = {
  colour: ['Red', 'Pink', 'White', 'Yellow', 'Peach', 'Lilac', 'Coral', 'Ivory', 'Blush', 'Golden', 'Purple', 'Rust'],
  flower: ['Rose', 'Lily', 'Gerbera', 'Orchid', 'Tulip', 'Peony', 'Carnation', 'Daisy', 'Pampas', 'Strawflower', 'Ranunculus', 'Hydrangea'],
  form: ['Bouquet', 'Vase', 'Basket', 'Posy', 'Urn', 'Bottle', 'Box', 'Bunch'],
};

/** 10,000 more products over the demo's sub-categories, with names made of the shop's words (each unique by its number). */
async function addGeneratedProducts(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const db = database.db;
    const subs = await db.select({ id: subCategories.id, categoryId: subCategories.categoryId }).from(subCategories);
    for (let start = 0; start < generatedProducts; start += 1000) {
      const rows = Array.from({ length: 1000 }, (_, offset) => {
        const i = start + offset;
        const sub = subs[i % subs.length]!;
        const name = `${words.colour[i % 12]} ${words.flower[Math.floor(i / 12) % 12]} ${words.form[Math.floor(i / 144) % 8]} No. ${i}`;
        return {
          externalId: `p_gen${i}`,
          name,
          itemCode: `GEN-${i}`,
          mrpPaise: 99_900 + (i % 50) * 10_000,
          sellingPricePaise: 89_900 + (i % 50) * 10_000,
          description: `${name}: hand-arranged ${words.flower[(i * 7) % 12]!.toLowerCase()}s with seasonal greens, made to order.`,
          stock: 10,
          isRemoved: i % 50 === 0,
          categoryId: sub.categoryId!,
          subCategoryId: sub.id,
        };
      });
      await db.insert(products).values(rows);
    }
    await db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

export const runSearch: BenchPart = async (context) => {
  const timing: Timing = context.quick ? { warmUpSeconds: 1, seconds: 2 } : { warmUpSeconds: 3, seconds: 10 };
  const figures: Figure[] = [];
  const notes: string[] = [
    `autocannon, 100 connections, ${timing.warmUpSeconds} s warm-up; searchflowers and its ceiling in alternating rounds over ${timing.seconds} s each. Queries in turn: ${queries.join(', ')}.`,
  ];
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    for (const catalogue of ['demo catalogue', `${generatedProducts.toLocaleString('en-IN')} more products`] as const) {
      const dataDir = scratchDir('search');
      cleanups.push(() => dataDir.remove());
      context.log(`search: preparing the shop (${catalogue})`);
      await prepareShop({ kind: 'pglite', dataDir: dataDir.path }, { buyers: 0, withBag: false });
      if (catalogue !== 'demo catalogue') await addGeneratedProducts(dataDir.path);
      const server = await spawnShop(dataDir.path);
      cleanups.push(() => server.stop());
      const reply = await fetch(`${server.url}/api/searchflowers?q=${queries[0]}`);
      const bytes = Buffer.from(await reply.arrayBuffer());
      const ceiling = await spawnCeiling(bytes);
      cleanups.push(() => ceiling.stop());
      let turn = 0;
      const search: AutocannonRequest = {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: `/api/searchflowers?q=${encodeURIComponent(queries[turn++ % queries.length]!)}` }),
      };
      context.log(`search: ceiling and searchflowers (${catalogue}), in alternating rounds`);
      const [ceilingRun, searchRun] = await alternating(
        [
          { url: ceiling.url, requests: [{ method: 'GET', path: '/catalogue' }], headers: browserHeaders },
          { url: server.url, requests: [search], headers: browserHeaders },
        ],
        timing,
      );
      const ceilingRef = { label: 'bare Fastify route, the same search reply precomputed', value: round(ceilingRun.summary.requestsPerSecond, 0) };
      figures.push(...endpointFigures(`searchflowers (${catalogue})`, searchRun.summary, ceilingRef, searchP99BudgetMs, undefined, round(ceilingRun.summary.p99)));
      await server.stop();
      await ceiling.stop();
    }
    return { id: 'search', title: 'Search under load', figures, notes };
  } catch (error) {
    return { id: 'search', title: 'Search under load', figures, notes, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
};
