// Delivery (issue 40) in real Chromium against the real server: a guest sends fresh flowers (hand delivery) to a
// Chennai pincode for tomorrow's midnight slot with a birthday card, her name kept off it, and pays (the confirmation
// mail's total includes the midnight fee); the admin finds it on tomorrow's Deliveries board (the date kept in the
// address across a reload), prints the card sheet (four cards to an A4 page) and the manifest, and marks it Delivered:
// the buyer is mailed once and the order is Delivered. Another guest sends an everlasting vase by courier to Leh.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addIndiaDays, indiaDateOf } from '../../domain/india-time';
import { formatPaise, rupeesToPaise } from '../../domain/money';
import { browserSuite } from './browser-suite';
import { outbox, waitFor } from './harness';
import { shopApi } from './shop-api';
import { fillAddress, fillGuestDetails } from './page-forms';
import { addToBag, chooseHandDelivery, openDeliveryBoard, pickBoardDate, placeOrderAndPay, showsBoardDay, signIn, unexpectedErrors } from './shop-pages';

const admin = { email: 'admin@flowers.example.in', password: 'Orchid@2026' };
const suite = browserSuite({ env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });
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


/** Millimetres in CSS pixels (96 to the inch), for sizes on paper. */
const mm = 96 / 25.4;

/** Pages in a PDF Chromium printed: one /Type /Page object each (the /Pages tree aside). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;

/**
 * The florist's side of the Chennai order: tomorrow's board with the delivery under Midnight, the card sheet as it
 * prints, the manifest, and Delivered (twice: the buyer is still mailed once).
 */
async function florist(productName: string) {
  const tomorrow = addIndiaDays(indiaDateOf(new Date()), 1);
  const { page, errors } = await suite.freshPage();
  await signIn(page, admin);
  await openDeliveryBoard(page);
  const historyBefore = await page.evaluate(() => history.length);
  await pickBoardDate(page, tomorrow);
  // The address follows the picked date, replacing its entry, so that a reload (or a shared link) opens that day.
  await page.waitForURL((url) => url.searchParams.get('date') === tomorrow);
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);
  await page.reload();
  await showsBoardDay(page, tomorrow);

  const delivery = page.getByRole('region', { name: 'Midnight 11 pm to 11:59 pm' }).getByRole('article').filter({ hasText: 'Meera Krishnan' });
  for (const text of [/14 Lotus Street, Mylapore.*Chennai 600004/, `1 × ${productName}`, 'Birthday', 'Happy birthday, Amma! 🎂', 'Meera (not shown on the card)']) {
    await delivery.getByText(text).first().waitFor();
  }
  await delivery.getByRole('link', { name: '9840012345' }).waitFor();
  expect(await delivery.getByText('Scheduled', { exact: true }).isVisible()).toBe(true);

  // The card sheet: occasion and message, and no "From" line (the buyer kept her name off the card).
  await page.getByRole('link', { name: 'Print card messages' }).click();
  await page.waitForURL((url) => url.pathname === '/admindeliverycards' && url.searchParams.get('date') === tomorrow);
  const card = page.getByRole('article', { name: 'Card for Meera Krishnan' });
  await card.waitFor();
  const cardText = await card.innerText();
  expect(cardText).toContain('Birthday');
  expect(cardText).toContain('Happy birthday, Amma! 🎂');
  expect(cardText).not.toContain('From');
  // On paper: no shop header or Print button, the sheet an A4 page cut in four (2 × 2 of 105 × 148 mm), this card its first quarter.
  await page.emulateMedia({ media: 'print' });
  await page.getByRole('button', { name: 'Print', exact: true }).waitFor({ state: 'hidden' });
  expect(await page.locator('header').first().isVisible()).toBe(false);
  const sheet = (await page.locator('[data-card-sheet]').boundingBox())!;
  const quarter = (await card.boundingBox())!;
  expect([sheet.width / mm, sheet.height / mm].map(Math.round)).toEqual([210, 296]);
  expect([quarter.width / mm, quarter.height / mm].map(Math.round)).toEqual([105, 148]);
  expect([quarter.x, quarter.y]).toEqual([sheet.x, sheet.y]);
  // Chromium prints it as one A4 page.
  expect(pdfPages(await page.pdf({ preferCSSPageSize: true }))).toBe(1);
  await page.emulateMedia({ media: 'screen' });

  // The manifest for the same day, then back to the board for that day.
  await page.getByRole('link', { name: '← Deliveries' }).click();
  await showsBoardDay(page, tomorrow);
  await page.getByRole('link', { name: 'Print manifest' }).click();
  const midnightTable = page.getByRole('table', { name: 'Midnight 11 pm to 11:59 pm (1)' });
  await midnightTable.getByRole('row').filter({ hasText: 'Meera Krishnan' }).filter({ hasText: '9840012345' }).waitFor();
  await page.getByRole('link', { name: '← Deliveries' }).click();
  await showsBoardDay(page, tomorrow);

  // Delivered, and once more (a second tap): the buyer is mailed once.
  for (let tap = 0; tap < 2; tap++) {
    const saved = page.waitForResponse((response) => /\/api\/admin\/deliveries\/\d+\/status$/.test(response.url()));
    await delivery.getByRole('button', { name: /^Delivered: / }).click();
    expect((await saved).status()).toBe(200);
  }
  await delivery.getByText('Delivered', { exact: true }).first().waitFor();
  const deliveredMails = async () => (await outbox(suite.server.url, 'meera.midnight@example.in')).filter((mail) => / delivered · /.test(mail.subject));
  await waitFor('the delivered mail', async () => (await deliveredMails()).length > 0);
  const [mail, ...more] = await deliveredMails();
  expect(more).toEqual([]);
  expect(mail!.text).toContain('to Meera Krishnan');

  // The order, from its delivery: Delivered on the board, and the order itself Delivered.
  await delivery.getByRole('link', { name: /^order_/ }).click();
  await page.getByText('Hand delivery on the Deliveries board: Delivered').waitFor();
  const orderForm = page.getByRole('form', { name: 'Purchase Order Update Form' });
  await expect.poll(() => orderForm.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).toBe('Delivered');
  expect(unexpectedErrors(errors)).toEqual([]);
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
    await page.getByLabel('Your name on the card').fill('Meera');
    await page.getByText("Don't show my name").click();
    await placeOrderAndPay(page);
    // The thank-you page repeats the delivery the order was placed with.
    await page.getByText(/, Midnight 11 pm to 11:59 pm/).waitFor();
    // The amount paid is the flowers and the midnight fee (Rs. 250; Chennai adds nothing).
    const { sellingPrice } = await shop.productOf(fresh.externalId);
    const [confirmation] = await outbox(suite.server.url, 'meera.midnight@example.in');
    expect(confirmation!.text).toContain(formatPaise(rupeesToPaise(sellingPrice) + 25_000));

    await florist(fresh.productName);
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
    await placeOrderAndPay(page);
  });
});
