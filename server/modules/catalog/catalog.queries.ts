/** Catalogue reads: one query per request shape, so a page never costs one query per category or product. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import { preparedStatement } from '../../db/prepared';
import { categories, productRatings, products, subCategories } from '../../db/schema';
import type { StarCounts } from '../reviews/reviews.queries';
import type { ProductSummaryRow } from './product-summary';

type Reader = Database | Transaction;

/** A product's delivery kind (issue 40): its own override, else its category's. Needs `categories` joined. */
export const resolvedDeliveryKind = sql<DeliveryKind>`coalesce(${products.deliveryKind}, ${categories.deliveryKind})`;

export interface CatalogRow {
  categoryId: number;
  categoryName: string;
  subCategoryId: number | null;
  subCategoryName: string | null;
  /** With its visible reviews per number of stars, 1..5 (issue 42); null when nobody reviewed it. */
  product: (ProductSummaryRow & { stars: StarCounts | null }) | null;
}

/** The ratings row's five counts (needs `product_ratings` left-joined); null without a row. */
const starCounts = sql<StarCounts | null>`case when ${productRatings.productId} is null then null
  else json_build_array(${productRatings.oneStar}, ${productRatings.twoStars}, ${productRatings.threeStars}, ${productRatings.fourStars}, ${productRatings.fiveStars}) end`;

const catalogRows = (db: Reader, where?: SQL) =>
  db
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
      deliveryKind: resolvedDeliveryKind,
      stars: starCounts,
    })
    .from(categories)
    .leftJoin(subCategories, eq(subCategories.categoryId, categories.id))
    .leftJoin(products, and(eq(products.subCategoryId, subCategories.id), eq(products.isRemoved, false)))
    .leftJoin(productRatings, eq(productRatings.productId, products.id))
    .where(where)
    .orderBy(asc(categories.id), asc(subCategories.position), asc(subCategories.id), asc(products.id));

const allCatalogRows = preparedStatement('catalog_rows', (db) => catalogRows(db));
const categoryCatalogRows = preparedStatement('catalog_rows_of_category', (db) =>
  catalogRows(db, eq(sql`lower(${categories.name})`, sql.placeholder('categoryName'))),
);

/** Categories → sub-categories → products that are not removed, in display order; optionally one category by name. */
export async function selectCatalogRows(db: Reader, categoryName?: string): Promise<CatalogRow[]> {
  const rows =
    categoryName === undefined ? await allCatalogRows(db) : await categoryCatalogRows(db, { categoryName: categoryName.toLowerCase() });

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
            deliveryKind: row.deliveryKind,
            stars: row.stars,
          },
  }));
}

export interface HeaderRow {
  categoryId: number;
  categoryName: string;
  subCategoryName: string | null;
}

export const selectHeaderRows: (db: Reader) => Promise<HeaderRow[]> = preparedStatement('category_header', (db) =>
  db
    .select({ categoryId: categories.id, categoryName: categories.name, subCategoryName: subCategories.name })
    .from(categories)
    .leftJoin(subCategories, eq(subCategories.categoryId, categories.id))
    .orderBy(asc(categories.id), asc(subCategories.position), asc(subCategories.id)),
);

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
  deliveryKind: resolvedDeliveryKind,
};

const productDetail = preparedStatement('product_detail', (db) =>
  db
    .select({ ...productDetailColumns, stars: starCounts })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId))
    .leftJoin(productRatings, eq(productRatings.productId, products.id))
    .where(eq(products.externalId, sql.placeholder('externalId')))
    .limit(1),
);

export async function selectProductDetail(db: Reader, externalId: string) {
  const [row] = await productDetail(db, { externalId });
  return row ?? null;
}
