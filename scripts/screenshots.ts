/**
 * `npm run screenshots`: retakes the README's pictures in docs/screens/ from a running demo shop. Builds the browser
 * app when dist/ is missing or stale (as `npm start` does), starts the real server on a free port with a fresh
 * temporary DATA_DIR (demo catalogue, an admin from ADMIN_EMAIL / ADMIN_PASSWORD), makes a customer with paid orders
 * through the API, then walks the shop in Debian's Chromium at 1440 px and 390 px: a guest browses, fills the bag
 * (a vase from "Make it special" too), checks out with the code from the dev outbox, applies WELCOME10 and pays with the
 * sandbox card; the customer opens Orders; the admin
 * opens the dashboard with its figures, the low stock list, the flowers, an order and the month's GST report, then the Deliveries board on the day of two midnight orders with
 * birthday and anniversary cards, and its card sheet. Each picture is a PNG, or a WebP when the PNG would be over
 * budget. Screen names as arguments (`npm run screenshots -- admin-deliveries delivery-cards`) retake only those.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, removeDataDir, startServer, type RunningServer } from '../tests/e2e/harness';
import { shopApi, type DeliveryAddress, type Shopper } from '../tests/e2e/shop-api';
import type { GiftMessage } from '../domain/gift-message';
import { buildIfStale } from './build-if-stale';
import { fillAddress } from '../tests/e2e/page-forms';
import { addToBag, animationsDone, openDeliveryBoard, openProduct, signIn, unexpectedErrors } from '../tests/e2e/shop-pages';
import { firstOpenChoice } from '../domain/delivery-schedule';
import type { DeliverySchedule } from '../domain/delivery-schedule';
import type { IndiaDate } from '../domain/india-time';
import { paths } from '../src/app/paths';
import { indiaDateOf } from '../domain/india-time';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'docs', 'screens');

/** A README picture should stay light: above this a PNG becomes a WebP, whose quality then steps down to fit. */
const byteBudget = 250 * 1024;

const viewports = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const admin = { email: 'admin@petalsandstems.in', password: 'Orchid@2026' };

const customer: Shopper = {
  email: 'ananya.sharma@example.in',
  password: 'Jasmine@2026',
  firstName: 'Ananya',
  lastName: 'Sharma',
  mobileNumber: '9840012345',
};

const customerAddress: DeliveryAddress = {
  fullName: 'Ananya Sharma',
  address: '14 Lotus Street',
  locality: 'Mylapore',
  landmark: 'Near Kapaleeshwarar Temple',
  phoneNumber: '9840012345',
  pincode: '600004',
  city: 'Chennai',
  state: 'Tamil Nadu',
};

/** A second customer, who sends midnight flowers with a card to two people (the Deliveries board's pictures). */
const giftSender: Shopper = {
  email: 'karthik.raman@example.in',
  password: 'Marigold@2026',
  firstName: 'Karthik',
  lastName: 'Raman',
  mobileNumber: '9884012345',
};

const giftRecipients: { address: DeliveryAddress; gift: GiftMessage }[] = [
  {
    address: { ...customerAddress, fullName: 'Lakshmi Raman', address: '22 Temple Street', phoneNumber: '9884056789' },
    gift: { occasion: 'Birthday', message: 'Happy birthday, Amma! Wishing you a year as bright as these roses.', senderName: 'Karthik', hideSenderName: false },
  },
  {
    address: { ...customerAddress, fullName: 'Priya Venkatesh', address: '5 Besant Avenue', locality: 'Adyar', landmark: 'Near the bus depot', pincode: '600020', phoneNumber: '9884078901' },
    gift: { occasion: 'Anniversary', message: 'Ten years, and every one of them better than the last.', senderName: 'Karthik', hideSenderName: true },
  },
];

/** The guest who checks out on screen, one per width (an e-mail that has paid once is no longer a new guest). */
const guest = (width: number) => ({
  email: `meera.${width}@example.in`,
  mobileNumber: '9845098450',
  firstName: 'Meera',
  lastName: 'Krishnan',
  address: {
    fullName: 'Meera Krishnan',
    address: '7 Race Course Road',
    locality: 'Gopalapuram',
    landmark: 'Opposite the park',
    phoneNumber: '9845098450',
    pincode: '641018',
    city: 'Coimbatore',
    state: 'Tamil Nadu',
  },
});

/** A gift sent from Bengaluru's side of the border: an inter-state sale (IGST) for the GST report. */
const giftBuyer: Shopper = { email: 'rohan.mehta@example.in', password: 'Marigold@2026', firstName: 'Rohan', lastName: 'Mehta', mobileNumber: '9845012345' };
const giftAddress: DeliveryAddress = {
  fullName: 'Kavya Rao',
  address: '22 Cubbon Road',
  locality: 'Shivaji Nagar',
  landmark: 'Near the park gate',
  phoneNumber: '9845012345',
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
};

const successCard = '4111 1111 1111 1111';

// ---- Build --------------------------------------------------------------------------------------------------------

// ---- Pictures -----------------------------------------------------------------------------------------------------

/** The smallest faithful file: lossless PNG when it fits the budget, else the best WebP quality that does. */
async function encode(png: Buffer): Promise<{ extension: 'png' | 'webp'; data: Buffer }> {
  const lossless = await sharp(png).png({ compressionLevel: 9, effort: 10 }).toBuffer();
  if (lossless.length <= byteBudget) return { extension: 'png', data: lossless };
  let webp = lossless;
  for (const quality of [88, 82, 76, 70, 62, 55]) {
    webp = await sharp(png).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
    if (webp.length <= byteBudget) break;
  }
  return { extension: 'webp', data: webp };
}

const written: { file: string; bytes: number; width: number; height: number }[] = [];

/** The screens asked for on the command line; none: every screen. */
const wanted = process.argv.slice(2);
const isWanted = (screen: string) => wanted.length === 0 || wanted.includes(screen);

/** Writes docs/screens/<screen>-<width>.<png|webp>; an older take in the other format goes, with a word about the README. */
async function save(screen: string, width: number, png: Buffer) {
  const { extension, data } = await encode(png);
  const base = `${screen}-${width}`;
  const file = `${base}.${extension}`;
  for (const other of ['png', 'webp', 'jpg'].filter((format) => format !== extension)) {
    if (!existsSync(join(outDir, `${base}.${other}`))) continue;
    rmSync(join(outDir, `${base}.${other}`));
    console.warn(`  ${base} is now a .${extension} (was .${other}): update the README if it shows this picture.`);
  }
  writeFileSync(join(outDir, file), data);
  const { height = 0 } = await sharp(data).metadata();
  written.push({ file, bytes: data.length, width, height });
  console.log(`  ${file.padEnd(28)} ${String(Math.round(data.length / 1024)).padStart(4)} KB  ${width}×${height}`);
}

/**
 * Waits until the page looks finished: web fonts loaded, no toast on screen (closable ones are dismissed, the rest
 * time out), every picture decoded, and no entrance animation or transition still running (endless ones, such as a
 * spinner, aside). A full-page shot first asks lazy pictures below the fold to load.
 */
async function settle(page: Page, { fullPage, keepFocus }: { fullPage: boolean; keepFocus: boolean }) {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) await dismiss.click().catch(() => {});
  await page.waitForFunction(() => !document.querySelector('[data-scope="toast"][data-part="root"]'), null, { timeout: 15_000 });
  if (fullPage) {
    await page.evaluate(() => {
      for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) image.loading = 'eager';
    });
  }
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    (wholePage) =>
      [...document.images].every((image) => {
        const box = image.getBoundingClientRect();
        const seen = wholePage || (box.bottom > 0 && box.top < innerHeight && box.width > 0);
        return !seen || (image.complete && image.naturalWidth > 0);
      }),
    fullPage,
    { timeout: 30_000 },
  );
  await animationsDone(page);
  // A field left focused by the script would wear a focus ring no shopper put there; a dialog keeps its focus.
  await page.evaluate((keep) => {
    const focused = document.activeElement;
    if (!keep && focused instanceof HTMLElement && !focused.closest('[role="dialog"]')) focused.blur();
    window.scrollTo(0, 0);
  }, keepFocus);
  // Two frames so the last style change is painted before the capture.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Captures the viewport, or with `fullPage` the whole page down to the footer (which the viewport shots already show):
 * a tall form or list whole, without a screen of footer under it. `keepFocus`: the focused field is the subject (the
 * search box's open suggestions close when it loses the focus).
 */
async function shoot(page: Page, screen: string, { fullPage = false, keepFocus = false } = {}) {
  if (!isWanted(screen)) return;
  await settle(page, { fullPage, keepFocus });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const clip = fullPage
    ? { x: 0, y: 0, width, height: Math.max(height, await page.evaluate(() => document.querySelector('footer')?.getBoundingClientRect().top ?? document.body.scrollHeight)) }
    : undefined;
  await save(screen, width, await page.screenshot({ fullPage, clip, animations: 'disabled', caret: 'hide' }));
}

// ---- Journeys -----------------------------------------------------------------------------------------------------


interface Shop {
  server: RunningServer;
  api: ReturnType<typeof shopApi>;
  /** The products the guest looks at and buys: two everlasting pieces. */
  products: { externalId: string; productName: string }[];
  orderId: number;
  /** The day of the two midnight orders with cards, which the Deliveries board opens on. */
  giftDate: IndiaDate;
  /** The delivered posy the gift buyer rates (issue 42). */
  reviewed: { externalId: string; productName: string };
}

/** The storefront as a new guest: home, a category, a product, the bag with two items, checkout, card, thank-you. */
async function guestJourney(page: Page, shop: Shop, width: number) {
  await page.goto('/home');
  await page.getByRole('heading', { name: 'CATEGORIES' }).waitFor();
  // The carousels come with the catalogue; the View More links mark them rendered.
  await page.getByRole('link', { name: /^View more / }).first().waitFor();
  await shoot(page, 'home');

  await page.goto(paths.category('Fresh Flowers', 'Roses'));
  await page.getByRole('heading', { level: 1, name: 'Fresh Flowers' }).waitFor();
  await page.getByTestId('product-card').first().waitFor();
  await shoot(page, 'category');

  const [first, second] = shop.products as [Shop['products'][number], Shop['products'][number]];
  await openProduct(page, first.externalId, first.productName);
  await page.getByRole('button', { name: 'Add To Cart' }).waitFor();
  await shoot(page, 'product');
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await page.getByText('Product added to cart').first().waitFor();
  await addToBag(page, second.externalId, { name: second.productName });

  await page.goto('/cart');
  await page.getByRole('heading', { name: 'CART' }).waitFor();
  await page.getByRole('list', { name: 'Items in your bag' }).getByText(second.productName).first().waitFor();
  // "Make it special" under the lines (issue 42): a glass vase goes by courier with the everlasting flowers.
  const special = page.getByRole('region', { name: 'Make it special' });
  await special.scrollIntoViewIfNeeded();
  const addVase = special.getByRole('button', { name: 'Add Clear Glass Vase to the bag' });
  await addVase.click();
  await addVase.getByText('Added ✓').waitFor();
  await page.getByRole('list', { name: 'Items in your bag' }).getByText('Clear Glass Vase').first().waitFor();
  await shoot(page, 'bag', { fullPage: width < 768 });
  await shoot(page, 'make-it-special', { fullPage: true });

  const details = guest(width);
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Guest checkout' });
  await form.getByLabel('Email').fill(details.email);
  await form.getByLabel('Email').blur();
  await form.getByLabel('Mobile Number').fill(details.mobileNumber);
  await form.getByLabel('First Name').fill(details.firstName);
  await form.getByLabel('Last Name').fill(details.lastName);
  await fillAddress(form, details.address);
  await page.getByText(/incl\. CGST/).first().waitFor();
  await shoot(page, 'checkout', { fullPage: true });

  await form.getByRole('button', { name: 'Continue' }).click();
  const otpDialog = page.getByRole('dialog', { name: 'Enter Email OTP' });
  await otpDialog.waitFor();
  await otpDialog.getByLabel('OTP').fill(await shop.api.latestCode(details.email));
  await otpDialog.getByRole('button', { name: 'Verify' }).click();
  await otpDialog.waitFor({ state: 'hidden' });
  await page.getByRole('radiogroup', { name: 'Delivery address' }).getByText(details.address.fullName).waitFor();

  // A coupon (issue 42): its row in the bill, each line taxed on its discounted value.
  await page.getByRole('button', { name: 'Have a coupon?' }).click();
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText(/^WELCOME10 applied/).waitFor();
  await shoot(page, 'checkout-coupon', { fullPage: true });

  await page.getByRole('button', { name: 'Place Order' }).click();
  const payment = page.getByRole('dialog');
  await payment.getByLabel('Card Number').waitFor();
  await payment.getByLabel('Card Number').fill(successCard);
  await payment.getByLabel(/Expiry/).fill('12/30');
  await payment.getByLabel('CVV').fill('123');
  await shoot(page, 'payment');

  await payment.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/thankyou', { timeout: 20_000 });
  await page.getByRole('link', { name: 'Keep Shopping' }).waitFor();
  await shoot(page, 'thank-you');
}

/** A registered customer: the sign-in screen, then Orders with their paid orders. */
async function customerJourney(page: Page) {
  await page.goto('/login');
  await page.getByRole('form', { name: 'Sign In' }).waitFor();
  await shoot(page, 'sign-in');

  await signIn(page, customer);
  await page.goto('/account/orders');
  await page.getByRole('region', { name: 'Your orders' }).getByRole('article').first().waitFor();
  await shoot(page, 'orders', { fullPage: true });
}

/** The admin: the dashboard with its figures, the list of flowers, a purchase order's update form, the GST report. */
async function adminJourney(page: Page, shop: Shop) {
  await signIn(page, admin);

  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 2, name: 'ORDERS' }).waitFor();
  await page.getByRole('table', { name: 'Top products' }).waitFor();
  await page.locator('.recharts-surface').first().waitFor();
  await shoot(page, 'admin-dashboard');
  // The catalogue's cards below the figures: Low stock says how many flowers are low.
  if (isWanted('admin-dashboard-products')) {
    const cards = page.getByRole('region', { name: 'PRODUCTS' });
    await cards.getByText(/^\d+ low$/).waitFor();
    await settle(page, { fullPage: false, keepFocus: false });
    // Cut from the whole page (settle scrolled to the top): a shot of the element alone would scroll it under the
    // sticky header on a phone.
    const clip = (await cards.boundingBox())!;
    await save('admin-dashboard-products', page.viewportSize()!.width, await page.screenshot({ fullPage: true, clip, animations: 'disabled', caret: 'hide' }));
  }

  // The demo catalogue has a few flowers below the default threshold (5).
  await page.goto(paths.adminLowStock);
  await page.getByRole('table', { name: 'Low stock' }).getByRole('row').nth(1).waitFor();
  await shoot(page, 'admin-low-stock', { fullPage: true });

  await page.goto('/flowerlist');
  await page.getByRole('table', { name: 'List of Flowers' }).getByRole('row').nth(1).waitFor();
  await shoot(page, 'admin-flowers');

  await page.goto(`/purchaseorderlist/${shop.orderId}`);
  const orderForm = page.getByRole('form', { name: 'Purchase Order Update Form' });
  const email = orderForm.getByRole('textbox', { name: 'Email', exact: true });
  await email.waitFor();
  await page.waitForFunction((element) => (element as HTMLInputElement | null)?.value !== '', await email.elementHandle());
  // Caught mid-update: the courier's link typed in and Dispatched chosen, not yet saved.
  await orderForm.getByRole('textbox', { name: 'Tracking URL', exact: true }).fill('https://track.example.in/AWB2026187');
  await orderForm.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Dispatched' });
  await shoot(page, 'admin-order', { fullPage: true });

  // This month's: the demo's orders were all paid today.
  await page.goto(`${paths.adminGstReport}?month=${indiaDateOf(new Date()).slice(0, 7)}`);
  await page.getByRole('table', { name: 'Tax by rate' }).waitFor();
  await shoot(page, 'gst-report', { fullPage: true });
}

/** The admin's Deliveries board on the day of the midnight orders, then its card sheet. */
async function deliveriesJourney(page: Page, shop: Shop) {
  await signIn(page, admin);
  await openDeliveryBoard(page, shop.giftDate);
  await page.getByRole('region', { name: 'Midnight 11 pm to 11:59 pm' }).getByRole('article').nth(1).waitFor();
  await shoot(page, 'admin-deliveries', { fullPage: true });

  await page.getByRole('link', { name: 'Print card messages' }).click();
  await page.getByRole('article', { name: `Card for ${giftRecipients[1]!.address.fullName}` }).waitFor();
  await shoot(page, 'delivery-cards', { fullPage: true });
}

/** Search (issue 42): the header box's suggestions for a typo while typing, and the results page of another. */
async function searchJourney(page: Page, width: number) {
  await page.goto(paths.category('Fresh Flowers', 'Roses'));
  await page.getByTestId('product-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  if (width < 768) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Search flowers' }).click();
  } else {
    await page.getByRole('combobox', { name: 'Search flowers' }).click();
  }
  await page.keyboard.type('gerbra', { delay: 40 });
  await page.getByRole('option', { name: /Sunny Gerbera Bouquet/ }).waitFor();
  await page.keyboard.press('ArrowDown');
  await shoot(page, 'search-suggestions', { keepFocus: true });

  await page.goto(paths.search(new URLSearchParams({ q: 'bouqet' })));
  await page.getByRole('heading', { level: 1, name: 'Results for “bouqet”' }).waitFor();
  await page.getByTestId('product-card').first().waitFor();
  await shoot(page, 'search');
}

/** Each journey with the screens it takes, so that asking for some screens runs only the journeys that take them. */
const journeys: { screens: string[]; run: (page: Page, shop: Shop, width: number) => Promise<void> }[] = [
  { screens: ['home', 'category', 'product', 'bag', 'make-it-special', 'checkout', 'checkout-coupon', 'payment', 'thank-you'], run: guestJourney },
  { screens: ['sign-in', 'orders'], run: (page) => customerJourney(page) },
  { screens: ['admin-dashboard', 'admin-dashboard-products', 'admin-low-stock', 'admin-flowers', 'admin-order', 'gst-report'], run: (page, shop) => adminJourney(page, shop) },
  { screens: ['admin-deliveries', 'delivery-cards'], run: (page, shop) => deliveriesJourney(page, shop) },
  { screens: ['search-suggestions', 'search'], run: (page, _shop, width) => searchJourney(page, width) },
  { screens: ['orders-rate-this', 'review-form', 'product-reviews', 'category-stars'], run: (page, shop) => reviewJourney(page, shop) },
  { screens: ['admin-reviews', 'admin-coupons'], run: async (page) => {
    await signIn(page, admin);
    await page.goto('/adminreviews');
    await page.getByRole('list', { name: 'Reviews' }).waitFor();
    await shoot(page, 'admin-reviews', { fullPage: true });
    // The demo's codes (issue 42), with the guest's use of WELCOME10 counted.
    await page.goto('/admincoupons');
    await page.getByText('WELCOME10').first().waitFor();
    await shoot(page, 'admin-coupons', { fullPage: true });
  } },
];

/** Issue 42: the gift buyer rates her delivered posy from My Account, then sees her stars on it and in its category. */
async function reviewJourney(page: Page, shop: Shop) {
  await signIn(page, giftBuyer);
  await page.goto('/account/orders');
  const rate = page.getByRole('button', { name: /Rate this|Edit your review/ }).first();
  await rate.waitFor();
  await shoot(page, 'orders-rate-this', { fullPage: true });
  await rate.click();
  const form = page.getByRole('dialog');
  await form.getByRole('radio', { name: /^5 stars/ }).click();
  await form.getByRole('textbox').fill('Beautiful everlasting posy, wrapped with care and delivered on time for Amma’s birthday.');
  await shoot(page, 'review-form', { keepFocus: true });
  await form.getByRole('button', { name: 'Save review' }).click();
  await form.getByText(/Thank you|updated/).waitFor();
  await form.getByRole('button', { name: 'Close' }).click();
  await page.goto(`/flower/${shop.reviewed.externalId}`);
  await page.getByTestId('review-summary').waitFor();
  await page.getByTestId('review').first().scrollIntoViewIfNeeded();
  await shoot(page, 'product-reviews', { fullPage: true });
  await page.goto(paths.category('Everlasting Dry Flowers', 'Posy'));
  await page.getByTestId('star-rating').first().waitFor();
  await shoot(page, 'category-stars');
}

/**
 * The shop's data before the cameras roll: a customer with two paid orders, the older one Dispatched with a tracking
 * link (so Orders shows both states), and the newer one as the order the admin opens.
 */
async function prepareShop(server: RunningServer): Promise<Shop> {
  const api = shopApi(server.url);
  const posy = await api.productsOf('Everlasting Dry Flowers', 'Posy');
  const round = await api.productsOf('Everlasting Dry Flowers', 'Round');
  const roses = await api.productsOf('Fresh Flowers', 'Roses');

  await api.register(giftBuyer);
  const delivered = await api.paidOrder(giftBuyer, posy[0]!.externalId, giftAddress);
  await api.register(customer);
  const dispatched = await api.paidOrder(customer, round[0]!.externalId, customerAddress);
  await api.paidOrder(customer, roses[0]!.externalId, customerAddress);

  const { authorization } = await api.signIn(admin);
  const purchases = await api.admin(authorization).purchases();
  const older = purchases.find((purchase) => purchase.UserOrder.rpayOrderId === dispatched)!;
  await api.api('updatepurchaseorder', {
    method: 'POST',
    json: { id: older.id, status: 'Dispatched', userTrackingUrl: 'https://track.example.in/AWB2026114' },
    headers: { authorization },
  });
  const newest = purchases.find((purchase) => purchase.id !== older.id && purchase.UserOrder.rpayOrderId !== delivered)!;
  // The gift buyer's posy arrived: she may rate it (issue 42).
  await api.api('updatepurchaseorder', {
    method: 'POST',
    json: { id: purchases.find((purchase) => purchase.UserOrder.rpayOrderId === delivered)!.id, status: 'Delivered', userTrackingUrl: '' },
    headers: { authorization },
  });

  // Two midnight deliveries with cards on the first day midnight is open (today before its 6 pm cut-off).
  const midnight = firstOpenChoice(await api.api<DeliverySchedule>('delivery/schedule?kind=hand'), 'midnight')!;
  await api.register(giftSender);
  for (const [index, { address, gift }] of giftRecipients.entries()) {
    await api.paidOrder(giftSender, roses[index + 1]!.externalId, address, { deliveries: [midnight], gift });
  }
  return { server, api, products: [posy[1]!, round[2]!], orderId: newest.id, giftDate: midnight.date, reviewed: posy[0]! };
}

// ---- Run ----------------------------------------------------------------------------------------------------------

async function withContext(browser: Browser, shop: Shop, viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) {
  const { context, page, errors } = await newPage(browser, shop.server.url, viewport);
  try {
    await run(page);
  } finally {
    await closeQuietly(context);
  }
  // A broken screen should not end up in the README unnoticed.
  const unexpected = unexpectedErrors(errors);
  if (unexpected.length) console.warn(`  page errors at ${viewport.width} px:\n    ${unexpected.join('\n    ')}`);
}

async function closeQuietly(context: BrowserContext) {
  await context.close().catch(() => {});
}

async function main() {
  buildIfStale();
  mkdirSync(outDir, { recursive: true });
  const server = await startServer({ env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SEED_DEMO: 'true' } });
  let browser: Browser | undefined;
  try {
    console.log(`Demo shop on ${server.url} (data in ${server.dataDir})`);
    const shop = await prepareShop(server);
    browser = await launchBrowser();
    for (const viewport of viewports) {
      console.log(`${viewport.width} px:`);
      for (const journey of journeys.filter(({ screens }) => screens.some(isWanted))) {
        await withContext(browser, shop, viewport, (page) => journey.run(page, shop, viewport.width));
      }
    }
    const total = written.reduce((sum, file) => sum + file.bytes, 0);
    console.log(`${written.length} pictures in docs/screens/, ${Math.round(total / 1024)} KB in all.`);
  } finally {
    await browser?.close();
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
