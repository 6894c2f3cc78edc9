import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { limits } from '../../domain/limits';
import { siteImageSlots } from '../../domain/site-images';
import { openDatabase, type OpenDatabase } from '../../server/db/client';
import { categories, coupons, media, productImages, products, siteImages, subCategories } from '../../server/db/schema';
import { bannerSizes } from '../../server/db/seed/art/banner-art';
import { productSvg } from '../../server/db/seed/art/product-art';
import { readPaintedArt, renderDemoArt, writePaintedArt } from '../../server/db/seed/demo-art';
import { demoCatalog, demoProducts } from '../../server/db/seed/demo-catalog';
import { seedDemo } from '../../server/db/seed/seed-demo';

let database: OpenDatabase;
let firstRun: { seeded: boolean };
const messages: string[] = [];

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
  firstRun = await seedDemo(database.db, (m) => messages.push(m));
}, 120_000);
afterAll(async () => {
  await database?.close();
});

async function subCategoryNames(categoryName: string): Promise<string[]> {
  const rows = await database.db
    .select({ name: subCategories.name })
    .from(subCategories)
    .innerJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(eq(categories.name, categoryName))
    .orderBy(asc(subCategories.position));
  return rows.map((r) => r.name);
}

describe('the demo catalogue', () => {
  it('seeds a fresh database and says so in the log', () => {
    expect(firstRun).toEqual({ seeded: true });
    expect(messages.join('\n')).toMatch(/Demo catalogue seeded: 4 categories, 53 products and 57 images in \d+ ms/);
  });

  it('has the spec\'s categories, with GST on dried flowers and none on fresh flowers, and the add-ons\' at their rates', async () => {
    const rows = await database.db.select().from(categories).orderBy(asc(categories.id));
    expect(rows.map((c) => [c.name, c.gstRateBp, c.deliveryKind, c.hsnCode])).toEqual([
      ['Everlasting Dry Flowers', 250, 'courier', '0603'],
      ['Fresh Flowers', null, 'hand', '0603'],
      // FLORIST-FACTS.md: cakes (1905) and chocolates (1806) at 5 %; glassware, cards and toys at 18 %.
      ['Cakes & Chocolates', 250, 'hand', '1905'],
      ['Gifts', 900, 'courier', '7013'],
    ]);
    for (const c of rows) expect(c.externalId).toMatch(/^c_[A-Za-z0-9_-]{10}$/);
  });

  it('orders the sub-categories as the storefront shows them', async () => {
    expect(await subCategoryNames('Everlasting Dry Flowers')).toEqual(['Exotic', 'Posy', 'Round', 'Side']);
    const fresh = await subCategoryNames('Fresh Flowers');
    expect(fresh[0]).toBe('Exotic');
    expect(fresh.length).toBeGreaterThanOrEqual(3);
  });

  it('puts at least six products in every sub-category of flowers', async () => {
    const rows = await database.db
      .select({ sub: subCategories.id, n: count() })
      .from(products)
      .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId))
      .where(eq(products.isAddon, false))
      .groupBy(subCategories.id);
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.n).toBeGreaterThanOrEqual(6);
    const [total] = await database.db.select({ n: count() }).from(products);
    expect(total?.n).toBe(demoProducts.length);
    expect(demoProducts.length).toBeGreaterThanOrEqual(48);
  });

  it('marks the five gifts as add-ons, with their own HSN codes where the category\'s does not fit', async () => {
    const rows = await database.db
      .select({ name: products.name, hsn: products.hsnCode })
      .from(products)
      .where(eq(products.isAddon, true))
      .orderBy(asc(products.itemCode));
    expect(rows).toEqual([
      { name: 'Chocolate Truffle Cake 500 g', hsn: null },
      { name: 'Hand-Painted Greeting Card', hsn: '4909' },
      { name: 'Belgian Chocolate Box', hsn: '1806' },
      { name: 'Teddy Bear with Bow', hsn: '9503' },
      { name: 'Clear Glass Vase', hsn: null },
    ]);
  });

  it('prices in whole paise within the shop\'s ranges, never above the MRP', async () => {
    const rows = await database.db
      .select({ product: products, category: categories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId));
    for (const { product, category } of rows) {
      expect(Number.isInteger(product.sellingPricePaise)).toBe(true);
      expect(Number.isInteger(product.mrpPaise)).toBe(true);
      expect(product.sellingPricePaise).toBeLessThanOrEqual(product.mrpPaise);
      const [min, max] = product.isAddon ? [99_00, 999_00] : category === 'Fresh Flowers' ? [499_00, 2499_00] : [799_00, 3499_00];
      expect(product.sellingPricePaise).toBeGreaterThanOrEqual(min);
      expect(product.sellingPricePaise).toBeLessThanOrEqual(max);
    }
    expect(rows.filter(({ product }) => product.mrpPaise > product.sellingPricePaise).length).toBeGreaterThan(5);
    // A few nearly sold-out products for the overselling tests of later issues.
    expect(rows.filter(({ product }) => product.stock >= 1 && product.stock <= 3).length).toBeGreaterThanOrEqual(3);
  });

  it('gives every product unique codes and ids and texts within the form limits', async () => {
    const rows = await database.db.select().from(products);
    expect(new Set(rows.map((p) => p.itemCode.toLowerCase())).size).toBe(rows.length);
    expect(new Set(rows.map((p) => p.externalId)).size).toBe(rows.length);
    for (const p of rows) {
      expect(p.externalId).toMatch(/^p_[A-Za-z0-9_-]{10}$/);
      expect(p.name.length).toBeLessThanOrEqual(limits.productNameMax);
      expect(p.itemCode.length).toBeLessThanOrEqual(limits.itemCodeMax);
      for (const text of [p.description, p.note, p.shippingDetails]) {
        expect(text?.length ?? 0).toBeGreaterThan(40);
        expect(text?.length ?? 0).toBeLessThanOrEqual(limits.productTextMax);
      }
      // An add-on travels with the flowers it is bought with (issue 42).
      expect(p.shippingDetails).toContain(p.isAddon ? 'with your flowers' : '2 to 5 business days');
      expect(p.isRemoved).toBe(false);
    }
  });

  it('gives every product a real 960 px WebP picture with 320 and 640 variants', async () => {
    const rows = await database.db
      .select({ itemCode: products.itemCode, hash: productImages.contentHash })
      .from(products)
      .leftJoin(productImages, eq(productImages.productId, products.id));
    expect(rows).toHaveLength(demoProducts.length);
    const hashes = new Set<string>();
    for (const row of rows) {
      expect(row.hash, row.itemCode).toBeTruthy();
      hashes.add(row.hash!);
    }
    // Each picture is its own variation, not one image repeated.
    expect(hashes.size).toBe(demoProducts.length);

    const sample = [...hashes][0]!;
    const variants = await database.db.select().from(media).where(eq(media.contentHash, sample));
    const byName = new Map(variants.map((v) => [v.variant, v]));
    expect([...byName.keys()].sort()).toEqual(['original', 'w320', 'w640']);
    for (const [variant, width] of [['original', 960], ['w640', 640], ['w320', 320]] as const) {
      const row = byName.get(variant)!;
      const meta = await sharp(row.data).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([width, width]);
      expect([row.width, row.height, row.byteSize]).toEqual([width, width, row.data.length]);
      expect(row.contentType).toBe('image/webp');
    }
  });

  it('paints pictures, not blank boxes', async () => {
    const [row] = await database.db
      .select({ data: media.data })
      .from(media)
      .where(eq(media.variant, 'w320'))
      .limit(1);
    const stats = await sharp(row!.data).stats();
    // A flat image has no spread in any channel; flowers on a wall have plenty.
    for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(12);
  });

  it('sets all four site images at their sizes', async () => {
    const rows = await database.db
      .select({ slot: siteImages.slot, data: media.data })
      .from(siteImages)
      .innerJoin(media, eq(media.contentHash, siteImages.contentHash));
    expect(rows.map((r) => r.slot).sort()).toEqual([...siteImageSlots].sort());
    for (const row of rows) {
      const meta = await sharp(row.data).metadata();
      expect(meta.format).toBe('webp');
      expect({ width: meta.width, height: meta.height }).toEqual(bannerSizes[row.slot]);
    }
  });

  it('offers the two demo coupons the README names, active and valid', async () => {
    const rows = await database.db.select().from(coupons).orderBy(asc(coupons.id));
    expect(rows.map((c) => [c.code, c.kind, c.value, c.maxDiscountRupees, c.minOrderRupees, c.perBuyerLimit, c.active])).toEqual([
      ['WELCOME10', 'percent', 10, 300, 0, 1, true],
      ['FLAT150', 'flat', 150, null, 1500, null, true],
    ]);
  });

  it('does nothing when the database already has categories', async () => {
    const before = await database.db.select({ n: count() }).from(products);
    const mediaBefore = await database.db.select({ n: count() }).from(media);
    expect(await seedDemo(database.db)).toEqual({ seeded: false });
    expect(await database.db.select({ n: count() }).from(products)).toEqual(before);
    expect(await database.db.select({ n: count() }).from(media)).toEqual(mediaBefore);
  });

  it('leaves a database that has any category of its own alone', async () => {
    const other = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await other.db.insert(categories).values({ externalId: 'c_own', name: 'Own', description: 'An admin made this' });
      expect(await seedDemo(other.db)).toEqual({ seeded: false });
      expect(await other.db.select({ n: count() }).from(products)).toEqual([{ n: 0 }]);
    } finally {
      await other.close();
    }
  });

  it('paints the same picture for the same item code, and a different one for another', () => {
    const art = demoProducts[0]!.art;
    if ('gift' in art) throw new Error('The first demo product is a flower arrangement');
    expect(productSvg({ seed: 'EDF-SIDE-01', ...art })).toBe(productSvg({ seed: 'EDF-SIDE-01', ...art }));
    expect(productSvg({ seed: 'EDF-SIDE-02', ...art })).not.toBe(productSvg({ seed: 'EDF-SIDE-01', ...art }));
  });

  it('makes the same catalogue on every fresh database', async () => {
    const other = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await seedDemo(other.db);
      const pick = async (db: OpenDatabase) =>
        db.db
          .select({ hash: productImages.contentHash })
          .from(products)
          .innerJoin(productImages, eq(productImages.productId, products.id))
          .where(eq(products.itemCode, 'EDF-SIDE-01'));
      expect(await pick(other)).toEqual(await pick(database));
      // Names and prices come from the definition; only the public ids are random.
      const names = await other.db.select({ name: products.name, price: products.sellingPricePaise }).from(products).orderBy(asc(products.itemCode));
      const expected = [...demoProducts].sort((a, b) => (a.itemCode < b.itemCode ? -1 : 1)).map((p) => ({ name: p.name, price: p.sellingPricePaise }));
      expect(names).toEqual(expected);
    } finally {
      await other.close();
    }
  });

  it("keeps the pictures the server's build paints for its bundle exactly as the seed paints them", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-art-'));
    try {
      const file = join(dir, 'demo-art.bin');
      await writePaintedArt(file);
      // From the sources there is no build file beside demo-art.ts: renderDemoArt painted these itself.
      expect(readPaintedArt(file)).toEqual(await renderDemoArt());
      writeFileSync(file, 'not what the build writes');
      expect(readPaintedArt(file), 'an unreadable file: painted instead').toBeNull();
      expect(readPaintedArt(join(dir, 'missing.bin'))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('defines the catalogue the spec names', () => {
    expect(demoCatalog.map((c) => c.name)).toEqual(['Everlasting Dry Flowers', 'Fresh Flowers', 'Cakes & Chocolates', 'Gifts']);
    expect(demoProducts.map((p) => p.name)).toEqual(expect.arrayContaining(['Golden Pampas Posy', 'Blush Bunny-Tail Round', 'Red Rose Hand-Tied Bouquet']));
  });
});
