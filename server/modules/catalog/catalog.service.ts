/** Builds the storefront's catalogue shapes (SPEC.md §7) from database rows; removed products never appear. */
import type { z } from 'zod/mini';
import { allFlowersReply, categoryHeaderReply } from '../../../domain/catalog';
import type { AllFlowersReply, CatalogCategory, FlowerDetail, HeaderCategory } from '../../../domain/catalog';
import { paiseToRupees } from '../../../domain/money';
import type { Database } from '../../db/client';
import { NotFound } from '../../errors';
import { cachedCatalog } from './catalog.cache';
import type { Cached } from './catalog.cache';
import { selectCatalogRows, selectHeaderRows, selectProductDetail } from './catalog.queries';
import type { CatalogRow } from './catalog.queries';
import { productSummaryOf } from './product-summary';
import { ratingOf } from '../reviews/reviews.service';

export const productNotFoundMessage = 'Product not found';

type CategoryHeaderReply = z.infer<typeof categoryHeaderReply>;

/**
 * The cached replies are checked against their schemas once per load, as the routes' serializer would check them on
 * every answer: the routes send the cached JSON as it is.
 */
export function getAllFlowers(db: Database, categoryName?: string): Promise<Cached<AllFlowersReply>> {
  const key = categoryName === undefined ? 'all' : `category:${categoryName.toLowerCase()}`;
  return cachedCatalog(db, key, async () => allFlowersReply.parse({ products: assembleCatalog(await selectCatalogRows(db, categoryName)) }));
}

export const flowerDetailBody = (flowerDetail: FlowerDetail) => ({ flowerDetail });

export function getCategoryHeader(db: Database): Promise<Cached<CategoryHeaderReply>> {
  return cachedCatalog(db, 'header', async () => {
    const byCategory = new Map<number, HeaderCategory>();
    for (const row of await selectHeaderRows(db)) {
      let category = byCategory.get(row.categoryId);
      if (!category) {
        category = { categoryName: row.categoryName, Subcategories: [] };
        byCategory.set(row.categoryId, category);
      }
      if (row.subCategoryName !== null) category.Subcategories.push(row.subCategoryName);
    }
    return categoryHeaderReply.parse({ status: '200', body: [...byCategory.values()] });
  });
}

export async function getFlowerDetail(db: Database, externalId: string): Promise<FlowerDetail> {
  const product = await selectProductDetail(db, externalId);
  if (!product || product.isRemoved) throw new NotFound(productNotFoundMessage);
  return {
    externalId: product.externalId,
    id: product.id,
    productName: product.name,
    itemCode: product.itemCode,
    mrp: paiseToRupees(product.mrpPaise),
    sellingPrice: paiseToRupees(product.sellingPricePaise),
    description: product.description,
    note: product.note,
    shippingDetails: product.shippingDetails,
    quantity: product.stock,
    isRemoved: product.isRemoved,
    flowerCategoryName: product.categoryName,
    flowerSubCategoryName: product.subCategoryName,
    deliveryKind: product.deliveryKind,
    rating: ratingOf(product.stars ?? []),
  };
}

/** Rows arrive ordered by category, sub-category position and product id; grouping keeps that order. */
function assembleCatalog(rows: CatalogRow[]): CatalogCategory[] {
  const categories = new Map<number, CatalogCategory>();
  const subCategories = new Map<number, CatalogCategory['SubProductCategories'][number]>();
  for (const row of rows) {
    let category = categories.get(row.categoryId);
    if (!category) {
      category = { categoryName: row.categoryName, SubProductCategories: [] };
      categories.set(row.categoryId, category);
    }
    if (row.subCategoryId === null || row.subCategoryName === null) continue;
    let subCategory = subCategories.get(row.subCategoryId);
    if (!subCategory) {
      subCategory = { subCategoryName: row.subCategoryName, ProductSubProducts: [] };
      subCategories.set(row.subCategoryId, subCategory);
      category.SubProductCategories.push(subCategory);
    }
    if (row.product) {
      subCategory.ProductSubProducts.push({
        ProductDatum: productSummaryOf(row.product),
      });
    }
  }
  return [...categories.values()];
}
