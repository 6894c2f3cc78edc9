// Accessibility in real Chromium against the built app and the real server: axe-core (WCAG 2.0/2.1 A and AA) on every
// route of SPEC.md §2 — storefront, account, checkout, thank-you, static pages, every admin screen — at desktop and
// phone widths, and on the states a person meets (the open mobile menu, the OTP and card dialogs, forms showing their
// messages); then focus that can be seen, and dialogs that keep focus inside and close on Escape.
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { paths } from '../../src/app/paths';
import { browserSuite, screenshots } from './browser-suite';
import { shopApi } from './shop-api';
import type { DeliveryAddress, Shopper } from './shop-api';
import { fillAddress } from './page-forms';
import { addToBag, animationsDone, signIn } from './shop-pages';

let shop: ReturnType<typeof shopApi>;
let serverSide: ReturnType<ReturnType<typeof shopApi>['admin']>;

const admin = { email: 'admin@a11y.example.in', password: 'Orchid@2026' };
const suite = browserSuite({ env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });

const customer: Shopper = {
  email: 'nila.varma@example.in',
  password: 'Jasmine@2026',
  firstName: 'Nila',
  lastName: 'Varma',
  mobileNumber: '9840011223',
};

const address: DeliveryAddress = {
  fullName: 'Nila Varma',
  address: '8 Temple View Road',
  locality: 'Besant Nagar',
  landmark: 'Near Elliots Beach',
  phoneNumber: '9840011223',
  pincode: '600090',
  city: 'Chennai',
  state: 'Tamil Nadu',
};

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };
const viewports = [desktop, phone];

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * axe files heading order and landmarks under best practice, outside the WCAG tags; the issue asks for them too, so
 * they run as a second pass.
 */
const structureRules = [
  'heading-order',
  'page-has-heading-one',
  'landmark-one-main',
  'region',
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'landmark-banner-is-top-level',
  'landmark-contentinfo-is-top-level',
  'landmark-main-is-top-level',
  'landmark-complementary-is-top-level',
];

beforeAll(async () => {
  shop = shopApi(suite.server.url);
  serverSide = shop.admin((await shop.signIn(admin)).authorization);
  await shop.register(customer);
  await shop.paidOrder(customer, (await shop.productsOf('Everlasting Dry Flowers', 'Posy'))[0]!.externalId, address);
});

// ---- Helpers ------------------------------------------------------------------------------------------------------

const freshPage = async (viewport = desktop): Promise<Page> => (await suite.freshPage(viewport)).page;

/**
 * The page at rest: requests done, pictures in (lazy ones below the fold never load), entrance animations over (a
 * half-faded text fails contrast).
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => [...document.images].every((img) => img.complete || img.loading === 'lazy'));
  await animationsDone(page);
}

/** axe's WCAG 2.0/2.1 A and AA violations, and heading and landmark ones, on the page as it is now, one block each. */
async function violations(page: Page, where: string): Promise<string[]> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  // A page axe could not look into would pass vacuously: it must have checked something.
  if (results.passes.length === 0) throw new Error(`axe checked nothing at ${where}`);
  const structure = await new AxeBuilder({ page }).withRules(structureRules).analyze();
  return [...results.violations, ...structure.violations].map((violation) => {
    const nodes = violation.nodes.map((node) => {
      // The first reason axe gives says what is wrong with this node (e.g. the two colours and their ratio).
      const reason = (node.failureSummary ?? '').split('\n').map((line) => line.trim()).find((line) => line && !line.startsWith('Fix '));
      return `    ${node.target.join(' ')}${reason ? `\n      ${reason}` : ''}`;
    });
    return `${where}: ${violation.id} (${violation.impact ?? 'unknown'}) — ${violation.help}\n${nodes.join('\n')}`;
  });
}

/** Collects every scan of a test, so that one failing run lists all of its violations. */
function scanner(page: Page) {
  const problems: string[] = [];
  const scanned: string[] = [];
  return {
    async scan(where: string) {
      const label = `${where} @${page.viewportSize()?.width ?? 0}px`;
      problems.push(...(await violations(page, label)));
      scanned.push(label);
    },
    /** No violation anywhere, and every scan listed really ran. */
    expectClean(expected: number) {
      expect(problems.join('\n\n')).toBe('');
      expect(scanned).toHaveLength(expected);
    },
  };
}
type Scanner = ReturnType<typeof scanner>;

interface Screen {
  path: string;
  /** Its h1: every page has exactly one. */
  title: string | RegExp;
  /** What shows once the screen has loaded its data. */
  ready?: (page: Page) => Promise<unknown>;
}

async function scanScreens(page: Page, check: Scanner, screens: Screen[], sizes = viewports) {
  for (const viewport of sizes) {
    await page.setViewportSize(viewport);
    for (const screen of screens) {
      await page.goto(screen.path);
      try {
        await page.getByRole('heading', { level: 1, name: screen.title }).first().waitFor();
        await screen.ready?.(page);
      } catch (error) {
        const shot = join(screenshots, `a11y-not-ready-${viewport.width}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        throw new Error(`${screen.path} @${viewport.width}px did not get ready (see ${shot}): ${String(error)}`);
      }
      await check.scan(screen.path);
    }
  }
}

const driedPosies = () => shop.productsOf('Everlasting Dry Flowers', 'Posy');

/** A field that is showing its message. */
const invalidField = (scope: Locator | Page) => scope.locator('[aria-invalid="true"]').first();

const textbox = (scope: Locator | Page, name: string) => scope.getByRole('textbox', { name, exact: true });


/** A guest with a bag at the checkout form, details and address filled, about to press Continue. */
async function guestAtCheckout(viewport = desktop, email = 'latha.guest@example.in'): Promise<Page> {
  const page = await freshPage(viewport);
  await addToBag(page, (await driedPosies())[1]!.externalId);
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Guest checkout' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Email').blur();
  await form.getByLabel('Mobile Number').fill('9840055667');
  await form.getByLabel('First Name').fill('Latha');
  await form.getByLabel('Last Name').fill('Raman');
  await fillAddress(form, { ...address, fullName: 'Latha Raman' });
  return page;
}

/** The signed-in customer at checkout with a bag and their saved address, the card dialog open. */
async function customerAtCardDialog(viewport = desktop): Promise<Page> {
  const page = await freshPage(viewport);
  await signIn(page, customer);
  await addToBag(page, (await driedPosies())[2]!.externalId);
  await page.goto('/checkout');
  await page.getByRole('radiogroup', { name: 'Delivery address' }).getByText(address.fullName).waitFor();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog').getByLabel('Card Number').waitFor();
  return page;
}

// ---- Every route --------------------------------------------------------------------------------------------------

const guestScreens = async (): Promise<Screen[]> => {
  const dried = (await driedPosies())[0]!;
  const productCards = (page: Page) => page.getByTestId('product-card').first().waitFor();
  return [
    { path: '/', title: /./, ready: productCards },
    { path: '/home', title: /./, ready: (page) => page.getByRole('heading', { name: 'CATEGORIES' }).waitFor() },
    { path: paths.category('Fresh Flowers', 'Roses'), title: 'Fresh Flowers', ready: productCards },
    { path: `/flower/${dried.externalId}`, title: dried.productName, ready: (page) => page.getByRole('button', { name: 'Add To Cart' }).waitFor() },
    { path: '/cart', title: 'CART', ready: (page) => page.getByText('Your Bag is Empty').waitFor() },
    { path: '/thankyou', title: 'We Thank you For your Purchase!' },
    { path: '/login', title: 'Sign In' },
    { path: '/g/login', title: 'Sign In' },
    { path: '/signup', title: 'Sign Up' },
    { path: '/forgotpassword', title: 'Forgot Password' },
    { path: '/contactus', title: 'Contact Us' },
    { path: '/shipping', title: 'Shipping Policy' },
    { path: '/refund', title: 'Refund Policy' },
    { path: '/terms', title: 'Terms & Conditions' },
    { path: '/privacy', title: 'Privacy Policy' },
    { path: '/aboutus', title: 'About Us' },
    { path: '/access', title: 'Page Restricted' },
    { path: '/no-such-page', title: 'Page not found' },
  ];
};

describe('axe finds no violation (WCAG 2.0/2.1 A and AA, headings, landmarks) on any route', () => {
  for (const viewport of viewports) {
    it(`storefront, static, sign-in and error pages for a guest at ${viewport.width} px`, async () => {
      const page = await freshPage(viewport);
      const check = scanner(page);
      const screens = await guestScreens();
      await scanScreens(page, check, screens, [viewport]);
      check.expectClean(screens.length);
    }, 240_000);
  }

  it('the bag with flowers and the guest checkout form', async () => {
    const page = await freshPage();
    const check = scanner(page);
    const [first, second] = await driedPosies();
    await addToBag(page, first!.externalId);
    await addToBag(page, second!.externalId);
    const screens: Screen[] = [
      { path: '/cart', title: 'CART', ready: (p) => p.getByRole('button', { name: 'Proceed to Checkout' }).waitFor() },
      { path: '/checkout', title: 'CHECKOUT', ready: (p) => p.getByRole('form', { name: 'Guest checkout' }).waitFor() },
    ];
    await scanScreens(page, check, screens);
    check.expectClean(screens.length * viewports.length);
  }, 120_000);

  it('the account tabs, the address editor and the signed-in checkout with a saved address', async () => {
    const page = await freshPage();
    const check = scanner(page);
    await signIn(page, customer);
    await addToBag(page, (await driedPosies())[2]!.externalId);
    await page.goto('/account/addresses');
    const edit = page.getByRole('link', { name: `Edit the address of ${address.fullName}` });
    const editPath = (await edit.getAttribute('href'))!;
    expect(editPath).toMatch(/^\/updateuseraddress\/\d+$/);
    const screens: Screen[] = [
      { path: '/account', title: 'My Account', ready: (p) => expect.poll(() => textbox(p, 'First Name').inputValue()).toBe(customer.firstName) },
      { path: '/account/orders', title: 'My Account', ready: (p) => p.getByRole('article', { name: /^Order order_/ }).first().waitFor() },
      { path: '/account/addresses', title: 'My Account', ready: (p) => p.getByRole('article', { name: `Address of ${address.fullName}` }).waitFor() },
      { path: editPath, title: 'User Address', ready: (p) => expect.poll(() => textbox(p, 'Full Name').inputValue()).toBe(address.fullName) },
      {
        path: '/checkout',
        title: 'CHECKOUT',
        ready: (p) => p.getByRole('radiogroup', { name: 'Delivery address' }).getByText(address.fullName).waitFor(),
      },
    ];
    await scanScreens(page, check, screens);
    check.expectClean(screens.length * viewports.length);
  }, 240_000);

  it('every admin screen', async () => {
    const page = await freshPage();
    const check = scanner(page);
    await signIn(page, admin);
    const [category] = await serverSide.categories();
    const [sub] = await serverSide.subCategories();
    const flower = (await serverSide.products()).find((p) => !p.isRemoved)!;
    const [purchase] = await serverSide.purchases();
    // A Contact Us message, so that Messages shows a row with its read toggle and Reply link.
    await shop.api('contactapi', {
      method: 'POST',
      json: { fullName: 'Neha Joshi', userEmail: 'neha.joshi@example.in', phoneNumber: '9833098330', message: 'Do you deliver on Sundays?' },
    });
    // A delivery area, so that its list shows a row and its update and delete screens have one to open.
    const area =
      (await serverSide.deliveryAreas())[0] ??
      (await serverSide.addDeliveryArea({ name: 'Chennai Central', pincodes: '600001-600042', extraFeePaise: 5000, active: true }));
    const firstRow = (caption: string) => (p: Page) => p.getByRole('table', { name: caption }).getByRole('row').nth(1).waitFor();
    const loaded = (label: string, value: string) => (p: Page) => expect.poll(() => textbox(p, label).inputValue()).toBe(value);
    const pickers = (p: Page) => p.locator('input[name=mobile]').waitFor({ state: 'attached' });
    const screens: Screen[] = [
      { path: '/dashboard', title: 'Dashboard', ready: (p) => p.getByRole('heading', { level: 2, name: 'ORDERS' }).waitFor() },
      { path: '/flowercategorylist', title: 'Flower Category List', ready: firstRow('Flower Category List') },
      { path: '/flowercategory', title: 'Flower Category Form' },
      { path: `/updateflowercategory/${category!.id}`, title: 'Category Update Form', ready: loaded('Category Name', category!.categoryName) },
      { path: '/flowersubcategorylist', title: 'Flower Sub Category List', ready: firstRow('Flower Sub Category List') },
      { path: '/flowersubcategory', title: 'SubCategory Form' },
      { path: `/updateflowersubcategory/${sub!.id}`, title: 'SubCategory Update Form', ready: loaded('Sub Category Name', sub!.subCategoryName) },
      { path: '/flowerlist', title: 'List of Flowers', ready: firstRow('List of Flowers') },
      { path: '/flowerform', title: 'Flower Data Form' },
      { path: `/flowerformupdate/${flower.externalId}`, title: 'Flower Data Update Form', ready: loaded('Flower Name', flower.productName) },
      { path: '/heroimageform', title: 'Hero image Form', ready: pickers },
      { path: '/bannerbottomimage', title: 'Bottom Banner image Form', ready: pickers },
      { path: '/purchaseorderlist', title: 'Purchase Order List', ready: firstRow('Purchase Order List') },
      { path: `/purchaseorderlist/${purchase!.id}`, title: 'Purchase Order Update Form', ready: loaded('Email', customer.email) },
      { path: '/userneverpurchasedlist', title: 'User Never Purchased List', ready: firstRow('User Never Purchased List') },
      { path: '/adminmessages', title: 'Messages', ready: firstRow('Messages') },
      { path: '/adminmail', title: 'Mail', ready: (p) => p.getByRole('table', { name: 'Failed mails' }).waitFor() },
      { path: '/deliveryarealist', title: 'Delivery Areas', ready: firstRow('Delivery Areas') },
      { path: '/deliveryarea', title: 'Delivery Area Form' },
      { path: `/updatedeliveryarea/${area.id}`, title: 'Delivery Area Update Form', ready: loaded('Area Name', area.name) },
      { path: `/deletedeliveryarea/${area.id}`, title: 'Delete Delivery Area', ready: (p) => p.getByRole('button', { name: 'Delete' }).waitFor() },
      { path: '/admindeliveries', title: 'Deliveries', ready: (p) => p.getByRole('heading', { name: /Courier parcels to dispatch/ }).waitFor() },
      { path: '/admindeliverycards', title: /Card messages/, ready: (p) => p.getByRole('button', { name: 'Print' }).waitFor() },
      { path: '/admindeliverymanifest', title: /Delivery manifest/, ready: (p) => p.getByRole('button', { name: 'Print' }).waitFor() },
      // Issue 42: the buyers' reviews and the coupon codes (the demo's two).
      { path: '/adminreviews', title: 'Reviews', ready: (p) => p.getByText('No reviews here.').or(p.getByRole('list', { name: 'Reviews' })).waitFor() },
      { path: '/admincoupons', title: 'Coupons', ready: firstRow('Coupons') },
      { path: '/admincouponform', title: 'Coupon Form' },
    ];
    await scanScreens(page, check, screens);
    check.expectClean(screens.length * viewports.length);
  }, 300_000);
});

// ---- States a person meets ----------------------------------------------------------------------------------------

describe('axe finds no violation in the states a person meets', () => {
  it('the open mobile menu, for a guest and for a signed-in admin', async () => {
    const page = await freshPage(phone);
    const check = scanner(page);
    const openMenu = async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('navigation', { name: 'Menu' }).waitFor();
    };
    await page.goto('/home');
    await openMenu();
    await check.scan('mobile menu (guest)');
    await signIn(page, admin);
    await page.goto('/home');
    await openMenu();
    await page.getByRole('dialog').getByRole('link', { name: 'Dashboard' }).waitFor();
    await check.scan('mobile menu (admin)');
    check.expectClean(2);
  }, 120_000);

  it('the guest checkout: its refused form, the OTP dialog and the OTP dialog refusing a short code, at both widths', async () => {
    const scans: Scanner[] = [];
    for (const viewport of viewports) {
      const page = await freshPage(viewport);
      const check = scanner(page);
      scans.push(check);
      await addToBag(page, (await driedPosies())[1]!.externalId);
      await page.goto('/checkout');
      const form = page.getByRole('form', { name: 'Guest checkout' });
      await form.getByRole('button', { name: 'Continue' }).click();
      await invalidField(form).waitFor();
      await check.scan('/checkout refused');

      // A new guest e-mail per width: the shop does not send a second code to one address within a minute.
      const ready = await guestAtCheckout(viewport, `otp.${viewport.width}@example.in`);
      const otpCheck = scanner(ready);
      scans.push(otpCheck);
      await ready.getByRole('form', { name: 'Guest checkout' }).getByRole('button', { name: 'Continue' }).click();
      const dialog = ready.getByRole('dialog', { name: 'Enter Email OTP' });
      await dialog.waitFor();
      await otpCheck.scan('OTP dialog');
      await dialog.getByLabel('OTP').fill('12');
      await invalidField(dialog).waitFor();
      await otpCheck.scan('OTP dialog with a short code');
    }
    const [desktopForm, desktopDialog, phoneForm, phoneDialog] = scans;
    desktopForm!.expectClean(1);
    desktopDialog!.expectClean(2);
    phoneForm!.expectClean(1);
    phoneDialog!.expectClean(2);
  }, 180_000);

  it('the sandbox card dialog: empty, refusing a bad card, declining a card, and its UPI tab, at both widths', async () => {
    const scans: Scanner[] = [];
    for (const viewport of viewports) {
      const page = await customerAtCardDialog(viewport);
      const scan = scanner(page);
      scans.push(scan);
      const dialog = page.getByRole('dialog');
      await scan.scan('card dialog');
      await dialog.getByRole('button', { name: /^Pay / }).click();
      await invalidField(dialog).waitFor();
      await scan.scan('card dialog refused');
      await dialog.getByLabel('Card Number').fill('4000 0000 0000 0002');
      await dialog.getByLabel(/Expiry/).fill('12/30');
      await dialog.getByLabel('CVV').fill('123');
      await dialog.getByRole('button', { name: /^Pay / }).click();
      await dialog.getByText('Your card was declined.').waitFor();
      await scan.scan('card dialog declined');
      if (viewport === desktop) await page.screenshot({ path: join(screenshots, 'a11y-card-dialog-declined-1440.png') });
      await dialog.getByRole('tab', { name: 'UPI' }).click();
      await dialog.getByLabel('UPI ID').waitFor();
      await scan.scan('upi tab');
    }
    for (const scan of scans) scan.expectClean(4);
  }, 180_000);

  it('forms showing their messages: sign in, sign up and its code step, password reset, contact, address editor', async () => {
    const page = await freshPage();
    const check = scanner(page);
    const refuse = async (path: string, button: string, title: string) => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('button', { name: button, exact: true }).click();
      await invalidField(page.getByRole('main')).waitFor();
      await check.scan(`${path} refused`);
    };
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await refuse('/login', 'Sign In', 'Sign In');
      await refuse('/signup', 'Submit', 'Sign Up');
      await refuse('/forgotpassword', 'Send OTP', 'Forgot Password');
      await refuse('/contactus', 'Send Message', 'Contact Us');
    }

    // Sign-up's code step and the reset's code-and-password step, each with a message showing.
    await page.setViewportSize(desktop);
    await page.goto('/signup');
    await textbox(page, 'Email').fill('vani.new@example.in');
    await textbox(page, 'Email').blur();
    await textbox(page, 'Mobile Number').fill('9840077889');
    await textbox(page, 'First Name').fill('Vani');
    await textbox(page, 'Last Name').fill('Sundar');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('form', { name: 'Verify your email' }).waitFor();
    await page.getByLabel(/OTP/).fill('12');
    await invalidField(page).waitFor();
    await check.scan('/signup code step refusing a short code');
    await page.goto('/forgotpassword');
    await textbox(page, 'Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    await reset.waitFor();
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await invalidField(reset).waitFor();
    await check.scan('/forgotpassword code step refused');

    // The customer's address editor refusing a short pincode.
    await signIn(page, customer);
    await page.goto('/account/addresses');
    await page.getByRole('link', { name: `Edit the address of ${address.fullName}` }).click();
    await expect.poll(() => textbox(page, 'Full Name').inputValue()).toBe(address.fullName);
    await textbox(page, 'Pincode').fill('12');
    await page.getByRole('button', { name: 'Update' }).click();
    await invalidField(page.getByRole('main')).waitFor();
    await check.scan('/updateuseraddress refused');
    check.expectClean(viewports.length * 4 + 3);
  }, 240_000);

  it('an admin form showing its messages', async () => {
    const page = await freshPage();
    const check = scanner(page);
    await signIn(page, admin);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      await page.goto('/flowerform');
      const form = page.getByRole('form', { name: 'Flower Data Form' });
      await form.getByRole('button', { name: 'Submit' }).click();
      await invalidField(form).waitFor();
      await check.scan('/flowerform refused');
    }
    check.expectClean(viewports.length);
  }, 120_000);
});

// ---- Focus --------------------------------------------------------------------------------------------------------

interface TabStop {
  name: string;
  /** Why its focus cannot be seen; null when it can. */
  problem: string | null;
  /** A focused box-shadow that still has to be compared with the element's resting one. */
  shadow?: string;
}

/**
 * Judges the focused element's indicator, in the page: an outline (Chromium's own `auto` ring is two-toned, visible
 * anywhere) or a box-shadow, in a colour with at least 3:1 against what surrounds the element (WCAG 2.4.7, 1.4.11).
 * A visually hidden input (a radio card's, a checkbox's, a file picker's) is judged by its stand-ins: its labels and
 * the parts marked data-focus-visible, one of which must show the ring.
 */
function judgeFocus(position: number): TabStop | 'again' | null {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body) return null;
  if (element.hasAttribute('data-tab-stop')) return 'again';
  element.setAttribute('data-tab-stop', String(position));

  type Rgba = [number, number, number, number];
  const parse = (value: string): Rgba | null => {
    const rgb = value.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/);
    if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
    const srgb = value.match(/color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)/);
    if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
    return null;
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => [
    top[0] * top[3] + bottom[0] * (1 - top[3]),
    top[1] * top[3] + bottom[1] * (1 - top[3]),
    top[2] * top[3] + bottom[2] * (1 - top[3]),
    1,
  ];
  /** The opaque colour around an element: its ancestors' backgrounds, laid over white. */
  const backdrop = (from: Element): Rgba => {
    const layers: Rgba[] = [];
    for (let node = from.parentElement; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour && colour[3] > 0) {
        layers.push(colour);
        if (colour[3] >= 1) break;
      }
    }
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  const luminance = ([r, g, b]: Rgba) => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };
  const rgb = (colour: Rgba) => `rgb(${colour.slice(0, 3).map(Math.round).join(', ')})`;

  /** null when the element draws a visible ring; otherwise why not. A box-shadow is answered for comparison. */
  const ring = (target: Element): { problem: string | null; shadow?: string } => {
    const style = getComputedStyle(target);
    const behind = backdrop(target);
    const reasons: string[] = [];
    if (style.outlineStyle === 'auto') return { problem: null };
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) {
      const colour = parse(style.outlineColor);
      if (!colour) reasons.push(`outline colour ${style.outlineColor} not understood`);
      else {
        const ratio = contrast(over(colour, behind), behind);
        if (ratio >= 3) return { problem: null };
        reasons.push(`outline ${style.outlineColor} is ${ratio.toFixed(2)}:1 against ${rgb(behind)}`);
      }
    } else reasons.push('no outline');
    if (style.boxShadow === 'none') reasons.push('no box-shadow');
    else {
      const colour = parse(style.boxShadow);
      if (colour && contrast(over(colour, behind), behind) >= 3) return { problem: null, shadow: style.boxShadow };
      reasons.push(`box-shadow ${style.boxShadow} too faint`);
    }
    return { problem: reasons.join('; ') };
  };

  const label = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? '';
  const name = `${element.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`;
  const box = element.getBoundingClientRect();
  if (box.width > 2 && box.height > 2) return { name, ...ring(element) };

  const labels = [...((element as HTMLInputElement).labels ?? [])];
  const standIns = [...labels, ...labels.flatMap((each) => [...each.querySelectorAll('[data-focus-visible]')])];
  // A stand-in's resting shadow cannot be told from a ring here: stand-ins must draw an outline.
  if (standIns.some((standIn) => standIn.getBoundingClientRect().width > 2 && ring(standIn).problem === null && !ring(standIn).shadow)) {
    return { name, problem: null };
  }
  return { name, problem: `visually hidden, and none of its ${standIns.length} labels or focus-marked parts shows a ring` };
}

/** Walks the page with Tab until focus comes round again (or into a dialog's loop) and judges every stop. */
async function tabStops(page: Page, limit = 120): Promise<TabStop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const element of document.querySelectorAll('[data-tab-stop]')) element.removeAttribute('data-tab-stop');
  });
  const stops: TabStop[] = [];
  for (let index = 0; index < limit; index += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(judgeFocus, index);
    if (stop === null) continue;
    if (stop === 'again') break;
    stops.push(stop);
  }
  // A ring drawn by box-shadow counts only if the element lacks it unfocused (a card's resting shadow is no ring).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (const [index, stop] of stops.entries()) {
    if (!stop.shadow) continue;
    const marked = page.locator(`[data-tab-stop="${index}"]`);
    // Gone since it was focused: the header's plain search field is replaced by the box with suggestions (a lazy chunk,
    // issue 42) when focused. Its ring was judged when focused; the box's resting look is the field's.
    if ((await marked.count()) === 0) continue;
    const resting = await marked.evaluate((element) => getComputedStyle(element).boxShadow);
    if (resting === stop.shadow) stop.problem = `its box-shadow ${resting} is the same unfocused`;
  }
  return stops;
}

/** Each unseen focus as "page: element — why". */
async function unseenFocus(page: Page, where: string): Promise<string[]> {
  const stops = await tabStops(page);
  if (stops.length === 0) throw new Error(`Tab reached nothing at ${where}`);
  return stops.filter((stop) => stop.problem).map((stop) => `${where}: ${stop.name} — ${stop.problem}`);
}

describe('focus can be seen', () => {
  it('on every control a keyboard reaches: header, footer, menu, forms, dialogs, cards, bag, checkout, admin', async () => {
    const page = await freshPage();
    const unseen: string[] = [];
    const [first] = await driedPosies();
    const visit = async (path: string, title: string | RegExp, ready?: (p: Page) => Promise<unknown>) => {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).first().waitFor();
      await ready?.(page);
      await settle(page);
      unseen.push(...(await unseenFocus(page, `${path} @${page.viewportSize()?.width}px`)));
    };
    await visit('/login', 'Sign In');
    await visit(paths.category('Fresh Flowers', 'Roses'), 'Fresh Flowers', (p) => p.getByTestId('product-card').first().waitFor());
    await visit(`/flower/${first!.externalId}`, first!.productName, (p) => p.getByRole('button', { name: 'Add To Cart' }).waitFor());
    await visit('/contactus', 'Contact Us');
    await addToBag(page, first!.externalId);
    await visit('/cart', 'CART', (p) => p.getByRole('button', { name: 'Proceed to Checkout' }).waitFor());
    await visit('/checkout', 'CHECKOUT', (p) => p.getByRole('form', { name: 'Guest checkout' }).waitFor());
    await visit('/home', /./, (p) => p.getByRole('heading', { name: 'CATEGORIES' }).waitFor());
    await page.setViewportSize(phone);
    await visit('/home', /./, (p) => p.getByRole('heading', { name: 'CATEGORIES' }).waitFor());

    // The off-canvas menu and both dialogs: Tab goes round inside them.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('navigation', { name: 'Menu' }).waitFor();
    await settle(page);
    unseen.push(...(await unseenFocus(page, 'mobile menu')));
    const otpPage = await guestAtCheckout(desktop, 'focus.guest@example.in');
    await otpPage.getByRole('form', { name: 'Guest checkout' }).getByRole('button', { name: 'Continue' }).click();
    await otpPage.getByRole('dialog', { name: 'Enter Email OTP' }).waitFor();
    await settle(otpPage);
    unseen.push(...(await unseenFocus(otpPage, 'OTP dialog')));
    const cardPage = await customerAtCardDialog();
    await settle(cardPage);
    unseen.push(...(await unseenFocus(cardPage, 'card dialog')));

    // The customer's account tabs and the saved-address radio cards at checkout.
    const customerPage = await freshPage();
    await signIn(customerPage, customer);
    await customerPage.goto('/account/orders');
    await customerPage.getByRole('article', { name: /^Order order_/ }).first().waitFor();
    await settle(customerPage);
    unseen.push(...(await unseenFocus(customerPage, '/account/orders')));
    await addToBag(customerPage, first!.externalId);
    await customerPage.goto('/checkout');
    await customerPage.getByRole('radiogroup', { name: 'Delivery address' }).getByText(address.fullName).waitFor();
    await settle(customerPage);
    unseen.push(...(await unseenFocus(customerPage, '/checkout (signed in)')));

    const adminPage = await freshPage();
    await signIn(adminPage, admin);
    await adminPage.goto('/dashboard');
    await adminPage.getByRole('heading', { level: 2, name: 'ORDERS' }).waitFor();
    await settle(adminPage);
    unseen.push(...(await unseenFocus(adminPage, '/dashboard')));
    const flower = (await serverSide.products()).find((p) => !p.isRemoved)!;
    await adminPage.goto(`/flowerformupdate/${flower.externalId}`);
    await expect.poll(() => textbox(adminPage, 'Flower Name').inputValue()).toBe(flower.productName);
    await settle(adminPage);
    unseen.push(...(await unseenFocus(adminPage, '/flowerformupdate')));
    await adminPage.goto('/purchaseorderlist');
    await adminPage.getByRole('table', { name: 'Purchase Order List' }).getByRole('row').nth(1).waitFor();
    await settle(adminPage);
    unseen.push(...(await unseenFocus(adminPage, '/purchaseorderlist')));
    await adminPage.goto('/flowerform');
    await adminPage.getByRole('form', { name: 'Flower Data Form' }).waitFor();
    await settle(adminPage);
    unseen.push(...(await unseenFocus(adminPage, '/flowerform')));
    expect(unseen.join('\n')).toBe('');
  }, 180_000);
});

// ---- Dialogs ------------------------------------------------------------------------------------------------------

/** Whether the focused element is inside the dialog. */
const focusInside = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

/** The dialog's controls that Tab reaches, as their accessible text, first to last. */
const tabbables = (dialog: Locator) =>
  dialog.evaluate((element) =>
    [...element.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')]
      .filter((control) => control.tabIndex >= 0 && !control.matches(':disabled') && control.getClientRects().length > 0)
      .map((control) => control.getAttribute('aria-label') ?? control.getAttribute('name') ?? control.textContent?.trim() ?? ''),
  );

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.getAttribute('name') ?? element?.textContent?.trim() ?? '';
  });

/**
 * Focus stays inside an open dialog: Tab from its last control comes back to its first, Shift+Tab from the first goes
 * to the last, and a whole round of Tabs never leaves it.
 */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const controls = await tabbables(dialog);
  expect(controls.length).toBeGreaterThan(1);
  await expect.poll(() => focusInside(dialog)).toBe(true);
  for (let press = 0; press < controls.length + 2; press += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog)).toBe(true);
  }
  // From the last control, Tab wraps to the first; from the first, Shift+Tab wraps to the last.
  for (let press = 0; press < controls.length && (await focusedLabel(page)) !== controls.at(-1); press += 1) await page.keyboard.press('Tab');
  expect(await focusedLabel(page)).toBe(controls.at(-1));
  await page.keyboard.press('Tab');
  expect(await focusInside(dialog)).toBe(true);
  expect(await focusedLabel(page)).toBe(controls[0]);
  await page.keyboard.press('Shift+Tab');
  expect(await focusedLabel(page)).toBe(controls.at(-1));
}

describe('dialogs keep focus inside and close on Escape', () => {
  it('the mobile menu drawer, giving focus back to its button', async () => {
    const page = await freshPage(phone);
    await page.goto('/home');
    await page.getByRole('heading', { name: 'CATEGORIES' }).waitFor();
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog').filter({ has: page.getByRole('navigation', { name: 'Menu' }) });
    await drawer.waitFor();
    await settle(page);
    await expectFocusTrapped(page, drawer);
    expect(await tabbables(drawer)).toEqual(expect.arrayContaining(['Sign In', 'Sign Up', 'Close menu']));

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement)).toBe(true);
  }, 60_000);

  it('the guest OTP dialog, Escape cancelling it with the filled form kept', async () => {
    const page = await guestAtCheckout(desktop, 'priya.escape@example.in');
    const form = page.getByRole('form', { name: 'Guest checkout' });
    await form.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Email OTP' });
    await dialog.waitFor();
    await settle(page);
    expect(await focusedLabel(page)).toBe('otp');
    await expectFocusTrapped(page, dialog);
    expect(await tabbables(dialog)).toEqual(expect.arrayContaining(['Cancel', 'Verify']));

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Cancelled, not submitted: the shopper is back at the form with what they typed.
    expect(await textbox(form, 'First Name').inputValue()).toBe('Latha');
    await form.getByRole('button', { name: 'Continue' }).waitFor();
  }, 90_000);

  it('the sandbox card dialog, Escape closing it as an abandoned payment', async () => {
    const page = await customerAtCardDialog(phone);
    const dialog = page.getByRole('dialog');
    await settle(page);
    await expectFocusTrapped(page, dialog);
    expect(await tabbables(dialog)).toEqual(expect.arrayContaining(['cardNumber', 'expiry', 'cvv', 'Close payment']));

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Payment failed please try again.').first().waitFor();
    await page.waitForURL('**/cart');
  }, 90_000);
});
