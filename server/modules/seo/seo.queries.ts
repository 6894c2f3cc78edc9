/** What the sitemap lists: every sub-category page and every product that is not removed, with when each last changed. */
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, products, subCategories } from '../../db/schema';

export interface SitemapRows {
  subCategories: { categoryName: string; subCategoryName: string; updatedAt: Date }[];
  products: { externalId: string; updatedAt: Date }[];
}

export async function selectSitemapRows(db: Database): Promise<SitemapRows> {
  const subCategoryRows = await db
    .select({
      categoryName: categories.name,
      subCategoryName: subCategories.name,
      // A sub-category's page shows its category's name too: it changed when either did.
      updatedAt: sql<Date>`greatest(${categories.updatedAt}, ${subCategories.updatedAt})`.mapWith(subCategories.updatedAt),
    })
    .from(subCategories)
    .innerJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(isNotNull(subCategories.categoryId))
    .orderBy(asc(categories.id), asc(subCategories.position), asc(subCategories.id));
  const productRows = await db
    .select({ externalId: products.externalId, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isRemoved, false))
    .orderBy(asc(products.id));
  return { subCategories: subCategoryRows, products: productRows };
}
