import { z } from 'zod/mini';
import { deliveryKind, deliveryKindLabels, deliveryKinds } from './delivery-kind';
import { hsnCode, shopSettingsMessages } from './shop-settings';
import type { DeliveryKind } from './delivery-kind';
import { maxRowId, rowIdOf } from './fields';
import { limits } from './limits';

/**
 * The admin catalogue contract (SPEC.md §5 "Admin catalogue forms", §7 "Admin", §8 admin messages), shared by the
 * admin forms in the browser and the server. Field names are the spec's, including its capitalisation. Money is whole
 * rupees on the wire (the forms take digits only); GST is the CGST percent.
 */

/** Body texts (text/plain, status 200) and refusal messages. */
export const adminCatalogTexts = {
  productCreated: 'Product Data created successfully',
  productUpdated: 'Product Data updated successfully',
  categoryCreated: 'data submitted',
  categoryUpdated: 'Data updated successfully',
  subCategoryCreated: 'data submitted',
  subCategoryUpdated: 'Data updated successfully',
  imageUploaded: 'Image uploaded successfully',
} as const;

export const adminCatalogMessages = {
  /** 409 on POST flowerformdata / updateflowerdata (SPEC.md §7); the browser shows `productNameExistsToast`. */
  productNameExists: 'Product with this name already exist',
  productNameExistsToast: 'Product name already exist',
  itemCodeExists: 'A product with this item code already exists',
  /** 409 on the category and sub-category writes; also what the browser shows. */
  dataExists: 'Data already exists. Please create new one',
  createCategoryFailed: 'Error in creating Product category',
  updateFailed: 'Data update failed. Please try again.',
  fillAllFields: 'Please fill all the fields',
  fillInAllFields: 'Please fill in all fields',
  uploadImage: 'Please upload an image',
  heroTooLarge: 'File size exceeds 300KB limit.',
  productImageType: 'Please upload a PNG or JPEG image (png, jpeg, jpg). PDFs and other files cannot be shown as a product picture.',
  heroImageType: 'Please upload a PNG or JPEG image.',
  productImageTooLarge: 'Each product image must be at most 5 MB.',
  tooManyImages: 'Please upload at most 10 images.',
  categoryNotFound: 'Category not found',
  subCategoryNotFound: 'Sub-category not found',
  productNotFound: 'Product not found',
  subCategoryNotInCategory: 'This sub-category does not belong to the chosen category',
  invalidId: 'Invalid id',
  invalidCategoryGst: 'GST should be empty or a number greater than 0',
  categoryGstTooHigh: 'GST should not be more than 50',
  invalidRemoved: 'isRemoved must be true or false',
  invalidAddon: 'isAddon must be true or false',
  productNameChars: 'Product name may only contain letters, digits, spaces and / - _ ! .',
  productNameMax: `Product name should not be more than ${limits.productNameMax} characters`,
  itemCodeChars: 'Item code may only contain letters, digits, spaces and / - _ ! .',
  itemCodeMax: `Item code should not be more than ${limits.itemCodeMax} characters`,
  descriptionMax: `Description should not be more than ${limits.productTextMax} characters`,
  shippingMax: `Shipping Details should not be more than ${limits.productTextMax} characters`,
  noteMax: `Note should not be more than ${limits.productTextMax} characters`,
  descriptionChars: 'Description may only contain printable characters',
  shippingChars: 'Shipping Details may only contain printable characters',
  noteChars: 'Note may only contain printable characters',
  mrpDigits: `MRP should be digits only, at most ${limits.priceDigitsMax}`,
  sellingPriceDigits: `Selling Price should be digits only, at most ${limits.priceDigitsMax}`,
  quantityDigits: `Quantity should be digits only, at most ${limits.priceDigitsMax}`,
  priceTooLarge: 'This price is too large',
  sellingPriceMin: 'Selling Price should be at least Rs. 1',
  sellingPriceAboveMrp: 'Selling Price should not be more than the MRP',
  quantityTooLarge: 'This quantity is too large',
  categoryNameChars: 'Category name may only contain letters, digits, spaces and / - _ ! .',
  categoryNameMax: `Category name should not be more than ${limits.categoryNameMax} characters`,
  categoryDescriptionMax: `Category description should not be more than ${limits.categoryDescriptionMax} characters`,
  subCategoryNameChars: 'Sub category name may only contain letters, digits, spaces and / - _ ! .',
  subCategoryNameMax: `Sub category name should not be more than ${limits.subCategoryTextMax} characters`,
  subCategoryDescriptionChars: 'Sub category description may only contain letters, digits, spaces and / - _ ! .',
  subCategoryDescriptionMax: `Sub category description should not be more than ${limits.subCategoryTextMax} characters`,
  categoryDelivery: 'Delivery must be hand or courier',
  productDelivery: 'Delivery must be hand, courier, or empty for as its category',
} as const;

const m = adminCatalogMessages;

export const adminPatterns = {
  /**
   * Product name, item code, category and sub-category names: letters, digits, / - _ ! . and spaces, on one line (a
   * line break or tab would break the lists, mails and invoices that show them).
   */
  name: /^[A-Za-z0-9/\-_!. ]*$/,
  /** Description, shipping details, note: printable ASCII (line breaks and tabs allowed). */
  printable: /^[\x20-\x7E\r\n\t]*$/,
  digits: /^\d*$/,
  /** Category GST: a decimal number (its value must then be > 0). */
  decimal: /^\d+(\.\d+)?$/,
} as const;

/** Typing filters for the admin forms: what a field lets through as the admin types. */
export const adminTypingFilters = {
  name: (value: string, max: number) => value.replace(/[^A-Za-z0-9/\-_!. ]/g, '').slice(0, max),
  printable: (value: string, max: number) => value.replace(/[^\x20-\x7E\r\n\t]/g, '').slice(0, max),
  digits: (value: string, max: number) => value.replace(/\D/g, '').slice(0, max),
  decimal: (value: string) => value.replace(/[^\d.]/g, '').replace(/(\..*)\./g, '$1'),
} as const;

/** Largest rupee amount whose paise still fit the database's integer column. */
export const maxRupees = Math.floor(2_147_483_647 / 100);
export const maxQuantity = 2_147_483_647;

/** A text field the form may leave empty; the required check is done per form (one message for all fields). */
const text = (max: number, maxMessage: string, pattern: RegExp, patternMessage: string) =>
  z
    .string({ error: patternMessage })
    .check(z.trim(), z.maxLength(max, { error: maxMessage }), z.regex(pattern, { error: patternMessage }));

const digits = (message: string, max: number, maxMessage: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.regex(adminPatterns.digits, { error: message }),
      z.maxLength(limits.priceDigitsMax, { error: message }),
      z.refine((value: string) => value === '' || Number(value) <= max, { error: maxMessage }),
    );

/** A checkbox's "true" or "false" ('' = false). */
function flag(message: string) {
  return z.pipe(
    z
      .string({ error: message })
      .check(
        z.trim(),
        z.toLowerCase(),
        z.refine((v: string) => ['', 'true', 'false'].includes(v), { error: message }),
      ),
    z.transform((v: string) => v === 'true'),
  );
}

export const productFields = {
  flowerName: text(limits.productNameMax, m.productNameMax, adminPatterns.name, m.productNameChars),
  flowerItemCode: text(limits.itemCodeMax, m.itemCodeMax, adminPatterns.name, m.itemCodeChars),
  mrp: digits(m.mrpDigits, maxRupees, m.priceTooLarge),
  sellingPrice: digits(m.sellingPriceDigits, maxRupees, m.priceTooLarge).check(
    z.refine((value: string) => value === '' || Number(value) >= 1, { error: m.sellingPriceMin }),
  ),
  Quantity: digits(m.quantityDigits, maxQuantity, m.quantityTooLarge),
  description: text(limits.productTextMax, m.descriptionMax, adminPatterns.printable, m.descriptionChars),
  shippingdetails: text(limits.productTextMax, m.shippingMax, adminPatterns.printable, m.shippingChars),
  note: text(limits.productTextMax, m.noteMax, adminPatterns.printable, m.noteChars),
  isRemoved: flag(m.invalidRemoved),
  /** Offered beside other products as "Make it special" (issue 42). */
  isAddon: flag(m.invalidAddon),
  /** The product's own delivery kind: '' = as its category (stored as null). */
  deliveryKind: z.pipe(
    z.union([deliveryKind, z.literal('')], { error: m.productDelivery }),
    z.transform((kind: DeliveryKind | ''): DeliveryKind | null => (kind === '' ? null : kind)),
  ),
  /** The product's own HSN code (4, 6 or 8 digits): '' = as its category (stored as null). */
  hsnCode: z.pipe(
    z.union([z.literal(''), hsnCode], { error: shopSettingsMessages.hsnFormat }),
    z.transform((code: string): string | null => (code === '' ? null : code)),
  ),
  /** The category's id (the form's select sends the id). */
  flowerCategoryName: z.string({ error: m.fillAllFields }).check(z.trim(), z.regex(/^\d{0,9}$/, { error: m.invalidId })),
  /** The sub-category's id. */
  flowerSubCategoryName: z
    .string({ error: m.fillAllFields })
    .check(z.trim(), z.regex(/^\d{0,9}$/, { error: m.invalidId })),
};

const productBase = {
  flowerName: z.optional(productFields.flowerName),
  mrp: z.optional(productFields.mrp),
  sellingPrice: z.optional(productFields.sellingPrice),
  Quantity: z.optional(productFields.Quantity),
  description: z.optional(productFields.description),
  shippingdetails: z.optional(productFields.shippingdetails),
  note: z.optional(productFields.note),
  isRemoved: z.optional(productFields.isRemoved),
  /** Absent keeps what the product has (update) or means not an add-on (create). */
  isAddon: z.optional(productFields.isAddon),
  /** Absent keeps what the product has (update) or means as its category (create). */
  deliveryKind: z.optional(productFields.deliveryKind),
  /** Absent keeps what the product has (update) or means as its category (create). */
  hsnCode: z.optional(productFields.hsnCode),
  flowerCategoryName: z.optional(productFields.flowerCategoryName),
  flowerSubCategoryName: z.optional(productFields.flowerSubCategoryName),
};

const filled = (value: string | undefined) => value !== undefined && value !== '';

type ProductFieldName = keyof typeof productFields;
const requiredOnEveryProductForm = [
  'flowerName',
  'description',
  'sellingPrice',
  'flowerCategoryName',
  'flowerSubCategoryName',
  'shippingdetails',
  'note',
] as const satisfies ProductFieldName[];
/** The product form's required fields (images apart, checked with the files), the server's and the admin form's. */
export const requiredProductFields = {
  create: ['flowerItemCode', ...requiredOnEveryProductForm],
  update: ['Quantity', ...requiredOnEveryProductForm],
} as const satisfies Record<string, ProductFieldName[]>;

/** The form's required fields, all filled in, else one message for the whole form. */
const allFilled = (required: readonly ProductFieldName[], message: string) =>
  z.superRefine<Partial<Record<ProductFieldName, unknown>>>((values, ctx) => {
    if (!required.every((name) => filled(values[name] as string | undefined))) ctx.addIssue({ code: 'custom', message, path: [] });
  });

/** An MRP left empty becomes the selling price; one that is given may not be below it. */
const sellingPriceWithinMrp = z.refine<{ mrp?: string; sellingPrice?: string }>(
  (v) => !filled(v.mrp) || !filled(v.sellingPrice) || Number(v.sellingPrice) <= Number(v.mrp),
  { error: m.sellingPriceAboveMrp, path: ['sellingPrice'] },
);

/**
 * `POST flowerformdata` text fields (multipart). Required: name, item code, description, selling price, category,
 * sub-category, shipping details, note and (checked with the files) at least one image: "Please fill all the fields".
 */
export const productCreateFields = z
  .object({ ...productBase, flowerItemCode: z.optional(productFields.flowerItemCode) })
  .check(allFilled(requiredProductFields.create, m.fillAllFields), sellingPriceWithinMrp);
export type ProductCreateFields = z.infer<typeof productCreateFields>;

/** `POST updateflowerdata` text fields: the same plus `id` (the product's external id); quantity is required too. */
export const productUpdateFields = z
  .object({
    ...productBase,
    id: z
      .string({ error: m.fillInAllFields })
      .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: m.invalidId })),
    /** Not editable on update: ignored when sent. */
    flowerItemCode: z.optional(z.string()),
  })
  .check(allFilled(requiredProductFields.update, m.fillInAllFields), sellingPriceWithinMrp);
export type ProductUpdateFields = z.infer<typeof productUpdateFields>;

/** A category or sub-category text: filled in, at most `max` characters, and of name characters where `chars` says so. */
const requiredCategoryText = (max: number, maxMessage: string, charsMessage?: string) =>
  z
    .string({ error: m.fillAllFields })
    .check(
      z.trim(),
      z.minLength(1, { error: m.fillAllFields }),
      z.maxLength(max, { error: maxMessage }),
      ...(charsMessage ? [z.regex(adminPatterns.name, { error: charsMessage })] : []),
    );
const categoryName = requiredCategoryText(limits.categoryNameMax, m.categoryNameMax, m.categoryNameChars);
const categoryDescription = requiredCategoryText(limits.categoryDescriptionMax, m.categoryDescriptionMax);
const subCategoryName = requiredCategoryText(limits.subCategoryTextMax, m.subCategoryNameMax, m.subCategoryNameChars);
const subCategoryDescription = requiredCategoryText(
  limits.subCategoryTextMax,
  m.subCategoryDescriptionMax,
  m.subCategoryDescriptionChars,
);

/** A category's delivery kind; '' or absent: courier on create, unchanged on update. */
export const categoryDeliveryKind = z.pipe(
  z.optional(z.union([deliveryKind, z.literal('')], { error: m.categoryDelivery })),
  z.transform((kind: DeliveryKind | '' | undefined) => (kind === '' ? undefined : kind)),
);

/** A category's HSN code for its products' document lines; '' or absent: 0603 on create, unchanged on update. */
export const categoryHsnCode = z.pipe(
  z.optional(z.union([z.literal(''), hsnCode], { error: shopSettingsMessages.hsnFormat })),
  z.transform((code: string | undefined) => (code === '' ? undefined : code)),
);

/** The admin forms' Delivery choices: a category's (a kind), and a product's ('' = as its category). */
export const categoryDeliveryChoices = deliveryKinds.map((kind) => ({ value: kind, label: deliveryKindLabels[kind] }));
export const productDeliveryChoices = [{ value: '', label: 'As its category' }, ...categoryDeliveryChoices];

/** A numeric row id, as a number or a string of digits. */
export const rowId = rowIdOf(m.invalidId);

/**
 * Refuses the value a transform is given with `message`. zod/mini's transforms get the bare parse payload, without the
 * classic API's `ctx.addIssue`, so the custom issue is pushed as that helper pushed it.
 */
function refuse(payload: z.core.ParsePayload, message: string): never {
  payload.issues.push({ code: 'custom', message, input: payload.value });
  return z.NEVER;
}

/** A row id from text: digits for a positive 32-bit integer, else the invalid-id issue. */
function parseRowId(text: string, payload: z.core.ParsePayload): number {
  const id = Number(text);
  if (!/^\d{1,10}$/.test(text) || id < 1 || id > maxRowId) return refuse(payload, m.invalidId);
  return id;
}

export const idQuery = z.object({ id: rowId });
export const categoryIdParams = z.object({ categoryId: rowId });
export const productExtIdQuery = z.object({
  product_ext_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: m.invalidId })),
});

/** Category GST: empty, or a decimal number greater than 0 (the CGST percent); null = no GST. */
export const categoryGst = z.pipe(
  z.optional(z.union([z.string(), z.number(), z.null()], { error: m.invalidCategoryGst })),
  z.transform((v: string | number | null | undefined, payload) => {
    if (v === undefined || v === null) return null;
    const s = String(v).trim();
    if (s === '') return null;
    if (!adminPatterns.decimal.test(s) || !(Number(s) > 0)) return refuse(payload, m.invalidCategoryGst);
    if (Number(s) > 50) return refuse(payload, m.categoryGstTooHigh);
    return Number(s);
  }),
);

/** `POST createflowercategory` */
export const createCategoryRequest = z.object({ categoryName, categoryDescription, deliveryKind: categoryDeliveryKind, hsnCode: categoryHsnCode });
export type CreateCategoryRequest = z.infer<typeof createCategoryRequest>;

/** `POST updateflowercategory`; CategoryGst is the CGST percent (empty = no GST). */
export const updateCategoryRequest = z.object({
  id: rowId,
  categoryName,
  categoryDescription,
  CategoryGst: categoryGst,
  deliveryKind: categoryDeliveryKind,
  hsnCode: categoryHsnCode,
});
export type UpdateCategoryRequest = z.infer<typeof updateCategoryRequest>;

/** `POST createsubflowercategory`: productCategoryName is the parent category's id. */
export const createSubCategoryRequest = z.object({
  subCategoryName,
  subCategoryDescription,
  productCategoryName: z.pipe(
    z.union([z.string(), z.number()], { error: m.fillAllFields }),
    z.transform((v: string | number, payload) => {
      const s = String(v).trim();
      if (s === '') return refuse(payload, m.fillAllFields);
      return parseRowId(s, payload);
    }),
  ),
});
export type CreateSubCategoryRequest = z.infer<typeof createSubCategoryRequest>;

/** `POST flowersubproductcategoryupdate`: name and description required; the parent is kept when left empty. */
export const updateSubCategoryRequest = z.object({
  id: rowId,
  subCategoryName,
  subCategoryDescription,
  productCategoryName: z.pipe(
    z.optional(z.union([z.string(), z.number(), z.null()], { error: m.invalidId })),
    z.transform((v: string | number | null | undefined, payload) => {
      if (v === undefined || v === null || String(v).trim() === '') return undefined;
      return parseRowId(String(v).trim(), payload);
    }),
  ),
});
export type UpdateSubCategoryRequest = z.infer<typeof updateSubCategoryRequest>;

/** `POST heroimage?fileName=` */
export const heroImageQuery = z.object({
  fileName: z.enum(['topbannerimg', 'topbannermobileimg', 'bottombannerimg', 'bottombannermobileimg'], {
    error: 'fileName must be one of topbannerimg, topbannermobileimg, bottombannerimg, bottombannermobileimg',
  }),
});

// ---- Replies ------------------------------------------------------------------------------------------------------

export const adminCategory = z.object({
  id: z.number().check(z.int()),
  externalId: z.string(),
  categoryName: z.string(),
  categoryDescription: z.string(),
  /** The CGST percent; null = no GST. */
  categoryGst: z.nullable(z.number()),
  /** How the category's products reach the buyer, unless a product says otherwise. */
  deliveryKind,
  /** The HSN code of its products' document lines, unless a product says otherwise. */
  hsnCode: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategory>;

export const adminSubCategory = z.object({
  id: z.number().check(z.int()),
  externalId: z.string(),
  subCategoryName: z.string(),
  subCategoryDescription: z.string(),
  ProductCategoryId: z.nullable(z.number().check(z.int())),
  /** Null when no parent (the list shows N/A). */
  ProductCategory: z.nullable(z.object({ id: z.number().check(z.int()), categoryName: z.string() })),
});
export type AdminSubCategory = z.infer<typeof adminSubCategory>;

export const adminProduct = z.object({
  id: z.number().check(z.int()),
  externalId: z.string(),
  productName: z.string(),
  itemCode: z.string(),
  mrp: z.number(),
  sellingPrice: z.number(),
  description: z.nullable(z.string()),
  note: z.nullable(z.string()),
  shippingDetails: z.nullable(z.string()),
  quantity: z.number().check(z.int()),
  isRemoved: z.boolean(),
  /** Offered beside other products as "Make it special" (issue 42). */
  isAddon: z.boolean(),
  flowerCategoryId: z.number().check(z.int()),
  flowerCategoryName: z.string(),
  flowerSubCategoryId: z.number().check(z.int()),
  flowerSubCategoryName: z.string(),
  /** The product's own delivery kind; null = as its category. */
  deliveryKind: z.nullable(deliveryKind),
  /** The product's own HSN code; null = as its category. */
  hsnCode: z.nullable(z.string()),
  /** Content hashes of the product's images, in order. */
  images: z.array(z.string()),
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const adminCategoryList = z.array(adminCategory);
export const adminSubCategoryList = z.array(adminSubCategory);
export const adminProductList = z.array(adminProduct);
