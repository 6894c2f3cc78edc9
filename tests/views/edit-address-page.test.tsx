// @vitest-environment jsdom
// /updateuseraddress/{id} through the real app: the address loads into the shared form, the spec's messages and
// typing filters apply, a save says so and returns to /account/addresses after 3 s, and a refusal says it failed.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { indianStates } from '../../domain/indian-states';
import { anAddress } from './address-fixtures';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { expectRedirect, mockApi } from './page-harness';

const stored = anAddress();

let saves: { query: string; body: Record<string, unknown> }[] = [];
let saveStatus = 200;
let loadStatus = 200;

mockApi([
  ...layoutHandlers,
  http.get('*/api/getsingleuseraddressdetails', ({ request }) => {
    if (loadStatus !== 200) return HttpResponse.json({ message: 'Address not found', code: 'NOT_FOUND' }, { status: loadStatus });
    return HttpResponse.json({ ...stored, id: Number(new URL(request.url).searchParams.get('id')) });
  }),
  http.post('*/api/updateuseraddress', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    saves.push({ query: new URL(request.url).search, body });
    if (saveStatus !== 200) return HttpResponse.json({ message: 'Refused', code: 'BAD_REQUEST' }, { status: saveStatus });
    return HttpResponse.json({ ...stored, ...body, message: 'Address updated successfully!' });
  }),
  http.get('*/api/getuseraddresses', () => HttpResponse.json([stored])),
], () => {
  saves = [];
  saveStatus = 200;
  loadStatus = 200;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function openEditor(path = '/updateuseraddress/7', userOptions: Parameters<typeof userEvent.setup>[0] = {}) {
  signIn();
  const user = userEvent.setup(userOptions);
  const app = await renderApp(path);
  const form = await screen.findByRole('form', { name: 'User Address' });
  const field = (label: string) => within(form).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
  await waitFor(() => expect(field('Full Name').value).toBe('Asha Raman'));
  return {
    ...app,
    user,
    form,
    field,
    update: within(form).getByRole('button', { name: 'Update' }),
  };
}

describe('edit address page', () => {
  it('loads the address into a labelled form titled User Address, with the 36 states and union territories and India only', async () => {
    const page = await openEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'User Address' })).toBeTruthy();
    expect(document.title).toBe('User Address');
    expect(page.field('Address').value).toBe('12 Khader Nawaz Khan Road');
    expect(page.field('Locality').value).toBe('Nungambakkam');
    expect(page.field('Landmark').value).toBe('Near the park');
    expect(page.field('Phone Number').value).toBe('9876543210');
    expect(page.field('Pincode').value).toBe('600006');
    expect(page.field('City').value).toBe('Chennai');
    const state = page.field('State') as unknown as HTMLSelectElement;
    expect(state.value).toBe('Tamil Nadu');
    const stateOptions = [...state.options].filter((option) => option.value !== '').map((option) => option.value);
    expect(stateOptions).toEqual([...indianStates]);
    expect(stateOptions).toHaveLength(36);
    const country = page.field('Country') as unknown as HTMLSelectElement;
    expect([...country.options].map((option) => option.value)).toEqual(['India']);
  });

  it('filters typing as the spec says', async () => {
    const page = await openEditor();
    await page.user.clear(page.field('Address'));
    await page.user.type(page.field('Address'), '12, Main Rd. #4/B');
    expect(page.field('Address').value).toBe('12 Main Rd 4/B');
    await page.user.clear(page.field('Pincode'));
    await page.user.type(page.field('Pincode'), '600 0067');
    expect(page.field('Pincode').value).toBe('600006');
    await page.user.clear(page.field('City'));
    await page.user.type(page.field('City'), 'Chennai 2');
    expect(page.field('City').value).toBe('Chennai ');
    await page.user.clear(page.field('Locality'));
    await page.user.type(page.field('Locality'), 'a'.repeat(32));
    expect(page.field('Locality').value).toHaveLength(30);
  });

  it('shows "Pincode must be exactly 6 digits!" and sends nothing for a short pincode', async () => {
    const page = await openEditor();
    await page.user.clear(page.field('Pincode'));
    await page.user.type(page.field('Pincode'), '60000');
    expect(await within(page.form).findByText('Pincode must be exactly 6 digits!')).toBeTruthy();
    await page.user.click(page.update);
    expect(saves).toEqual([]);
  });

  it('alerts "Please fill in all fields" when a field is empty and shows its message', async () => {
    const page = await openEditor();
    await page.user.clear(page.field('Landmark'));
    expect(within(page.form).queryByText('Landmark is required!')).toBeNull();
    await page.user.click(page.update);
    expect(await screen.findByText('Please fill in all fields')).toBeTruthy();
    expect(within(page.form).getByText('Landmark is required!')).toBeTruthy();
    expect(saves).toEqual([]);
  });

  it('saves, says "Address updated successfully!" and returns to /account/addresses after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const page = await openEditor('/updateuseraddress/7', { advanceTimers: vi.advanceTimersByTime });
    await page.user.clear(page.field('City'));
    await page.user.type(page.field('City'), 'Coimbatore');
    await page.user.selectOptions(page.field('State'), 'Kerala');
    await page.user.click(page.update);
    expect(await screen.findByText('Address updated successfully!')).toBeTruthy();
    expect(saves).toEqual([
      {
        query: '?id=7&userId=u_12',
        body: { id: 7, userId: 'u_12', ...Object.fromEntries(Object.entries(stored).filter(([key]) => key !== 'id' && key !== 'User')), city: 'Coimbatore', state: 'Kerala' },
      },
    ]);
    await expectRedirect(() => page.router.state.location.pathname, { delayMs: 3000, from: '/updateuseraddress/7', to: '/account/addresses' });
  });

  it('says "Address update failed. Please try again." on a refusal and stays', async () => {
    saveStatus = 400;
    const page = await openEditor();
    await page.user.click(page.update);
    expect(await screen.findByText('Address update failed. Please try again.')).toBeTruthy();
    expect(page.router.state.location.pathname).toBe('/updateuseraddress/7');
    expect(page.update.hasAttribute('disabled')).toBe(false);
  });

  it('offers a way back when the address cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadStatus = 404;
    signIn();
    await renderApp('/updateuseraddress/99');
    expect(await screen.findByText('We could not load this address.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my addresses' }).getAttribute('href')).toBe('/account/addresses');
  });

  it('sends a signed-out visitor to /login', async () => {
    const { router } = await renderApp('/updateuseraddress/7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
