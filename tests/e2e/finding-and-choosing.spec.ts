// Finding and choosing (issue 42) in real Chromium against the built app and the real server: a shopper finds "gerbra"
// from the header, adds a cake from "Make it special", applies a coupon and pays the discounted amount; once the admin
// marks the order delivered she rates the gerberas on their page and sees her stars. A second buyer rates from My
// Account's orders. "Make it special" never makes the product page wider than the screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPaise } from '../../domain/money';
import { browserSuite } from './browser-suite';
import { fillAddress } from './page-forms';
import { shopApi } from './shop-api';
import type { DeliveryAddress, Shopper } from './shop-api';
import { chooseHandDelivery, payWithCard, signIn, unexpectedErrors } from './shop-pages';

const admin = { email: 'admin@flowers.example.in', password: 'Orchid@2026' };
const suite = browserSuite({ env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });

const address: DeliveryAddress = { fullName: 'Kavya Rao', address: '7 Temple Street', locality: 'Mylapore', landmark: 'Near the tank', phoneNumber: '9840099999', pincode: '600004', city: 'Chennai', state: 'Tamil Nadu' };

async function markDelivered(orderNumber: string) {
  const api = shopApi(suite.server.url);
  const { authorization } = await api.signIn(admin);
  const purchase = (await api.admin(authorization).purchases()).find((record) => record.UserOrder.rpayOrderId === orderNumber)!;
  await api.api('updatepurchaseorder', { method: 'POST', json: { id: purchase.id, status: 'Delivered', userTrackingUrl: '' }, headers: { authorization } });
}

/** In the open review dialog: the stars and the text, saved, thanked for, closed. */
async function rateInDialog(page: Page, stars: number, text: string) {
  const form = page.getByRole('dialog');
  await form.getByRole('radio', { name: new RegExp(`^${stars} stars`) }).click();
  await form.getByRole('textbox').fill(text);
  await form.getByRole('button', { name: 'Save review' }).click();
  await form.getByText('Thank you! Your review is published.').waitFor();
  await form.getByRole('button', { name: 'Close' }).click();
}

describe('a shopper finding and choosing', () => {
  it('finds "gerbra", adds a cake from Make it special, pays less with WELCOME10, and rates the gerberas once delivered', async () => {
    const buyer: Shopper = { email: 'anjali.iyer@example.in', password: 'Jasmine@2026', firstName: 'Anjali', lastName: 'Iyer', mobileNumber: '9840011111' };
    const api = shopApi(suite.server.url);
    await api.register(buyer);
    const { page, errors } = await suite.freshPage({ width: 1440, height: 900 });
    await signIn(page, buyer);
    await page.waitForLoadState('networkidle');

    // From the header's box, a typo and the suggestion.
    const box = page.getByRole('combobox', { name: 'Search flowers' });
    await box.click();
    await page.keyboard.type('gerbra', { delay: 30 });
    await page.getByRole('option', { name: /Sunny Gerbera Bouquet/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Sunny Gerbera Bouquet' }).waitFor();
    const gerberas = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page.getByText('Product added to cart').first().waitFor();

    // A cake, one tap under "Make it special".
    const special = page.getByRole('region', { name: 'Make it special' });
    await special.scrollIntoViewIfNeeded();
    const addCake = special.getByRole('button', { name: 'Add Chocolate Truffle Cake 500 g to the bag' });
    await addCake.click();
    await addCake.getByText('Added ✓').waitFor();

    // Checkout: an address, tomorrow's midnight slot for both (the cake travels with the flowers), the coupon.
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Save Address' }).waitFor();
    await fillAddress(page.locator('main'), address);
    await page.getByRole('button', { name: 'Save Address' }).click();
    await page.getByRole('radiogroup', { name: 'Delivery address' }).getByText(address.fullName).waitFor();
    await chooseHandDelivery(page);
    expect(await page.getByRole('region', { name: 'Everlasting gifts, by courier' }).count()).toBe(0);
    const total = page.getByTestId('order-total');
    const before = await total.innerText();

    await page.getByRole('button', { name: 'Have a coupon?' }).click();
    await page.getByRole('textbox', { name: 'Coupon code' }).fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(/^WELCOME10 applied: you save Rs\. /).waitFor();
    const cake = (await api.productsOf('Cakes & Chocolates', 'Cakes & Chocolates')).find((product) => product.productName === 'Chocolate Truffle Cake 500 g')!;
    const [gerbera, cakeDetail] = await Promise.all([api.productOf(gerberas), api.productOf(cake.externalId)]);
    const goodsPaise = (gerbera.sellingPrice + cakeDetail.sellingPrice) * 100;
    const discountPaise = Math.min(Math.floor(goodsPaise / 10), 300_00);
    await page.getByText(`−${formatPaise(discountPaise)}`).first().waitFor();
    const discounted = await total.innerText();
    expect(discounted).not.toBe(before);

    // She pays the discounted amount.
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: `Pay ${discounted}` }).waitFor();
    await payWithCard(page);
    await page.waitForURL('**/thankyou', { timeout: 15_000 });
    await page.getByText('Coupon WELCOME10').waitFor();

    const [order] = await api.ordersOf(buyer);
    expect(order!.UserOrder.coupon).toEqual({ code: 'WELCOME10', discountPaise });
    expect(formatPaise(Math.round(order!.UserOrder.price * 100))).toBe(discounted);
    expect(order!.UserOrder.UserOrderItems.map((item) => item.ProductDatum.productName).sort()).toEqual(['Chocolate Truffle Cake 500 g', 'Sunny Gerbera Bouquet']);

    // Delivered: she rates the gerberas on their page and sees her stars there.
    await markDelivered(order!.UserOrder.rpayOrderId);
    await page.goto(`/flower/${gerberas}`);
    await page.getByRole('button', { name: 'Rate this' }).click();
    await rateInDialog(page, 5, 'Bright gerberas, and the cake was a hit.');
    await page.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' }).first().waitFor();
    await page.getByTestId('review').getByText('Bright gerberas, and the cake was a hit.').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('"Make it special" scrolls sideways inside the page: no page wider than the screen, the picture keeps its column', async () => {
    const api = shopApi(suite.server.url);
    const [posy] = await api.productsOf('Everlasting Dry Flowers', 'Posy');
    for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
      const { page } = await suite.freshPage(viewport);
      await page.goto(`/flower/${posy!.externalId}`);
      const special = page.getByRole('region', { name: 'Make it special' });
      await special.scrollIntoViewIfNeeded();
      await special.getByTestId('addon-card').first().waitFor();
      const { pageWidth, screenWidth } = await page.evaluate(() => ({ pageWidth: document.documentElement.scrollWidth, screenWidth: innerWidth }));
      expect(pageWidth, `${viewport.width} px`).toBeLessThanOrEqual(screenWidth);
      // The picture's column is about half the content at 1440 (1.05fr : 1fr), all of it on a phone.
      const picture = await page.getByRole('img', { name: posy!.productName }).first().boundingBox();
      expect(picture!.width, `${viewport.width} px`).toBeGreaterThan(viewport.width < 768 ? 300 : 400);
    }
  });

  it('a delivered buyer rates the product from My Account and sees her stars on its page', async () => {
    const buyer: Shopper = { email: 'kavya.rao@example.in', password: 'Jasmine@2026', firstName: 'Kavya', lastName: 'Rao', mobileNumber: '9840099999' };
    const api = shopApi(suite.server.url);
    const [posy] = await api.productsOf('Everlasting Dry Flowers', 'Posy');
    await api.register(buyer);
    await markDelivered(await api.paidOrder(buyer, posy!.externalId, address));

    const { page, errors } = await suite.freshPage({ width: 1440, height: 900 });
    await signIn(page, buyer);
    await page.goto('/account/orders');
    await page.getByRole('button', { name: 'Rate this' }).click();
    await rateInDialog(page, 4, 'Lovely posy, well packed.');
    await page.getByRole('button', { name: 'Edit your review' }).waitFor();

    await page.goto(`/flower/${posy!.externalId}`);
    await page.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' }).first().waitFor();
    await page.getByText('Lovely posy, well packed.').waitFor();
    expect(await page.getByTestId('review').getByText('Kavya R.').count()).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
