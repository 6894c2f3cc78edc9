/**
 * Low stock (issue 41, back office item 4): the flowers on sale with fewer in stock than the Settings' threshold, for
 * the admin's list, and the shop's morning mail that lists them (server/jobs/low-stock.job.ts).
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import { indiaDateOf } from '../../../domain/india-time';
import type { IndiaDate } from '../../../domain/india-time';
import { pagePaths } from '../../../domain/page-paths';
import type { LowStockProduct, LowStockReport } from '../../../domain/reports';
import type { ShopConfig } from '../../config';
import type { Database } from '../../db/client';
import { categories, products, subCategories } from '../../db/schema';
import { composeMail } from '../mail/mail-template';
import { queueMail } from '../mail/mail-queue';
import type { QueuedMail } from '../mail/mail-queue';
import type { MailContext } from '../orders/order-mails';
import { readSettings } from '../settings/settings.service';

/** The flowers not removed with fewer than `threshold` in stock, fewest first, then by name. */
async function productsBelow(db: Database, threshold: number): Promise<LowStockProduct[]> {
  return db
    .select({
      externalId: products.externalId,
      name: products.name,
      category: categories.name,
      subCategory: subCategories.name,
      stock: products.stock,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId))
    .where(and(eq(products.isRemoved, false), lt(products.stock, threshold)))
    .orderBy(asc(products.stock), asc(products.name));
}

/** The low flowers under the threshold saved in Settings (or its default). */
export async function lowStockFor(db: Database, shop: ShopConfig): Promise<LowStockReport> {
  const { lowStockThreshold: threshold } = await readSettings(db, shop);
  return { threshold, products: await productsBelow(db, threshold) };
}

/** The shop's mail of the day's low flowers; its key names the India day, so that a day has one at most. */
export function lowStockMail({ shop, publicBaseUrl }: MailContext, report: LowStockReport, day: IndiaDate): QueuedMail {
  const { products: low, threshold } = report;
  const screen = `${publicBaseUrl}${pagePaths.adminLowStock}`;
  const content = composeMail(shop, {
    heading: low.length === 1 ? 'One flower is low in stock' : `${low.length} flowers are low in stock`,
    paragraphs: [`These flowers have fewer than ${threshold} in stock (Settings, “Low stock below”). Restock them from the admin’s low stock list.`],
    details: low.map((product) => [`${product.name} (${product.category})`, `${product.stock} in stock`]),
    links: [{ text: 'Open the low stock list', href: screen }],
  });
  return {
    key: `low-stock:${day}`,
    kind: 'low_stock',
    to: shop.email,
    subject: `Low stock on ${day}: ${low.length} ${low.length === 1 ? 'flower' : 'flowers'} below ${threshold}`,
    ...content,
  };
}

/**
 * Queues the day's low stock mail when any flower is low and none was queued this India day; its id, for
 * sendQueuedMails, or null (nothing low, or already queued by an earlier run or another instance).
 */
export async function queueLowStockMail(db: Database, context: MailContext, now: Date): Promise<number | null> {
  const report = await lowStockFor(db, context.shop);
  if (report.products.length === 0) return null;
  return queueMail(db, lowStockMail(context, report, indiaDateOf(now)));
}
