/**
 * Small factories for catalogue fixtures, inserted straight into the database with Drizzle. Each call makes unique
 * names and ids unless the test says otherwise; a product without a sub-category gets its own category and
 * sub-category. Also contact messages, and the address body the checkout and account forms send.
 */
import type { Database } from '../../../server/db/client';
import { randomUUID } from 'node:crypto';
import { categories, contactMessages, deliveryAreas, mails, products, subCategories } from '../../../server/db/schema';
import { invalidateCatalogCache } from '../../../server/modules/catalog/catalog.cache';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

export type CategoryRow = typeof categories.$inferSelect;
export type SubCategoryRow = typeof subCategories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export async function aCategory(
  db: Database,
  overrides: Partial<typeof categories.$inferInsert> = {},
): Promise<CategoryRow> {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ externalId: `cat-${n}`, name: `Category ${n}`, description: `Category ${n} description`, ...overrides })
    .returning();
  return row!;
}

export async function aSubCategory(
  db: Database,
  overrides: Partial<typeof subCategories.$inferInsert> = {},
): Promise<SubCategoryRow> {
  const n = next();
  const categoryId = overrides.categoryId === undefined ? (await aCategory(db)).id : overrides.categoryId;
  const [row] = await db
    .insert(subCategories)
    .values({ externalId: `sub-${n}`, name: `Sub ${n}`, description: `Sub-category ${n}`, position: n, ...overrides, categoryId })
    .returning();
  return row!;
}

export interface ProductOverrides extends Partial<typeof products.$inferInsert> {
  subCategory?: SubCategoryRow;
}

export async function aProduct(db: Database, overrides: ProductOverrides = {}): Promise<ProductRow> {
  const n = next();
  const { subCategory: given, ...columns } = overrides;
  const subCategory = given ?? (await aSubCategory(db));
  const [row] = await db
    .insert(products)
    .values({
      externalId: `prod-${n}`,
      name: `Flower ${n}`,
      itemCode: `ITEM-${n}`,
      mrpPaise: 150_000,
      sellingPricePaise: 125_000,
      description: `Description of flower ${n}`,
      note: `Note for flower ${n}`,
      shippingDetails: 'Ships in 2 to 5 business days',
      stock: 10,
      categoryId: subCategory.categoryId ?? (await aCategory(db)).id,
      subCategoryId: subCategory.id,
      ...columns,
    })
    .returning();
  return row!;
}

export async function allContactMessages(db: Database) {
  return db.select().from(contactMessages);
}

/** A stored Contact Us message, unread unless `readAt` is given. */
export async function aContactMessage(db: Database, columns: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await db
    .insert(contactMessages)
    .values({ fullName: 'Asha Raman', email: 'asha@example.in', phoneNumber: '9876543210', message: 'Do you deliver to Madurai?', ...columns })
    .returning();
  return row!;
}

/** A mail the mail server refused for good, as the mail queue leaves one: its id. */
export async function aFailedMail(db: Database): Promise<number> {
  const [mail] = await db
    .insert(mails)
    .values({ key: `test:${randomUUID()}`, kind: 'contact', to: 'shop@example.in', subject: 'Refused', text: 'Refused', status: 'failed', attempts: 3, lastError: '550 No such mailbox' })
    .returning({ id: mails.id });
  return mail!.id;
}

/** A service area for hand delivery, named uniquely: its id. */
/** The one pincode aDeliveryArea's area holds. */
export const deliveryAreaPincode = '600001';

export async function aDeliveryArea(db: Database): Promise<number> {
  const [area] = await db
    .insert(deliveryAreas)
    .values({ name: `Area ${randomUUID().slice(0, 8)}`, pincodes: deliveryAreaPincode })
    .returning({ id: deliveryAreas.id });
  // Written past the service, so the delivery rules' cache is told here.
  invalidateCatalogCache(db);
  return area!.id;
}

/** A delivery address as the checkout and account forms send it. */
export const anAddressBody = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Meena K.',
  address: '12 Lake Road',
  locality: 'T Nagar',
  landmark: 'Near the temple',
  city: 'Chennai',
  pincode: '600017',
  state: 'Tamil Nadu',
  country: 'India',
  phoneNumber: '9876543210',
  ...overrides,
});

/** The admin product form's fields (SPEC.md §5) for a new product in a fresh sub-category; names and codes unique. */
export async function aProductForm(db: Database, overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  const sub = await aSubCategory(db);
  const n = next();
  return {
    flowerName: `Admin Rose ${n}`,
    flowerItemCode: `AR-${n}`,
    mrp: '1500',
    sellingPrice: '1250',
    description: 'A dozen red roses, hand tied.',
    Quantity: '7',
    isRemoved: 'false',
    flowerCategoryName: String(sub.categoryId),
    flowerSubCategoryName: String(sub.id),
    shippingdetails: 'Ships in 2 days',
    note: 'Keep in water',
    ...overrides,
  };
}
