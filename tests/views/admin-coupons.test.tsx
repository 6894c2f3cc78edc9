// @vitest-environment jsdom
// The admin's Coupons screens through the real app (/admincoupons, /admincouponform, /admincouponform/{id}), issue 42,
// the server faked with msw as domain/coupons.ts says it answers: the list with each coupon's terms, dates and uses;
// the form's fields and their rules, categories as checkboxes from the catalogue, exactly what is sent, the server's
// refusal of a field, and the return to the list.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Coupon } from '../../domain/coupons';
import { couponTexts } from '../../domain/coupons';
import { anAdminCategory } from './admin-fixtures';
import { diwaliTerms } from './coupon-fixtures';
import { expectClosedWithoutDashboard, openAdminForm } from './admin-form-harness';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { advance, mockApi } from './page-harness';

const coupons: Coupon[] = [
  { id: 3, ...diwaliTerms, uses: 37, createdAt: '2026-10-01T10:00:00.000Z' },
  {
    id: 5,
    code: 'WELCOME200',
    description: '',
    kind: 'flat',
    value: 200,
    minOrderRupees: 0,
    maxDiscountRupees: null,
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    totalLimit: null,
    perBuyerLimit: null,
    firstOrderOnly: true,
    categoryIds: [],
    active: false,
    uses: 0,
    createdAt: '2026-01-01T10:00:00.000Z',
  },
];
const categories = [anAdminCategory({ id: 1, categoryName: 'Fresh Flowers' }), anAdminCategory({ id: 2, categoryName: 'Cakes' }), anAdminCategory({ id: 4, categoryName: 'Dry Flowers' })];

let writes: { method: string; path: string; body: unknown }[] = [];
/** How the next write answers: saved, or a refusal with the server's message. */
let refusal: { status: number; message: string } | null = null;

const write = async ({ request }: { request: Request }) => {
  writes.push({ method: request.method, path: new URL(request.url).pathname.replace(/^.*\/api\//, ''), body: await request.json() });
  if (refusal) return HttpResponse.json({ message: refusal.message, code: refusal.status === 409 ? 'CONFLICT' : 'BAD_REQUEST' }, { status: refusal.status });
  return HttpResponse.json({ coupon: coupons[0] });
};

mockApi([
  ...layoutHandlers,
  http.get('*/api/admin/coupons', () => HttpResponse.json({ coupons })),
  http.get('*/api/flowercategorylist', () => HttpResponse.json(categories)),
  http.post('*/api/admin/coupons', write),
  http.put('*/api/admin/coupons/:id', write),
  // The dashboard's badges: not what these tests look at.
  http.get('*/api/admin/messages/unread', () => new HttpResponse(null, { status: 503 })),
  http.get('*/api/admin/reports/low-stock', () => new HttpResponse(null, { status: 503 })),
], () => {
  writes = [];
  refusal = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('coupon list (/admincoupons)', () => {
  it('lists every coupon with its terms, dates, uses against the limit and whether it is active; a row opens its form', async () => {
    signIn({ dashboard: true });
    await renderApp('/admincoupons');
    const table = await screen.findByRole('table', { name: 'Coupons' }, { timeout: 8000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['DIWALI10', '10% off (up to Rs. 500)', '2026-10-20 to 2026-11-10', '37 / 200', 'Yes', 'Ten percent off for Diwali'],
      ['WELCOME200', 'Rs. 200 off', '2026-01-01 to 2026-12-31', '0 / no limit', 'No', 'N/A'],
    ]);
    expect(screen.getByRole('link', { name: 'Add Coupon' }).getAttribute('href')).toBe('/admincouponform');
    expect(screen.getByRole('link', { name: 'Open coupon WELCOME200' }).getAttribute('href')).toBe('/admincouponform/5');
  });

  it('is on the dashboard beside Reviews', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn({ dashboard: true });
    await renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: /^Coupons/ }, { timeout: 8000 });
    expect(link.getAttribute('href')).toBe('/admincoupons');
  });

  it('is closed to a visitor without the dashboard flag', () => expectClosedWithoutDashboard('/admincoupons'));
});

describe('coupon create form (/admincouponform)', () => {
  it('starts as an active percent coupon, and asks for every required field', async () => {
    const page = await openAdminForm('/admincouponform', 'Coupon Form');
    expect(page.select('Kind').value).toBe('percent');
    expect((within(page.form).getByRole('checkbox', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    expect((within(page.form).getByRole('checkbox', { name: 'First order only' }) as HTMLInputElement).checked).toBe(false);
    await page.submit('Submit');
    expect(await screen.findByText('Please fill all the fields')).toBeTruthy();
    // Code, value and both dates (the kind has its start value).
    expect(within(page.form).getAllByText('This field is required')).toHaveLength(4);
    expect(writes).toEqual([]);
  });

  it('upper-cases the code, drops what a field cannot hold and shows a malformed field’s rule', async () => {
    const page = await openAdminForm('/admincouponform', 'Coupon Form');
    await page.user.type(page.field('Code'), 'diwali 10!');
    expect(page.field('Code').value).toBe('DIWALI10');
    await page.user.clear(page.field('Code'));
    await page.user.type(page.field('Code'), 'ab');
    expect(await within(page.form).findByText(couponTexts.codeInvalid)).toBeTruthy();
    await page.user.type(page.field('Percent off'), '1x0');
    expect(page.field('Percent off').value).toBe('10');
    await page.user.type(page.field('Total uses'), '0');
    expect(await within(page.form).findByText(couponTexts.limitInvalid)).toBeTruthy();
  });

  it('sends every field as the contract has it, categories ticked from the catalogue, and lands on the list', async () => {
    const page = await openAdminForm('/admincouponform', 'Coupon Form', { fakeTimers: true });
    await page.fill({ Code: 'cakes150', Description: 'Rs. 150 off cakes' });
    await page.user.selectOptions(page.select('Kind'), 'flat');
    await page.fill({
      'Amount off (Rs.)': '150',
      'Minimum order (Rs.)': '1000',
      'Valid from': '2026-12-01',
      'Valid to': '2026-12-31',
      'Uses per buyer': '2',
    });
    const cakes = await within(page.form).findByRole('checkbox', { name: 'Cakes' });
    await page.user.click(cakes);
    await page.user.click(within(page.form).getByRole('checkbox', { name: 'Fresh Flowers' }));
    await page.user.click(within(page.form).getByRole('checkbox', { name: 'First order only' }));
    await page.submit('Submit');
    expect(await screen.findByText('Coupon created successfully')).toBeTruthy();
    expect(writes).toEqual([
      {
        method: 'POST',
        path: 'admin/coupons',
        body: {
          code: 'CAKES150',
          description: 'Rs. 150 off cakes',
          kind: 'flat',
          value: 150,
          minOrderRupees: 1000,
          maxDiscountRupees: null,
          validFrom: '2026-12-01',
          validTo: '2026-12-31',
          totalLimit: null,
          perBuyerLimit: 2,
          firstOrderOnly: true,
          categoryIds: [1, 2],
          active: true,
        },
      },
    ]);
    advance(3100);
    await waitFor(() => expect(page.at()).toBe('/admincoupons'));
  });

  it("shows the server's message for a field it refuses, and stays", async () => {
    refusal = { status: 400, message: couponTexts.percentInvalid };
    const page = await openAdminForm('/admincouponform', 'Coupon Form');
    await page.fill({ Code: 'HALF', 'Percent off': '150', 'Valid from': '2026-12-01', 'Valid to': '2026-12-31' });
    await page.submit('Submit');
    expect(await screen.findByText(couponTexts.percentInvalid)).toBeTruthy();
    expect(page.at()).toBe('/admincouponform');
    expect(page.field('Percent off').value).toBe('150');
  });
});

describe('coupon update form (/admincouponform/{id})', () => {
  it('loads the coupon into the form with its uses, and sends it back changed', async () => {
    const page = await openAdminForm('/admincouponform/3', 'Coupon Update Form', { fakeTimers: true });
    await waitFor(() => expect(page.field('Code').value).toBe('DIWALI10'));
    expect(within(page.form).getByText('Used 37 times so far.')).toBeTruthy();
    expect(page.field('Percent off').value).toBe('10');
    expect(page.field('Maximum discount (Rs.)').value).toBe('500');
    expect(page.field('Valid to').value).toBe('2026-11-10');
    expect((within(page.form).getByRole('checkbox', { name: 'Cakes' }) as HTMLInputElement).checked).toBe(true);
    await page.user.click(within(page.form).getByRole('checkbox', { name: 'Active' }));
    await page.user.clear(page.field('Total uses'));
    await page.submit('Update');
    expect(await screen.findByText('Coupon updated successfully')).toBeTruthy();
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: 'admin/coupons/3',
        // Its terms as loaded, but for the two the admin changed.
        body: { ...diwaliTerms, totalLimit: null, active: false },
      },
    ]);
    advance(3100);
    await waitFor(() => expect(page.at()).toBe('/admincoupons'));
  });
});
