/**
 * Fills a fresh database with the demo catalogue: categories, sub-categories, products with generated pictures, the
 * hero and bottom banner images, service areas and two coupons (WELCOME10, FLAT150). Runs only when there are no
 * categories yet, and writes everything in one transaction so an interrupted start leaves nothing half-seeded.
 */
import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Database, Transaction } from '../client';
import { categories, productImages, products, subCategories } from '../schema';
import { demoServiceAreas, insertServiceArea } from '../../modules/delivery/service-areas.service';
import { demoCoupons } from '../../modules/coupons/coupons.service';
import { insertCoupon } from '../../modules/coupons/coupons.queries';
import { invalidateCatalogCache, notifyCatalogChanged } from '../../modules/catalog/catalog.cache';
import { saveImage, setSiteImage } from '../../modules/media/media.service';
import { renderDemoArt } from './demo-art';
import { demoCatalog, demoProducts } from './demo-catalog';

/** Short, url-safe and unguessable enough for public ids: 60 random bits. */
export function externalId(prefix: 'c' | 's' | 'p'): string {
  return `${prefix}_${randomBytes(8).toString('base64url').slice(0, 10)}`;
}

async function isFresh(db: Database | Transaction): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories);
  return (row?.n ?? 0) === 0;
}

export async function seedDemo(db: Database, log: (message: string) => void = () => undefined): Promise<{ seeded: boolean }> {
  if (!(await isFresh(db))) return { seeded: false };
  const started = performance.now();
  // Painting is CPU work on sharp's thread pool; keep it outside the transaction.
  const art = await renderDemoArt();
  const painted = performance.now();

  const seeded = await db.transaction(async (tx) => {
    // A second server starting at the same moment may have won the race.
    if (!(await isFresh(tx))) return false;
    const productIds: { id: number; itemCode: string }[] = [];
    for (const category of demoCatalog) {
      const [inserted] = await tx
        .insert(categories)
        .values({ externalId: externalId('c'), name: category.name, description: category.description, gstRateBp: category.gstRateBp, deliveryKind: category.deliveryKind, ...(category.hsnCode ? { hsnCode: category.hsnCode } : {}) })
        .returning({ id: categories.id });
      if (!inserted) throw new Error(`Could not insert category ${category.name}`);
      for (const [position, sub] of category.subCategories.entries()) {
        const [subRow] = await tx
          .insert(subCategories)
          .values({ externalId: externalId('s'), name: sub.name, description: sub.description, categoryId: inserted.id, position })
          .returning({ id: subCategories.id });
        if (!subRow) throw new Error(`Could not insert sub-category ${sub.name}`);
        const rows = await tx
          .insert(products)
          .values(
            sub.products.map((p) => ({
              externalId: externalId('p'),
              name: p.name,
              itemCode: p.itemCode,
              mrpPaise: p.mrpPaise,
              sellingPricePaise: p.sellingPricePaise,
              description: p.description,
              note: p.note,
              shippingDetails: p.shippingDetails,
              stock: p.stock,
              isAddon: p.isAddon ?? false,
              hsnCode: p.hsnCode ?? null,
              categoryId: inserted.id,
              subCategoryId: subRow.id,
            })),
          )
          .returning({ id: products.id, itemCode: products.itemCode });
        productIds.push(...rows);
      }
    }

    for (const image of [...art.products.values(), ...art.sites.values()]) await saveImage(tx, image);
    await tx.insert(productImages).values(
      productIds.map(({ id, itemCode }) => {
        const image = art.products.get(itemCode);
        if (!image) throw new Error(`No demo picture for ${itemCode}`);
        return { productId: id, contentHash: image.hash, position: 0 };
      }),
    );
    for (const [slot, image] of art.sites) await setSiteImage(tx, slot, image.hash);
    for (const area of demoServiceAreas) await insertServiceArea(tx, area);
    for (const coupon of demoCoupons) await insertCoupon(tx, coupon, new Date());
    // Servers already running on this PostgreSQL may have cached the empty catalogue.
    await notifyCatalogChanged(tx);
    return true;
  });

  if (seeded) {
    invalidateCatalogCache(db);
    const total = Math.round(performance.now() - started);
    log(
      `Demo catalogue seeded: ${demoCatalog.length} categories, ${demoProducts.length} products and ${art.products.size + art.sites.size} images in ${total} ms (pictures ${Math.round(painted - started)} ms)`,
    );
  }
  return { seeded };
}
