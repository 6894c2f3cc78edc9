/** Catalogue reads: one query per request shape, so a page never costs one query per category or product. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { categories, products, subCategories } from '../../db/schema';

type Reader = Database | Transaction;

export interface CatalogRow {
  categoryId: number;
  categoryName: string;
  subCategoryId: number | null;
  subCategoryName: string | null;
  product: {
    externalId: string;
    itemCode: string;
    name: string;
    sellingPricePaise: number;
    mrpPaise: number;
  } | null;
}

/** Categories → sub-categories → products that are not removed, in display order; optionally one category by name. */
export async function selectCatalogRows(db: Reader, categoryName?: string): Promise<CatalogRow[]> {
  const rows = await db
    .select({
      categoryId: categories.id,
      categoryName: categories.name,
      subCategoryId: subCategories.id,
      subCategoryName: subCategories.name,
      productExternalId: products.externalId,
      productItemCode: products.itemCode,
      productName: products.name,
      sellingPricePaise: products.sellingPricePaise,
      mrpPaise: products.mrpPaise,
    })
    .from(categories)
    .leftJoin(subCategories, eq(subCategories.categoryId, categories.id))
    .leftJoin(products, and(eq(products.subCategoryId, subCategories.id), eq(products.isRemoved, false)))
    .where(categoryName === undefined ? undefined : eq(sql`lower(${categories.name})`, categoryName.toLowerCase()))
    .orderBy(asc(categories.id), asc(subCategories.position), asc(subCategories.id), asc(products.id));

  return rows.map((row) => ({
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    subCategoryId: row.subCategoryId,
    subCategoryName: row.subCategoryName,
    product:
      row.productExternalId === null
        ? null
        : {
            externalId: row.productExternalId,
            itemCode: row.productItemCode ?? '',
            name: row.productName ?? '',
            sellingPricePaise: row.sellingPricePaise ?? 0,
            mrpPaise: row.mrpPaise ?? 0,
          },
  }));
}

export interface HeaderRow {
  categoryId: number;
  categoryName: string;
  subCategoryName: string | null;
}

export async function selectHeaderRows(db: Reader): Promise<HeaderRow[]> {
  return db
    .select({ categoryId: categories.id, categoryName: categories.name, subCategoryName: subCategories.name })
    .from(categories)
    .leftJoin(subCategories, eq(subCategories.categoryId, categories.id))
    .orderBy(asc(categories.id), asc(subCategories.position), asc(subCategories.id));
}

/** A product with its category's and sub-category's names: the detail page's columns, and the admin's base. */
export const productDetailColumns = {
  id: products.id,
  externalId: products.externalId,
  name: products.name,
  itemCode: products.itemCode,
  mrpPaise: products.mrpPaise,
  sellingPricePaise: products.sellingPricePaise,
  description: products.description,
  note: products.note,
  shippingDetails: products.shippingDetails,
  stock: products.stock,
  isRemoved: products.isRemoved,
  categoryName: categories.name,
  subCategoryName: subCategories.name,
};

export async function selectProductDetail(db: Reader, externalId: string) {
  const [row] = await db
    .select(productDetailColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId))
    .where(eq(products.externalId, externalId))
    .limit(1);
  return row ?? null;
}
