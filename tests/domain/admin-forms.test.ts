import { describe, expect, it } from 'vitest';
import {
  adminBlankValues,
  adminFieldMessage,
  adminFileTooLarge,
  adminFormComplete,
  adminForms,
  adminFormValid,
} from '../../domain/admin-forms';
import type { AdminFormName, PickedFile } from '../../domain/admin-forms';

/** What the field keeps when the admin types or pastes `value`. */
const typed = (form: AdminFormName, field: string, value: string) => {
  const rule = adminForms[form].fields[field];
  if (!rule) throw new Error(`${form} has no field ${field}`);
  return rule.filter(value);
};

const aPng = (size: number): PickedFile => ({ name: 'picture.png', size, type: 'image/png' });

const aProduct = (overrides: Record<string, string> = {}) => ({
  ...adminBlankValues('productCreate'),
  flowerName: 'Dried Lavender Bunch',
  flowerItemCode: 'DL-01',
  description: 'Dried lavender, tied by hand',
  sellingPrice: '499',
  flowerCategoryName: '1',
  flowerSubCategoryName: '2',
  shippingdetails: 'Ships in 2 days',
  note: 'Keep dry',
  ...overrides,
});

describe('admin form typing filters (SPEC.md §5)', () => {
  it('keeps letters, digits, spaces and / - _ ! . in names and item codes, at most 50', () => {
    expect(typed('categoryCreate', 'categoryName', 'Roses & Lilies (2024)!')).toBe('Roses  Lilies 2024!');
    expect(typed('categoryCreate', 'categoryName', 'x'.repeat(60))).toHaveLength(50);
    expect(typed('productCreate', 'flowerName', 'Rose/Red-1_a!.b, <b>')).toBe('Rose/Red-1_a!.b b');
    expect(typed('productCreate', 'flowerItemCode', 'DL#01@')).toBe('DL01');
    expect(typed('productCreate', 'flowerName', 'p'.repeat(51))).toHaveLength(50);
  });

  it('keeps names on one line: line breaks, tabs and U+2028 do not get through', () => {
    expect(typed('productCreate', 'flowerName', 'Red\r\nRose\tBunch\u2028')).toBe('RedRoseBunch');
    expect(typed('categoryCreate', 'categoryName', 'Dry\nFlowers')).toBe('DryFlowers');
  });

  it('keeps sub-category names and descriptions to the same characters, at most 300', () => {
    expect(typed('subCategoryCreate', 'subCategoryName', 'Side; tables')).toBe('Side tables');
    expect(typed('subCategoryCreate', 'subCategoryDescription', 'For side tables, shelves & desks')).toBe(
      'For side tables shelves  desks',
    );
    expect(typed('subCategoryUpdate', 'subCategoryDescription', 's'.repeat(301))).toHaveLength(300);
  });

  it('caps the category description at 300 characters but lets any character through', () => {
    expect(typed('categoryUpdate', 'categoryDescription', 'Roses, lilies & more')).toBe('Roses, lilies & more');
    expect(typed('categoryCreate', 'categoryDescription', 'd'.repeat(301))).toHaveLength(300);
  });

  it('keeps printable ASCII and line breaks in description, shipping details and note, at most 500', () => {
    expect(typed('productCreate', 'description', 'Fresh 🌹 roses\nby the stem')).toBe('Fresh  roses\nby the stem');
    expect(typed('productUpdate', 'shippingdetails', 'Ships in 2–3 days')).toBe('Ships in 23 days');
    expect(typed('productUpdate', 'note', 'n'.repeat(501))).toHaveLength(500);
  });

  it('keeps digits only in MRP, selling price and quantity, at most 10', () => {
    expect(typed('productCreate', 'mrp', '₹1,299.00')).toBe('129900');
    expect(typed('productCreate', 'sellingPrice', '-499')).toBe('499');
    expect(typed('productUpdate', 'Quantity', '12 pcs')).toBe('12');
    expect(typed('productUpdate', 'mrp', '12345678901234')).toBe('1234567890');
  });

  it('keeps a decimal number in the category GST', () => {
    expect(typed('categoryUpdate', 'CategoryGst', '12.5%')).toBe('12.5');
    expect(typed('categoryUpdate', 'CategoryGst', 'abc')).toBe('');
    // A second point typed after the first is dropped.
    expect(typed('categoryUpdate', 'CategoryGst', '12.5.')).toBe('12.5');
    expect(typed('categoryUpdate', 'CategoryGst', '2.5.1')).toBe('2.51');
  });

  it('drops spaces from the tracking URL and caps it at 500', () => {
    expect(typed('purchaseUpdate', 'userTrackingUrl', ' https://track.example/AB 12 ')).toBe('https://track.example/AB12');
    expect(typed('purchaseUpdate', 'userTrackingUrl', `https://t.example/${'a'.repeat(600)}`)).toHaveLength(500);
  });

  it('keeps ids digits only and the removal checkbox "true" or "false"', () => {
    expect(typed('productCreate', 'flowerCategoryName', '12a')).toBe('12');
    expect(typed('subCategoryCreate', 'productCategoryName', ' 7 ')).toBe('7');
    expect(typed('productUpdate', 'isRemoved', 'true')).toBe('true');
    expect(typed('productUpdate', 'isRemoved', 'yes')).toBe('false');
  });

  it('does not make the item code a field of the product update', () => {
    expect(Object.keys(adminForms.productUpdate.fields)).not.toContain('flowerItemCode');
    expect(Object.keys(adminForms.productCreate.fields)).toContain('flowerItemCode');
  });
});

describe('adminFieldMessage', () => {
  it('shows nothing for an empty field or one the form does not have', () => {
    expect(adminFieldMessage('categoryUpdate', 'CategoryGst', '')).toBeUndefined();
    expect(adminFieldMessage('productCreate', 'description', '   ')).toBeUndefined();
    expect(adminFieldMessage('categoryCreate', 'nope', 'x')).toBeUndefined();
  });

  it('accepts an empty GST or a decimal above 0, at most 50', () => {
    expect(adminFieldMessage('categoryUpdate', 'CategoryGst', '12.5')).toBeUndefined();
    expect(adminFieldMessage('categoryUpdate', 'CategoryGst', '50')).toBeUndefined();
    expect(adminFieldMessage('categoryUpdate', 'CategoryGst', '0')).toBe('GST should be empty or a number greater than 0');
    expect(adminFieldMessage('categoryUpdate', 'CategoryGst', '.5')).toBe('GST should be empty or a number greater than 0');
    expect(adminFieldMessage('categoryUpdate', 'CategoryGst', '51')).toBe('GST should not be more than 50');
  });

  it('gives the helper texts of the long product texts', () => {
    expect(adminFieldMessage('productCreate', 'description', 'd'.repeat(501))).toBe(
      'Description should not be more than 500 characters',
    );
    expect(adminFieldMessage('productUpdate', 'shippingdetails', 's'.repeat(501))).toBe(
      'Shipping Details should not be more than 500 characters',
    );
    expect(adminFieldMessage('productUpdate', 'note', 'n'.repeat(501))).toBe('Note should not be more than 500 characters');
    expect(adminFieldMessage('productCreate', 'description', 'd'.repeat(500))).toBeUndefined();
  });

  it('refuses characters a name cannot hold and amounts the shop cannot store', () => {
    expect(adminFieldMessage('productCreate', 'flowerName', 'Rose <3')).toBe(
      'Product name may only contain letters, digits, spaces and / - _ ! .',
    );
    expect(adminFieldMessage('categoryCreate', 'categoryName', 'Roses & Lilies')).toBe(
      'Category name may only contain letters, digits, spaces and / - _ ! .',
    );
    expect(adminFieldMessage('productCreate', 'mrp', '1299')).toBeUndefined();
    expect(adminFieldMessage('productCreate', 'mrp', '99999999')).toBe('This price is too large');
    expect(adminFieldMessage('productUpdate', 'Quantity', '9999999999')).toBe('This quantity is too large');
    expect(adminFieldMessage('productCreate', 'flowerCategoryName', '1234567890')).toBe('Invalid id');
  });

  it('asks for an http(s) tracking URL and one of the three statuses', () => {
    expect(adminFieldMessage('purchaseUpdate', 'userTrackingUrl', 'https://track.example/AB12')).toBeUndefined();
    expect(adminFieldMessage('purchaseUpdate', 'userTrackingUrl', 'track.example/AB12')).toBe(
      'Please enter a valid tracking URL starting with http:// or https://',
    );
    expect(adminFieldMessage('purchaseUpdate', 'userTrackingUrl', 'ftp://track.example/AB12')).toBe(
      'Please enter a valid tracking URL starting with http:// or https://',
    );
    expect(adminFieldMessage('purchaseUpdate', 'userTrackingUrl', `https://t.example/${'a'.repeat(500)}`)).toBe(
      'Tracking URL should not be more than 500 characters',
    );
    for (const status of ['created', 'Dispatched', 'Delivered']) {
      expect(adminFieldMessage('purchaseUpdate', 'status', status)).toBeUndefined();
    }
    expect(adminFieldMessage('purchaseUpdate', 'status', 'Shipped')).toBe(
      'Please select a status: created, Dispatched or Delivered',
    );
  });
});

describe('adminFormComplete and adminFormValid', () => {
  it('needs at least one image to create a product, and says "Please fill all the fields"', () => {
    expect(adminFormComplete('productCreate', aProduct(), {})).toBe(false);
    expect(adminFormComplete('productCreate', aProduct(), { files: [] })).toBe(false);
    expect(adminFormComplete('productCreate', aProduct(), { files: [aPng(1000)] })).toBe(true);
    // MRP and quantity may stay empty on create.
    expect(adminFormComplete('productCreate', aProduct({ mrp: '', Quantity: '' }), { files: [aPng(1000)] })).toBe(true);
    for (const field of ['flowerName', 'flowerItemCode', 'description', 'sellingPrice', 'flowerCategoryName', 'flowerSubCategoryName', 'shippingdetails', 'note']) {
      expect(adminFormComplete('productCreate', aProduct({ [field]: ' ' }), { files: [aPng(1000)] }), field).toBe(false);
    }
    expect(adminForms.productCreate.requiredMessage).toBe('Please fill all the fields');
  });

  it('needs the quantity but no image to update a product, and says "Please fill in all fields"', () => {
    const { flowerItemCode: _itemCode, ...update } = aProduct();
    expect(adminFormComplete('productUpdate', update, {})).toBe(false);
    expect(adminFormComplete('productUpdate', { ...update, Quantity: '0' }, {})).toBe(true);
    expect(adminForms.productUpdate.requiredMessage).toBe('Please fill in all fields');
  });

  it('needs the parent category to create a sub-category but not to update one', () => {
    const values = { subCategoryName: 'Side', subCategoryDescription: 'Side tables', productCategoryName: '' };
    expect(adminFormComplete('subCategoryCreate', values, {})).toBe(false);
    expect(adminFormComplete('subCategoryCreate', { ...values, productCategoryName: '3' }, {})).toBe(true);
    expect(adminFormComplete('subCategoryUpdate', values, {})).toBe(true);
    expect(adminFormComplete('subCategoryUpdate', { ...values, subCategoryDescription: '' }, {})).toBe(false);
  });

  it('needs a category name and description, blank-only counting as empty; the GST is optional', () => {
    expect(adminFormComplete('categoryCreate', { categoryName: 'Roses', categoryDescription: 'Fresh' }, {})).toBe(true);
    expect(adminFormComplete('categoryCreate', { categoryName: '  ', categoryDescription: 'Fresh' }, {})).toBe(false);
    expect(adminFormComplete('categoryUpdate', { categoryName: 'Roses', categoryDescription: 'Fresh', CategoryGst: '' }, {})).toBe(true);
    expect(adminFormComplete('categoryUpdate', { categoryName: 'Roses' }, {})).toBe(false);
  });

  it('needs a status but not a tracking URL to update a purchase', () => {
    expect(adminFormComplete('purchaseUpdate', { status: 'created', userTrackingUrl: '' }, {})).toBe(true);
    expect(adminFormComplete('purchaseUpdate', { status: '', userTrackingUrl: 'https://t.example/1' }, {})).toBe(false);
  });

  it('needs one image, desktop or mobile, for the banner forms, and says "Please upload an image"', () => {
    for (const form of ['heroImage', 'bannerBottomImage'] as const) {
      expect(adminFormComplete(form, {}, {})).toBe(false);
      expect(adminFormComplete(form, {}, { desktop: [], mobile: [] })).toBe(false);
      expect(adminFormComplete(form, {}, { mobile: [aPng(1000)] })).toBe(true);
      expect(adminFormComplete(form, {}, { desktop: [aPng(1000)] })).toBe(true);
      expect(adminForms[form].requiredMessage).toBe('Please upload an image');
    }
  });

  it('finds a form valid only when no filled field breaks its rule', () => {
    const category = { categoryName: 'Roses', categoryDescription: 'Fresh', CategoryGst: '' };
    expect(adminFormValid('categoryUpdate', category)).toBe(true);
    expect(adminFormValid('categoryUpdate', { ...category, CategoryGst: '0' })).toBe(false);
    expect(adminFormValid('purchaseUpdate', { status: 'Delivered', userTrackingUrl: 'track.example' })).toBe(false);
    expect(adminFormValid('productCreate', aProduct({ mrp: '99999999' }))).toBe(false);
    expect(adminFormValid('productCreate', aProduct())).toBe(true);
  });
});

describe('adminFileTooLarge', () => {
  it('takes a banner image of 300 KB (307200 bytes) and refuses one byte more', () => {
    for (const form of ['heroImage', 'bannerBottomImage'] as const) {
      for (const input of ['desktop', 'mobile']) {
        expect(adminFileTooLarge(form, input, aPng(307_200))).toBe(false);
        expect(adminFileTooLarge(form, input, aPng(307_201))).toBe(true);
        expect(adminForms[form].files[input]?.tooLargeMessage).toBe('File size exceeds 300KB limit.');
      }
    }
  });

  it('takes product images up to 5 MB (the 500 kb of the form is advice only)', () => {
    expect(adminFileTooLarge('productCreate', 'files', aPng(600 * 1024))).toBe(false);
    expect(adminFileTooLarge('productUpdate', 'files', aPng(5 * 1024 * 1024))).toBe(false);
    expect(adminFileTooLarge('productUpdate', 'files', aPng(5 * 1024 * 1024 + 1))).toBe(true);
  });

  it('has nothing to say about an input the form does not have', () => {
    expect(adminFileTooLarge('categoryCreate', 'files', aPng(10 * 1024 * 1024))).toBe(false);
    expect(adminFileTooLarge('heroImage', 'files', aPng(10 * 1024 * 1024))).toBe(false);
  });
});

describe('admin form outcomes', () => {
  it('starts every field blank and the removal checkbox unticked', () => {
    expect(adminBlankValues('productUpdate')).toEqual({
      flowerName: '',
      mrp: '',
      sellingPrice: '',
      Quantity: '',
      description: '',
      shippingdetails: '',
      note: '',
      isRemoved: 'false',
      isAddon: 'false',
      flowerCategoryName: '',
      flowerSubCategoryName: '',
      deliveryKind: '',
      hsnCode: '',
    });
    expect(adminBlankValues('heroImage')).toEqual({});
  });

  it('goes back to the list after 3 s for categories, 4 s for products and orders, and never for banners or settings', () => {
    const delays = Object.fromEntries(Object.entries(adminForms).map(([name, form]) => [name, form.redirectDelayMs]));
    expect(delays).toEqual({
      categoryCreate: 3000,
      categoryUpdate: 3000,
      subCategoryCreate: 3000,
      subCategoryUpdate: 3000,
      productCreate: 4000,
      productUpdate: 4000,
      purchaseUpdate: 4000,
      shopSettings: null,
      heroImage: null,
      bannerBottomImage: null,
      deliveryAreaCreate: 3000,
      deliveryAreaUpdate: 3000,
      deliveryAreaDelete: 3000,
      couponCreate: 3000,
      couponUpdate: 3000,
    });
    expect(adminForms.subCategoryUpdate.savedToastMs).toBe(5000);
    expect(adminForms.categoryCreate.savedToastMs).toBe(4000);
  });
});
