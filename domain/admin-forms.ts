import { z } from 'zod/mini';
import {
  adminCatalogMessages,
  adminTypingFilters,
  createCategoryRequest,
  createSubCategoryRequest,
  productFields,
  requiredProductFields,
  updateCategoryRequest,
} from './admin-catalog';
import { purchaseStatus, trackingUrl, trackingUrlMax } from './admin-orders';
import { limits, redirectDelays, toastDurations } from './limits';
import { couponCode, couponKinds, couponLimits, couponTexts } from './coupons';
import { maxAreaFeePaise, serviceAreaRequest, serviceAreaTexts } from './service-area';
import { indiaDateField } from './delivery-schedule';
import { giftPlaceOfSupplyRules, prefixMax, shopSettingsFields, shopSettingsMessages } from './shop-settings';

/**
 * The admin forms of SPEC.md §2 and §5 as data: each field's typing filter and rule, which fields (and file inputs)
 * a submit needs, the message when one is missing, how long the saved toast shows and when the form goes back to its
 * list. The admin form machine and the admin views both read these, and the server checks the same rules through the
 * schemas they are built from (domain/admin-catalog.ts, domain/admin-orders.ts).
 */

export type AdminFormName =
  | 'categoryCreate'
  | 'categoryUpdate'
  | 'subCategoryCreate'
  | 'subCategoryUpdate'
  | 'productCreate'
  | 'productUpdate'
  | 'purchaseUpdate'
  | 'heroImage'
  | 'bannerBottomImage'
  | 'deliveryAreaCreate'
  | 'deliveryAreaUpdate'
  | 'deliveryAreaDelete'
  | 'couponCreate'
  | 'couponUpdate'
  | 'shopSettings';

export interface AdminFieldRule {
  /** What typing lets through (characters the field can never hold are dropped, length capped). */
  filter: (value: string) => string;
  /** The field's rule once it holds something; an empty value is judged by `required`. */
  rule: z.ZodMiniType;
}

/** The size and type an image input takes, checked as the admin picks a file. */
export interface AdminFileRule {
  maxBytes: number | null;
  tooLargeMessage: string;
  /** MIME types the picker offers (the server judges the bytes anyway). */
  accept: readonly string[];
  multiple: boolean;
}

export interface AdminFormDefinition {
  fields: Record<string, AdminFieldRule>;
  /** File inputs by name. */
  files: Record<string, AdminFileRule>;
  /** Fields that must be filled; `files:any` needs at least one file in any input. */
  required: readonly string[];
  requiredMessage: string;
  savedMessage: string;
  savedToastMs: number;
  /** Back to the list this long after the saved toast; null: the form stays for the next upload. */
  redirectDelayMs: number | null;
  /** What a new record's fields start with, where not blank. */
  startValues?: Record<string, string>;
}

/** Any file the browser hands over; the machine reads only these. */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

const f = adminTypingFilters;
const m = adminCatalogMessages;
const shape = <T extends z.ZodMiniObject>(schema: T): T['shape'] => schema.shape;

const productTextFields = {
  flowerName: { filter: (v: string) => f.name(v, limits.productNameMax), rule: productFields.flowerName },
  mrp: { filter: (v: string) => f.digits(v, limits.priceDigitsMax), rule: productFields.mrp },
  sellingPrice: { filter: (v: string) => f.digits(v, limits.priceDigitsMax), rule: productFields.sellingPrice },
  Quantity: { filter: (v: string) => f.digits(v, limits.priceDigitsMax), rule: productFields.Quantity },
  description: { filter: (v: string) => f.printable(v, limits.productTextMax), rule: productFields.description },
  shippingdetails: { filter: (v: string) => f.printable(v, limits.productTextMax), rule: productFields.shippingdetails },
  note: { filter: (v: string) => f.printable(v, limits.productTextMax), rule: productFields.note },
  /** "true" or "false": the Removal checkbox. */
  isRemoved: { filter: (v: string) => (v === 'true' ? 'true' : 'false'), rule: productFields.isRemoved },
  /** "true" or "false": the Add-on checkbox (issue 42). */
  isAddon: { filter: (v: string) => (v === 'true' ? 'true' : 'false'), rule: productFields.isAddon },
  /** '' (as its category), 'hand' or 'courier'. */
  deliveryKind: { filter: (v: string) => v, rule: productFields.deliveryKind },
  /** Digits only, at most 8; '' = as its category. */
  hsnCode: { filter: (v: string) => v.replace(/\D/g, '').slice(0, 8), rule: productFields.hsnCode },
  /** The chosen category's id. */
  flowerCategoryName: { filter: (v: string) => v.replace(/\D/g, ''), rule: productFields.flowerCategoryName },
  /** The chosen sub-category's id. */
  flowerSubCategoryName: { filter: (v: string) => v.replace(/\D/g, ''), rule: productFields.flowerSubCategoryName },
};

export const productImageTypes = ['image/png', 'image/jpeg'] as const;

const productImages: AdminFileRule = {
  // The form asks for under 500 kb (SPEC.md §5) but does not hold the admin to it; the server's limit is 5 MB.
  maxBytes: 5 * 1024 * 1024,
  tooLargeMessage: m.productImageTooLarge,
  accept: productImageTypes,
  multiple: true,
};

const bannerImage: AdminFileRule = {
  maxBytes: limits.heroImageBytesMax,
  tooLargeMessage: m.heroTooLarge,
  accept: productImageTypes,
  multiple: false,
};

const category = shape(createCategoryRequest);
const categoryFields = {
  categoryName: { filter: (v: string) => f.name(v, limits.categoryNameMax), rule: category.categoryName },
  categoryDescription: {
    filter: (v: string) => v.slice(0, limits.categoryDescriptionMax),
    rule: category.categoryDescription,
  },
  /** 'hand' or 'courier'. */
  deliveryKind: { filter: (v: string) => v, rule: category.deliveryKind },
  /** Digits only, at most 8; '' keeps 0603 (create) or what it has (update). */
  hsnCode: { filter: (v: string) => v.replace(/\D/g, '').slice(0, 8), rule: category.hsnCode },
};

const subCategory = shape(createSubCategoryRequest);
const subCategoryFields = {
  subCategoryName: { filter: (v: string) => f.name(v, limits.subCategoryTextMax), rule: subCategory.subCategoryName },
  subCategoryDescription: {
    filter: (v: string) => f.name(v, limits.subCategoryTextMax),
    rule: subCategory.subCategoryDescription,
  },
  /** The parent category's id. */
  productCategoryName: { filter: (v: string) => v.replace(/\D/g, ''), rule: subCategory.productCategoryName },
};

const serviceArea = shape(serviceAreaRequest);
const deliveryAreaFields = {
  name: { filter: (v: string) => v.replace(/[^A-Za-z0-9 .,'()-]/g, '').slice(0, 60), rule: serviceArea.name },
  pincodes: { filter: (v: string) => v.replace(/[^\d,\s-]/g, '').slice(0, 2000), rule: serviceArea.pincodes },
  /** Whole rupees (the wire carries paise); empty is no extra fee. */
  extraFee: {
    filter: (v: string) => f.digits(v, 5),
    rule: z.string().check(
      z.regex(/^\d*$/, { error: serviceAreaTexts.feeRupees }),
      z.refine((v: string) => Number(v) * 100 <= maxAreaFeePaise, { error: serviceAreaTexts.feeRupees }),
    ),
  },
  /** "true" or "false": the Active checkbox. */
  active: { filter: (v: string) => (v === 'false' ? 'false' : 'true'), rule: z.enum(['true', 'false']) },
};

/** Whole numbers typed as text, within [min, max]; empty is judged by `required` (or means none). */
const wholeText = (min: number, max: number, message: string) =>
  z.string().check(z.regex(/^\d+$/, { error: message }), z.refine((v: string) => Number(v) >= min && Number(v) <= max, { error: message }));
const couponDate = { filter: (v: string) => v.slice(0, 10), rule: indiaDateField(couponTexts.dateInvalid) };
const couponFields = {
  code: { filter: (v: string) => v.toUpperCase().replace(/[^A-Z0-9-]/g, '').slice(0, couponLimits.codeMax), rule: couponCode },
  description: { filter: (v: string) => v.slice(0, couponLimits.descriptionMax), rule: z.string().check(z.maxLength(couponLimits.descriptionMax, { error: couponTexts.descriptionInvalid })) },
  kind: { filter: (v: string) => v, rule: z.enum(couponKinds, { error: couponTexts.kindInvalid }) },
  /** The percent off, or whole rupees off; the server also holds a percent to 100. */
  value: { filter: (v: string) => f.digits(v, 8), rule: wholeText(1, couponLimits.rupeesMax, couponTexts.amountInvalid) },
  minOrder: { filter: (v: string) => f.digits(v, 8), rule: wholeText(0, couponLimits.rupeesMax, couponTexts.minimumInvalid) },
  maxDiscount: { filter: (v: string) => f.digits(v, 8), rule: wholeText(1, couponLimits.rupeesMax, couponTexts.maxDiscountInvalid) },
  validFrom: couponDate,
  validTo: couponDate,
  totalLimit: { filter: (v: string) => f.digits(v, 7), rule: wholeText(1, couponLimits.usesMax, couponTexts.limitInvalid) },
  perBuyerLimit: { filter: (v: string) => f.digits(v, 7), rule: wholeText(1, couponLimits.usesMax, couponTexts.limitInvalid) },
  firstOrderOnly: { filter: (v: string) => (v === 'true' ? 'true' : 'false'), rule: z.enum(['true', 'false']) },
  /** The chosen category ids, comma-separated (the checkboxes'); empty is every product. */
  categoryIds: { filter: (v: string) => v.replace(/[^\d,]/g, ''), rule: z.string().check(z.regex(/^(\d+(,\d+)*)?$/, { error: couponTexts.categoriesInvalid })) },
  active: { filter: (v: string) => (v === 'false' ? 'false' : 'true'), rule: z.enum(['true', 'false']) },
};

const couponForm = (savedMessage: string): AdminFormDefinition => ({
  fields: couponFields,
  files: {},
  required: ['code', 'kind', 'value', 'validFrom', 'validTo'],
  requiredMessage: m.fillAllFields,
  savedMessage,
  savedToastMs: toastDurations.default,
  redirectDelayMs: redirectDelays.afterCategorySave,
  startValues: { kind: 'percent', firstOrderOnly: 'false', active: 'true' },
});

const deliveryAreaForm = (savedMessage: string, fields: AdminFormDefinition['fields']): AdminFormDefinition => ({
  fields,
  files: {},
  required: Object.keys(fields).filter((field) => field === 'name' || field === 'pincodes'),
  requiredMessage: m.fillAllFields,
  savedMessage,
  savedToastMs: toastDurations.default,
  redirectDelayMs: redirectDelays.afterCategorySave,
});

const settingsText = (max: number) => (v: string) => v.slice(0, max);
/** The Settings form (issue 41): the same rules as the server's (domain/shop-settings.ts), typed as text. */
const shopSettingsFormFields = {
  legalName: { filter: settingsText(100), rule: shopSettingsFields.legalName },
  tradeName: { filter: settingsText(100), rule: shopSettingsFields.tradeName },
  address: { filter: settingsText(300), rule: shopSettingsFields.address },
  gstin: { filter: (v: string) => v.toUpperCase().replace(/[^0-9A-Z]/g, '').slice(0, 15), rule: shopSettingsFields.gstin },
  // Forbidden characters are kept as typed so that the form can say why they are refused.
  invoicePrefix: { filter: settingsText(prefixMax + 2), rule: shopSettingsFields.invoicePrefix },
  creditNotePrefix: { filter: settingsText(prefixMax + 2), rule: shopSettingsFields.creditNotePrefix },
  signatory: { filter: settingsText(100), rule: shopSettingsFields.signatory },
  lowStockThreshold: {
    filter: (v: string) => f.digits(v, 5),
    rule: z.string().check(z.regex(/^\d{1,5}$/, { error: shopSettingsMessages.thresholdFormat }), z.refine((v: string) => Number(v) <= 10000, { error: shopSettingsMessages.thresholdFormat })),
  },
  giftPlaceOfSupply: { filter: (v: string) => v, rule: z.enum(giftPlaceOfSupplyRules, { error: shopSettingsMessages.placeOfSupplyRule }) },
};

const bannerForm = (savedMessage: string): AdminFormDefinition => ({
  fields: {},
  files: { desktop: bannerImage, mobile: bannerImage },
  required: ['files:any'],
  requiredMessage: m.uploadImage,
  savedMessage,
  savedToastMs: toastDurations.default,
  redirectDelayMs: null,
});

export const adminForms: Record<AdminFormName, AdminFormDefinition> = {
  categoryCreate: {
    fields: categoryFields,
    files: {},
    required: ['categoryName', 'categoryDescription'],
    requiredMessage: m.fillAllFields,
    // Most categories a florist adds are everlasting goods; fresh flowers are the exception the admin chooses.
    startValues: { deliveryKind: 'courier' },
    savedMessage: 'Category created successfully',
    savedToastMs: toastDurations.default,
    redirectDelayMs: redirectDelays.afterCategorySave,
  },
  categoryUpdate: {
    fields: {
      ...categoryFields,
      CategoryGst: { filter: f.decimal, rule: shape(updateCategoryRequest).CategoryGst },
    },
    files: {},
    required: ['categoryName', 'categoryDescription'],
    requiredMessage: m.fillAllFields,
    savedMessage: 'Category updated successfully',
    savedToastMs: toastDurations.default,
    redirectDelayMs: redirectDelays.afterCategorySave,
  },
  subCategoryCreate: {
    fields: subCategoryFields,
    files: {},
    required: ['subCategoryName', 'subCategoryDescription', 'productCategoryName'],
    requiredMessage: m.fillAllFields,
    savedMessage: 'Sub category created successfully',
    savedToastMs: toastDurations.default,
    redirectDelayMs: redirectDelays.afterCategorySave,
  },
  subCategoryUpdate: {
    fields: subCategoryFields,
    files: {},
    required: ['subCategoryName', 'subCategoryDescription'],
    requiredMessage: m.fillAllFields,
    savedMessage: 'Sub category updated successfully',
    savedToastMs: toastDurations.subCategoryUpdate,
    redirectDelayMs: redirectDelays.afterCategorySave,
  },
  productCreate: {
    fields: {
      ...productTextFields,
      flowerItemCode: { filter: (v: string) => f.name(v, limits.itemCodeMax), rule: productFields.flowerItemCode },
    },
    files: { files: productImages },
    required: [...requiredProductFields.create, 'files:any'],
    requiredMessage: m.fillAllFields,
    savedMessage: 'Product Data created successfully',
    savedToastMs: toastDurations.default,
    redirectDelayMs: redirectDelays.afterProductCreate,
  },
  productUpdate: {
    // The item code is shown, not edited: it is not a field of the update.
    fields: productTextFields,
    files: { files: productImages },
    required: requiredProductFields.update,
    requiredMessage: m.fillInAllFields,
    savedMessage: 'Product Data updated successfully',
    savedToastMs: toastDurations.default,
    redirectDelayMs: redirectDelays.afterProductUpdate,
  },
  purchaseUpdate: {
    fields: {
      status: { filter: (v: string) => v, rule: purchaseStatus },
      userTrackingUrl: { filter: (v: string) => v.replace(/\s/g, '').slice(0, trackingUrlMax), rule: trackingUrl },
    },
    files: {},
    required: ['status'],
    requiredMessage: m.fillInAllFields,
    savedMessage: 'Purchase order updated successfully',
    savedToastMs: toastDurations.orderUpdate,
    redirectDelayMs: redirectDelays.afterOrderUpdate,
  },
  heroImage: bannerForm('Hero images uploaded successfully'),
  bannerBottomImage: bannerForm('Bottom banner images uploaded successfully'),
  deliveryAreaCreate: deliveryAreaForm('Delivery area created successfully', deliveryAreaFields),
  deliveryAreaUpdate: deliveryAreaForm('Delivery area updated successfully', deliveryAreaFields),
  // Deleting asks for nothing but the confirming click.
  deliveryAreaDelete: deliveryAreaForm('Delivery area deleted successfully', {}),
  couponCreate: couponForm('Coupon created successfully'),
  couponUpdate: couponForm('Coupon updated successfully'),
  shopSettings: {
    fields: shopSettingsFormFields,
    files: {},
    required: Object.keys(shopSettingsFormFields),
    requiredMessage: m.fillAllFields,
    savedMessage: shopSettingsMessages.saved,
    savedToastMs: toastDurations.default,
    // The form stays: the admin may go on to another setting.
    redirectDelayMs: null,
  },
};

/** The message a field shows: its rule's first complaint, or none. Empty fields show nothing until a submit. */
export function adminFieldMessage(form: AdminFormName, field: string, value: string): string | undefined {
  const rule = adminForms[form].fields[field];
  if (!rule || value.trim() === '') return undefined;
  const result = rule.rule.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Every required field and file present. */
export function adminFormComplete(
  form: AdminFormName,
  values: Readonly<Record<string, string>>,
  files: Readonly<Record<string, readonly PickedFile[]>>,
): boolean {
  return adminForms[form].required.every((name) =>
    name === 'files:any'
      ? Object.values(files).some((picked) => picked.length > 0)
      : (values[name] ?? '').trim() !== '',
  );
}

/** No filled field breaks its rule. */
export function adminFormValid(form: AdminFormName, values: Readonly<Record<string, string>>): boolean {
  return Object.keys(adminForms[form].fields).every((field) => adminFieldMessage(form, field, values[field] ?? '') === undefined);
}

/** Whether a file is over its input's size limit (SPEC.md §5: "File size exceeds 300KB limit."). */
export function adminFileTooLarge(form: AdminFormName, input: string, file: PickedFile): boolean {
  const rule = adminForms[form].files[input];
  return rule !== undefined && rule.maxBytes !== null && file.size > rule.maxBytes;
}

/** The forms' checkboxes: blank is unchecked. */
const checkboxFields = new Set(['isRemoved', 'isAddon']);

export function adminBlankValues(form: AdminFormName): Record<string, string> {
  const { fields, startValues } = adminForms[form] as AdminFormDefinition;
  return { ...Object.fromEntries(Object.keys(fields).map((field) => [field, checkboxFields.has(field) ? 'false' : ''])), ...startValues };
}
