// @vitest-environment jsdom
// The category and sub-category forms through the real app (/flowercategory, /updateflowercategory/{id},
// /flowersubcategory, /updateflowersubcategory/{id}): typing filters, the spec's messages, exactly what is sent, the
// saved toast and the return to the list after 3 s, a refusal and no answer at all.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AdminCategory, AdminSubCategory } from '../../domain/admin-catalog';
import { adminFormUnreachable } from '../../machines/admin-form.machine';
import { layoutHandlers } from './catalog-fixtures';
import { expectClosedWithoutDashboard, openAdminForm } from './admin-form-harness';
import { renderApp, signIn } from './render-app';
import { advance, expectRedirect, mockApi } from './page-harness';

function anAdminCategory(overrides: Partial<AdminCategory> = {}): AdminCategory {
  const id = overrides.id ?? 1;
  return {
    id,
    externalId: `c_${id}`,
    categoryName: `Category ${id}`,
    categoryDescription: `About category ${id}`,
    categoryGst: null,
    deliveryKind: 'courier',
    hsnCode: '0603',
    ...overrides,
  };
}

function anAdminSubCategory(overrides: Partial<AdminSubCategory> = {}): AdminSubCategory {
  const id = overrides.id ?? 1;
  return {
    id,
    externalId: `s_${id}`,
    subCategoryName: `Sub category ${id}`,
    subCategoryDescription: `About sub category ${id}`,
    ProductCategoryId: null,
    ProductCategory: null,
    ...overrides,
  };
}

const categories = [
  anAdminCategory({ id: 3, categoryName: 'Everlasting Dry Flowers', categoryDescription: 'Dried and preserved', categoryGst: null }),
  anAdminCategory({ id: 7, categoryName: 'Fresh Flowers', categoryDescription: 'Cut this morning', categoryGst: 2.5 }),
];
const subCategories = [
  anAdminSubCategory({
    id: 12,
    subCategoryName: 'Posy',
    subCategoryDescription: 'Small hand-tied bunches',
    ProductCategoryId: 7,
    ProductCategory: { id: 7, categoryName: 'Fresh Flowers' },
  }),
];

/** What the server was asked to write, by path. */
let writes: { path: string; body: unknown }[] = [];
/** How many single-record loads were made (a page for an impossible id makes none). */
let recordLoads = 0;
/** How the next write answers: a status, or no answer at all. */
let writeAnswer: number | 'none' = 200;

const writeHandler = (path: string, savedText: string) =>
  http.post(`*/api/${path}`, async ({ request }) => {
    writes.push({ path, body: await request.json() });
    if (writeAnswer === 'none') return HttpResponse.error();
    if (writeAnswer === 409) {
      return HttpResponse.json({ message: 'Data already exists. Please create new one', code: 'CONFLICT' }, { status: 409 });
    }
    if (writeAnswer !== 200) return HttpResponse.json({ message: 'Refused', code: 'BAD_REQUEST' }, { status: writeAnswer });
    return HttpResponse.text(savedText);
  });

const byId = <T extends { id: number }>(rows: T[], request: Request, notFound: string) => {
  recordLoads += 1;
  const row = rows.find((candidate) => candidate.id === Number(new URL(request.url).searchParams.get('id')));
  return row ? HttpResponse.json(row) : HttpResponse.json({ message: notFound, code: 'NOT_FOUND' }, { status: 404 });
};

mockApi([
  ...layoutHandlers,
  http.get('*/api/flowercategorylist', () => HttpResponse.json(categories)),
  http.get('*/api/subflowercategorylist', () => HttpResponse.json(subCategories)),
  http.get('*/api/getsingleflowercategory', ({ request }) => byId(categories, request, 'Category not found')),
  http.get('*/api/getsubflowercategorybyid', ({ request }) => byId(subCategories, request, 'Sub-category not found')),
  writeHandler('createflowercategory', 'data submitted'),
  writeHandler('updateflowercategory', 'Data updated successfully'),
  writeHandler('createsubflowercategory', 'data submitted'),
  writeHandler('flowersubproductcategoryupdate', 'Data updated successfully'),
], () => {
  writes = [];
  recordLoads = 0;
  writeAnswer = 200;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('category create form (/flowercategory)', () => {
  it('shows the form titled Flower Category Form with the true limits in its helper texts and a way back to the list', async () => {
    const page = await openAdminForm('/flowercategory', 'Flower Category Form');
    expect(screen.getByRole('heading', { level: 1, name: 'Flower Category Form' })).toBeTruthy();
    // The title is set in an effect after the first paint.
    await waitFor(() => expect(document.title).toBe('Flower Category Form'));
    expect(screen.getByRole('link', { name: '← Flower Category List' }).getAttribute('href')).toBe('/flowercategorylist');
    expect(page.field('Category Name').value).toBe('');
    expect(page.field('Category Description').tagName).toBe('TEXTAREA');
    expect(within(page.form).getByText('Category name should not be more than 50 characters')).toBeTruthy();
    expect(within(page.form).getByText('Category description should not be more than 300 characters')).toBeTruthy();
    expect(within(page.form).queryByText(/500 characters/)).toBeNull();
    expect(within(page.form).queryByLabelText(/^Category GST/)).toBeNull();
    expect(within(page.form).getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('drops characters a name cannot hold and stops the name at 50 and the description at 300', async () => {
    const page = await openAdminForm('/flowercategory', 'Flower Category Form');
    await page.user.type(page.field('Category Name'), 'Roses & Lilies #1 / Mixed-Box_2!.');
    expect(page.field('Category Name').value).toBe('Roses  Lilies 1 / Mixed-Box_2!.');
    await page.user.clear(page.field('Category Name'));
    await page.user.type(page.field('Category Name'), 'a'.repeat(53));
    expect(page.field('Category Name').value).toBe('a'.repeat(50));
    await page.user.click(page.field('Category Description'));
    await page.user.paste('d'.repeat(320));
    expect(page.field('Category Description').value).toBe('d'.repeat(300));
  });

  it('says "Please fill all the fields" for an empty submit, marks the fields and sends nothing', async () => {
    const page = await openAdminForm('/flowercategory', 'Flower Category Form');
    await page.user.type(page.field('Category Name'), 'Dried Roses');
    await page.submit('Submit');
    expect(await screen.findByText('Please fill all the fields')).toBeTruthy();
    expect(within(page.form).getAllByText('This field is required')).toHaveLength(1);
    expect(writes).toEqual([]);
    expect(page.at()).toBe('/flowercategory');
  });

  it('sends exactly the name and description, says so and lands on /flowercategorylist after 3 s, not before', async () => {
    const page = await openAdminForm('/flowercategory', 'Flower Category Form', { fakeTimers: true });
    await page.fill({ 'Category Name': 'Dried Roses', 'Category Description': 'Roses dried by hand, 3 weeks.' });
    await page.submit('Submit');
    expect(await screen.findByText('Category created successfully')).toBeTruthy();
    expect(writes).toEqual([
      {
        path: 'createflowercategory',
        body: { categoryName: 'Dried Roses', categoryDescription: 'Roses dried by hand, 3 weeks.', deliveryKind: 'courier', hsnCode: '' },
      },
    ]);
    expect(within(page.form).getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);
    await expectRedirect(page.at, { delayMs: 3000, from: '/flowercategory', to: '/flowercategorylist' });
  });

  it('sends the Delivery chosen: courier unless the admin picks hand delivery', async () => {
    const page = await openAdminForm('/flowercategory', 'Flower Category Form');
    expect(page.field('Delivery').value).toBe('courier');
    await page.fill({ 'Category Name': 'Fresh Lilies', 'Category Description': 'Cut this morning' });
    await page.user.selectOptions(page.field('Delivery'), 'hand');
    await page.submit('Submit');
    expect(await screen.findByText('Category created successfully')).toBeTruthy();
    expect(writes).toEqual([
      { path: 'createflowercategory', body: { categoryName: 'Fresh Lilies', categoryDescription: 'Cut this morning', deliveryKind: 'hand', hsnCode: '' } },
    ]);
  });

  it('shows the server\'s "Data already exists. Please create new one" for a duplicate and stays', async () => {
    writeAnswer = 409;
    const page = await openAdminForm('/flowercategory', 'Flower Category Form', { fakeTimers: true });
    await page.fill({ 'Category Name': 'Fresh Flowers', 'Category Description': 'Again' });
    await page.submit('Submit');
    expect(await screen.findByText('Data already exists. Please create new one')).toBeTruthy();
    expect(screen.queryByText('Category created successfully')).toBeNull();
    advance(5000);
    expect(page.at()).toBe('/flowercategory');
    expect(within(page.form).getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false);
    expect(page.field('Category Name').value).toBe('Fresh Flowers');
  });

  it('says the shop could not be reached when no answer comes, and keeps what was typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    writeAnswer = 'none';
    const page = await openAdminForm('/flowercategory', 'Flower Category Form');
    await page.fill({ 'Category Name': 'Dried Roses', 'Category Description': 'By hand' });
    await page.submit('Submit');
    expect(await screen.findByText(adminFormUnreachable)).toBeTruthy();
    expect(writes).toHaveLength(1);
    expect(page.field('Category Name').value).toBe('Dried Roses');
    expect(page.field('Category Description').value).toBe('By hand');
    expect(page.at()).toBe('/flowercategory');
  });

  it('is closed to a visitor without the dashboard flag', () => expectClosedWithoutDashboard('/flowercategory'));
});

describe('category update form (/updateflowercategory/{id})', () => {
  it('loads the category, with its GST as text, under the title Category Update Form', async () => {
    const page = await openAdminForm('/updateflowercategory/7', 'Category Update Form');
    expect(screen.getByRole('heading', { level: 1, name: 'Category Update Form' })).toBeTruthy();
    await waitFor(() => expect(page.field('Category Name').value).toBe('Fresh Flowers'));
    expect(page.field('Category Description').value).toBe('Cut this morning');
    expect(page.field('Category GST (%)').value).toBe('2.5');
    expect(page.field('Category GST (%)').getAttribute('inputmode')).toBe('decimal');
    expect(within(page.form).getByText('Leave empty for no GST; otherwise the CGST percent, e.g. 2.5')).toBeTruthy();
    expect(within(page.form).getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Flower Category List' }).getAttribute('href')).toBe('/flowercategorylist');
  });

  it('shows no GST as an empty field', async () => {
    const page = await openAdminForm('/updateflowercategory/3', 'Category Update Form');
    await waitFor(() => expect(page.field('Category Name').value).toBe('Everlasting Dry Flowers'));
    expect(page.field('Category GST (%)').value).toBe('');
  });

  it('takes "2.5" in the GST field, drops letters, and sends id, name, description and CategoryGst', async () => {
    const page = await openAdminForm('/updateflowercategory/3', 'Category Update Form', { fakeTimers: true });
    await waitFor(() => expect(page.field('Category Name').value).toBe('Everlasting Dry Flowers'));
    await page.user.type(page.field('Category GST (%)'), '2a.b5%');
    expect(page.field('Category GST (%)').value).toBe('2.5');
    await page.user.clear(page.field('Category Description'));
    await page.user.type(page.field('Category Description'), 'Dried, pressed & preserved');
    await page.submit('Update');
    expect(await screen.findByText('Category updated successfully')).toBeTruthy();
    expect(writes).toEqual([
      {
        path: 'updateflowercategory',
        body: { id: 3, categoryName: 'Everlasting Dry Flowers', categoryDescription: 'Dried, pressed & preserved', CategoryGst: '2.5', deliveryKind: 'courier', hsnCode: '0603' },
      },
    ]);
    await expectRedirect(page.at, { delayMs: 3000, from: '/updateflowercategory/3', to: '/flowercategorylist' });
  });

  it('refuses a GST of "0" with the spec\'s message and sends nothing', async () => {
    const page = await openAdminForm('/updateflowercategory/7', 'Category Update Form');
    await waitFor(() => expect(page.field('Category GST (%)').value).toBe('2.5'));
    await page.user.clear(page.field('Category GST (%)'));
    await page.user.type(page.field('Category GST (%)'), '0');
    expect(await within(page.form).findByText('GST should be empty or a number greater than 0')).toBeTruthy();
    await page.submit('Update');
    expect(screen.queryByText('Category updated successfully')).toBeNull();
    expect(writes).toEqual([]);
  });

  it('sends an emptied GST as an empty string (no GST)', async () => {
    const page = await openAdminForm('/updateflowercategory/7', 'Category Update Form');
    await waitFor(() => expect(page.field('Category GST (%)').value).toBe('2.5'));
    await page.user.clear(page.field('Category GST (%)'));
    await page.submit('Update');
    expect(await screen.findByText('Category updated successfully')).toBeTruthy();
    expect(writes).toEqual([
      {
        path: 'updateflowercategory',
        body: { id: 7, categoryName: 'Fresh Flowers', categoryDescription: 'Cut this morning', CategoryGst: '', deliveryKind: 'courier', hsnCode: '0603' },
      },
    ]);
  });

  it.each(['abc', '0', '-4', '2.5'])('says "This category does not exist." for /updateflowercategory/%s and asks nothing', async (id) => {
    signIn({ dashboard: true });
    await renderApp(`/updateflowercategory/${id}`);
    expect(await screen.findByText('This category does not exist.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the category list' }).getAttribute('href')).toBe('/flowercategorylist');
    expect(screen.queryByRole('form')).toBeNull();
    expect(recordLoads).toBe(0);
  });

  it('shows the load failure with Retry for an unknown category', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn({ dashboard: true });
    await renderApp('/updateflowercategory/99');
    expect(await screen.findByText('This record did not load.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(recordLoads).toBe(1);
  });
});

describe('sub-category create form (/flowersubcategory)', () => {
  it('offers the categories from the server under "Select a category", with the 300 limits in the helper texts', async () => {
    const page = await openAdminForm('/flowersubcategory', 'SubCategory Form');
    expect(screen.getByRole('heading', { level: 1, name: 'SubCategory Form' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Flower Sub Category List' }).getAttribute('href')).toBe('/flowersubcategorylist');
    const options = [...page.select('Flower Category').options].map((option) => [option.value, option.textContent]);
    expect(options).toEqual([
      ['', 'Select a category'],
      ['3', 'Everlasting Dry Flowers'],
      ['7', 'Fresh Flowers'],
    ]);
    expect(page.select('Flower Category').value).toBe('');
    expect(within(page.form).getByText('Sub category name should not be more than 300 characters')).toBeTruthy();
    expect(within(page.form).getByText('Sub category description should not be more than 300 characters')).toBeTruthy();
  });

  it('renders the same form at the spec\'s /flowerSubcategory spelling', async () => {
    const page = await openAdminForm('/flowerSubcategory', 'SubCategory Form');
    expect(page.select('Flower Category').options).toHaveLength(3);
    expect(page.field('Sub Category Name').value).toBe('');
  });

  it('needs a category: "Please fill all the fields" and nothing sent', async () => {
    const page = await openAdminForm('/flowersubcategory', 'SubCategory Form');
    await page.fill({ 'Sub Category Name': 'Roses', 'Sub Category Description': 'Red roses' });
    await page.submit('Submit');
    expect(await screen.findByText('Please fill all the fields')).toBeTruthy();
    expect(within(page.form).getByText('This field is required')).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('filters typing and sends the chosen category as its id in productCategoryName, then goes to the list after 3 s', async () => {
    const page = await openAdminForm('/flowersubcategory', 'SubCategory Form', { fakeTimers: true });
    await page.user.type(page.field('Sub Category Name'), 'Roses & Tulips');
    expect(page.field('Sub Category Name').value).toBe('Roses  Tulips');
    await page.user.type(page.field('Sub Category Description'), 'Red, long-stemmed');
    expect(page.field('Sub Category Description').value).toBe('Red long-stemmed');
    await page.user.selectOptions(page.select('Flower Category'), 'Fresh Flowers');
    await page.submit('Submit');
    expect(await screen.findByText('Sub category created successfully')).toBeTruthy();
    expect(writes).toEqual([
      {
        path: 'createsubflowercategory',
        body: { subCategoryName: 'Roses  Tulips', subCategoryDescription: 'Red long-stemmed', productCategoryName: '7' },
      },
    ]);
    await expectRedirect(page.at, { delayMs: 3000, from: '/flowersubcategory', to: '/flowersubcategorylist' });
  });
});

describe('sub-category update form (/updateflowersubcategory/{id})', () => {
  it('loads the sub-category with its parent preselected among the categories', async () => {
    const page = await openAdminForm('/updateflowersubcategory/12', 'SubCategory Update Form');
    expect(screen.getByRole('heading', { level: 1, name: 'SubCategory Update Form' })).toBeTruthy();
    await waitFor(() => expect(page.field('Sub Category Name').value).toBe('Posy'));
    expect(page.field('Sub Category Description').value).toBe('Small hand-tied bunches');
    expect(page.select('Flower Category').value).toBe('7');
    expect(page.select('Flower Category').selectedOptions[0]?.textContent).toBe('Fresh Flowers');
    expect(page.select('Flower Category').options).toHaveLength(3);
  });

  it('moves it to another category: sends id and the chosen id, shows the toast and goes to the list after 3 s', async () => {
    const page = await openAdminForm('/updateflowersubcategory/12', 'SubCategory Update Form', { fakeTimers: true });
    await waitFor(() => expect(page.select('Flower Category').value).toBe('7'));
    await page.user.selectOptions(page.select('Flower Category'), 'Everlasting Dry Flowers');
    await page.submit('Update');
    expect(await screen.findByText('Sub category updated successfully')).toBeTruthy();
    expect(writes).toEqual([
      {
        path: 'flowersubproductcategoryupdate',
        body: { id: 12, subCategoryName: 'Posy', subCategoryDescription: 'Small hand-tied bunches', productCategoryName: '3' },
      },
    ]);
    await expectRedirect(page.at, { delayMs: 3000, from: '/updateflowersubcategory/12', to: '/flowersubcategorylist' });
  });

  it('says "This sub category does not exist." for a non-numeric id and asks nothing', async () => {
    signIn({ dashboard: true });
    await renderApp('/updateflowersubcategory/posy');
    expect(await screen.findByText('This sub category does not exist.', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the sub category list' }).getAttribute('href')).toBe('/flowersubcategorylist');
    expect(recordLoads).toBe(0);
  });
});
