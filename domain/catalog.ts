import { z } from 'zod/mini';
import { deliveryKind } from './delivery-kind';
import type { DeliveryKind } from './delivery-kind';
import { imageWidths } from './product-images';
import { productRating } from './reviews';

/**
 * Catalogue contract of SPEC.md §3 and §7 "Catalogue and images". Field names are the spec's, including its
 * capitalisation. Money is rupees on the wire.
 */
const rupees = z.number().check(z.nonnegative());

export const productSummary = z.object({
  externalId: z.string(),
  itemCode: z.string(),
  productName: z.string(),
  sellingPrice: rupees,
  mrp: rupees,
  /** How it reaches the buyer: its own setting, else its category's (issue 40). */
  deliveryKind,
  /** Its visible reviews' average and count (issue 42); absent while it has none. */
  rating: z.optional(productRating),
});
export type ProductSummary = z.infer<typeof productSummary>;

/** The product page's line under the price: what each delivery kind promises (issue 40). */
export const deliveryPromises: Record<DeliveryKind, string> = {
  hand: 'Hand-delivered fresh on the date you choose',
  courier: 'Sent by courier: 2 to 5 business days',
};

export const catalogSubCategory = z.object({
  subCategoryName: z.string(),
  ProductSubProducts: z.array(z.object({ ProductDatum: productSummary })),
});
export type CatalogSubCategory = z.infer<typeof catalogSubCategory>;

export const catalogCategory = z.object({
  categoryName: z.string(),
  SubProductCategories: z.array(catalogSubCategory),
});
export type CatalogCategory = z.infer<typeof catalogCategory>;

/** `GET allflowers[?category_name=]` */
export const allFlowersQuery = z.object({
  category_name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(50))),
});
export const allFlowersReply = z.object({ products: z.array(catalogCategory) });
export type AllFlowersReply = z.infer<typeof allFlowersReply>;

/** `GET categoryheader` — status is the string '200', as the original API sent it. */
export const headerCategory = z.object({ categoryName: z.string(), Subcategories: z.array(z.string()) });
export type HeaderCategory = z.infer<typeof headerCategory>;
export const categoryHeaderReply = z.object({ status: z.literal('200'), body: z.array(headerCategory) });

/** `GET flowerdetail/{flower_ext_id}` */
export const externalIdParam = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'Invalid product id' }));
export const flowerDetail = z.object({
  externalId: z.string(),
  id: z.number().check(z.int()),
  productName: z.string(),
  itemCode: z.string(),
  mrp: rupees,
  sellingPrice: rupees,
  description: z.nullable(z.string()),
  note: z.nullable(z.string()),
  shippingDetails: z.nullable(z.string()),
  quantity: z.number().check(z.int()),
  isRemoved: z.boolean(),
  flowerCategoryName: z.string(),
  flowerSubCategoryName: z.string(),
  /** Resolved as in the catalogue: the product's own setting, else its category's. */
  deliveryKind,
  /** Its visible reviews' average (one decimal, 0 with none) and count (issue 42), for the page and its JSON-LD. */
  rating: productRating,
});
export type FlowerDetail = z.infer<typeof flowerDetail>;
export const flowerDetailReply = z.object({ flowerDetail });

/** `GET flowerimage?sys_name={itemCode}[&w=]` — w picks a resized variant for srcset. */
export const flowerImageQuery = z.object({
  sys_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(50)),
  w: z.optional(
    z.coerce
      .number()
      .check(
        z.int(),
        z.refine((w: number) => (imageWidths as readonly number[]).includes(w), {
          error: `w must be one of ${imageWidths.join(', ')}`,
        }),
      ),
  ),
});
