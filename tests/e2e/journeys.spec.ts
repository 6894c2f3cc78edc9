// Whole journeys in real Chromium against the built app and one real server (issue 7): (a) a guest browses from `/`
// through the header menu, puts two products in the bag, proves the e-mail with the code from the dev outbox and pays
// with the sandbox card; (b) that guest creates a password at checkout, signs in and finds the order in Orders; (c) the
// admin gives the order a tracking link and Dispatched, which the customer sees and is mailed; (d) a returning customer
// signs in from /g/login during checkout and finds the guest bag merged into the account's; (e) a whole checkout with
// the keyboard only. Each journey checks what the person sees and what the server holds, and ends with a screenshot.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatRupees } from '../../domain/money';
import { browserSuite, screenshots } from './browser-suite';
import { outbox } from './harness';
import { shopApi } from './shop-api';
import type { DeliveryAddress, Shopper } from './shop-api';
import { fillAddress } from './page-forms';
import { animationsDone, chooseHandDelivery, showsSubCategory, unexpectedErrors } from './shop-pages';

let shop: ReturnType<typeof shopApi>;
/** The admin's reads through the API: what the server holds about orders. */
let serverSide: ReturnType<ReturnType<typeof shopApi>['admin']>;

const admin = { email: 'admin@journeys.example.in', password: 'Orchid@2026' };
const suite = browserSuite({ env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });
const sandboxCard = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123' };
const tracking = 'https://track.example.in/AWB-JOURNEY-7';

/** The guest of journeys (a)–(c): buys without an account, then creates a password. */
const guest: Shopper = {
  email: 'nila.raman@example.in',
  password: 'Jasmine@2026',
  firstName: 'Nila',
  lastName: 'Raman',
  mobileNumber: '9840011223',
};

const chennai: DeliveryAddress = {
  fullName: 'Nila Raman',
  address: '8 Temple Street',
  locality: 'Mylapore',
  landmark: 'Near the tank',
  phoneNumber: '9840011223',
  pincode: '600004',
  city: 'Chennai',
  state: 'Tamil Nadu',
};

/**
 * The Create Password code comes from `verifyemail`, which mails the password-reset wording today; the mail's own
 * set-password wording is accepted too.
 */
const setPasswordCodeMail = /^Your (password reset code|code to set a password)/;

/** What journey (a) bought, for (b) and (c) to find again. */
const bought = { orderNumber: '', names: [] as string[], price: 0 };

beforeAll(async () => {
  shop = shopApi(suite.server.url);
  serverSide = shop.admin((await shop.signIn(admin)).authorization);
});

// ---- Helpers ------------------------------------------------------------------------------------------------------

const freshPage = () => suite.freshPage();

const header = (page: Page) => page.getByRole('banner');
const bagLink = (page: Page) => header(page).getByRole('link', { name: /^Bag/ }).first();
const productId = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

/** A screenshot once the entrance animations (toasts, dialogs) have finished. */
async function shoot(page: Page, name: string) {
  await animationsDone(page);
  await page.screenshot({ path: join(screenshots, `journey-${name}-1440.png`), fullPage: true });
}

/** On a product page: Add To Cart, and the shop's confirmation. Answers the product's id. */
async function addToBag(page: Page): Promise<string> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await page.getByText('Product added to cart').first().waitFor();
  return productId(page);
}

/** Opens a product by its card on the category page shown, answering its name. */
async function openFirstProduct(page: Page): Promise<string> {
  const card = page.getByTestId('product-card').first();
  const name = (await card.getByRole('link').first().innerText()).trim();
  await card.getByRole('link').first().click();
  await page.waitForURL('**/flower/**');
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return name;
}

/** From the header's bag to /checkout through Proceed to Checkout. */
async function bagToCheckout(page: Page) {
  await bagLink(page).click();
  await page.getByRole('heading', { name: 'CART' }).waitFor();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL('**/checkout');
}

const field = (scope: Locator | Page, label: string) => scope.getByRole('textbox', { name: label, exact: true });


const guestForm = (page: Page) => page.getByRole('form', { name: 'Guest checkout' });

/** Types an e-mail into the guest form and leaves the field, which asks the server whether the e-mail is known. */
async function giveEmail(page: Page, email: string) {
  await field(guestForm(page), 'Email').fill(email);
  await field(guestForm(page), 'Email').blur();
}

/** The guest's details and first address, Continue, and the code from the outbox into "Enter Email OTP". */
async function guestCheckout(page: Page, who: Shopper, address: DeliveryAddress) {
  const form = guestForm(page);
  await giveEmail(page, who.email);
  await field(form, 'Mobile Number').fill(who.mobileNumber);
  await field(form, 'First Name').fill(who.firstName);
  await field(form, 'Last Name').fill(who.lastName);
  await fillAddress(form, address);
  await form.getByRole('button', { name: 'Continue' }).click();
  const otpDialog = page.getByRole('dialog', { name: 'Enter Email OTP' });
  await otpDialog.waitFor();
  await field(otpDialog, 'OTP').fill(await shop.codeMailed(who.email, /^Your checkout code/));
  await otpDialog.getByRole('button', { name: 'Verify' }).click();
  await otpDialog.waitFor({ state: 'hidden' });
}

/** Tomorrow's midnight slot for fresh flowers, Place Order, the sandbox's card dialog with the paying card, and the thank-you page. */
async function placeOrderAndPay(page: Page) {
  await page.getByRole('button', { name: 'Place Order' }).waitFor();
  if (await page.getByRole('region', { name: 'Fresh flowers, delivered by hand' }).count()) await chooseHandDelivery(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'Card Number').fill(sandboxCard.number);
  await field(dialog, 'Expiry (MM/YY)').fill(sandboxCard.expiry);
  await field(dialog, 'CVV').fill(sandboxCard.cvv);
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/thankyou', { timeout: 15_000 });
  await page.getByText('We Thank you For your Purchase!').waitFor();
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await field(page, 'Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The "Your Order" table's product cells at checkout (not the deliveries' fee lines). */
async function orderLines(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Your Order' });
  await table.waitFor();
  return (await table.getByRole('row').allInnerTexts()).filter((text) => !/^PRODUCT|^incl\.|^Delivery:/.test(text.trim()));
}

// ---- (a)–(c): a guest buys, creates a password, and the admin dispatches the order ---------------------------------

describe('a guest’s first order, from browsing to the dispatched parcel', () => {
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ page, errors } = await freshPage());
  });

  it('(a) browses from / through the header menu, bags two products, verifies the e-mail and pays', async () => {
    await page.goto('/');
    await page.waitForURL('**/category/**');
    // The menu once the app has taken the drawn page over (its lazy parts loaded), as the storefront tests wait.
    await page.waitForLoadState('networkidle');
    await header(page).getByRole('button', { name: 'Everlasting Dry Flowers' }).click();
    await page.getByRole('menuitem', { name: 'Posy', exact: true }).click();
    await page.waitForURL(/\/category\/Everlasting(%20| )Dry(%20| )Flowers\/Posy$/);
    await page.getByRole('heading', { level: 1, name: 'Everlasting Dry Flowers' }).waitFor();
    await showsSubCategory(page, 'Posy');

    const firstName = await openFirstProduct(page);
    const first = await addToBag(page);
    await expect.poll(async () => bagLink(page).getAttribute('aria-label')).toBe('Bag, 1 item');

    // Back on the category page, another sub-category and another product.
    await page.goBack();
    await page.getByRole('button', { name: 'Round', exact: true }).click();
    await showsSubCategory(page, 'Round');
    const secondName = await openFirstProduct(page);
    const second = await addToBag(page);
    expect(second).not.toBe(first);
    await expect.poll(async () => bagLink(page).getAttribute('aria-label')).toBe('Bag, 2 items');

    const products = [await shop.productOf(first), await shop.productOf(second)];
    expect(products.map((product) => product.productName)).toEqual([firstName, secondName]);
    const total = products[0]!.sellingPrice + products[1]!.sellingPrice;

    // The bag shows both, one of each, with their sum.
    await bagLink(page).click();
    await page.getByRole('heading', { name: 'CART' }).waitFor();
    for (const name of [firstName, secondName]) await page.getByRole('link', { name, exact: true }).waitFor();
    expect(await page.getByTestId('cart-total').innerText()).toBe(formatRupees(total));

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');
    expect(await page.getByTestId('order-total').innerText()).toBe(formatRupees(total));
    await guestCheckout(page, guest, chennai);

    // The address given with the details is the one card, preselected.
    const addresses = page.getByRole('radiogroup', { name: 'Delivery address' });
    await addresses.getByText(chennai.fullName).waitFor();
    expect(await addresses.getByRole('radio').first().isChecked()).toBe(true);
    await placeOrderAndPay(page);
    await expect.poll(async () => bagLink(page).getAttribute('aria-label')).toBe('Bag');
    await shoot(page, 'a-guest-thank-you');

    // The server: one paid order for the guest with both products, and one unit less of each in stock.
    const purchases = (await serverSide.purchases()).filter((purchase) => purchase.User.email === guest.email);
    expect(purchases).toHaveLength(1);
    const [purchase] = purchases;
    expect(purchase!.paymentState).toBe('paid');
    expect(purchase!.UserOrder.price).toBe(total);
    expect(purchase!.UserOrder.UserOrderItems.map((item) => [item.ProductDatum.productName, item.quantity]).sort()).toEqual(
      [
        [firstName, 1],
        [secondName, 1],
      ].sort(),
    );
    for (const [index, id] of [first, second].entries()) {
      expect(await shop.stockOf(id)).toBe(products[index]!.quantity - 1);
    }
    const [confirmation] = await outbox(suite.server.url, guest.email);
    expect(confirmation!.subject.startsWith(`Order confirmed: ${purchase!.UserOrder.rpayOrderId}`)).toBe(true);
    Object.assign(bought, { orderNumber: purchase!.UserOrder.rpayOrderId, names: [firstName, secondName], price: total });
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('(b) creates a password at checkout, signs in with it and finds the order in Orders', async () => {
    expect(bought.orderNumber, 'journey (a) paid an order').not.toBe('');
    // A later visit: one more flower, and at checkout the shop recognises the e-mail of an earlier guest buyer.
    await page.goto('/category/Everlasting%20Dry%20Flowers/Side');
    const thirdName = await openFirstProduct(page);
    await addToBag(page);
    await bagToCheckout(page);
    await giveEmail(page, guest.email);
    await page.getByText('Thank you for visiting us again. Please create a password for a faster checkout experience.').first().waitFor();
    // The known details are filled in from the account.
    await expect.poll(() => field(guestForm(page), 'First Name').inputValue()).toBe(guest.firstName);

    await guestForm(page).getByRole('button', { name: 'Create Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Password' });
    await dialog.waitFor();
    await field(dialog, 'OTP').fill(await shop.codeMailed(guest.email, setPasswordCodeMail));
    await dialog.getByLabel('Password', { exact: true }).fill(guest.password);
    await dialog.getByLabel('Confirm Password', { exact: true }).fill(guest.password);
    await dialog.getByRole('button', { name: 'Submit' }).click();

    // Signed in, /checkout loads again as the account's, with the bag carried over.
    await header(page).getByRole('button', { name: 'Log Out' }).waitFor();
    await page.waitForURL('**/checkout');
    expect(await orderLines(page)).toEqual([expect.stringContaining(thirdName)]);

    // The password works on its own: out, and in again at /login.
    await header(page).getByRole('button', { name: 'Log Out' }).click();
    await header(page).getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    await signIn(page, guest);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // The flower bagged before the password came along stayed with the account.
    await expect.poll(async () => bagLink(page).getAttribute('aria-label')).toBe('Bag, 1 item');
    await header(page).getByRole('link', { name: 'My Account' }).click();
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.waitForURL('**/account/orders');

    const card = page.getByRole('article', { name: `Order ${bought.orderNumber}` });
    await card.waitFor();
    const items = await card.getByRole('list', { name: 'Items' }).getByRole('listitem').allInnerTexts();
    expect(items.map((text) => text.replace(/\s+/g, ' ').trim()).sort()).toEqual(bought.names.map((name) => `1 × ${name}`).sort());
    expect(await card.getByText(formatRupees(bought.price), { exact: true }).count()).toBe(1);
    expect(await card.getByTestId('order-status').innerText()).toBe('created');
    await shoot(page, 'b-orders-after-password');

    // The server: the account has its password and the one order.
    const orders = await shop.ordersOf(guest);
    expect(orders.map((order) => order.UserOrder.rpayOrderId)).toEqual([bought.orderNumber]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('(c) the admin sets the tracking link and Dispatched; the customer sees both and has the mail', async () => {
    expect(bought.orderNumber, 'journey (a) paid an order').not.toBe('');
    const { page: desk, errors: deskErrors } = await freshPage();
    await desk.goto('/login');
    await signIn(desk, admin);
    await header(desk).getByRole('link', { name: 'Dashboard' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await desk.getByRole('link', { name: 'Purchase Order List', exact: true }).click();
    const list = desk.getByRole('table', { name: 'Purchase Order List' });
    const row = list.getByRole('row').filter({ hasText: bought.orderNumber });
    await row.waitFor();
    expect(await row.innerText()).toContain(guest.email);
    await row.getByRole('link', { name: /^Open order / }).click();

    const orderForm = desk.getByRole('form', { name: 'Purchase Order Update Form' });
    await expect.poll(() => field(orderForm, 'Email').inputValue()).toBe(guest.email);
    await field(orderForm, 'Tracking URL').fill(tracking);
    await orderForm.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Dispatched' });
    await orderForm.getByRole('button', { name: 'Update' }).click();
    await desk.getByText('Purchase order updated successfully', { exact: true }).first().waitFor();
    await desk.waitForURL('**/purchaseorderlist', { timeout: 10_000 });
    await list.getByRole('row').filter({ hasText: bought.orderNumber }).getByRole('link', { name: tracking }).waitFor();

    const purchase = (await serverSide.purchases()).find((candidate) => candidate.UserOrder.rpayOrderId === bought.orderNumber);
    expect(purchase).toMatchObject({ status: 'Dispatched', userTrackingUrl: tracking });

    // The customer, still on Orders, reloads.
    await page.reload();
    const card = page.getByRole('article', { name: `Order ${bought.orderNumber}` });
    await card.waitFor();
    expect(await card.getByTestId('order-status').innerText()).toBe('Dispatched');
    expect(await card.getByRole('link', { name: tracking }).getAttribute('href')).toBe(tracking);
    await shoot(page, 'c-dispatched');

    const [mail] = await outbox(suite.server.url, guest.email);
    expect(mail!.text).toContain(bought.orderNumber);
    expect(mail!.text).toContain(tracking);
    expect(mail!.text).toContain('Dispatched');
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(deskErrors)).toEqual([]);
  });
});

// ---- (d): a returning customer signs in during checkout -------------------------------------------------------------

describe('a returning customer', () => {
  const customer: Shopper = {
    email: 'vikram.iyer@example.in',
    password: 'Marigold@88',
    firstName: 'Vikram',
    lastName: 'Iyer',
    mobileNumber: '9845077889',
  };

  it('(d) bags products as a guest, signs in from /g/login at checkout and finds the guest bag merged', async () => {
    // The account already holds a product, put in the bag on another visit.
    await shop.register(customer);
    const [earlier] = await shop.productsOf('Fresh Flowers', 'Roses');
    await shop.addToAccountBag(customer, earlier!.externalId);

    // Signed out, as a guest: two more products.
    const { page, errors } = await freshPage();
    const guestNames: string[] = [];
    for (const sub of ['Exotic', 'Bouquets']) {
      await page.goto(`/category/Fresh%20Flowers/${sub}`);
      guestNames.push(await openFirstProduct(page));
      await addToBag(page);
    }
    await expect.poll(async () => bagLink(page).getAttribute('aria-label')).toBe('Bag, 2 items');
    await bagToCheckout(page);

    // The e-mail is an account's: the shop offers Login instead of the guest's code.
    await giveEmail(page, customer.email);
    await page.getByText('Thank you for visiting us again. Please log in for a faster checkout experience.').first().waitFor();
    await guestForm(page).getByText('You already have an account with this e-mail.').waitFor();
    await guestForm(page).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/g/login');
    await page.getByText('Sign in to continue to checkout.').waitFor();
    await signIn(page, customer);

    // Back on /checkout, signed in: the account's earlier product and the guest's two, one of each.
    await page.waitForURL('**/checkout');
    await header(page).getByRole('button', { name: 'Log Out' }).waitFor();
    const expected = [earlier!.productName, ...guestNames].sort();
    await expect.poll(async () => (await orderLines(page)).length).toBe(3);
    const lines = await orderLines(page);
    expect(lines.map((line) => expected.find((name) => line.includes(name))).sort()).toEqual(expected);
    for (const line of lines) expect(line).toMatch(/\t1\t/);
    await expect.poll(async () => bagLink(page).getAttribute('aria-label')).toBe('Bag, 3 items');
    expect(await page.evaluate(() => sessionStorage.getItem('guestSessionId'))).toBeNull();
    await shoot(page, 'd-merged-bag');

    const bag = await shop.bagOf(customer);
    expect(bag.productList.map((line) => [line.productItem.ProductDatum.productName, line.productItem.quantity]).sort()).toEqual(
      expected.map((name) => [name, 1]).sort(),
    );
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

// ---- (e): a whole checkout with the keyboard only -------------------------------------------------------------------

/** What has focus, in words for a failure message. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'the page itself';
    const name = element.getAttribute('aria-label') ?? element.getAttribute('name') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()}> "${name}"`;
  });

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) as a keyboard user would until `target` has focus; fails, naming every stop on the way,
 * when it cannot be reached.
 */
async function tabTo(page: Page, target: Locator, what: string, { backwards = false, presses = 80 } = {}) {
  await target.waitFor();
  const stops: string[] = [];
  for (let press = 0; press < presses; press += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    stops.push(await describeFocus(page));
  }
  expect.fail(`${what} cannot be reached with ${backwards ? 'Shift+Tab' : 'Tab'} on ${new URL(page.url()).pathname}; focus went ${stops.join(' → ')}`);
}

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, target: Locator, what: string, text: string) {
  await tabTo(page, target, what);
  await page.keyboard.type(text);
  expect(await target.inputValue(), `${what} holds what was typed`).toBe(text);
}

describe('a keyboard-only shopper', () => {
  const shopper: Shopper = {
    email: 'kiran.keys@example.in',
    password: 'unused-here',
    firstName: 'Kiran',
    lastName: 'Das',
    mobileNumber: '9840055667',
  };
  const address: DeliveryAddress = { ...chennai, fullName: 'Kiran Das', phoneNumber: '9840055667' };

  it('(e) goes from a product page to /thankyou with Tab, Shift+Tab, Enter, Space and typing only', async () => {
    const [product] = await shop.productsOf('Everlasting Dry Flowers', 'Round');
    const { sellingPrice, quantity: stockBefore } = await shop.productOf(product!.externalId);
    const { page, errors } = await freshPage();
    await page.goto(`/flower/${product!.externalId}`);
    await page.getByRole('heading', { level: 1, name: product!.productName }).waitFor();

    // Add To Cart, then back up to the header's bag.
    await tabTo(page, page.getByRole('button', { name: 'Add To Cart' }), 'Add To Cart on the product page');
    await page.keyboard.press('Enter');
    await page.getByText('Product added to cart').first().waitFor();
    await expect.poll(async () => bagLink(page).getAttribute('aria-label')).toBe('Bag, 1 item');
    await tabTo(page, bagLink(page), 'the header’s Bag link', { backwards: true });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cart');
    await tabTo(page, page.getByRole('button', { name: 'Proceed to Checkout' }), 'Proceed to Checkout on /cart');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/checkout');

    // The guest form, field by field; leaving the e-mail field checks it.
    const form = guestForm(page);
    await typeInto(page, field(form, 'Email'), 'the Email field', shopper.email);
    await typeInto(page, field(form, 'Mobile Number'), 'the Mobile Number field', shopper.mobileNumber);
    await typeInto(page, field(form, 'First Name'), 'the First Name field', shopper.firstName);
    await typeInto(page, field(form, 'Last Name'), 'the Last Name field', shopper.lastName);
    await typeInto(page, field(form, 'Full Name'), 'the Full Name field', address.fullName);
    await typeInto(page, field(form, 'Address'), 'the Address field', address.address);
    await typeInto(page, field(form, 'Locality'), 'the Locality field', address.locality);
    await typeInto(page, field(form, 'Landmark'), 'the Landmark field', address.landmark);
    await typeInto(page, field(form, 'Phone Number'), 'the Phone Number field', address.phoneNumber);
    await typeInto(page, field(form, 'Pincode'), 'the Pincode field', address.pincode);
    // The pincode suggests the city (and the state) from India Post's directory: nothing left to type there.
    await expect.poll(() => field(form, 'City').inputValue(), { message: 'the City field is suggested' }).toBe(address.city);
    await tabTo(page, field(form, 'City'), 'the City field');
    // A closed native select picks the option whose name is typed.
    const state = form.getByRole('combobox', { name: 'State' });
    await tabTo(page, state, 'the State select');
    await page.keyboard.type(address.state);
    expect(await state.inputValue(), 'the State select follows typing').toBe(address.state);
    expect(await form.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('India');
    await tabTo(page, form.getByRole('button', { name: 'Continue' }), 'Continue under the guest form');
    await page.keyboard.press('Enter');

    // The code dialog takes focus; Enter in the field submits it.
    const otpDialog = page.getByRole('dialog', { name: 'Enter Email OTP' });
    await otpDialog.waitFor();
    await typeInto(page, field(otpDialog, 'OTP'), 'the OTP field of "Enter Email OTP"', await shop.codeMailed(shopper.email, /^Your checkout code/));
    await page.keyboard.press('Enter');
    await otpDialog.waitFor({ state: 'hidden' });

    // The address: its radio is reached and chosen with Space.
    const radio = page.getByRole('radiogroup', { name: 'Delivery address' }).getByRole('radio', { name: address.fullName });
    await tabTo(page, radio, `the radio of the address "${address.fullName}"`);
    await page.keyboard.press('Space');
    expect(await radio.isChecked()).toBe(true);

    await tabTo(page, page.getByRole('button', { name: 'Place Order' }), 'Place Order');
    await page.keyboard.press('Enter');

    // The sandbox card dialog.
    const cardDialog = page.getByRole('dialog').filter({ has: page.getByRole('form', { name: 'Card payment' }) });
    await cardDialog.waitFor();
    await typeInto(page, field(cardDialog, 'Card Number'), 'the Card Number field', sandboxCard.number);
    await typeInto(page, field(cardDialog, 'Expiry (MM/YY)'), 'the Expiry field', sandboxCard.expiry);
    await typeInto(page, field(cardDialog, 'CVV'), 'the CVV field', sandboxCard.cvv);
    await tabTo(page, cardDialog.getByRole('button', { name: /^Pay / }), 'the Pay button of the card dialog');
    await page.keyboard.press('Enter');

    await page.waitForURL('**/thankyou', { timeout: 15_000 });
    await page.getByText('We Thank you For your Purchase!').waitFor();
    await shoot(page, 'e-keyboard-thank-you');

    const purchases = (await serverSide.purchases()).filter((purchase) => purchase.User.email === shopper.email);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.paymentState).toBe('paid');
    expect(purchases[0]!.UserOrder.price).toBe(sellingPrice);
    expect(purchases[0]!.UserOrder.UserOrderItems).toMatchObject([{ quantity: 1, ProductDatum: { productName: product!.productName } }]);
    expect(await shop.stockOf(product!.externalId)).toBe(stockBefore - 1);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
