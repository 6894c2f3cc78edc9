/**
 * The admin catalogue's rules (SPEC.md §5 "Admin catalogue forms", §7 "Admin"): categories, sub-categories, products
 * with their images and the four site images. Routes have checked the caller is an admin and the fields' shapes;
 * here are the cross-row rules (duplicates case-insensitively, a sub-category inside its category), one transaction
 * per write, and the storefront's catalogue cache forgotten after every write: in this process at once, in the other
 * processes on the same PostgreSQL by a notification sent with the write's commit (catalog.cache.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type {
  AdminCategory,
  AdminProduct,
  AdminSubCategory,
  CreateCategoryRequest,
  CreateSubCategoryRequest,
  ProductCreateFields,
  ProductUpdateFields,
  UpdateCategoryRequest,
  UpdateSubCategoryRequest,
} from '../../../domain/admin-catalog';
import { adminCatalogMessages as messages } from '../../../domain/admin-catalog';
import { paiseToRupees } from '../../../domain/money';
import type { SiteImageSlot } from '../../../domain/site-images';
import type { Database, Transaction } from '../../db/client';
import { categories, productImages, products, subCategories } from '../../db/schema';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { invalidateCatalogCache, notifyCatalogChanged } from '../catalog/catalog.cache';
import { productDetailColumns } from '../catalog/catalog.queries';
import { prepareImage, replaceProductImages, saveImage, setSiteImage } from '../media/media.service';
import type { PreparedImage } from '../media/media.service';

type Tx = Transaction | Database;

/** Postgres unique_violation, possibly wrapped by the driver or Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a write; a unique violation (two admins racing) becomes the same 409 as the checked duplicate. */
async function write<T>(db: Database, duplicateMessage: string, run: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    const result = await db.transaction(async (tx) => {
      const outcome = await run(tx);
      await notifyCatalogChanged(tx);
      return outcome;
    });
    invalidateCatalogCache(db);
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(duplicateMessage);
    throw error;
  }
}

const newExternalId = (prefix: string) => `${prefix}-${randomBytes(9).toString('base64url')}`;
const lowerEq = (column: Parameters<typeof sql>[1], value: string) => sql`lower(${column}) = lower(${value})`;

// ---- Categories ---------------------------------------------------------------------------------------------------

type CategoryRow = typeof categories.$inferSelect;

function toCategory(row: CategoryRow): AdminCategory {
  return {
    id: row.id,
    externalId: row.externalId,
    categoryName: row.name,
    categoryDescription: row.description,
    categoryGst: row.gstRateBp === null ? null : row.gstRateBp / 100,
    deliveryKind: row.deliveryKind,
    hsnCode: row.hsnCode,
  };
}

export async function listCategories(db: Database): Promise<AdminCategory[]> {
  return (await db.select().from(categories).orderBy(asc(categories.id))).map(toCategory);
}

export async function getCategory(db: Database, id: number): Promise<AdminCategory> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw new NotFound(messages.categoryNotFound);
  return toCategory(row);
}

export async function createCategory(db: Database, input: CreateCategoryRequest): Promise<void> {
  await write(db, messages.dataExists, async (tx) => {
    const [taken] = await tx.select({ id: categories.id }).from(categories).where(lowerEq(categories.name, input.categoryName)).limit(1);
    if (taken) throw new Conflict(messages.dataExists);
    await tx.insert(categories).values({
      externalId: newExternalId('cat'),
      name: input.categoryName,
      description: input.categoryDescription,
      deliveryKind: input.deliveryKind ?? 'courier',
      ...(input.hsnCode === undefined ? {} : { hsnCode: input.hsnCode }),
    });
  });
}

export async function updateCategory(db: Database, input: UpdateCategoryRequest): Promise<void> {
  await write(db, messages.dataExists, async (tx) => {
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(lowerEq(categories.name, input.categoryName), ne(categories.id, input.id)))
      .limit(1);
    if (taken) throw new Conflict(messages.dataExists);
    const updated = await tx
      .update(categories)
      .set({
        name: input.categoryName,
        description: input.categoryDescription,
        gstRateBp: input.CategoryGst === null ? null : Math.round(input.CategoryGst * 100),
        ...(input.deliveryKind === undefined ? {} : { deliveryKind: input.deliveryKind }),
        ...(input.hsnCode === undefined ? {} : { hsnCode: input.hsnCode }),
        updatedAt: sql`now()`,
      })
      .where(eq(categories.id, input.id))
      .returning({ id: categories.id });
    if (updated.length === 0) throw new NotFound(messages.categoryNotFound);
  });
}

// ---- Sub-categories -----------------------------------------------------------------------------------------------

const subCategoryColumns = {
  id: subCategories.id,
  externalId: subCategories.externalId,
  name: subCategories.name,
  description: subCategories.description,
  categoryId: subCategories.categoryId,
  categoryName: categories.name,
};

function toSubCategory(row: {
  id: number;
  externalId: string;
  name: string;
  description: string;
  categoryId: number | null;
  categoryName: string | null;
}): AdminSubCategory {
  return {
    id: row.id,
    externalId: row.externalId,
    subCategoryName: row.name,
    subCategoryDescription: row.description,
    ProductCategoryId: row.categoryId,
    ProductCategory: row.categoryId !== null && row.categoryName !== null ? { id: row.categoryId, categoryName: row.categoryName } : null,
  };
}

export async function listSubCategories(db: Database, categoryId?: number): Promise<AdminSubCategory[]> {
  const rows = await db
    .select(subCategoryColumns)
    .from(subCategories)
    .leftJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(categoryId === undefined ? undefined : eq(subCategories.categoryId, categoryId))
    .orderBy(asc(subCategories.id));
  return rows.map(toSubCategory);
}

export async function getSubCategory(db: Database, id: number): Promise<AdminSubCategory> {
  const [row] = await db
    .select(subCategoryColumns)
    .from(subCategories)
    .leftJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(eq(subCategories.id, id))
    .limit(1);
  if (!row) throw new NotFound(messages.subCategoryNotFound);
  return toSubCategory(row);
}

async function requireCategory(tx: Tx, id: number): Promise<void> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw new BadRequest(messages.categoryNotFound);
}

/** A sub-category name is unique within its category, case-insensitively (as the database's index). */
async function subCategoryNameTaken(tx: Tx, name: string, categoryId: number | null, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: subCategories.id })
    .from(subCategories)
    .where(
      and(
        lowerEq(subCategories.name, name),
        categoryId === null ? sql`${subCategories.categoryId} is null` : eq(subCategories.categoryId, categoryId),
        exceptId === undefined ? undefined : ne(subCategories.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function createSubCategory(db: Database, input: CreateSubCategoryRequest): Promise<void> {
  await write(db, messages.dataExists, async (tx) => {
    await requireCategory(tx, input.productCategoryName);
    if (await subCategoryNameTaken(tx, input.subCategoryName, input.productCategoryName)) throw new Conflict(messages.dataExists);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${subCategories.position}), 0)` })
      .from(subCategories)
      .where(eq(subCategories.categoryId, input.productCategoryName));
    await tx.insert(subCategories).values({
      externalId: newExternalId('sub'),
      name: input.subCategoryName,
      description: input.subCategoryDescription,
      categoryId: input.productCategoryName,
      position: Number(last?.position ?? 0) + 1,
    });
  });
}

export async function updateSubCategory(db: Database, input: UpdateSubCategoryRequest): Promise<void> {
  await write(db, messages.dataExists, async (tx) => {
    const [current] = await tx.select().from(subCategories).where(eq(subCategories.id, input.id)).limit(1);
    if (!current) throw new NotFound(messages.subCategoryNotFound);
    const categoryId = input.productCategoryName ?? current.categoryId;
    if (input.productCategoryName !== undefined) await requireCategory(tx, input.productCategoryName);
    if (await subCategoryNameTaken(tx, input.subCategoryName, categoryId, input.id)) throw new Conflict(messages.dataExists);
    await tx
      .update(subCategories)
      .set({ name: input.subCategoryName, description: input.subCategoryDescription, categoryId, updatedAt: sql`now()` })
      .where(eq(subCategories.id, input.id));
    // Products follow their sub-category when it moves to another category.
    if (categoryId !== null && categoryId !== current.categoryId) {
      await tx.update(products).set({ categoryId, updatedAt: sql`now()` }).where(eq(products.subCategoryId, input.id));
    }
  });
}

// ---- Products -----------------------------------------------------------------------------------------------------

const productColumns = {
  ...productDetailColumns,
  categoryId: products.categoryId,
  subCategoryId: products.subCategoryId,
  /** The product's own setting (the form's "As its category" is null), not the resolved kind the shop shows. */
  ownDeliveryKind: products.deliveryKind,
  ownHsnCode: products.hsnCode,
  isAddon: products.isAddon,
  images: sql<string[]>`coalesce((select array_agg(${productImages.contentHash} order by ${productImages.position}, ${productImages.id}) from ${productImages} where ${productImages.productId} = ${products.id}), '{}')`,
};

function toProduct(row: ProductRow): AdminProduct {
  return {
    id: row.id,
    externalId: row.externalId,
    productName: row.name,
    itemCode: row.itemCode,
    mrp: paiseToRupees(row.mrpPaise),
    sellingPrice: paiseToRupees(row.sellingPricePaise),
    description: row.description,
    note: row.note,
    shippingDetails: row.shippingDetails,
    quantity: row.stock,
    isRemoved: row.isRemoved,
    isAddon: row.isAddon,
    flowerCategoryId: row.categoryId,
    flowerCategoryName: row.categoryName,
    flowerSubCategoryId: row.subCategoryId,
    flowerSubCategoryName: row.subCategoryName,
    deliveryKind: row.ownDeliveryKind,
    hsnCode: row.ownHsnCode,
    images: Array.isArray(row.images) ? row.images : [],
  };
}

type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

function selectProducts(db: Database) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, products.subCategoryId));
}

/** Every product, removed ones included (the admin list shows Removal yes/no). */
export async function listProducts(db: Database): Promise<AdminProduct[]> {
  return (await selectProducts(db).orderBy(asc(products.id))).map(toProduct);
}

export async function getProduct(db: Database, externalId: string): Promise<AdminProduct> {
  const [row] = await selectProducts(db).where(eq(products.externalId, externalId)).limit(1);
  if (!row) throw new NotFound(messages.productNotFound);
  return toProduct(row);
}

/** Checks and processes uploaded images (outside any transaction: resizing is slow). */
/** The catalogue takes PNG and JPEG pictures (SPEC.md §5: png, jpeg, jpg), judged by their bytes. */
const pictureFormats = ['png', 'jpeg'] as const;

/** Checks and processes uploaded pictures outside any transaction; anything else is refused with `refusal`. */
export function prepareImages(files: readonly Buffer[], refusal: string): Promise<PreparedImage[]> {
  return Promise.all(files.map((bytes) => prepareImage(bytes, { only: { formats: pictureFormats, refusal } })));
}

async function requireSubCategoryIn(tx: Tx, categoryId: number, subCategoryId: number): Promise<void> {
  await requireCategory(tx, categoryId);
  const [sub] = await tx.select({ categoryId: subCategories.categoryId }).from(subCategories).where(eq(subCategories.id, subCategoryId)).limit(1);
  if (!sub) throw new BadRequest(messages.subCategoryNotFound);
  if (sub.categoryId !== categoryId) throw new BadRequest(messages.subCategoryNotInCategory);
}

async function productNameTaken(tx: Tx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(lowerEq(products.name, name), exceptId === undefined ? undefined : ne(products.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

const rupeesOf = (digits: string | undefined) => (digits ? Number(digits) * 100 : undefined);

/** Fields present and checked by productCreateFields: required ones are non-empty. */
export async function createProduct(db: Database, input: ProductCreateFields, images: readonly PreparedImage[]): Promise<void> {
  const name = input.flowerName!;
  const itemCode = input.flowerItemCode!;
  const sellingPricePaise = rupeesOf(input.sellingPrice)!;
  const categoryId = Number(input.flowerCategoryName);
  const subCategoryId = Number(input.flowerSubCategoryName);
  await write(db, messages.productNameExists, async (tx) => {
    if (await productNameTaken(tx, name)) throw new Conflict(messages.productNameExists);
    const [codeTaken] = await tx.select({ id: products.id }).from(products).where(lowerEq(products.itemCode, itemCode)).limit(1);
    if (codeTaken) throw new Conflict(messages.itemCodeExists);
    await requireSubCategoryIn(tx, categoryId, subCategoryId);
    const [created] = await tx
      .insert(products)
      .values({
        externalId: newExternalId('fl'),
        name,
        itemCode,
        // An empty MRP means no separate MRP: the selling price.
        mrpPaise: rupeesOf(input.mrp) ?? sellingPricePaise,
        sellingPricePaise,
        description: input.description!,
        note: input.note!,
        shippingDetails: input.shippingdetails!,
        stock: input.Quantity ? Number(input.Quantity) : 0,
        isRemoved: input.isRemoved ?? false,
        isAddon: input.isAddon ?? false,
        deliveryKind: input.deliveryKind ?? null,
        hsnCode: input.hsnCode ?? null,
        categoryId,
        subCategoryId,
      })
      .returning({ id: products.id });
    const hashes = [];
    for (const image of images) hashes.push(await saveImage(tx, image));
    await replaceProductImages(tx, created!.id, [...new Set(hashes)]);
  });
}

/** The item code is not editable; new images (if any) replace the old ones, none keeps them. */
export async function updateProduct(db: Database, input: ProductUpdateFields, images: readonly PreparedImage[]): Promise<void> {
  const name = input.flowerName!;
  const sellingPricePaise = rupeesOf(input.sellingPrice)!;
  const categoryId = Number(input.flowerCategoryName);
  const subCategoryId = Number(input.flowerSubCategoryName);
  await write(db, messages.productNameExists, async (tx) => {
    const [current] = await tx.select({ id: products.id }).from(products).where(eq(products.externalId, input.id)).limit(1);
    if (!current) throw new NotFound(messages.productNotFound);
    if (await productNameTaken(tx, name, current.id)) throw new Conflict(messages.productNameExists);
    await requireSubCategoryIn(tx, categoryId, subCategoryId);
    await tx
      .update(products)
      .set({
        name,
        mrpPaise: rupeesOf(input.mrp) ?? sellingPricePaise,
        sellingPricePaise,
        description: input.description!,
        note: input.note!,
        shippingDetails: input.shippingdetails!,
        stock: Number(input.Quantity),
        ...(input.isRemoved === undefined ? {} : { isRemoved: input.isRemoved }),
        ...(input.isAddon === undefined ? {} : { isAddon: input.isAddon }),
        ...(input.deliveryKind === undefined ? {} : { deliveryKind: input.deliveryKind }),
        ...(input.hsnCode === undefined ? {} : { hsnCode: input.hsnCode }),
        categoryId,
        subCategoryId,
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, current.id));
    if (images.length > 0) {
      const hashes = [];
      for (const image of images) hashes.push(await saveImage(tx, image));
      await replaceProductImages(tx, current.id, [...new Set(hashes)]);
    }
  });
}

// ---- Site images --------------------------------------------------------------------------------------------------

/** Site images are not part of the cached catalogue (`heroimage` reads the database), so nothing to invalidate. */
export async function setHeroImage(db: Database, slot: SiteImageSlot, bytes: Buffer, refusal: string): Promise<void> {
  const prepared = await prepareImage(bytes, { variants: false, only: { formats: pictureFormats, refusal } });
  await db.transaction(async (tx) => {
    await saveImage(tx, prepared);
    await setSiteImage(tx, slot, prepared.hash);
  });
}
