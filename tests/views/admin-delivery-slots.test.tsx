// @vitest-environment jsdom
// The admin's Delivery slots screen through the real app with the network mocked (issue 40): the slots as served with
// their fee, cut-off and capacity; a slot's change sent in paise and India time and the screen showing what the server
// answers; a refusal's own message in a toast; the courier form; adding and removing a holiday.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DeliverySettingsRecord } from '../../domain/delivery-schedule';
import { layoutHandlers } from './catalog-fixtures';
import { openAsAdmin } from './render-app';
import { mockApi } from './page-harness';

const initial = (): DeliverySettingsRecord => ({
  slots: [
    { id: 1, name: 'Standard', kind: 'standard', start: '09:00', end: '21:00', feePaise: 0, cutoffDaysBefore: 0, cutoffTime: '16:00', capacity: 20, position: 1, active: true },
    { id: 9, name: 'Midnight', kind: 'midnight', start: '23:00', end: '23:59', feePaise: 25000, cutoffDaysBefore: 0, cutoffTime: '18:00', capacity: 20, position: 9, active: true },
  ],
  holidays: [{ date: '2026-12-25', note: 'Christmas' }],
  courier: { feePaise: 0, sundaysOff: true },
});

let settings = initial();
const sent: { url: string; body: unknown }[] = [];

mockApi([
  ...layoutHandlers,
  http.get('*/api/admin/delivery/settings', () => HttpResponse.json(settings)),
  http.post('*/api/admin/delivery/slots/:id', async ({ params, request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ url: `slots/${String(params.id)}`, body });
    if (body.capacity === 5000) return HttpResponse.json({ message: 'The capacity must be a whole number from 0 to 1000', code: 'BAD_REQUEST' }, { status: 400 });
    const slot = settings.slots.find((candidate) => candidate.id === Number(params.id))!;
    Object.assign(slot, body);
    return HttpResponse.json(slot);
  }),
  http.post('*/api/admin/delivery/courier', async ({ request }) => {
    const body = (await request.json()) as DeliverySettingsRecord['courier'];
    sent.push({ url: 'courier', body });
    settings.courier = body;
    return HttpResponse.json(body);
  }),
  http.post('*/api/admin/delivery/holidays', async ({ request }) => {
    const body = (await request.json()) as { date: string; note: string };
    sent.push({ url: 'holidays', body });
    settings.holidays = [...settings.holidays, body];
    return HttpResponse.json(body);
  }),
  http.post('*/api/admin/delivery/holidays/remove', async ({ request }) => {
    const body = (await request.json()) as { date: string };
    sent.push({ url: 'holidays/remove', body });
    const removed = settings.holidays.find((holiday) => holiday.date === body.date)!;
    settings.holidays = settings.holidays.filter((holiday) => holiday !== removed);
    return HttpResponse.json(removed);
  }),
], () => {
  settings = initial();
  sent.length = 0;
});

async function openScreen() {
  const { user } = await openAsAdmin('/admindeliveryslots');
  const midnight = await screen.findByRole('form', { name: 'Midnight 11 pm to 11:59 pm' });
  return { user, midnight };
}

describe('admin Delivery slots', () => {
  it('shows each slot with its settings and saves a change in paise and India time', async () => {
    const { user, midnight } = await openScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Delivery slots' })).toBeTruthy();
    expect(within(midnight).getByText('Rs. 250 · Same day until 6 pm · 20 a day')).toBeTruthy();

    const fee = within(midnight).getByRole('textbox', { name: 'Fee (Rs.)' });
    await user.clear(fee);
    await user.type(fee, '300');
    await user.click(within(midnight).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ url: 'slots/9', body: { feePaise: 30000, cutoffDaysBefore: 0, cutoffTime: '18:00', capacity: 20, active: true } }]));
    expect(await within(midnight).findByText('Rs. 300 · Same day until 6 pm · 20 a day')).toBeTruthy();
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('shows the server’s refusal and keeps the settings', async () => {
    const { user, midnight } = await openScreen();
    const capacity = within(midnight).getByRole('textbox', { name: 'Capacity per day' });
    await user.clear(capacity);
    await user.type(capacity, '5000');
    await user.click(within(midnight).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The capacity must be a whole number from 0 to 1000')).toBeTruthy();
    expect(within(midnight).getByText('Rs. 250 · Same day until 6 pm · 20 a day')).toBeTruthy();
  });

  it('saves the courier settings, adds a holiday and removes one', async () => {
    const { user } = await openScreen();
    const courier = screen.getByRole('form', { name: 'Courier' });
    await user.click(within(courier).getByRole('checkbox', { name: 'No dispatch on Sundays' }));
    await user.click(within(courier).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ url: 'courier', body: { feePaise: 0, sundaysOff: false } }));

    const add = screen.getByRole('form', { name: 'Add a holiday' });
    await user.type(within(add).getByLabelText('Date'), '2027-01-14');
    await user.type(within(add).getByRole('textbox', { name: 'Note' }), 'Pongal');
    await user.click(within(add).getByRole('button', { name: 'Add holiday' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ url: 'holidays', body: { date: '2027-01-14', note: 'Pongal' } }));
    expect(await screen.findByRole('button', { name: 'Remove the holiday on 2027-01-14' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove the holiday on 2026-12-25' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ url: 'holidays/remove', body: { date: '2026-12-25' } }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove the holiday on 2026-12-25' })).toBeNull());
  });
});
