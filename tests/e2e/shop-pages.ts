// Steps through the shop's pages the way a person takes them, shared by the browser specs and the screenshots.
import type { Page } from 'playwright-core';
import { boardDayText } from '../../domain/delivery-board';
import type { IndiaDate } from '../../domain/india-time';
import { paths } from '../../src/app/paths';

/**
 * Signs in at /login and waits until the app has moved on. The shop allows 5 sign-ins per e-mail a minute; a spec that
 * signs the same shopper in more often than that is refused (429), waits as the answer says, and tries once more.
 */
export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto(paths.login);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  const submit = async () => {
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/loginapi'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    return answer;
  };
  const answer = await submit();
  if (answer.status() === 429) {
    // "… try again in 42 seconds." or "… wait a minute and try again."
    const { message } = (await answer.json()) as { message: string };
    await page.waitForTimeout((Number(/in (\d+) second/.exec(message)?.[1] ?? 60) + 1) * 1000);
    await submit();
  }
  await page.waitForURL((url) => !url.pathname.startsWith(paths.login));
}

/**
 * Waits until a category page shows a sub-category's products. After a click in the shop the address changes first
 * and the page is drawn in a transition after it, so cards read right after the address can still be the previous
 * sub-category's; the pressed pill is drawn with the cards.
 */
export async function showsSubCategory(page: Page, subCategory: string): Promise<void> {
  await page.getByRole('button', { name: subCategory, exact: true, pressed: true }).waitFor();
}

/** Opens a product's page and waits for its heading (by name, when given). */
export async function openProduct(page: Page, externalId: string, name?: string): Promise<void> {
  await page.goto(paths.flower(externalId));
  await page.getByRole('heading', { level: 1, ...(name ? { name } : {}) }).waitFor();
}

/** Add To Cart (waiting for its toast) or Buy Now on a product's page. */
export async function addToBag(
  page: Page,
  externalId: string,
  { name, button = 'Add To Cart' }: { name?: string; button?: 'Add To Cart' | 'Buy Now' } = {},
): Promise<void> {
  await openProduct(page, externalId, name);
  await page.getByRole('button', { name: button }).click();
  if (button === 'Add To Cart') await page.getByText('Product added to cart').first().waitFor();
}

/** The sandbox's cards (README.md "Trying a purchase"). */
export const sandboxCardNumbers = { success: '4111 1111 1111 1111', declined: '4000 0000 0000 0002' };

/** In the sandbox's payment dialog: the card (the paying one unless given), an expiry and a CVV, then Pay. */
export async function payWithCard(page: Page, card: string = sandboxCardNumbers.success): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card Number').waitFor();
  await dialog.getByLabel('Card Number').fill(card);
  await dialog.getByLabel(/Expiry/).fill('12/30');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: /^Pay / }).click();
}

/** Place Order at checkout, the paying card, and the thank-you page. */
export async function placeOrderAndPay(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Place Order' }).click();
  await payWithCard(page);
  await page.waitForURL('**/thankyou', { timeout: 15_000 });
  await page.getByText('We Thank you For your Purchase!').waitFor();
}

/** Resolves once entrance animations (toasts, dialogs, button states) have finished; endless ones (spinners) aside. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** Page errors other than the console's note of an expected refusal (a 4xx the app answers with a message). */
export const unexpectedErrors = (errors: string[]) => errors.filter((message) => !/status of 4\d\d/.test(message));

/**
 * At checkout, the hand delivery's date and slot: tomorrow (India), the strip's second date, and a slot by name
 * (Midnight's cut-off is 6 pm the same day, so tomorrow's is always open).
 */
export async function chooseHandDelivery(page: Page, slot = 'Midnight'): Promise<void> {
  const hand = page.getByRole('region', { name: 'Fresh flowers, delivered by hand' });
  await hand.getByRole('radio').nth(1).check({ force: true });
  await hand.getByText(slot, { exact: true }).click({ force: true });
  await page.getByText('Delivery: Fresh flowers, delivered by hand').waitFor();
}

/** Resolves once the Deliveries board shows a date's deliveries: its heading, "Friday 4 December" (" (today)" on today's). */
export async function showsBoardDay(page: Page, date: IndiaDate): Promise<void> {
  await page.getByRole('heading', { level: 2, name: new RegExp(`^${boardDayText(date)}`) }).waitFor();
}

/** The admin's Deliveries board, on a date (?date=) or today, once the day's deliveries are shown. */
export async function openDeliveryBoard(page: Page, date?: IndiaDate): Promise<void> {
  await page.goto(date ? `${paths.adminDeliveries}?date=${date}` : paths.adminDeliveries);
  if (date) await showsBoardDay(page, date);
  else await page.getByRole('heading', { level: 2, name: /\(today\)/ }).waitFor();
}

/** On the Deliveries board, another date typed into its picker; resolves once that day's deliveries are shown. */
export async function pickBoardDate(page: Page, date: IndiaDate): Promise<void> {
  await page.getByLabel('Date', { exact: true }).fill(date);
  await showsBoardDay(page, date);
}
