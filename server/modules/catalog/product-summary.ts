/** A product as its card shows it (domain/catalog.ts productSummary): the catalogue's grid, search results, add-ons. */
import type { ProductSummary } from '../../../domain/catalog';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import { paiseToRupees } from '../../../domain/money';
import type { StarCounts } from '../reviews/reviews.queries';
import { cardRating } from '../reviews/reviews.service';

export interface ProductSummaryRow {
  externalId: string;
  itemCode: string;
  name: string;
  sellingPricePaise: number;
  mrpPaise: number;
  deliveryKind: DeliveryKind;
  /** Visible reviews per number of stars, 1..5; null or absent when it has none (its card shows no stars). */
  stars?: StarCounts | null;
}

export function productSummaryOf(row: ProductSummaryRow): ProductSummary {
  return {
    externalId: row.externalId,
    itemCode: row.itemCode,
    productName: row.name,
    sellingPrice: paiseToRupees(row.sellingPricePaise),
    mrp: paiseToRupees(row.mrpPaise),
    deliveryKind: row.deliveryKind,
    ...cardRating(row.stars ?? null),
  };
}
