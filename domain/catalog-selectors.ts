// What the catalogue screens derive from the API's nested catalogue (products → SubProductCategories →
// ProductSubProducts → ProductDatum), kept out of the views; the server finds a category page's first picture with
// them too (server/modules/catalog/catalog-page.ts).
import type { CatalogCategory, CatalogSubCategory, ProductSummary } from './catalog';

export function findCategory(categories: CatalogCategory[], categoryName: string): CatalogCategory | undefined {
  return categories.find((category) => category.categoryName === categoryName);
}

export function productsOf(category: CatalogCategory | undefined, subCategoryName: string): ProductSummary[] {
  const sub = category?.SubProductCategories.find((candidate) => candidate.subCategoryName === subCategoryName);
  return sub ? sub.ProductSubProducts.map((entry) => entry.ProductDatum) : [];
}

export function firstSubCategoryName(category: CatalogCategory): string | undefined {
  return category.SubProductCategories[0]?.subCategoryName;
}

/** The home page's Dry Flowers tile: the first sub-category of the category whose name contains "dry". */
export function dryFlowersTarget(categories: CatalogCategory[]): { categoryName: string; subCategoryName: string } | undefined {
  const dry = categories.find((category) => category.categoryName.toLowerCase().includes('dry'));
  const sub = dry && firstSubCategoryName(dry);
  return dry && sub ? { categoryName: dry.categoryName, subCategoryName: sub } : undefined;
}

export interface SubCategoryCard {
  subCategoryName: string;
  /** The first product stands for its sub-category on the home page. */
  product: ProductSummary;
}

export function subCategoryCards(category: CatalogCategory): SubCategoryCard[] {
  return category.SubProductCategories.flatMap((sub: CatalogSubCategory) => {
    const product = sub.ProductSubProducts[0]?.ProductDatum;
    return product ? [{ subCategoryName: sub.subCategoryName, product }] : [];
  });
}

export function firstProductOf(categories: CatalogCategory[], categoryName: string, subCategoryName?: string) {
  const category = findCategory(categories, categoryName);
  if (!category) return undefined;
  if (subCategoryName) return productsOf(category, subCategoryName)[0];
  return subCategoryCards(category)[0]?.product;
}

export function inSlides<T>(items: T[], perSlide: number): T[][] {
  const slides: T[][] = [];
  for (let start = 0; start < items.length; start += perSlide) slides.push(items.slice(start, start + perSlide));
  return slides;
}

/** The struck-through MRP shows only when it is above the selling price (SPEC.md §2). */
export function hasDiscount(product: { mrp: number; sellingPrice: number }): boolean {
  return product.mrp > product.sellingPrice;
}
