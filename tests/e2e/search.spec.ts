// Search (issue 42) in real Chromium against the built app and the real server: a shopper types a typo in the
// header's box, picks the suggestion with the keyboard, and searches again from the phone menu to the results page,
// where a filter narrows the results through the address.
import { describe, expect, it } from 'vitest';
import { browserSuite } from './browser-suite';
import { unexpectedErrors } from './shop-pages';

const suite = browserSuite();

describe('a shopper searching', () => {
  it('finds "gerbra" from the header and opens the gerberas with the keyboard', async () => {
    const { page, errors } = await suite.freshPage({ width: 1440, height: 900 });
    await page.goto('/category/Fresh%20Flowers/Roses');
    await page.getByTestId('product-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const box = page.getByRole('combobox', { name: 'Search flowers' });
    await box.click();
    await page.keyboard.type('gerbra', { delay: 30 });
    await page.getByRole('option', { name: /Sunny Gerbera Bouquet/ }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Sunny Gerbera Bouquet' }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('searches from the phone menu, then narrows the results by delivery kind', async () => {
    const { page, errors } = await suite.freshPage({ width: 390, height: 844 });
    await page.goto('/category/Fresh%20Flowers/Roses');
    await page.getByTestId('product-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Search flowers' }).click();
    await page.keyboard.type('bouqet');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Results for “bouqet”' }).waitFor();
    await page.getByText('Pastel Garden Bouquet').waitFor();
    expect(new URL(page.url()).search).toBe('?q=bouqet');
    await page.getByLabel('Delivery').selectOption('courier');
    await page.waitForURL((url) => url.searchParams.get('kind') === 'courier');
    await page.getByText('No flowers match “bouqet”.').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
