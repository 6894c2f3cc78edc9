// The admin area in real Chromium against the real server (the admin made by ADMIN_EMAIL / ADMIN_PASSWORD): a new
// category, sub-category and product with a picture that a shopper then sees and opens; the product taken off the
// shop; a paid order given a tracking link and Dispatched, seen by its customer and mailed to them; an order paid twice
// refunded and another cancelled before dispatch, the buyer mailed each time; a Contact Us message read on the Messages
// screen; the dashboard's charts, the orders CSV and the month's GST report CSV read back (issue 41); the admin guard
// and the storefront never downloading admin code; and a screenshot of every admin screen at desktop and phone widths.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { indiaDateOf } from '../../domain/india-time';
import { formatRupees } from '../../domain/money';
import { paths } from '../../src/app/paths';
import { browserSuite, screenshots } from './browser-suite';
import { outbox } from './harness';
import { shopApi } from './shop-api';
import type { DeliveryAddress, Shopper } from './shop-api';
import { animationsDone, signIn, unexpectedErrors } from './shop-pages';

let shop: ReturnType<typeof shopApi>;
/** The admin's reads through the API, to check what the screens saved. */
let serverSide: ReturnType<ReturnType<typeof shopApi>['admin']>;

const admin = { email: 'admin@flowers.example.in', password: 'Orchid@2026' };
const suite = browserSuite({ env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });

const address: DeliveryAddress = {
  fullName: 'Arjun Menon',
  address: '22 Brigade Road',
  locality: 'Ashok Nagar',
  landmark: 'Near the metro',
  phoneNumber: '9845098450',
  pincode: '560025',
  city: 'Bengaluru',
  state: 'Karnataka',
};

const customer: Shopper = {
  email: 'arjun.menon@example.in',
  password: 'Jasmine@2026',
  firstName: 'Arjun',
  lastName: 'Menon',
  mobileNumber: '9845098450',
};

/** A customer with an earlier paid order, so that the purchase list has an order to sort the new one above. */
const earlierCustomer: Shopper = {
  email: 'lakshmi.rao@example.in',
  password: 'Marigold@77',
  firstName: 'Lakshmi',
  lastName: 'Rao',
  mobileNumber: '9840098400',
};

/** A customer who signed up and never bought: the never-purchased list's row. */
const neverBuyer: Shopper = {
  email: 'kavya.iyer@example.in',
  password: 'Lotus@2026',
  firstName: 'Kavya',
  lastName: 'Iyer',
  mobileNumber: '9841198411',
};

/** What the admin creates in journey 1. */
const catalogue = {
  category: 'Monsoon Blooms',
  categoryDescription: 'Lotus, water lilies and rain-fresh stems for the wet season.',
  subCategory: 'Lotus Bowls',
  subCategoryDescription: 'Floating lotus arrangements in brass urli bowls',
  product: 'Pink Lotus Bowl',
  itemCode: 'MB-LOTUS-01',
  mrp: '1499',
  sellingPrice: '1299',
  quantity: '5',
  description: 'Three pink lotus buds floating in a hand-beaten brass urli with fresh petals.',
  shippingDetails: 'Delivered within 2 to 5 business days in a sealed water pack.',
  note: 'Change the water every day; the buds open over three days.',
};

const tracking = 'https://track.example.in/AWB123';

/** Admin chunks by file name; the storefront must never load one. */
const adminChunk = /((dashboard|category-list|category-form|sub-category|flower-list|flower-form|site-image|purchase-order|never-purchased|messages|gst-report)-page|sales-figures)-/;

beforeAll(async () => {
  shop = shopApi(suite.server.url);
  serverSide = shop.admin((await shop.signIn(admin)).authorization);
  await shop.register(neverBuyer);
  await shop.register(earlierCustomer);
  await shop.paidOrder(earlierCustomer, (await shop.productsOf('Everlasting Dry Flowers', 'Round'))[0]!.externalId, {
    ...address,
    fullName: 'Lakshmi Rao',
  });
});

// ---- Helpers ------------------------------------------------------------------------------------------------------

const freshPage = (viewport?: { width: number; height: number }) => suite.freshPage(viewport);

/** Signs the admin in at /login; the header then offers the Dashboard. */
async function signInAsAdmin(page: Page) {
  await signIn(page, admin);
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first().waitFor();
}

/** Opens a screen from the dashboard by its link's name and waits for the screen's title. */
async function openFromDashboard(page: Page, link: string, title = link) {
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByRole('link', { name: link, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

const form = (page: Page, title: string) => page.getByRole('form', { name: title });

// Fields by their accessible name: a label's text would also hold the aria-hidden required mark.
const field = (scope: Locator, label: string) => scope.getByRole('textbox', { name: label, exact: true });
const select = (scope: Locator | Page, label: string) => scope.getByRole('combobox', { name: label, exact: true });

async function fillByLabel(scope: Locator, label: string, value: string) {
  await field(scope, label).fill(value);
}

async function chooseByLabel(scope: Locator, label: string, option: string) {
  await select(scope, label).selectOption({ label: option });
}

const table = (page: Page, caption: string) => page.getByRole('table', { name: caption });

/** Lists page by 5 rows; the admin shows them all to find a new record at the end. */
async function showAllRows(page: Page) {
  await select(page, 'Rows per page').selectOption('100');
}

const toast = (page: Page, message: string) => page.getByText(message, { exact: true }).first();

/**
 * Waits for the saved toast and then for the list, answering how long the form stayed after the toast; `meanwhile`
 * runs while the toast shows (e.g. a screenshot of it).
 */
async function savedThenBackTo(page: Page, message: string, listPath: string, meanwhile?: () => Promise<void>): Promise<number> {
  await toast(page, message).waitFor();
  const shownAt = Date.now();
  await meanwhile?.();
  await page.waitForURL(`**${listPath}`, { timeout: 10_000 });
  return Date.now() - shownAt;
}

/** Screenshots after the entrance animations (toasts, button states) have finished; endless ones (spinners) aside. */
async function shoot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await animationsDone(page);
  await page.screenshot({ path: join(screenshots, `admin-${name}-${width}.png`), fullPage: true });
}

/** A real 64×64 PNG in one colour, as a product picture. */
const squarePng = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } }).png().toBuffer();

/** India time is UTC+05:30 all year: the calendar date an order shows. */
const indiaDate = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);

// ---- Journeys -----------------------------------------------------------------------------------------------------

describe('the admin builds the catalogue', () => {
  let adminPage: Page;
  let adminErrors: string[];
  let productExtId = '';

  beforeAll(async () => {
    ({ page: adminPage, errors: adminErrors } = await freshPage());
    await signInAsAdmin(adminPage);
  });

  it('creates a category, a sub-category in it and a product with a picture that a shopper sees and opens', async () => {
    const page = adminPage;
    // Category: the form, the saved toast, and the list 3 s later.
    await openFromDashboard(page, 'Flower Category Form');
    const categoryForm = form(page, 'Flower Category Form');
    await fillByLabel(categoryForm, 'Category Name', catalogue.category);
    await fillByLabel(categoryForm, 'Category Description', catalogue.categoryDescription);
    await categoryForm.getByRole('button', { name: 'Submit' }).click();
    const stayed = await savedThenBackTo(page, 'Category created successfully', '/flowercategorylist', () => shoot(page, 'toast'));
    expect(stayed).toBeGreaterThan(2_500);
    await table(page, 'Flower Category List').getByRole('row', { name: new RegExp(catalogue.category) }).waitFor();
    const category = (await serverSide.categories()).find((c) => c.categoryName === catalogue.category);
    expect(category).toMatchObject({ categoryDescription: catalogue.categoryDescription, categoryGst: null });

    // Sub-category in the new category.
    await openFromDashboard(page, 'SubCategory Form');
    const subForm = form(page, 'SubCategory Form');
    await fillByLabel(subForm, 'Sub Category Name', catalogue.subCategory);
    await fillByLabel(subForm, 'Sub Category Description', catalogue.subCategoryDescription);
    await chooseByLabel(subForm, 'Flower Category', catalogue.category);
    await subForm.getByRole('button', { name: 'Submit' }).click();
    await savedThenBackTo(page, 'Sub category created successfully', '/flowersubcategorylist');
    await showAllRows(page);
    const subRow = table(page, 'Flower Sub Category List').getByRole('row', { name: new RegExp(catalogue.subCategory) });
    await subRow.waitFor();
    expect(await subRow.innerText()).toContain(catalogue.category);
    const sub = (await serverSide.subCategories()).find((s) => s.subCategoryName === catalogue.subCategory);
    expect(sub?.ProductCategory?.categoryName).toBe(catalogue.category);

    // Product in that sub-category, with a picture.
    await openFromDashboard(page, 'Flower Data Form');
    const productForm = form(page, 'Flower Data Form');
    await fillByLabel(productForm, 'Flower Name', catalogue.product);
    await fillByLabel(productForm, 'Item Code', catalogue.itemCode);
    await fillByLabel(productForm, 'MRP', catalogue.mrp);
    await fillByLabel(productForm, 'Selling Price', catalogue.sellingPrice);
    await fillByLabel(productForm, 'Quantity', catalogue.quantity);
    await chooseByLabel(productForm, 'Flower Category', catalogue.category);
    await chooseByLabel(productForm, 'Flower Sub Category', catalogue.subCategory);
    await fillByLabel(productForm, 'Description', catalogue.description);
    await fillByLabel(productForm, 'Shipping Details', catalogue.shippingDetails);
    await fillByLabel(productForm, 'Note', catalogue.note);
    await productForm.locator('input[name=files]').setInputFiles({ name: 'pink-lotus.png', mimeType: 'image/png', buffer: await squarePng(226, 92, 140) });
    await productForm.getByRole('img', { name: 'Chosen: pink-lotus.png' }).waitFor();
    await productForm.getByRole('button', { name: 'Submit' }).click();
    await savedThenBackTo(page, 'Product Data created successfully', '/flowerlist');
    await table(page, 'List of Flowers').waitFor();
    const product = (await serverSide.products()).find((p) => p.productName === catalogue.product);
    expect(product).toMatchObject({
      itemCode: catalogue.itemCode,
      mrp: 1499,
      sellingPrice: 1299,
      quantity: 5,
      isRemoved: false,
      flowerCategoryName: catalogue.category,
      flowerSubCategoryName: catalogue.subCategory,
    });
    expect(product?.images).toHaveLength(1);
    productExtId = product!.externalId;

    // A shopper in a browser of their own finds it with its picture and opens it.
    const { page: shopper, errors } = await freshPage();
    const pictures: { status: number; type: string }[] = [];
    shopper.on('response', (response) => {
      if (response.url().includes(`sys_name=${catalogue.itemCode}`)) {
        pictures.push({ status: response.status(), type: response.headers()['content-type'] ?? '' });
      }
    });
    await shopper.goto(paths.category(catalogue.category, catalogue.subCategory));
    const card = shopper.getByTestId('product-card').filter({ hasText: catalogue.product });
    await card.waitFor();
    await card.getByText('Rs. 1,299').waitFor();
    const picture = card.getByRole('img', { name: catalogue.product });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(pictures.length).toBeGreaterThan(0);
    for (const answer of pictures) {
      expect(answer.status).toBe(200);
      expect(answer.type).toMatch(/^image\/(webp|png)/);
    }
    await card.getByRole('link', { name: catalogue.product }).click();
    await shopper.waitForURL(`**/flower/${productExtId}`);
    await shopper.getByRole('heading', { level: 1, name: catalogue.product }).waitFor();
    await shopper.getByRole('button', { name: 'Add To Cart' }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(adminErrors)).toEqual([]);
  });

  it('takes the product off the shop: the shopper no longer finds it and its page says so', async () => {
    const page = adminPage;
    await openFromDashboard(page, 'List of Flowers');
    await showAllRows(page);
    await page.getByRole('link', { name: `Open flower ${catalogue.product}`, exact: true }).click();
    await page.waitForURL(`**/flowerformupdate/${productExtId}`);
    const updateForm = form(page, 'Flower Data Update Form');
    await expect.poll(() => field(updateForm, 'Flower Name').inputValue()).toBe(catalogue.product);
    expect(await field(updateForm, 'Item Code').getAttribute('readonly')).not.toBeNull();
    // A person ticks the box through its visible label (the real input is visually hidden under the drawn box).
    const removed = updateForm.getByRole('checkbox', { name: 'Removed from the shop' });
    expect(await removed.isChecked()).toBe(false);
    await updateForm.getByText('Removed from the shop', { exact: true }).click();
    await expect.poll(() => removed.isChecked()).toBe(true);
    await updateForm.getByRole('button', { name: 'Update' }).click();
    await savedThenBackTo(page, 'Product Data updated successfully', '/flowerlist');
    await showAllRows(page);
    const row = table(page, 'List of Flowers').getByRole('row', { name: new RegExp(catalogue.product) });
    expect(await row.innerText()).toMatch(/\bYes\b/);
    expect((await serverSide.product(productExtId)).isRemoved).toBe(true);

    const { page: shopper, errors } = await freshPage();
    await shopper.goto(paths.category(catalogue.category, catalogue.subCategory));
    await shopper.getByText('No flowers available for this category.').waitFor();
    expect(await shopper.getByTestId('product-card').filter({ hasText: catalogue.product }).count()).toBe(0);
    await shopper.goto(`/flower/${productExtId}`);
    await shopper.getByRole('heading', { level: 1, name: 'This flower is not in our shop' }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(adminErrors)).toEqual([]);
  });
});

describe('the admin dispatches an order', () => {
  it('sets the tracking link and Dispatched; the customer sees both and is mailed about it', async () => {
    await shop.register(customer);
    const dried = (await shop.productsOf('Everlasting Dry Flowers', 'Posy'))[0]!;
    const orderNumber = await shop.paidOrder(customer, dried.externalId, address);
    const purchase = (await serverSide.purchases()).find((p) => p.UserOrder.rpayOrderId === orderNumber)!;

    const { page, errors } = await freshPage();
    await signInAsAdmin(page);
    await openFromDashboard(page, 'Purchase Order List');
    const rows = table(page, 'Purchase Order List').getByRole('row');
    await rows.filter({ hasText: orderNumber }).waitFor();
    // Newest first: the new order above the earlier customer's.
    const texts = await rows.allInnerTexts();
    const newest = texts.findIndex((text) => text.includes(orderNumber));
    const earlier = texts.findIndex((text) => text.includes(earlierCustomer.email));
    expect(newest).toBe(1);
    expect(earlier).toBeGreaterThan(newest);
    expect(texts[newest]).toContain(`Ordered on ${indiaDate(purchase.UserOrder.createdAt)}`);
    expect(texts[newest]).toContain(customer.email);

    await page.getByRole('link', { name: `Open order ${purchase.id}`, exact: true }).click();
    const orderForm = form(page, 'Purchase Order Update Form');
    await expect.poll(() => field(orderForm, 'Email').inputValue()).toBe(customer.email);
    await fillByLabel(orderForm, 'Tracking URL', tracking);
    await chooseByLabel(orderForm, 'Status', 'Dispatched');
    await orderForm.getByRole('button', { name: 'Update' }).click();
    await savedThenBackTo(page, 'Purchase order updated successfully', '/purchaseorderlist');
    await table(page, 'Purchase Order List').getByRole('row').filter({ hasText: orderNumber }).getByRole('link', { name: tracking }).waitFor();
    expect(await serverSide.purchase(purchase.id)).toMatchObject({ status: 'Dispatched', userTrackingUrl: tracking });

    const { page: own, errors: ownErrors } = await freshPage();
    await signIn(own, customer);
    await own.goto('/account/orders');
    const card = own.getByRole('article', { name: `Order ${orderNumber}` });
    await card.waitFor();
    expect(await card.getByTestId('order-status').innerText()).toBe('Dispatched');
    expect(await card.getByRole('link', { name: tracking }).getAttribute('href')).toBe(tracking);

    const [mail] = await outbox(suite.server.url, customer.email);
    expect(mail!.text).toContain(orderNumber);
    expect(mail!.text).toContain(tracking);
    expect(mail!.text).toContain('Dispatched');
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(ownErrors)).toEqual([]);
  });
});

/** What a shopper writes through Contact Us in the messages journey. */
const contactNote = {
  fullName: 'Divya Nair',
  email: 'divya.nair@example.in',
  phone: '9847098470',
  message: 'Could you make a jasmine garland for a wedding on the 14th?\n\nWe need about 20 strings.',
};

describe('the admin reads a Contact Us message', () => {
  it('sees it unread on Messages, with a Reply link to the sender, and marks it read', async () => {
    const { page: shopper, errors: shopperErrors } = await freshPage();
    await shopper.goto('/contactus');
    await shopper.getByLabel(/full name/i).fill(contactNote.fullName);
    await shopper.getByLabel(/email address/i).fill(contactNote.email);
    await shopper.getByLabel(/phone number/i).fill(contactNote.phone);
    await shopper.getByLabel(/message/i).fill(contactNote.message);
    await shopper.getByRole('button', { name: 'Send Message' }).click();
    await shopper.getByText('Thank You for Your Response!!').waitFor();

    const { page, errors } = await freshPage();
    await signInAsAdmin(page);
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'MAIL' }).getByText('1 unread').waitFor();
    await openFromDashboard(page, 'Messages');
    const row = table(page, 'Messages').getByRole('row').filter({ hasText: contactNote.email });
    await row.waitFor();
    expect(await row.innerText()).toContain('Unread');
    expect(await row.getByText(/jasmine garland/).innerText()).toBe(contactNote.message);
    const reply = row.getByRole('link', { name: `Reply to ${contactNote.fullName}` });
    expect(await reply.getAttribute('href')).toMatch(/^mailto:divya\.nair@example\.in\?subject=Re%3A%20your%20message%20to%20/);

    await row.getByRole('button', { name: `Mark the message from ${contactNote.fullName} as read` }).click();
    await row.getByRole('button', { name: `Mark the message from ${contactNote.fullName} as unread` }).waitFor();
    expect(await row.innerText()).not.toContain('Unread');
    const [stored] = await serverSide.messages();
    expect(stored).toMatchObject({ email: contactNote.email, readAt: expect.any(String) });
    // Read on a fresh load too.
    await page.reload();
    await table(page, 'Messages').getByRole('row').filter({ hasText: contactNote.email }).getByRole('button', { name: /as unread$/ }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(shopperErrors)).toEqual([]);
  });
});

describe('the admin gives money back', () => {
  const buyer: Shopper = {
    email: 'meera.pillai@example.in',
    password: 'Hibiscus@2026',
    firstName: 'Meera',
    lastName: 'Pillai',
    mobileNumber: '9847198471',
  };

  /** The order's detail screen, loaded, with where its money is. */
  async function openOrder(page: Page, id: number) {
    await page.goto(paths.purchaseOrder(id));
    await expect.poll(() => field(form(page, 'Purchase Order Update Form'), 'Email').inputValue()).toBe(buyer.email);
  }

  it('refunds an order paid twice and cancels another before dispatch; the buyer is mailed and the stock goes back', async () => {
    await shop.register(buyer);
    const posy = (await shop.productsOf('Everlasting Dry Flowers', 'Posy'))[0]!;
    const paidTwice = await shop.paidOrder(buyer, posy.externalId, address);
    await shop.payAgain((await shop.signIn(buyer)).authorization, paidTwice);
    const toCancel = await shop.paidOrder(buyer, posy.externalId, address);
    const byNumber = async (orderNumber: string) => (await serverSide.purchases()).find((p) => p.UserOrder.rpayOrderId === orderNumber)!;
    const twice = await byNumber(paidTwice);
    const cancelled = await byNumber(toCancel);
    const amount = formatRupees(twice.UserOrder.price);

    const { page, errors } = await freshPage();
    await signInAsAdmin(page);
    await openFromDashboard(page, 'Purchase Order List');
    await table(page, 'Purchase Order List').getByRole('row').filter({ hasText: paidTwice }).getByText('Paid twice: refund due').waitFor();

    await openOrder(page, twice.id);
    await page.getByText('Paid twice', { exact: true }).waitFor();
    await shoot(page, 'refund-offered');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'refund-offered');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: `Refund ${amount}` }).click();
    await page.getByRole('button', { name: 'Yes, refund' }).click();
    await toast(page, 'Refund asked for: the money goes back to the original payment method within 5 to 7 business days.').waitFor();
    await page.getByRole('list', { name: 'Payments' }).getByText('Refunded', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Refund/ }).count()).toBe(0);
    expect((await serverSide.purchase(twice.id)).paymentState).toBe('paid');

    const stockBefore = await shop.stockOf(posy.externalId);
    await openOrder(page, cancelled.id);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await shoot(page, 'cancel-confirm');
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await toast(page, 'Order cancelled: its stock is back on sale and the refund is asked for.').waitFor();
    await page.getByText('Cancelled and refunded', { exact: true }).waitFor();
    expect(await serverSide.purchase(cancelled.id)).toMatchObject({ status: 'Cancelled', paymentState: 'refunded' });
    expect(await shop.stockOf(posy.externalId)).toBe(stockBefore + 1);

    const subjects = (await outbox(suite.server.url, buyer.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith(`Refund issued for order ${paidTwice}`))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith(`Order ${toCancel} cancelled`))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith(`Refund issued for order ${toCancel}`))).toHaveLength(1);
    expect((await shop.ordersOf(buyer)).find((order) => order.UserOrder.rpayOrderId === toCancel)!.status).toBe('Cancelled');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('the admin reads the reports', () => {
  /** Clicks a Download CSV button and reads the file the browser saved, as a spreadsheet would (BOM first). */
  async function downloadedCsv(page: Page, button: Locator) {
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    return { name: download.suggestedFilename(), records: parse(text, { bom: true, columns: true }) as Record<string, string>[] };
  }

  it("sees the dashboard's charts, and downloads the orders CSV and the month's GST report", async () => {
    const { page, errors } = await freshPage();
    await signInAsAdmin(page);
    await page.goto('/dashboard');
    const figures = page.getByRole('region', { name: 'FIGURES' });
    await figures.getByRole('table', { name: 'Top products' }).waitFor();
    expect(await figures.locator('.recharts-wrapper').count()).toBe(4);
    expect(await figures.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);

    const today = indiaDateOf(new Date());
    await page.goto(paths.purchaseOrderList);
    const exportSection = page.getByRole('region', { name: 'EXPORT ORDERS' });
    const orders = await downloadedCsv(page, exportSection.getByRole('button', { name: 'Download CSV' }));
    expect(orders.name).toMatch(new RegExp(`^orders-\\d{4}-\\d{2}-\\d{2}-to-${today}\\.csv$`));
    const lakshmi = orders.records.find((record) => record.Customer === 'Lakshmi Rao')!;
    expect(lakshmi).toMatchObject({ Payment: 'paid', 'Place of supply': 'Karnataka', 'State code': '29', CGST: '0.00' });
    expect(lakshmi['Paid at (IST)']!.startsWith(today)).toBe(true);
    expect(Number(lakshmi.IGST)).toBeGreaterThan(0);

    const month = today.slice(0, 7);
    await page.goto(`${paths.adminGstReport}?month=${month}`);
    await page.getByRole('table', { name: 'B2C by state' }).getByText('29-Karnataka').first().waitFor();
    const gst = await downloadedCsv(page, page.getByRole('button', { name: 'Download CSV' }));
    expect(gst.name).toBe(`gst-${month}.csv`);
    expect(gst.records.some((record) => record.Section === 'GSTR-1 7 B2C (small)' && record['Place Of Supply'] === '29-Karnataka')).toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('who gets the admin area', () => {
  it('sends a signed-in customer without the dashboard flag from /dashboard to /access', async () => {
    const { page } = await freshPage();
    await signIn(page, customer);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    await page.goto('/dashboard');
    await page.waitForURL('**/access');
    await page.getByText("Sorry, you don't have access to view this page.").waitFor();
  });

  it('lets a shopper browse without downloading any admin chunk, which the admin does download', async () => {
    const scripts = async (page: Page, visit: () => Promise<void>) => {
      const urls: string[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.endsWith('.js')) urls.push(response.url());
      });
      await visit();
      await page.waitForLoadState('networkidle');
      return urls;
    };

    const { page: shopper } = await freshPage();
    const shopperScripts = await scripts(shopper, async () => {
      await shopper.goto('/');
      await shopper.waitForURL('**/category/**');
      await shopper.getByTestId('product-card').first().waitFor();
      await shopper.goto(paths.category('Fresh Flowers', 'Roses'));
      await shopper.getByTestId('product-card').first().waitFor();
    });
    expect(shopperScripts.length).toBeGreaterThan(0);
    expect(shopperScripts.filter((url) => adminChunk.test(url))).toEqual([]);

    // The pattern does name the admin's chunks: the dashboard's is fetched once the admin opens it.
    const { page: adminPage } = await freshPage();
    await signInAsAdmin(adminPage);
    const adminScripts = await scripts(adminPage, async () => {
      await adminPage.goto('/dashboard');
      await adminPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    });
    expect(adminScripts.some((url) => /dashboard-page/.test(url))).toBe(true);
  });
});

describe('every admin screen', () => {
  it('at 1440×900 and 390×844, with a refused form and a saved toast', async () => {
    const { page, errors } = await freshPage();
    await signInAsAdmin(page);
    const category = (await serverSide.categories()).find((c) => c.categoryName === catalogue.category)!;
    const sub = (await serverSide.subCategories()).find((s) => s.subCategoryName === catalogue.subCategory)!;
    // A demo product: it has its picture (the new one was taken off the shop).
    const flower = (await serverSide.products()).find((p) => !p.isRemoved)!;
    // The newest order that still has its update form (a cancelled one has none).
    const purchase = (await serverSide.purchases()).find((p) => p.status !== 'Cancelled');
    // Messages beside the one read in its journey: an unread long one, shown in part, and an unread short one.
    for (const [fullName, userEmail, message] of [
      ['Farah Sheikh', 'farah.sheikh@example.in', Array.from({ length: 7 }, (_, i) => `Line ${i + 1}: peonies, white roses and eucalyptus for the table.`).join('\n')],
      ['Vikram Rao', 'vikram.rao@example.in', 'Is same-day delivery possible in Koramangala?'],
    ]) {
      await shop.api('contactapi', { method: 'POST', json: { fullName, userEmail, phoneNumber: '9845012345', message } });
    }

    const list = (caption: string) => async () => {
      await table(page, caption).getByRole('row').nth(1).waitFor();
    };
    const loadedForm = (title: string, label: string, value?: string) => async () => {
      const input = field(form(page, title), label);
      await input.waitFor();
      if (value !== undefined) await expect.poll(() => input.inputValue()).toBe(value);
    };
    const pickers = (title: string) => async () => {
      await form(page, title).locator('input[name=mobile]').waitFor({ state: 'attached' });
    };
    const screens: { name: string; path: string; ready: () => Promise<void> }[] = [
      { name: 'dashboard', path: '/dashboard', ready: async () => void (await page.getByRole('heading', { level: 2, name: 'ORDERS' }).waitFor()) },
      { name: 'category-list', path: '/flowercategorylist', ready: list('Flower Category List') },
      { name: 'category-form', path: '/flowercategory', ready: loadedForm('Flower Category Form', 'Category Name') },
      { name: 'category-update', path: `/updateflowercategory/${category.id}`, ready: loadedForm('Category Update Form', 'Category Name', category.categoryName) },
      { name: 'sub-category-list', path: '/flowersubcategorylist', ready: list('Flower Sub Category List') },
      { name: 'sub-category-form', path: '/flowersubcategory', ready: loadedForm('SubCategory Form', 'Sub Category Name') },
      { name: 'sub-category-update', path: `/updateflowersubcategory/${sub.id}`, ready: loadedForm('SubCategory Update Form', 'Sub Category Name', sub.subCategoryName) },
      { name: 'flower-list', path: '/flowerlist', ready: list('List of Flowers') },
      { name: 'flower-form', path: '/flowerform', ready: loadedForm('Flower Data Form', 'Flower Name') },
      { name: 'flower-update', path: `/flowerformupdate/${flower.externalId}`, ready: loadedForm('Flower Data Update Form', 'Flower Name', flower.productName) },
      { name: 'hero-image', path: '/heroimageform', ready: pickers('Hero image Form') },
      { name: 'bottom-banner', path: '/bannerbottomimage', ready: pickers('Bottom Banner image Form') },
      { name: 'purchase-order-list', path: '/purchaseorderlist', ready: list('Purchase Order List') },
      { name: 'purchase-order-update', path: `/purchaseorderlist/${purchase!.id}`, ready: loadedForm('Purchase Order Update Form', 'Email', purchase!.User.email) },
      { name: 'messages', path: '/adminmessages', ready: list('Messages') },
      {
        name: 'never-purchased',
        path: '/userneverpurchasedlist',
        ready: async () => void (await table(page, 'User Never Purchased List').getByRole('row').filter({ hasText: neverBuyer.email }).waitFor()),
      },
    ];

    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const screen of screens) {
        await page.goto(screen.path);
        await screen.ready();
        // Pictures (current product image, banners) finish before the shot.
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(() => [...document.images].every((img) => img.complete));
        await shoot(page, screen.name);
      }
    }

    // A refused submit: every required field says so, and nothing reaches the server.
    await page.setViewportSize({ width: 1440, height: 900 });
    const before = (await serverSide.categories()).length;
    await page.goto('/flowercategory');
    const categoryForm = form(page, 'Flower Category Form');
    await categoryForm.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Please fill all the fields').waitFor();
    await categoryForm.getByText('This field is required').first().waitFor();
    await shoot(page, 'validation');
    expect((await serverSide.categories()).length).toBe(before);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
