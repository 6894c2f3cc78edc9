import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { adminCatalogMessages as messages, adminCatalogTexts as texts } from '../../domain/admin-catalog';
import type { AdminCategory, AdminProduct, AdminSubCategory } from '../../domain/admin-catalog';
import { categories, productImages, products, siteImages, subCategories } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';
import { aUser, signedInAs } from './helpers/auth';
import { aGuest, asGuest } from './helpers/cart';
import { aCategory, aProduct, aProductForm, aSubCategory } from './helpers/factories';

let app: FastifyInstance;
let admin: { authorization: string };
let customer: { authorization: string };
let guest: { authorization: string };
let png: Buffer;
let jpeg: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  app = await buildTestApp();
  const adminUser = await aUser(app, { role: 'admin' });
  admin = signedInAs(app, { externalId: adminUser.externalId, role: 'admin' });
  const customerUser = await aUser(app);
  customer = signedInAs(app, customerUser);
  guest = asGuest(await aGuest(app));
  const pixels = { create: { width: 64, height: 48, channels: 3 as const, background: { r: 200, g: 40, b: 90 } } };
  png = await sharp(pixels).png().toBuffer();
  jpeg = await sharp(pixels).jpeg().toBuffer();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

type Fields = Record<string, string>;
interface Upload {
  bytes: Buffer;
  name: string;
  type?: string;
}

function form(fields: Fields, files: Upload[] = []): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  for (const file of files) data.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return data;
}

const get = (url: string, headers: object = admin) => app.inject({ method: 'GET', url, headers: headers as Record<string, string> });
const postJson = (url: string, payload: object, headers: object = admin) =>
  app.inject({ method: 'POST', url, payload, headers: headers as Record<string, string> });
const postForm = (url: string, data: FormData, headers: object = admin) =>
  app.inject({ method: 'POST', url, payload: data as unknown as string, headers: headers as Record<string, string> });

let unique = 0;
const next = () => {
  unique += 1;
  return unique;
};

const productFields = (overrides: Fields = {}) => aProductForm(app.db, overrides);

async function productNamed(name: string) {
  const [row] = await app.db.select().from(products).where(eq(products.name, name));
  return row;
}

describe('authorization', () => {
  const endpoints: { method: 'GET' | 'POST'; url: string; body?: () => Promise<object | FormData> }[] = [
    { method: 'GET', url: '/api/flowercategorylist' },
    { method: 'GET', url: '/api/subflowercategorylist' },
    { method: 'GET', url: '/api/subproductcategorylist/1' },
    { method: 'GET', url: '/api/getproductdata' },
    { method: 'GET', url: '/api/getsingleflower?product_ext_id=PRODUCT' },
    { method: 'GET', url: '/api/getsingleflowercategory?id=CATEGORY' },
    { method: 'GET', url: '/api/getsubflowercategorybyid?id=SUB' },
    { method: 'POST', url: '/api/flowerformdata', body: async () => form(await productFields(), [{ bytes: png, name: 'a.png' }]) },
    {
      method: 'POST',
      url: '/api/updateflowerdata',
      body: async () => {
        const product = await aProduct(app.db);
        return form({ ...(await productFields()), id: product.externalId });
      },
    },
    { method: 'POST', url: '/api/createflowercategory', body: async () => ({ categoryName: `Matrix ${next()}`, categoryDescription: 'd' }) },
    {
      method: 'POST',
      url: '/api/updateflowercategory',
      body: async () => ({ id: (await aCategory(app.db)).id, categoryName: `Matrix ${next()}`, categoryDescription: 'd', CategoryGst: '' }),
    },
    {
      method: 'POST',
      url: '/api/createsubflowercategory',
      body: async () => ({ subCategoryName: `Matrix ${next()}`, subCategoryDescription: 'd', productCategoryName: (await aCategory(app.db)).id }),
    },
    {
      method: 'POST',
      url: '/api/flowersubproductcategoryupdate',
      body: async () => ({ id: (await aSubCategory(app.db)).id, subCategoryName: `Matrix ${next()}`, subCategoryDescription: 'd' }),
    },
    { method: 'POST', url: '/api/heroimage?fileName=topbannerimg', body: async () => form({}, [{ bytes: png, name: 'hero.png' }]) },
  ];

  const callers = [
    { who: 'anonymous', headers: () => ({}), status: 401 },
    { who: 'guest', headers: () => guest, status: 403 },
    { who: 'customer', headers: () => customer, status: 403 },
    { who: 'admin', headers: () => admin, status: 200 },
  ];

  it.each(endpoints.map((e) => [`${e.method} ${e.url.split('?')[0]}`, e] as const))('%s: 401 / 403 / 403 / 200', async (_name, endpoint) => {
    const product = await aProduct(app.db);
    const sub = await aSubCategory(app.db);
    const url = endpoint.url
      .replace('PRODUCT', product.externalId)
      .replace('CATEGORY', String(sub.categoryId))
      .replace('SUB', String(sub.id));
    for (const caller of callers) {
      const body = endpoint.body ? await endpoint.body() : undefined;
      const headers = caller.headers() as Record<string, string>;
      const res =
        endpoint.method === 'GET'
          ? await app.inject({ method: 'GET', url, headers })
          : await app.inject({ method: 'POST', url, headers, payload: body as unknown as string });
      expect(res.statusCode, `${caller.who}: ${res.body}`).toBe(caller.status);
      if (caller.status !== 200) expect(res.json()).toMatchObject({ code: caller.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN' });
    }
  });

  it('a public GET heroimage still works for everybody', async () => {
    expect((await postForm('/api/heroimage?fileName=bottombannerimg', form({}, [{ bytes: png, name: 'b.png' }]))).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/heroimage?image=bottombannerimg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});

describe('categories', () => {
  it('creates, lists, reads and updates a category, with GST as the CGST percent', async () => {
    const name = `Orchids ${next()}`;
    const created = await postJson('/api/createflowercategory', { categoryName: name, categoryDescription: 'Exotic' });
    expect(created.statusCode).toBe(200);
    expect(created.headers['content-type']).toMatch(/^text\/plain/);
    expect(created.body).toBe(texts.categoryCreated);

    const list = (await get('/api/flowercategorylist')).json<AdminCategory[]>();
    const row = list.find((c) => c.categoryName === name)!;
    expect(row).toMatchObject({ categoryDescription: 'Exotic', categoryGst: null });

    const one = await get(`/api/getsingleflowercategory?id=${row.id}`);
    expect(one.json()).toEqual(row);

    const updated = await postJson('/api/updateflowercategory', { id: row.id, categoryName: `${name} X`, categoryDescription: 'New', CategoryGst: '2.5' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.body).toBe(texts.categoryUpdated);
    const [stored] = await app.db.select().from(categories).where(eq(categories.id, row.id));
    expect(stored).toMatchObject({ name: `${name} X`, description: 'New', gstRateBp: 250 });
    expect((await get(`/api/getsingleflowercategory?id=${row.id}`)).json()).toMatchObject({ categoryGst: 2.5 });

    await postJson('/api/updateflowercategory', { id: row.id, categoryName: `${name} X`, categoryDescription: 'New', CategoryGst: '' });
    const [cleared] = await app.db.select().from(categories).where(eq(categories.id, row.id));
    expect(cleared!.gstRateBp).toBeNull();
  });

  it('refuses duplicate names case-insensitively, on create and update', async () => {
    const existing = await aCategory(app.db, { name: `Tulips ${next()}` });
    const dup = await postJson('/api/createflowercategory', { categoryName: existing.name.toUpperCase(), categoryDescription: 'd' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: messages.dataExists, code: 'CONFLICT' });

    const other = await aCategory(app.db);
    const rename = await postJson('/api/updateflowercategory', { id: other.id, categoryName: existing.name.toLowerCase(), categoryDescription: 'd' });
    expect(rename.statusCode).toBe(409);
    // Keeping its own name (another case) is fine.
    const same = await postJson('/api/updateflowercategory', { id: other.id, categoryName: other.name.toUpperCase(), categoryDescription: 'd' });
    expect(same.statusCode).toBe(200);
  });

  it.each([
    [{ categoryDescription: 'd' }, messages.fillAllFields],
    [{ categoryName: '   ', categoryDescription: 'd' }, messages.fillAllFields],
    [{ categoryName: 'Name' }, messages.fillAllFields],
    [{ categoryName: 'x'.repeat(51), categoryDescription: 'd' }, messages.categoryNameMax],
    [{ categoryName: 'Roses <b>', categoryDescription: 'd' }, messages.categoryNameChars],
    [{ categoryName: 'Red\nRoses', categoryDescription: 'd' }, messages.categoryNameChars],
    [{ categoryName: 'Red\u2028Roses', categoryDescription: 'd' }, messages.categoryNameChars],
    [{ categoryName: 'Roses', categoryDescription: 'd'.repeat(301) }, messages.categoryDescriptionMax],
  ])('create refuses %j: %s', async (body, message) => {
    const res = await postJson('/api/createflowercategory', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it.each([
    ['0', messages.invalidCategoryGst],
    ['-1', messages.invalidCategoryGst],
    ['abc', messages.invalidCategoryGst],
    ['1.', messages.invalidCategoryGst],
    ['51', messages.categoryGstTooHigh],
  ])('update refuses CategoryGst %j', async (gst, message) => {
    const category = await aCategory(app.db);
    const res = await postJson('/api/updateflowercategory', { id: category.id, categoryName: category.name, categoryDescription: 'd', CategoryGst: gst });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('404 for an unknown category, 400 for a bad id', async () => {
    expect((await get('/api/getsingleflowercategory?id=999999')).statusCode).toBe(404);
    expect((await get('/api/getsingleflowercategory?id=abc')).json()).toEqual({ message: messages.invalidId, code: 'BAD_REQUEST' });
    const res = await postJson('/api/updateflowercategory', { id: 999999, categoryName: 'Nope', categoryDescription: 'd' });
    expect(res.statusCode).toBe(404);
  });
});

describe('sub-categories', () => {
  it('creates, lists (also by category), reads and updates a sub-category', async () => {
    const category = await aCategory(app.db);
    const name = `Bouquets ${next()}`;
    const created = await postJson('/api/createsubflowercategory', { subCategoryName: name, subCategoryDescription: 'Hand tied', productCategoryName: String(category.id) });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.body).toBe(texts.subCategoryCreated);

    const all = (await get('/api/subflowercategorylist')).json<AdminSubCategory[]>();
    const row = all.find((s) => s.subCategoryName === name)!;
    expect(row).toMatchObject({ subCategoryDescription: 'Hand tied', ProductCategoryId: category.id, ProductCategory: { id: category.id, categoryName: category.name } });
    expect((await get(`/api/subproductcategorylist/${category.id}`)).json()).toEqual([row]);
    expect((await get(`/api/getsubflowercategorybyid?id=${row.id}`)).json()).toEqual(row);

    const moved = await aCategory(app.db);
    const updated = await postJson('/api/flowersubproductcategoryupdate', { id: row.id, subCategoryName: `${name} B`, subCategoryDescription: 'New', productCategoryName: moved.id });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.body).toBe(texts.subCategoryUpdated);
    expect((await get(`/api/getsubflowercategorybyid?id=${row.id}`)).json()).toMatchObject({ subCategoryName: `${name} B`, ProductCategoryId: moved.id });

    // No category given: it keeps the one it has.
    await postJson('/api/flowersubproductcategoryupdate', { id: row.id, subCategoryName: `${name} C`, subCategoryDescription: 'New', productCategoryName: '' });
    const [stored] = await app.db.select().from(subCategories).where(eq(subCategories.id, row.id));
    expect(stored).toMatchObject({ name: `${name} C`, categoryId: moved.id });
  });

  it('shows a sub-category without a parent with ProductCategory null', async () => {
    const orphan = await aSubCategory(app.db, { categoryId: null });
    const res = (await get(`/api/getsubflowercategorybyid?id=${orphan.id}`)).json<AdminSubCategory>();
    expect(res).toMatchObject({ ProductCategoryId: null, ProductCategory: null });
  });

  it('refuses a duplicate name in the same category, case-insensitively', async () => {
    const existing = await aSubCategory(app.db, { name: `Vases ${next()}` });
    const res = await postJson('/api/createsubflowercategory', { subCategoryName: existing.name.toUpperCase(), subCategoryDescription: 'd', productCategoryName: existing.categoryId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: messages.dataExists, code: 'CONFLICT' });
    const sibling = await aSubCategory(app.db, { categoryId: existing.categoryId });
    const rename = await postJson('/api/flowersubproductcategoryupdate', { id: sibling.id, subCategoryName: existing.name.toLowerCase(), subCategoryDescription: 'd' });
    expect(rename.statusCode).toBe(409);
  });

  it.each([
    [{ subCategoryDescription: 'd', productCategoryName: 'CAT' }, messages.fillAllFields],
    [{ subCategoryName: 'Name', productCategoryName: 'CAT' }, messages.fillAllFields],
    [{ subCategoryName: 'Name', subCategoryDescription: 'd' }, messages.fillAllFields],
    [{ subCategoryName: 'Name', subCategoryDescription: 'd', productCategoryName: '' }, messages.fillAllFields],
    [{ subCategoryName: 'Name', subCategoryDescription: 'd', productCategoryName: 'abc' }, messages.invalidId],
    [{ subCategoryName: 'x'.repeat(301), subCategoryDescription: 'd', productCategoryName: 'CAT' }, messages.subCategoryNameMax],
    [{ subCategoryName: 'Name', subCategoryDescription: 'd'.repeat(301), productCategoryName: 'CAT' }, messages.subCategoryDescriptionMax],
    [{ subCategoryName: 'Name#', subCategoryDescription: 'd', productCategoryName: 'CAT' }, messages.subCategoryNameChars],
    [{ subCategoryName: 'Name', subCategoryDescription: 'd;', productCategoryName: 'CAT' }, messages.subCategoryDescriptionChars],
    [{ subCategoryName: 'Name', subCategoryDescription: 'd', productCategoryName: '999999' }, messages.categoryNotFound],
  ])('create refuses %j: %s', async (body, message) => {
    const category = await aCategory(app.db);
    const payload = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'CAT' ? String(category.id) : v]));
    const res = await postJson('/api/createsubflowercategory', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('update needs name and description; unknown id is 404', async () => {
    const sub = await aSubCategory(app.db);
    const res = await postJson('/api/flowersubproductcategoryupdate', { id: sub.id, subCategoryName: '', subCategoryDescription: 'd' });
    expect(res.json()).toEqual({ message: messages.fillAllFields, code: 'BAD_REQUEST' });
    const missing = await postJson('/api/flowersubproductcategoryupdate', { id: 999999, subCategoryName: 'n', subCategoryDescription: 'd' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('products', () => {
  it('creates a product with images, lists it and reads it', async () => {
    const fields = await productFields();
    const res = await postForm('/api/flowerformdata', form(fields, [{ bytes: png, name: 'a.png', type: 'image/png' }, { bytes: jpeg, name: 'b.jpg', type: 'image/jpeg' }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(texts.productCreated);

    const row = await productNamed(fields.flowerName!);
    expect(row).toMatchObject({ itemCode: fields.flowerItemCode, mrpPaise: 150_000, sellingPricePaise: 125_000, stock: 7, isRemoved: false, isAddon: false });
    const images = await app.db.select().from(productImages).where(eq(productImages.productId, row!.id));
    expect(images).toHaveLength(2);

    const list = (await get('/api/getproductdata')).json<AdminProduct[]>();
    const listed = list.find((p) => p.externalId === row!.externalId)!;
    expect(listed).toMatchObject({
      productName: fields.flowerName,
      itemCode: fields.flowerItemCode,
      mrp: 1500,
      sellingPrice: 1250,
      quantity: 7,
      isRemoved: false,
      isAddon: false,
      flowerCategoryId: Number(fields.flowerCategoryName),
      flowerSubCategoryId: Number(fields.flowerSubCategoryName),
      description: fields.description,
      shippingDetails: fields.shippingdetails,
      note: fields.note,
    });
    expect(listed.images).toHaveLength(2);
    expect((await get(`/api/getsingleflower?product_ext_id=${row!.externalId}`)).json()).toEqual(listed);

    // The storefront sees it on the next load, and its image by item code.
    const detail = await get(`/api/flowerdetail/${row!.externalId}`, {});
    expect(detail.statusCode).toBe(200);
    const image = await get(`/api/flowerimage?sys_name=${fields.flowerItemCode}`, {});
    expect(image.statusCode).toBe(200);
  });

  it('accepts a PNG named .pdf (content decides) and an empty MRP (= selling price), empty quantity (= 0)', async () => {
    const fields = await productFields({ mrp: '', Quantity: '' });
    const res = await postForm('/api/flowerformdata', form(fields, [{ bytes: png, name: 'photo.pdf', type: 'application/pdf' }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(await productNamed(fields.flowerName!)).toMatchObject({ mrpPaise: 125_000, stock: 0 });
  });

  it.each([
    ['a PDF named .png', pdf, 'photo.png'],
    ['a PDF', pdf, 'brochure.pdf'],
    ['a text file', Buffer.from('hello'), 'a.jpg'],
    ['a truncated PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), 'a.png'],
  ])('refuses %s as a product picture, and writes nothing', async (_what, bytes, name) => {
    const fields = await productFields();
    const res = await postForm('/api/flowerformdata', form(fields, [{ bytes: png, name: 'ok.png' }, { bytes, name, type: 'image/png' }]));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: messages.productImageType, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await productNamed(fields.flowerName!)).toBeUndefined();
  });

  it('refuses a product image over 5 MB', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await postForm('/api/flowerformdata', form(await productFields(), [{ bytes: big, name: 'big.png' }]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: messages.productImageTooLarge });
  });

  const requiredOnCreate = ['flowerName', 'flowerItemCode', 'description', 'sellingPrice', 'flowerCategoryName', 'flowerSubCategoryName', 'shippingdetails', 'note'];
  it.each(requiredOnCreate)('create requires %s: "Please fill all the fields"', async (field) => {
    const fields = await productFields({ [field]: '' });
    const res = await postForm('/api/flowerformdata', form(fields, [{ bytes: png, name: 'a.png' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.fillAllFields, code: 'BAD_REQUEST' });
  });

  it('create requires at least one image', async () => {
    const res = await postForm('/api/flowerformdata', form(await productFields(), [{ bytes: Buffer.alloc(0), name: '' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.fillAllFields, code: 'BAD_REQUEST' });
  });

  it.each([
    ['flowerName', 'x'.repeat(51), messages.productNameMax],
    ['flowerName', 'Rose <script>', messages.productNameChars],
    ['flowerItemCode', 'x'.repeat(51), messages.itemCodeMax],
    ['flowerItemCode', 'AB#1', messages.itemCodeChars],
    ['description', 'd'.repeat(501), messages.descriptionMax],
    ['description', 'Ros\u00e9', messages.descriptionChars],
    ['shippingdetails', 's'.repeat(501), messages.shippingMax],
    ['note', 'n'.repeat(501), messages.noteMax],
    ['note', 'caf\u00e9', messages.noteChars],
    ['mrp', '12.5', messages.mrpDigits],
    ['mrp', '12345678901', messages.mrpDigits],
    ['mrp', '9999999999', messages.priceTooLarge],
    ['sellingPrice', '-5', messages.sellingPriceDigits],
    ['flowerName', 'Red\nRose', messages.productNameChars],
    ['flowerName', 'Red\rRose', messages.productNameChars],
    ['flowerName', 'Red\u2028Rose', messages.productNameChars],
    ['flowerItemCode', 'AB\t1', messages.itemCodeChars],
    ['sellingPrice', '0', messages.sellingPriceMin],
    ['sellingPrice', '1501', messages.sellingPriceAboveMrp],
    ['Quantity', 'ten', messages.quantityDigits],
    ['Quantity', '9999999999', messages.quantityTooLarge],
    ['isRemoved', 'maybe', messages.invalidRemoved],
    ['isAddon', 'sometimes', messages.invalidAddon],
    ['flowerCategoryName', 'Roses', messages.invalidId],
  ])('create refuses %s = %j', async (field, value, message) => {
    const res = await postForm('/api/flowerformdata', form(await productFields({ [field]: value }), [{ bytes: png, name: 'a.png' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('refuses a sub-category of another category, and unknown ones', async () => {
    const other = await aSubCategory(app.db);
    const res = await postForm('/api/flowerformdata', form(await productFields({ flowerSubCategoryName: String(other.id) }), [{ bytes: png, name: 'a.png' }]));
    expect(res.json()).toEqual({ message: messages.subCategoryNotInCategory, code: 'BAD_REQUEST' });
    const unknown = await postForm('/api/flowerformdata', form(await productFields({ flowerSubCategoryName: '999999' }), [{ bytes: png, name: 'a.png' }]));
    expect(unknown.json()).toEqual({ message: messages.subCategoryNotFound, code: 'BAD_REQUEST' });
  });

  it('refuses a duplicate name (any case) and a duplicate item code', async () => {
    const existing = await aProduct(app.db, { name: `Lily ${next()}` });
    const dup = await postForm('/api/flowerformdata', form(await productFields({ flowerName: existing.name.toUpperCase() }), [{ bytes: png, name: 'a.png' }]));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: messages.productNameExists, code: 'CONFLICT' });
    const code = await postForm('/api/flowerformdata', form(await productFields({ flowerItemCode: existing.itemCode.toLowerCase() }), [{ bytes: png, name: 'a.png' }]));
    expect(code.statusCode).toBe(409);
    expect(code.json()).toEqual({ message: messages.itemCodeExists, code: 'CONFLICT' });
  });

  it('updates a product; the item code is not editable; no files keeps the images', async () => {
    const created = await productFields();
    await postForm('/api/flowerformdata', form(created, [{ bytes: png, name: 'a.png' }]));
    const row = (await productNamed(created.flowerName!))!;
    const fields = await productFields({ flowerItemCode: 'CHANGED-1', mrp: '2000', sellingPrice: '1800', Quantity: '3' });
    const res = await postForm('/api/updateflowerdata', form({ ...fields, id: row.externalId }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(texts.productUpdated);
    const after = (await get(`/api/getsingleflower?product_ext_id=${row.externalId}`)).json<AdminProduct>();
    expect(after).toMatchObject({
      productName: fields.flowerName,
      itemCode: created.flowerItemCode,
      mrp: 2000,
      sellingPrice: 1800,
      quantity: 3,
      flowerSubCategoryId: Number(fields.flowerSubCategoryName),
    });
    expect(after.images).toHaveLength(1);

    const replaced = await postForm('/api/updateflowerdata', form({ ...fields, id: row.externalId }, [{ bytes: jpeg, name: 'new.jpg' }]));
    expect(replaced.statusCode).toBe(200);
    const images = (await get(`/api/getsingleflower?product_ext_id=${row.externalId}`)).json<AdminProduct>().images;
    expect(images).toHaveLength(1);
    expect(images[0]).not.toBe(after.images[0]);
  });

  it('update keeps the selling price between Rs. 1 and the MRP', async () => {
    const product = await aProduct(app.db);
    const above = await postForm('/api/updateflowerdata', form({ ...(await productFields({ mrp: '900', sellingPrice: '950' })), id: product.externalId }));
    expect(above.json()).toEqual({ message: messages.sellingPriceAboveMrp, code: 'BAD_REQUEST' });
    const free = await postForm('/api/updateflowerdata', form({ ...(await productFields({ mrp: '', sellingPrice: '0' })), id: product.externalId }));
    expect(free.json()).toEqual({ message: messages.sellingPriceMin, code: 'BAD_REQUEST' });
    const equal = await postForm('/api/updateflowerdata', form({ ...(await productFields({ mrp: '900', sellingPrice: '900' })), id: product.externalId }));
    expect(equal.statusCode, equal.body).toBe(200);
  });

  it('update requires quantity too ("Please fill in all fields"), refuses a taken name, 404 for an unknown id', async () => {
    const product = await aProduct(app.db);
    const other = await aProduct(app.db);
    const noQuantity = await postForm('/api/updateflowerdata', form({ ...(await productFields({ Quantity: '' })), id: product.externalId }));
    expect(noQuantity.json()).toEqual({ message: messages.fillInAllFields, code: 'BAD_REQUEST' });
    const taken = await postForm('/api/updateflowerdata', form({ ...(await productFields({ flowerName: other.name.toLowerCase() })), id: product.externalId }));
    expect(taken.statusCode).toBe(409);
    const own = await postForm('/api/updateflowerdata', form({ ...(await productFields({ flowerName: product.name.toUpperCase() })), id: product.externalId }));
    expect(own.statusCode).toBe(200);
    const unknown = await postForm('/api/updateflowerdata', form({ ...(await productFields()), id: 'no-such-product' }));
    expect(unknown.statusCode).toBe(404);
    const pdfUpdate = await postForm('/api/updateflowerdata', form({ ...(await productFields()), id: product.externalId }, [{ bytes: pdf, name: 'x.png' }]));
    expect(pdfUpdate.statusCode).toBe(415);
  });

  it('a JSON body is refused with 400, not a 500', async () => {
    const res = await postJson('/api/flowerformdata', await productFields());
    expect(res.statusCode).toBe(400);
  });

  it('removal hides a product from allflowers and flowerdetail at once, and bringing it back shows it', async () => {
    const category = await aCategory(app.db, { name: `Removal ${next()}` });
    const sub = await aSubCategory(app.db, { categoryId: category.id });
    const product = await aProduct(app.db, { subCategory: sub });
    const names = async () => {
      const res = await get(`/api/allflowers?category_name=${encodeURIComponent(category.name)}`, {});
      return res
        .json<{ products: { SubProductCategories: { ProductSubProducts: { ProductDatum: { externalId: string } }[] }[] }[] }>()
        .products.flatMap((c) => c.SubProductCategories.flatMap((s) => s.ProductSubProducts.map((p) => p.ProductDatum.externalId)));
    };
    expect(await names()).toContain(product.externalId); // now cached
    expect((await get(`/api/flowerdetail/${product.externalId}`, {})).statusCode).toBe(200);

    const fields = { ...(await productFields()), flowerName: product.name, flowerCategoryName: String(category.id), flowerSubCategoryName: String(sub.id), id: product.externalId };
    const removed = await postForm('/api/updateflowerdata', form({ ...fields, isRemoved: 'true' }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await names()).not.toContain(product.externalId);
    expect((await get(`/api/flowerdetail/${product.externalId}`, {})).statusCode).toBe(404);
    // The admin still sees it, flagged.
    expect((await get(`/api/getsingleflower?product_ext_id=${product.externalId}`)).json()).toMatchObject({ isRemoved: true });

    await postForm('/api/updateflowerdata', form({ ...fields, isRemoved: 'false' }));
    expect(await names()).toContain(product.externalId);
  });

  it('marking a product as an add-on offers it in GET /api/addons, and unmarking it takes it out (issue 42)', async () => {
    const product = await aProduct(app.db, { name: `Admin Cake ${next()}`, stock: 4 });
    const offered = async () => (await get('/api/addons', {})).json<{ addons: { externalId: string }[] }>().addons.map((addon) => addon.externalId);
    expect(await offered()).not.toContain(product.externalId);
    const fields = {
      ...(await productFields()),
      flowerName: product.name,
      flowerCategoryName: String(product.categoryId),
      flowerSubCategoryName: String(product.subCategoryId),
      id: product.externalId,
    };
    const marked = await postForm('/api/updateflowerdata', form({ ...fields, isAddon: 'true' }));
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await get(`/api/getsingleflower?product_ext_id=${product.externalId}`)).json()).toMatchObject({ isAddon: true });
    expect(await offered()).toContain(product.externalId);
    // An update that does not send the checkbox keeps it.
    await postForm('/api/updateflowerdata', form(fields));
    expect(await offered()).toContain(product.externalId);
    await postForm('/api/updateflowerdata', form({ ...fields, isAddon: 'false' }));
    expect(await offered()).not.toContain(product.externalId);
  });

  it('a new category and sub-category show in the header menu on the next load', async () => {
    const before = await get('/api/categoryheader', {});
    expect(before.statusCode).toBe(200);
    const name = `Header ${next()}`;
    await postJson('/api/createflowercategory', { categoryName: name, categoryDescription: 'd' });
    const after = (await get('/api/categoryheader', {})).json<{ body: { categoryName: string }[] }>();
    expect(after.body.map((c) => c.categoryName)).toContain(name);
  });
});

describe('POST heroimage', () => {
  it.each(['topbannerimg', 'topbannermobileimg', 'bottombannerimg', 'bottombannermobileimg'] as const)('stores %s and the public GET serves it', async (slot) => {
    const bytes = await sharp({ create: { width: 120, height: 40, channels: 3, background: { r: 10, g: 20, b: next() % 255 } } }).jpeg().toBuffer();
    const res = await postForm(`/api/heroimage?fileName=${slot}`, form({}, [{ bytes, name: 'banner.jpg' }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe(texts.imageUploaded);
    const [row] = await app.db.select().from(siteImages).where(eq(siteImages.slot, slot));
    expect(row).toBeDefined();
    const served = await app.inject({ method: 'GET', url: `/api/heroimage?image=${slot}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('accepts an image under 300 KB and refuses 301 KB with "File size exceeds 300KB limit."', async () => {
    const noisy = await sharp(Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 200, height: 200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeLessThan(300 * 1024);
    const ok = await postForm('/api/heroimage?fileName=topbannerimg', form({}, [{ bytes: noisy, name: 'ok.png' }]));
    expect(ok.statusCode, ok.body).toBe(200);

    const tooBig = Buffer.concat([png, Buffer.alloc(301 * 1024 - png.length)]);
    const res = await postForm('/api/heroimage?fileName=topbannerimg', form({}, [{ bytes: tooBig, name: 'big.png' }]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: messages.heroTooLarge, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses an empty upload with "Please upload an image"', async () => {
    for (const data of [form({}), form({}, [{ bytes: Buffer.alloc(0), name: '' }])]) {
      const res = await postForm('/api/heroimage?fileName=topbannerimg', data);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: messages.uploadImage, code: 'BAD_REQUEST' });
    }
  });

  it('checks content by bytes: a PDF named .png is refused, a PNG named .pdf accepted', async () => {
    const bad = await postForm('/api/heroimage?fileName=topbannerimg', form({}, [{ bytes: pdf, name: 'hero.png', type: 'image/png' }]));
    expect(bad.statusCode).toBe(415);
    expect(bad.json()).toEqual({ message: messages.heroImageType, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const good = await postForm('/api/heroimage?fileName=topbannermobileimg', form({}, [{ bytes: png, name: 'hero.pdf', type: 'application/pdf' }]));
    expect(good.statusCode).toBe(200);
  });

  it('refuses an unknown slot', async () => {
    const res = await postForm('/api/heroimage?fileName=sidebar', form({}, [{ bytes: png, name: 'a.png' }]));
    expect(res.statusCode).toBe(400);
  });
});
