// @vitest-environment jsdom
// The Delivery Areas screens through the real app (/deliveryarealist, /deliveryarea, /updatedeliveryarea/{id},
// /deletedeliveryarea/{id}), issue 40: the list, the fee in rupees on screen and paise on the wire, exactly what is
// sent, the server's refusal, the return to the list, and the delete confirmation.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ServiceArea } from '../../domain/service-area';
import { serviceAreaTexts } from '../../domain/service-area';
import { layoutHandlers } from './catalog-fixtures';
import { expectClosedWithoutDashboard, openAdminForm } from './admin-form-harness';
import { renderApp, signIn } from './render-app';
import { advance, mockApi } from './page-harness';

const areas: ServiceArea[] = [
  { id: 4, name: 'Chennai Central', pincodes: '600001-600042, 600078', extraFeePaise: 0, active: true },
  { id: 9, name: 'Tambaram', pincodes: '600045-600048', extraFeePaise: 15_000, active: false },
];

/** What the server was asked to write: method, path and body. */
let writes: { method: string; path: string; body: unknown }[] = [];
/** How the next write answers: a status, or no answer at all. */
let writeAnswer: number | 'none' = 200;

const writeHandler = (path: string) =>
  http.post(`*/api/${path}`, async ({ request }) => {
    const url = new URL(request.url).pathname.replace(/^.*\/api\//, '');
    const deleting = url.endsWith('/delete');
    writes.push({ method: request.method, path: url, body: deleting ? null : await request.json() });
    if (writeAnswer === 'none') return HttpResponse.error();
    if (writeAnswer === 409) return HttpResponse.json({ message: serviceAreaTexts.nameTaken, code: 'CONFLICT' }, { status: 409 });
    if (writeAnswer !== 200) return HttpResponse.json({ message: 'Refused', code: 'BAD_REQUEST' }, { status: writeAnswer });
    if (deleting) return HttpResponse.json({ deleted: 4 });
    return HttpResponse.json(areas[0], { status: url === 'admin/delivery-areas' ? 201 : 200 });
  });

mockApi([
  ...layoutHandlers,
  http.get('*/api/admin/delivery-areas', () => HttpResponse.json(areas)),
  writeHandler('admin/delivery-areas'),
  writeHandler('admin/delivery-areas/:id'),
  writeHandler('admin/delivery-areas/:id/delete'),
], () => {
  writes = [];
  writeAnswer = 200;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('delivery area list (/deliveryarealist)', () => {
  it('lists every area with its pincodes, its fee in rupees and whether it is active; a row opens its form', async () => {
    signIn({ dashboard: true });
    const { router } = await renderApp('/deliveryarealist');
    const table = await screen.findByRole('table', { name: 'Delivery Areas' }, { timeout: 8000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['4', 'Chennai Central', 'Rs. 0', 'Yes', '600001-600042, 600078'],
      ['9', 'Tambaram', 'Rs. 150', 'No', '600045-600048'],
    ]);
    expect(screen.getByRole('link', { name: 'Add Delivery Area' }).getAttribute('href')).toBe('/deliveryarea');
    expect(screen.getByRole('link', { name: 'Open delivery area 9' }).getAttribute('href')).toBe('/updatedeliveryarea/9');
    expect(router.state.location.pathname).toBe('/deliveryarealist');
  });

  it('is closed to a visitor without the dashboard flag', () => expectClosedWithoutDashboard('/deliveryarealist'));
});

describe('delivery area create form (/deliveryarea)', () => {
  it('starts active with no fee, and says "Please fill all the fields" for a submit without pincodes', async () => {
    const page = await openAdminForm('/deliveryarea', 'Delivery Area Form');
    expect(screen.getByRole('heading', { level: 1, name: 'Delivery Area Form' })).toBeTruthy();
    expect((within(page.form).getByRole('checkbox', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    expect(page.field('Extra Fee (Rs.)').value).toBe('');
    await page.user.type(page.field('Area Name'), 'Adyar');
    await page.submit('Submit');
    expect(await screen.findByText('Please fill all the fields')).toBeTruthy();
    expect(within(page.form).getAllByText('This field is required')).toHaveLength(1);
    expect(writes).toEqual([]);
  });

  it('drops what a field cannot hold and shows the rule of a malformed pincode list or a backwards range', async () => {
    const page = await openAdminForm('/deliveryarea', 'Delivery Area Form');
    expect(await page.typeInto({ 'Area Name': 'Adyar & Besant #2', 'Extra Fee (Rs.)': '1a5.0' })).toEqual({ 'Area Name': 'Adyar  Besant 2', 'Extra Fee (Rs.)': '150' });
    await page.user.type(page.field('Pincodes'), '60002');
    expect(await within(page.form).findByText(serviceAreaTexts.pincodesFormat)).toBeTruthy();
    await page.user.clear(page.field('Pincodes'));
    await page.user.type(page.field('Pincodes'), '600090-600020');
    expect(await within(page.form).findByText(serviceAreaTexts.rangeBackwards('600090-600020'))).toBeTruthy();
    await page.user.clear(page.field('Extra Fee (Rs.)'));
    await page.user.type(page.field('Extra Fee (Rs.)'), '10001');
    expect(await within(page.form).findByText(serviceAreaTexts.feeRupees)).toBeTruthy();
  });

  it('sends the fee in paise, says so and lands on the list after 3 s', async () => {
    const page = await openAdminForm('/deliveryarea', 'Delivery Area Form', { fakeTimers: true });
    await page.fill({ 'Area Name': 'Adyar', Pincodes: '600020, 600041-600042', 'Extra Fee (Rs.)': '75' });
    await page.submit('Submit');
    expect(await screen.findByText('Delivery area created successfully')).toBeTruthy();
    expect(writes).toEqual([
      {
        method: 'POST',
        path: 'admin/delivery-areas',
        body: { name: 'Adyar', pincodes: '600020, 600041-600042', extraFeePaise: 7500, active: true },
      },
    ]);
    advance(3100);
    await waitFor(() => expect(page.at()).toBe('/deliveryarealist'));
  });

  it("shows the server's message for a name already used and stays", async () => {
    writeAnswer = 409;
    const page = await openAdminForm('/deliveryarea', 'Delivery Area Form');
    await page.fill({ 'Area Name': 'chennai central', Pincodes: '600001' });
    await page.submit('Submit');
    expect(await screen.findByText(serviceAreaTexts.nameTaken)).toBeTruthy();
    expect(page.at()).toBe('/deliveryarea');
    expect(page.field('Area Name').value).toBe('chennai central');
  });
});

describe('delivery area update form (/updatedeliveryarea/{id})', () => {
  it('loads the area with its fee in rupees and sends every field back with the fee in paise', async () => {
    const page = await openAdminForm('/updatedeliveryarea/9', 'Delivery Area Update Form', { fakeTimers: true });
    await waitFor(() => expect(page.field('Area Name').value).toBe('Tambaram'));
    expect(page.field('Pincodes').value).toBe('600045-600048');
    expect(page.field('Extra Fee (Rs.)').value).toBe('150');
    const active = within(page.form).getByRole('checkbox', { name: 'Active' }) as HTMLInputElement;
    expect(active.checked).toBe(false);
    await page.user.click(active);
    await page.user.clear(page.field('Extra Fee (Rs.)'));
    await page.submit('Update');
    expect(await screen.findByText('Delivery area updated successfully')).toBeTruthy();
    expect(writes).toEqual([
      {
        method: 'POST',
        path: 'admin/delivery-areas/9',
        body: { name: 'Tambaram', pincodes: '600045-600048', extraFeePaise: 0, active: true },
      },
    ]);
    advance(3100);
    await waitFor(() => expect(page.at()).toBe('/deliveryarealist'));
  });

  it('says so for an id no area has, and for an id no area can have', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn({ dashboard: true });
    await renderApp('/updatedeliveryarea/77');
    expect(await screen.findByText('This record did not load.', {}, { timeout: 8000 })).toBeTruthy();
    await renderApp('/updatedeliveryarea/abc');
    expect(await screen.findByText('This delivery area does not exist.')).toBeTruthy();
  });
});

describe('delivery area delete (/deletedeliveryarea/{id})', () => {
  it('is reached from the update form, asks before deleting, deletes and goes back to the list', async () => {
    const page = await openAdminForm('/updatedeliveryarea/4', 'Delivery Area Update Form', { fakeTimers: true });
    await waitFor(() => expect(page.field('Area Name').value).toBe('Chennai Central'));
    await page.user.click(screen.getByRole('link', { name: 'Delete this delivery area' }));
    const form = await screen.findByRole('form', { name: 'Delete Delivery Area' });
    expect(within(form).getByText('Chennai Central')).toBeTruthy();
    expect(writes).toEqual([]);
    await page.user.click(within(form).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delivery area deleted successfully')).toBeTruthy();
    expect(writes).toEqual([{ method: 'POST', path: 'admin/delivery-areas/4/delete', body: null }]);
    advance(3100);
    await waitFor(() => expect(page.at()).toBe('/deliveryarealist'));
  });
});
