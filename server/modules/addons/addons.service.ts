/**
 * Add-ons (issue 42): the live, in-stock products marked as add-ons, read through their partial index (migration
 * 0024). Not cached with the catalogue: they follow stock, which changes with every order without touching the
 * catalogue's version.
 */
import { and, asc, eq, gt, not } from 'drizzle-orm';
import { addonsLimit } from '../../../domain/addons';
import type { AddonsReply } from '../../../domain/addons';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { categories, products } from '../../db/schema';
import { resolvedDeliveryKind } from '../catalog/catalog.queries';
import { productSummaryOf } from '../catalog/product-summary';

const liveAddons = preparedStatement('live_addons', (db) =>
  db
    .select({
      externalId: products.externalId,
      itemCode: products.itemCode,
      name: products.name,
      sellingPricePaise: products.sellingPricePaise,
      mrpPaise: products.mrpPaise,
      deliveryKind: resolvedDeliveryKind,
      categoryName: categories.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.isAddon, true), not(products.isRemoved), gt(products.stock, 0)))
    .orderBy(asc(products.id))
    .limit(addonsLimit),
);

export async function listAddons(db: Database): Promise<AddonsReply> {
  const rows = await liveAddons(db, {});
  return {
    addons: rows.map((row) => ({ ...productSummaryOf(row), categoryName: row.categoryName })),
  };
}
