// @vitest-environment jsdom
// The flower (product) forms through the real app (/flowerform, /flowerformupdate/{externalId}): the category and
// sub-category selects fed by the server, typing filters, the spec's messages, exactly what the multipart request
// holds, the saved toast and the return to /flowerlist after 4 s, and a duplicate name.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AdminCategory, AdminProduct, AdminSubCategory } from '../../domain/admin-catalog';
import { anAdminCategory, anAdminProduct, anAdminSubCategory } from './admin-fixtures';
import { layoutHandlers } from './catalog-fixtures';
import { openAdminForm } from './admin-form-harness';
import { renderApp, signIn } from './render-app';
import { advance, expectRedirect, mockApi } from './page-harness';

/** A sub-category of `parent`, as the server lists it. */
const subCategoryOf = (parent: AdminCategory, id: number, subCategoryName: string): AdminSubCategory =>
  anAdminSubCategory({ id, subCategoryName, ProductCategoryId: parent.id, ProductCategory: { id: parent.id, categoryName: parent.categoryName } });

/** The product the update form edits: a posy in Everlasting Dry Flowers (3) › Posy (31), with one picture. */
const theRose = (overrides: Partial<AdminProduct> = {}): AdminProduct =>
  anAdminProduct({
    id: 5,
    externalId: 'p_rose',
    productName: 'Blush Rose Posy',
    itemCode: 'EDF-POSY-01',
    flowerCategoryId: 3,
    flowerSubCategoryId: 31,
    images: ['4f1c0a9e'],
    ...overrides,
  });

const dry = anAdminCategory({ id: 3, categoryName: 'Everlasting Dry Flowers' });
const fresh = anAdminCategory({ id: 7, categoryName: 'Fresh Flowers' });
const subCategoriesByCategory: Record<number, AdminSubCategory[]> = {
  3: [subCategoryOf(dry, 31, 'Posy'), subCategoryOf(dry, 32, 'Side')],
  7: [subCategoryOf(fresh, 71, 'Exotic'), subCategoryOf(fresh, 72, 'Roses')],
};

/** A multipart request as the server reads it: its text fields and its `files` parts. */
interface Posted {
  path: string;
  fields: Record<string, string>;
  /** Each file part: its field name, type and bytes. (jsdom's File reaches Node's FormData as a plain Blob, so its
   * file name is lost on the way in tests; a browser sends it.) */
  files: { part: string; type: string; bytes: number[] }[];
}

let posts: Posted[] = [];
/** The category ids the sub-category list was asked for, in order. */
let subCategoryLoads: string[] = [];
let stored = theRose();
let writeAnswer: 200 | 409 = 200;

const multipartHandler = (path: string, savedText: string) =>
  http.post(`*/api/${path}`, async ({ request }) => {
    const body = await request.formData();
    const posted: Posted = { path, fields: {}, files: [] };
    for (const [name, value] of body.entries()) {
      if (typeof value === 'string') posted.fields[name] = value;
      else posted.files.push({ part: name, type: value.type, bytes: [...new Uint8Array(await value.arrayBuffer())] });
    }
    posts.push(posted);
    if (writeAnswer === 409) {
      return HttpResponse.json({ message: 'Product with this name already exist', code: 'CONFLICT' }, { status: 409 });
    }
    return HttpResponse.text(savedText);
  });

mockApi([
  ...layoutHandlers,
  http.get('*/api/flowercategorylist', () => HttpResponse.json([dry, fresh])),
  http.get('*/api/subproductcategorylist/:categoryId', ({ params }) => {
    subCategoryLoads.push(String(params.categoryId));
    return HttpResponse.json(subCategoriesByCategory[Number(params.categoryId)] ?? []);
  }),
  http.get('*/api/getsingleflower', ({ request }) =>
    new URL(request.url).searchParams.get('product_ext_id') === stored.externalId
      ? HttpResponse.json(stored)
      : HttpResponse.json({ message: 'Product not found', code: 'NOT_FOUND' }, { status: 404 }),
  ),
  // Where a saved form goes back to.
  http.get('*/api/getproductdata', () => HttpResponse.json([stored])),
  multipartHandler('flowerformdata', 'Product Data created successfully'),
  multipartHandler('updateflowerdata', 'Product Data updated successfully'),
], () => {
  posts = [];
  subCategoryLoads = [];
  stored = theRose();
  writeAnswer = 200;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Opens a flower form as an admin and waits until it can be edited. */
async function openForm(path: string, title: string, options: { fakeTimers?: boolean } = {}) {
  const page = await openAdminForm(path, title, options);
  const optionLabels = (label: string) => [...page.select(label).options].map((option) => option.text);
  const removed = () => within(page.form).getByRole('checkbox', { name: 'Removed from the shop' }) as HTMLInputElement;
  return { ...page, optionLabels, removed };
}

type FormPage = Awaited<ReturnType<typeof openForm>>;

/** A message shown as a toast (outside the form), not as a field's message. */
async function toast(text: string) {
  await waitFor(() => {
    const form = screen.getByRole('form');
    expect(screen.getAllByText(text).some((element) => !form.contains(element))).toBe(true);
  });
}

async function waitForCategories(page: FormPage) {
  await waitFor(() => expect(page.optionLabels('Flower Category')).toEqual(['Select a category', 'Everlasting Dry Flowers', 'Fresh Flowers']));
}

/** The rose's text fields by label: what the create form is filled with and the update form loads (theRose). */
const roseTexts: Record<string, string> = {
  'Flower Name': 'Blush Rose Posy',
  'Item Code': 'EDF-POSY-01',
  MRP: '1499',
  'Selling Price': '1250',
  Quantity: '5',
  Description: 'Dried roses bound with twine.',
  'Shipping Details': 'Ships in 2 to 5 business days.',
  Note: 'Keep away from direct sunlight.',
};

/** The rose's details as both forms send them, in the server's field names. */
const roseFields = {
  flowerName: 'Blush Rose Posy',
  mrp: '1499',
  sellingPrice: '1250',
  Quantity: '5',
  description: 'Dried roses bound with twine.',
  shippingdetails: 'Ships in 2 to 5 business days.',
  note: 'Keep away from direct sunlight.',
  isAddon: 'false',
  deliveryKind: '',
  hsnCode: '',
  flowerCategoryName: '3',
};

/** Fills every text field (pasted: typing filters are tested on their own) and both selects of the create form. */
async function fillCreateForm(page: FormPage) {
  for (const [label, text] of Object.entries(roseTexts)) {
    await page.user.click(page.field(label));
    await page.user.paste(text);
  }
  await waitForCategories(page);
  await page.user.selectOptions(page.select('Flower Category'), 'Everlasting Dry Flowers');
  await waitFor(() => expect(page.optionLabels('Flower Sub Category')).toContain('Side'));
  await page.user.selectOptions(page.select('Flower Sub Category'), 'Side');
}

const pngBytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3];
const aPng = () => new File([new Uint8Array(pngBytes)], 'rose.png', { type: 'image/png' });

describe('flower create form (/flowerform)', () => {
  it('shows Flower Data Form with every field, the helper texts and a way back to the list', async () => {
    const page = await openForm('/flowerform', 'Flower Data Form');
    expect(screen.getByRole('heading', { level: 1, name: 'Flower Data Form' })).toBeTruthy();
    // The title is set in an effect after the first paint.
    await waitFor(() => expect(document.title).toBe('Flower Data Form'));
    expect(screen.getByRole('link', { name: '← List of Flowers' }).getAttribute('href')).toBe('/flowerlist');
    for (const label of ['Flower Name', 'Item Code', 'MRP', 'Selling Price', 'Quantity']) {
      expect(page.field(label).value).toBe('');
      expect(page.field(label).readOnly).toBe(false);
    }
    expect(page.field('Quantity').inputMode).toBe('numeric');
    for (const label of ['Description', 'Shipping Details', 'Note']) expect(page.field(label).tagName).toBe('TEXTAREA');
    for (const helper of [
      'Description should not be more than 500 characters',
      'Shipping Details should not be more than 500 characters',
      'Note should not be more than 500 characters',
      'A removed product leaves the storefront at once',
      'PNG or JPEG; under 500 KB keeps the shop fast',
    ]) {
      expect(within(page.form).getByText(helper)).toBeTruthy();
    }
    expect(page.removed().checked).toBe(false);
    const images = page.field('Images');
    expect(images.type).toBe('file');
    expect(images.name).toBe('files');
    expect(images.multiple).toBe(true);
    expect(images.accept).toBe('image/png,image/jpeg');
    expect(within(page.form).queryByText('Choosing new images replaces the current ones')).toBeNull();
    expect(within(page.form).getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('fills the category select from the server and reloads the sub-categories when the category changes', async () => {
    const page = await openForm('/flowerform', 'Flower Data Form');
    await waitForCategories(page);
    // No category yet: the sub-category select waits for one and nothing was asked of the server.
    expect(page.select('Flower Sub Category').matches(':disabled')).toBe(true);
    expect(page.optionLabels('Flower Sub Category')).toEqual(['Choose a category first']);
    expect(subCategoryLoads).toEqual([]);

    await page.user.selectOptions(page.select('Flower Category'), 'Everlasting Dry Flowers');
    await waitFor(() => expect(page.optionLabels('Flower Sub Category')).toEqual(['Select a sub category', 'Posy', 'Side']));
    expect(page.select('Flower Sub Category').matches(':disabled')).toBe(false);
    await page.user.selectOptions(page.select('Flower Sub Category'), 'Side');
    expect(page.select('Flower Sub Category').value).toBe('32');

    await page.user.selectOptions(page.select('Flower Category'), 'Fresh Flowers');
    await waitFor(() => expect(page.optionLabels('Flower Sub Category')).toEqual(['Select a sub category', 'Exotic', 'Roses']));
    // The chosen sub-category belonged to the other category: it is cleared.
    expect(page.select('Flower Sub Category').value).toBe('');
    expect(subCategoryLoads).toEqual(['3', '7']);
    // Cleared, not just hidden: going back to the first category does not bring the old choice back.
    await page.user.selectOptions(page.select('Flower Category'), 'Everlasting Dry Flowers');
    await waitFor(() => expect(page.optionLabels('Flower Sub Category')).toEqual(['Select a sub category', 'Posy', 'Side']));
    expect(page.select('Flower Sub Category').value).toBe('');
  });

  it('filters typing: digits only in the prices, at most 10, and only name characters in the name', async () => {
    const page = await openForm('/flowerform', 'Flower Data Form');
    const typed = { MRP: 'Rs 1a4b9c9', Quantity: '123456789012', 'Flower Name': 'Rose & Lily #1 / Posy-Box_2!.', 'Item Code': 'EDF@POSY€01' };
    expect(await page.typeInto(typed)).toEqual({ MRP: '1499', Quantity: '1234567890', 'Flower Name': 'Rose  Lily 1 / Posy-Box_2!.', 'Item Code': 'EDFPOSY01' });
  });

  it("shows the domain's message for a price the shop cannot hold and sends nothing", async () => {
    const page = await openForm('/flowerform', 'Flower Data Form');
    await fillCreateForm(page);
    await page.user.upload(page.field('Images'), aPng());
    await page.user.clear(page.field('Selling Price'));
    await page.user.type(page.field('Selling Price'), '9999999999');
    expect(await within(page.form).findByText('This price is too large')).toBeTruthy();
    await page.submit('Submit');
    expect(posts).toEqual([]);
    expect(page.at()).toBe('/flowerform');
  });

  it('says "Please fill all the fields" for an empty submit and sends nothing', async () => {
    const page = await openForm('/flowerform', 'Flower Data Form');
    await page.submit('Submit');
    await toast('Please fill all the fields');
    expect(within(page.form).getAllByText('This field is required').length).toBeGreaterThanOrEqual(8);
    expect(posts).toEqual([]);
  });

  it('says "Please fill all the fields" when every field is filled but no image was chosen', async () => {
    const page = await openForm('/flowerform', 'Flower Data Form');
    await fillCreateForm(page);
    await page.submit('Submit');
    await toast('Please fill all the fields');
    expect(within(page.form).queryByText('This field is required')).toBeNull();
    expect(posts).toEqual([]);
  });

  it('posts every field and the image as multipart, says so and goes to /flowerlist after 4 s, not before', async () => {
    const page = await openForm('/flowerform', 'Flower Data Form', { fakeTimers: true });
    await fillCreateForm(page);
    await page.user.upload(page.field('Images'), aPng());
    expect(within(page.form).getByText('rose.png')).toBeTruthy();
    await page.submit('Submit');
    await toast('Product Data created successfully');
    expect(posts).toEqual([
      {
        path: 'flowerformdata',
        fields: { ...roseFields, flowerItemCode: 'EDF-POSY-01', isRemoved: 'false', flowerSubCategoryName: '32' },
        files: [{ part: 'files', type: 'image/png', bytes: pngBytes }],
      },
    ]);
    await expectRedirect(page.at, { delayMs: 4000, from: '/flowerform', to: '/flowerlist' });
  });

  it('says "Product name already exist" when the server refuses a duplicate name, and stays', async () => {
    writeAnswer = 409;
    const page = await openForm('/flowerform', 'Flower Data Form', { fakeTimers: true });
    await fillCreateForm(page);
    await page.user.upload(page.field('Images'), aPng());
    await page.submit('Submit');
    await toast('Product name already exist');
    expect(screen.queryByText('Product with this name already exist')).toBeNull();
    expect(screen.queryByText('Product Data created successfully')).toBeNull();
    expect(posts).toHaveLength(1);
    advance(5000);
    expect(page.at()).toBe('/flowerform');
    expect(page.field('Flower Name').value).toBe('Blush Rose Posy');
    expect(within(page.form).getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('flower update form (/flowerformupdate/{externalId})', () => {
  it('loads the flower into the fields, shows its item code read-only and its current picture', async () => {
    const page = await openForm('/flowerformupdate/p_rose', 'Flower Data Update Form');
    expect(screen.getByRole('heading', { level: 1, name: 'Flower Data Update Form' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← List of Flowers' }).getAttribute('href')).toBe('/flowerlist');
    expect(page.values(Object.keys(roseTexts))).toEqual(roseTexts);
    expect(page.removed().checked).toBe(false);
    await waitForCategories(page);
    expect(page.select('Flower Category').value).toBe('3');
    await waitFor(() => expect(page.select('Flower Sub Category').value).toBe('31'));
    expect(subCategoryLoads).toEqual(['3']);

    const itemCode = page.field('Item Code');
    expect(itemCode.value).toBe('EDF-POSY-01');
    expect(itemCode.readOnly).toBe(true);
    await page.user.type(itemCode, 'X');
    expect(itemCode.value).toBe('EDF-POSY-01');

    const picture = within(page.form).getByRole('img', { name: 'Current picture of Blush Rose Posy' }) as HTMLImageElement;
    expect(picture.src).toContain('/flowerimage?sys_name=EDF-POSY-01&w=320');
    expect(within(page.form).getByText('Choosing new images replaces the current ones')).toBeTruthy();
    expect(within(page.form).getByRole('button', { name: 'Update' })).toBeTruthy();
  });

  it('shows no current picture for a flower without images', async () => {
    stored = theRose({ images: [] });
    const page = await openForm('/flowerformupdate/p_rose', 'Flower Data Update Form');
    expect(within(page.form).queryByRole('img', { name: /Current picture/ })).toBeNull();
  });

  it.each([
    { before: false, after: 'true' },
    { before: true, after: 'false' },
  ])('sends isRemoved $after after the checkbox is toggled, without the item code or a files part', async ({ before, after }) => {
    stored = theRose({ isRemoved: before });
    const page = await openForm('/flowerformupdate/p_rose', 'Flower Data Update Form', { fakeTimers: true });
    expect(page.removed().checked).toBe(before);
    await page.user.click(page.removed());
    expect(page.removed().checked).toBe(!before);
    await page.submit('Update');
    await toast('Product Data updated successfully');
    expect(posts).toEqual([
      {
        path: 'updateflowerdata',
        // Without the item code, which cannot change.
        fields: { ...roseFields, isRemoved: after, flowerSubCategoryName: '31', id: 'p_rose' },
        files: [],
      },
    ]);
    advance(4100);
    await waitFor(() => expect(page.at()).toBe('/flowerlist'));
  });

  it('sends the Delivery chosen: the product\'s own kind, or empty for as its category', async () => {
    const page = await openForm('/flowerformupdate/p_rose', 'Flower Data Update Form');
    await waitFor(() => expect(page.field('Flower Name').value).toBe('Blush Rose Posy'));
    expect(page.select('Delivery').value).toBe('');
    expect([...page.select('Delivery').options].map((option) => option.text)).toEqual(['As its category', 'Hand delivery', 'Courier']);
    await page.user.selectOptions(page.select('Delivery'), 'hand');
    await page.submit('Update');
    await toast('Product Data updated successfully');
    expect(posts[0]?.fields.deliveryKind).toBe('hand');
  });

  it('sends a newly chosen image and the new sub-category', async () => {
    const page = await openForm('/flowerformupdate/p_rose', 'Flower Data Update Form');
    await waitFor(() => expect(page.optionLabels('Flower Sub Category')).toContain('Side'));
    await page.user.selectOptions(page.select('Flower Sub Category'), 'Side');
    await page.user.upload(page.field('Images'), aPng());
    await page.submit('Update');
    await toast('Product Data updated successfully');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.fields.flowerSubCategoryName).toBe('32');
    expect(posts[0]?.files).toEqual([{ part: 'files', type: 'image/png', bytes: pngBytes }]);
  });

  it('says "Please fill in all fields" when the quantity is emptied and sends nothing', async () => {
    const page = await openForm('/flowerformupdate/p_rose', 'Flower Data Update Form');
    await page.user.clear(page.field('Quantity'));
    await page.submit('Update');
    await toast('Please fill in all fields');
    expect(within(page.form).getAllByText('This field is required')).toHaveLength(1);
    expect(posts).toEqual([]);
    expect(page.at()).toBe('/flowerformupdate/p_rose');
  });

  it('offers Retry when the flower cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn({ dashboard: true });
    await renderApp('/flowerformupdate/p_missing');
    expect(await screen.findByText('This record did not load.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
