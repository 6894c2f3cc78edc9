// Delivery at checkout (issue 40) in real Chromium against the real server: a guest sends fresh flowers (hand delivery)
// to a Chennai pincode for tomorrow's midnight slot with a birthday card and pays; another guest sends an everlasting
// vase by courier to Leh (Ladakh). The confirmation mail's total includes the midnight fee.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatPaise, rupeesToPaise } from '../../domain/money';
import { browserSuite } from './browser-suite';
import { outbox } from './harness';
import { shopApi } from './shop-api';
import { fillAddress, fillGuestDetails } from './page-forms';
import { addToBag, chooseHandDelivery } from './shop-pages';

const suite = browserSuite({});
let shop: ReturnType<typeof shopApi>;

beforeAll(() => {
  shop = shopApi(suite.server.url);
});

interface Listed {
  externalId: string;
  productName: string;
  deliveryKind: 'hand' | 'courier';
}

/** Every product of the demo catalogue, with how it is delivered. */
async function catalogue(): Promise<Listed[]> {
  const header = await shop.api<{ body: { categoryName: string }[] }>('categoryheader');
  const all: Listed[] = [];
  for (const { categoryName } of header.body) {
    const { products } = await shop.api<{ products: { SubProductCategories: { ProductSubProducts: { ProductDatum: Listed }[] }[] }[] }>(
      `allflowers?category_name=${encodeURIComponent(categoryName)}`,
    );
    for (const category of products) for (const sub of category.SubProductCategories) for (const line of sub.ProductSubProducts) all.push(line.ProductDatum);
  }
  return all;
}

/** The guest's details and address, the code from the outbox: the checkout then shows the deliveries. */
async function guestCheckout(page: Page, email: string, address: Parameters<typeof fillAddress>[1]) {
  const form = page.getByRole('form', { name: 'Guest checkout' });
  await fillGuestDetails(form, { email, mobileNumber: '9840012345', firstName: 'Meera', lastName: 'Krishnan' });
  await fillAddress(form, address);
  await form.getByRole('button', { name: 'Continue' }).click();
  const otpDialog = page.getByRole('dialog', { name: 'Enter Email OTP' });
  await otpDialog.waitFor();
  await otpDialog.getByLabel('OTP').fill(await shop.latestCode(email));
  await otpDialog.getByRole('button', { name: 'Verify' }).click();
  await otpDialog.waitFor({ state: 'hidden' });
}

async function payWithCard(page: Page) {
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card Number').waitFor();
  await dialog.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await dialog.getByLabel(/Expiry/).fill('12/30');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/thankyou', { timeout: 15_000 });
  await page.getByText('We Thank you For your Purchase!').waitFor();
}

describe('delivery at checkout', () => {
  it('a guest sends fresh flowers to Chennai for tomorrow at midnight with a birthday card, and pays', async () => {
    const { page } = await suite.freshPage();
    const fresh = (await catalogue()).find((product) => product.deliveryKind === 'hand')!;
    await addToBag(page, fresh.externalId, { name: fresh.productName, button: 'Buy Now' });
    await page.waitForURL('**/checkout', { timeout: 10_000 });
    await guestCheckout(page, 'meera.midnight@example.in', {
      fullName: 'Meera Krishnan',
      address: '14 Lotus Street',
      locality: 'Mylapore',
      landmark: 'Near the tank',
      phoneNumber: '9840012345',
      pincode: '600004',
      city: 'Chennai',
      state: 'Tamil Nadu',
    });

    const hand = page.getByRole('region', { name: 'Fresh flowers, delivered by hand' });
    await hand.getByText(/to 600004, Chennai/).waitFor();
    await chooseHandDelivery(page, 'Midnight');
    await page.getByLabel('Occasion').selectOption('Birthday');
    await page.getByLabel('Card message').fill('Happy birthday, Amma! 🎂');
    await payWithCard(page);
    // The thank-you page repeats the delivery the order was placed with.
    await page.getByText(/, Midnight 11 pm to 11:59 pm/).waitFor();
    // The amount paid is the flowers and the midnight fee (Rs. 250; Chennai adds nothing).
    const { sellingPrice } = await shop.productOf(fresh.externalId);
    const [confirmation] = await outbox(suite.server.url, 'meera.midnight@example.in');
    expect(confirmation!.text).toContain(formatPaise(rupeesToPaise(sellingPrice) + 25_000));
  });

  it('a guest sends an everlasting vase by courier to Leh, Ladakh, and pays', async () => {
    const { page } = await suite.freshPage();
    const vase = (await catalogue()).find((product) => product.deliveryKind === 'courier')!;
    await addToBag(page, vase.externalId, { name: vase.productName, button: 'Buy Now' });
    await page.waitForURL('**/checkout', { timeout: 10_000 });
    await guestCheckout(page, 'tenzin.courier@example.in', {
      fullName: 'Tenzin Dolma',
      address: '3 Fort Road',
      locality: 'Main Bazaar',
      landmark: 'Near the polo ground',
      phoneNumber: '9419012345',
      pincode: '194101',
      city: 'Leh',
      state: 'Ladakh',
    });
    const courier = page.getByRole('region', { name: 'Everlasting gifts, by courier' });
    await courier.getByText('Delivered in 2 to 5 business days', { exact: false }).waitFor();
    // The first dispatch date is chosen for the buyer: the courier's line is in the bill.
    await page.getByText('Delivery: Everlasting gifts, by courier').waitFor();
    await payWithCard(page);
  });
});
