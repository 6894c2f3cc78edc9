// Checkout in real Chromium against the real server: a guest buys from the product page to the thank-you page (the
// e-mail code read from the dev outbox, paying by UPI after a declined collect), a signed-in customer pays with a saved and then a new
// address, a declined card, a dismissed dialog, and a stock shortfall made by another buyer — with the bill, the
// mails, the stock and the Orders tab checked against the server.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, screenshots } from './browser-suite';
import { outbox } from './harness';
import { shopApi } from './shop-api';
import type { Datum, Shopper } from './shop-api';
import { fillAddress, fillGuestDetails } from './page-forms';
import { addToBag as addOnProductPage, animationsDone, chooseHandDelivery, payWithCard, sandboxCardNumbers } from './shop-pages';

const admin = { email: 'admin@checkout.example.in', password: 'Orchid@2026' };
const suite = browserSuite({ env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });
let shop: ReturnType<typeof shopApi>;

const cards = sandboxCardNumbers;

const address = {
  fullName: 'Meera Krishnan',
  address: '14 Lotus Street',
  locality: 'Mylapore',
  landmark: 'Near Kapaleeshwarar Temple',
  phoneNumber: '9840012345',
  pincode: '600004',
  city: 'Chennai',
  state: 'Tamil Nadu',
};

beforeAll(() => {
  shop = shopApi(suite.server.url);
});

const freshPage = async (viewport?: { width: number; height: number }): Promise<Page> => (await suite.freshPage(viewport)).page;

const badge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Bag/ }).first();

const addToBag = (page: Page, product: Datum, button: 'Add To Cart' | 'Buy Now' = 'Add To Cart') =>
  addOnProductPage(page, product.externalId, { name: product.productName, button });


/** Pays in the sandbox's black dialog; a declined card leaves the dialog open with the decline. */

/** Pays by UPI in the sandbox's dialog: Razorpay's test IDs success@razorpay pays, failure@razorpay is declined. */
async function payByUpi(page: Page, vpa: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'UPI' }).click();
  await dialog.getByLabel('UPI ID').fill(vpa);
  await dialog.getByRole('button', { name: /^Pay / }).click();
}

const products = async () => ({ dried: (await shop.productsOf('Everlasting Dry Flowers', 'Posy'))[1]! });

describe('a guest checks out', () => {
  it('from the product page to the thank-you page by UPI, verifying the e-mail with the code from the outbox', async () => {
    const page = await freshPage();
    const { dried } = await products();
    const stockBefore = await shop.stockOf(dried.externalId);
    const email = 'meera.guest@example.in';

    await addToBag(page, dried, 'Buy Now');
    await page.waitForURL('**/checkout', { timeout: 10_000 });
    const form = page.getByRole('form', { name: 'Guest checkout' });
    await fillGuestDetails(form, { email, mobileNumber: '9840012345', firstName: 'Meera', lastName: 'Krishnan' });
    await fillAddress(form, address);
    // The bill before the address is chosen: CGST + SGST at 2.5 % each.
    await page.getByText('incl. CGST (2.5%)').first().waitFor();
    await page.screenshot({ path: join(screenshots, 'checkout-guest-1440.png'), fullPage: true });
    await form.getByRole('button', { name: 'Continue' }).click();

    const otpDialog = page.getByRole('dialog', { name: 'Enter Email OTP' });
    await otpDialog.waitFor();
    await otpDialog.getByLabel('OTP').fill(await shop.latestCode(email));
    await page.screenshot({ path: join(screenshots, 'checkout-otp-1440.png') });
    await otpDialog.getByRole('button', { name: 'Verify' }).click();
    await otpDialog.waitFor({ state: 'hidden' });

    // The address given with the details is the guest's first card, preselected.
    const addresses = page.getByRole('radiogroup', { name: 'Delivery address' });
    await addresses.getByText(address.fullName).waitFor();
    expect(await addresses.getByRole('radio').first().isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Place Order' }).click();
    // A declined UPI collect stays in the dialog with Razorpay's words; the second UPI ID pays.
    await payByUpi(page, 'failure@razorpay');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('alert').getByText('Payment failed. Please try again with another bank account.').waitFor();
    await animationsDone(page);
    await page.screenshot({ path: join(screenshots, 'upi-declined-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(screenshots, 'upi-declined-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByLabel('UPI ID').fill('success@razorpay');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/thankyou', { timeout: 15_000 });
    await page.getByText('We Thank you For your Purchase!').waitFor();
    await page.getByRole('link', { name: 'Keep Shopping' }).waitFor();
    await page.screenshot({ path: join(screenshots, 'thank-you-1440.png') });

    expect(await shop.stockOf(dried.externalId)).toBe(stockBefore - 1);
    await expect.poll(async () => (await badge(page).getAttribute('aria-label')) ?? '').toMatch(/^Bag(?!.*\b[1-9])/);
    const [confirmation] = await outbox(suite.server.url, email);
    expect(confirmation!.subject).toMatch(/^Order confirmed: order_/);
    expect(confirmation!.text).toMatch(/CGST \(2\.5%\): Rs\. /);
    expect(confirmation!.text).toContain(address.fullName);
    // The order keeps how it was paid, for the admin.
    const orderId = /order_\w+/.exec(confirmation!.subject)![0];
    const purchases = await shop.admin((await shop.signIn(admin)).authorization).purchases();
    expect(purchases.find((purchase) => purchase.UserOrder.rpayOrderId === orderId)?.paymentMethod).toBe('UPI su•••@razorpay');
  });
});

describe('a signed-in customer checks out', () => {
  const customer: Shopper = {
    email: 'arjun.customer@example.in',
    password: 'Jasmine@2026',
    firstName: 'Arjun',
    lastName: 'Menon',
    mobileNumber: '9845098450',
  };
  let page: Page;

  beforeAll(async () => {
    await shop.register(customer);
    page = await freshPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });

  it('adds a first address at checkout, then a declined card stays in the dialog and closing it goes back to the bag', async () => {
    const { dried } = await products();
    const stockBefore = await shop.stockOf(dried.externalId);
    await addToBag(page, dried);
    await page.goto('/checkout');

    // No saved address: the form is open, without a cancel icon.
    await page.getByRole('button', { name: 'Save Address' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel new address' }).count()).toBe(0);
    await fillAddress(page.locator('main'), address);
    await page.getByRole('button', { name: 'Save Address' }).click();
    const addresses = page.getByRole('radiogroup', { name: 'Delivery address' });
    await addresses.getByText(address.fullName).waitFor();

    await page.getByRole('button', { name: 'Place Order' }).click();
    await payWithCard(page, cards.declined);
    await page.getByRole('dialog').getByText('Your card was declined.').waitFor();
    await page.screenshot({ path: join(screenshots, 'payment-dialog-declined-1440.png') });
    // The reservation holds the unit while the dialog is open.
    expect(await shop.stockOf(dried.externalId)).toBe(stockBefore - 1);

    await page.getByRole('button', { name: 'Close payment' }).click();
    await page.getByText('Payment failed please try again.').first().waitFor();
    await page.waitForURL('**/cart');
    // Reported failed: the stock is back and the bag still holds the flowers.
    await expect.poll(() => shop.stockOf(dried.externalId)).toBe(stockBefore);
    await page.getByText(dried.productName).first().waitFor();
  });

  it('pays with a new address outside Tamil Nadu (IGST) and finds the order in the Orders tab', async () => {
    await page.goto('/checkout');
    const addresses = page.getByRole('radiogroup', { name: 'Delivery address' });
    await addresses.getByText(address.fullName).waitFor();
    // The saved address is preselected: CGST + SGST.
    await page.getByText('incl. CGST (2.5%)').first().waitFor();

    await page.getByRole('button', { name: 'Add New Address Here' }).click();
    await fillAddress(page.locator('main'), {
      ...address,
      fullName: 'Arjun Menon',
      address: '22 Brigade Road',
      locality: 'Ashok Nagar',
      landmark: 'Near the metro',
      pincode: '560025',
      city: 'Bengaluru',
      state: 'Karnataka',
    });
    await page.getByRole('button', { name: 'Save Address' }).click();
    await addresses.getByText('Arjun Menon').waitFor();
    // The new address is selected and the bill shows one IGST line at 5 %.
    await page.getByText('incl. IGST (5%)').first().waitFor();
    expect(await page.getByText('incl. CGST (2.5%)').count()).toBe(0);
    await page.screenshot({ path: join(screenshots, 'checkout-signed-in-1440.png'), fullPage: true });

    await page.getByRole('button', { name: 'Place Order' }).click();
    await payWithCard(page, cards.success);
    await page.waitForURL('**/thankyou', { timeout: 15_000 });
    await page.getByText('We Thank you For your Purchase!').waitFor();

    const [confirmation] = await outbox(suite.server.url, customer.email);
    expect(confirmation!.text).toMatch(/IGST \(5%\): Rs\. /);
    expect(confirmation!.text).toContain('Bengaluru');
    await page.goto('/account/orders');
    const orderId = /order_\w+/.exec(confirmation!.subject)![0];
    const card = page.getByRole('article', { name: `Order ${orderId}` });
    await card.waitFor();

    // The buyer downloads the order's tax invoice: the PDF names the number on the button and the total on the card.
    const button = card.getByRole('button', { name: /^Download invoice / });
    const documentNumber = (await button.getAttribute('aria-label'))!.replace('Download invoice ', '');
    expect(documentNumber).toMatch(/^PS\/\d{2}-\d{2}\/\d{6}$/);
    const shownTotal = (await card.getByText(/^Rs\. /).first().innerText()).trim();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const { text } = await extractText(new Uint8Array(await readFile((await download.path())!)));
    const pdf = text.join(' ').replace(/\s+/g, ' ');
    expect(pdf.startsWith('Tax Invoice')).toBe(true);
    expect(pdf).toContain(`Invoice No. ${documentNumber}`);
    expect(pdf).toContain(`Order No. ${orderId}`);
    expect(pdf).toContain('Arjun Menon');
    expect(pdf).toMatch(new RegExp(`IGST ₹[\\d,.]+ Total ${documentAmount(shownTotal).replace(/[.]/g, '\\.')}`));
  });
});

/** "Rs. 1,250" or "Rs. 1,250.50" as a GST document writes it: "₹1,250.00", "₹1,250.50". */
const documentAmount = (shown: string) => {
  const figures = shown.replace(/^Rs\. /, '');
  return `₹${figures.includes('.') ? figures : `${figures}.00`}`;
};

describe('a stock shortfall', () => {
  it('names the product and what is left when another buyer took the stock first', async () => {
    const page = await freshPage({ width: 390, height: 844 });
    const rival: Shopper = {
      email: 'rival.buyer@example.in',
      password: 'Orchid@2026',
      firstName: 'Kavya',
      lastName: 'Iyer',
      mobileNumber: '9841198411',
    };
    // The shopper signs in and puts a whole product's stock in the bag.
    const shopper: Shopper = { ...rival, email: 'late.buyer@example.in', firstName: 'Lata' };
    await shop.register(shopper);
    await shop.register(rival);
    // A product the rival can buy out within the bag's limit of 10.
    let fresh: Datum | undefined;
    let stock = 0;
    for (const candidate of [...(await shop.productsOf('Fresh Flowers', 'Roses')), ...(await shop.productsOf('Fresh Flowers', 'Bouquets'))]) {
      stock = await shop.stockOf(candidate.externalId);
      if (stock >= 2 && stock <= 10) {
        fresh = candidate;
        break;
      }
    }
    if (!fresh) throw new Error('the demo catalogue has a fresh product with 2–10 units');
    const wanted = stock;
    const me = await shop.signIn(shopper);
    for (let unit = 0; unit < wanted; unit += 1) {
      await shop.api('createusercart', { method: 'POST', json: { productExtId: fresh.externalId, userId: me.userExtId }, headers: { authorization: me.authorization } });
    }
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await shop.api('createlogincheckout', {
      method: 'POST',
      json: { ...address, country: 'India', userId: me.userExtId },
      headers: { authorization: me.authorization },
    });

    // Another buyer reserves all of it first.
    const other = await shop.signIn(rival);
    for (let unit = 0; unit < stock; unit += 1) {
      await shop.api('createusercart', { method: 'POST', json: { productExtId: fresh.externalId, userId: other.userExtId }, headers: { authorization: other.authorization } });
    }
    const saved = await shop.api<{ id: number }>('createlogincheckout', {
      method: 'POST',
      json: { ...address, country: 'India', userId: other.userExtId },
      headers: { authorization: other.authorization },
    });
    await shop.api(`user/${other.userExtId}/checkoutinvoice`, {
      method: 'POST',
      json: { addressId: saved.id, deliveries: await shop.firstDeliveries(other.userExtId, { authorization: other.authorization }) },
      headers: { authorization: other.authorization },
    });
    expect(await shop.stockOf(fresh.externalId)).toBe(0);

    await page.goto('/checkout');
    await page.getByRole('radiogroup', { name: 'Delivery address' }).getByText(address.fullName).waitFor();
    await chooseHandDelivery(page);
    await page.screenshot({ path: join(screenshots, 'checkout-signed-in-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Thank you for your interest. Please reduce your order based on the stock level below').first().waitFor();
    await page.getByText(new RegExp(`${fresh.productName}.*0 left`)).first().waitFor();
    expect(page.url()).toMatch(/\/checkout$/);
  });
});
