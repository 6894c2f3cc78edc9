// The bag in real Chromium against the real server: a guest adds two products, changes a quantity up and down, hits the
// stock limit on a low-stock product, removes one, then signs in and finds the guest bag merged — with the badge right
// at every step — and adds a cake from "Make it special" under the bag's lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, removeDataDir, startServer, type RunningServer } from './harness';
import { shopApi } from './shop-api';
import type { Datum, Shopper } from './shop-api';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const shopper: Shopper = {
  email: 'ritu.nair@example.in',
  password: 'Lotus@2026',
  firstName: 'Ritu',
  lastName: 'Nair',
  mobileNumber: '9845012345',
};
let shop: ReturnType<typeof shopApi>;

beforeAll(async () => {
  server = await startServer();
  shop = shopApi(server.url);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, server.url));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

const badge = () => page.getByRole('banner').getByRole('link', { name: /^Bag/ }).first();
async function expectBadge(count: number) {
  await expect.poll(async () => (await badge().getAttribute('aria-label')) ?? '').toMatch(count > 0 ? new RegExp(`\\b${count}\\b`) : /^Bag/);

}

async function addFromProductPage(product: Datum, button: 'Add To Cart' | 'Buy Now' = 'Add To Cart') {
  await page.goto(`/flower/${product.externalId}`);
  await page.getByRole('heading', { level: 1, name: product.productName }).waitFor();
  await page.getByRole('button', { name: button }).click();
}

describe('a guest’s bag', () => {
  let posy: Datum;
  let scarce: Datum;
  let scarceStock = 0;

  it('adds two products from their pages, with the badge counting units', async () => {
    posy = (await shop.productsOf('Everlasting Dry Flowers', 'Posy'))[0]!;
    // A product with little stock, to reach its limit.
    const candidates = [...(await shop.productsOf('Everlasting Dry Flowers', 'Round')), ...(await shop.productsOf('Fresh Flowers', 'Roses'))];
    for (const candidate of candidates) {
      const stock = await shop.stockOf(candidate.externalId);
      if (stock >= 1 && stock <= 3) {
        scarce = candidate;
        scarceStock = stock;
        break;
      }
    }
    expect(scarce, 'the demo catalogue has a product with 1–3 units').toBeDefined();

    await addFromProductPage(posy);
    await page.getByText('Product added to cart').first().waitFor();
    await expectBadge(1);
    expect(await page.evaluate(() => sessionStorage.getItem('guestSessionId'))).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    await addFromProductPage(scarce);
    await page.getByText('Product added to cart').first().waitFor();
    await expectBadge(2);
  });

  it('changes a quantity up and down on /cart', async () => {
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'CART' }).waitFor();
    await page.getByText(posy.productName).first().waitFor();
    await page.getByRole('button', { name: `Increase quantity of ${posy.productName}` }).click();
    await expectBadge(3);
    await page.getByRole('button', { name: `Decrease quantity of ${posy.productName}` }).click();
    await expectBadge(2);
    expect(await page.getByRole('button', { name: `Decrease quantity of ${posy.productName}` }).isDisabled()).toBe(true);
  });

  it('stops at the stock of a low-stock product', async () => {
    await page.goto('/cart');
    const increase = page.getByRole('button', { name: `Increase quantity of ${scarce.productName}` });
    await increase.waitFor();
    for (let quantity = 1; quantity < scarceStock; quantity += 1) {
      await increase.click();
      await expectBadge(1 + quantity + 1);
    }
    // At the stock, the shop says so: either + is disabled, or the add is refused with the stock message.
    if (await increase.isEnabled()) {
      await increase.click();
      await page.getByText("You've reached the maximum quantity available in stock.").first().waitFor();
    }
    await addFromProductPage(scarce);
    await page.getByText("You've reached the maximum quantity available in stock.").first().waitFor();
    await expectBadge(1 + scarceStock);
  });

  it('removes a product', async () => {
    await page.goto('/cart');
    await page.getByRole('button', { name: `Remove ${scarce.productName}` }).click();
    await expect.poll(() => page.getByText(scarce.productName).count()).toBe(0);
    await expectBadge(1);
  });

  it('merges the guest bag into the account at sign-in', async () => {
    await shop.register(shopper);
    // The account already holds one unit of the same posy: the merge adds to it.
    const { userExtId, authorization } = await shop.signIn(shopper);
    await shop.api('createusercart', { method: 'POST', json: { productExtId: posy.externalId, userId: userExtId }, headers: { authorization } });

    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(await page.evaluate(() => sessionStorage.getItem('guestSessionId'))).toBeNull();
    await expectBadge(2);
    await page.goto('/cart');
    await page.getByText(posy.productName).first().waitFor();
    expect(await page.getByRole('button', { name: `Decrease quantity of ${posy.productName}` }).isEnabled()).toBe(true);
  });

  it('Buy Now adds and goes to checkout', async () => {
    const [, second] = await shop.productsOf('Fresh Flowers', 'Bouquets');
    await addFromProductPage(second!, 'Buy Now');
    await page.getByText('Proceeding to Checkout').first().waitFor();
    await page.waitForURL('**/checkout', { timeout: 10_000 });
    await expectBadge(3);
  });

  it('adds a cake from "Make it special" under the bag\'s lines and sees it in the bag with its price (issue 42)', async () => {
    await page.goto('/cart');
    const lines = page.getByRole('list', { name: 'Items in your bag' });
    await lines.waitFor();
    const special = page.getByRole('region', { name: 'Make it special' });
    await special.scrollIntoViewIfNeeded();
    await special.getByRole('button', { name: 'Add Chocolate Truffle Cake 500 g to the bag' }).click();
    await special.getByRole('button', { name: 'Add Chocolate Truffle Cake 500 g to the bag' }).getByText('Added ✓').waitFor();
    const cake = lines.getByRole('listitem').filter({ hasText: 'Chocolate Truffle Cake 500 g' });
    await cake.waitFor();
    expect(await cake.getByText('Rs. 749').count()).toBeGreaterThan(0);
    await expectBadge(4);
  });
});
