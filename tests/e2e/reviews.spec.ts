// Reviews (issue 42) in real Chromium against the built app and the real server: a buyer whose order the admin marked
// Delivered rates the product from My Account's orders, then sees her stars on the product page.
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browser-suite';
import { shopApi } from './shop-api';
import type { Shopper } from './shop-api';
import { signIn, unexpectedErrors } from './shop-pages';

const admin = { email: 'admin@flowers.example.in', password: 'Orchid@2026' };
const suite = browserSuite({ env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });

const buyer: Shopper = { email: 'kavya.rao@example.in', password: 'Jasmine@2026', firstName: 'Kavya', lastName: 'Rao', mobileNumber: '9840099999' };
const address = { fullName: 'Kavya Rao', address: '7 Temple Street', locality: 'Mylapore', landmark: 'Near the tank', phoneNumber: '9840099999', pincode: '600004', city: 'Chennai', state: 'Tamil Nadu' };

describe('a delivered buyer', () => {
  it('rates the product from My Account and sees her stars on its page', async () => {
    const api = shopApi(suite.server.url);
    const [posy] = await api.productsOf('Everlasting Dry Flowers', 'Posy');
    await api.register(buyer);
    const orderNumber = await api.paidOrder(buyer, posy!.externalId, address);
    const { authorization } = await api.signIn(admin);
    const purchase = (await api.admin(authorization).purchases()).find((record) => record.UserOrder.rpayOrderId === orderNumber)!;
    await api.api('updatepurchaseorder', { method: 'POST', json: { id: purchase.id, status: 'Delivered', userTrackingUrl: '' }, headers: { authorization } });

    const { page, errors } = await suite.freshPage({ width: 1440, height: 900 });
    await signIn(page, buyer);
    await page.goto('/account/orders');
    await page.getByRole('button', { name: 'Rate this' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('radio', { name: /^4 stars/ }).click();
    await form.getByRole('textbox').fill('Lovely posy, well packed.');
    await form.getByRole('button', { name: 'Save review' }).click();
    await form.getByText('Thank you! Your review is published.').waitFor();
    await form.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Edit your review' }).waitFor();

    await page.goto(`/flower/${posy!.externalId}`);
    await page.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' }).first().waitFor();
    await page.getByText('Lovely posy, well packed.').waitFor();
    expect(await page.getByTestId('review').getByText('Kavya R.').count()).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
