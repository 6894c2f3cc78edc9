// @vitest-environment jsdom
// The delivery date and slot picker with the real machine and API client, the server mocked with msw: the dates as a
// radio group with closed ones disabled and their reason in words, the slot cards of the chosen date with fee and
// window, a stale choice's message, courier's dispatch date, and a failed load's Retry.
import './setup-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DeliveryKind } from '../../domain/delivery-kind';
import type { DeliverySchedule } from '../../domain/delivery-schedule';
import { AppProviders } from '../../src/app/app-providers';
import { DeliverySchedulePicker, useDeliveryScheduleActor } from '../../src/features/checkout/delivery-schedule';
import type { DeliveryScheduleActor } from '../../src/features/checkout/delivery-schedule';
import { courierSchedule, handSchedule, laterHandSchedule } from '../machines/delivery-schedule-fixtures';
import { mockApi } from './page-harness';

const served = { schedules: [] as DeliverySchedule[], status: 200, asked: [] as string[] };

mockApi([
  http.get('*/api/delivery/schedule', ({ request }) => {
    served.asked.push(new URL(request.url).searchParams.get('kind') ?? '');
    if (served.status !== 200) return HttpResponse.json({ message: 'down', code: 'TEST' }, { status: served.status });
    return HttpResponse.json(served.schedules.length > 1 ? served.schedules.shift() : served.schedules[0]);
  }),
], () => {
  served.schedules = [];
  served.status = 200;
  served.asked = [];
});

const isDisabled = (element: HTMLElement) => (element as HTMLInputElement).disabled;
const isChecked = (element: HTMLElement) => (element as HTMLInputElement).checked;
/** The text of what aria-describedby names, as a screen reader reads it after the name. */
const described = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

let actorRef: DeliveryScheduleActor;
function Harness({ kind }: { kind: DeliveryKind }) {
  const actor = useDeliveryScheduleActor(kind);
  actorRef = actor;
  return <DeliverySchedulePicker actor={actor} />;
}
const renderPicker = (kind: DeliveryKind = 'hand') =>
  render(
    <AppProviders>
      <Harness kind={kind} />
    </AppProviders>,
  );

describe('delivery picker', () => {
  it('shows the dates as radios, closed ones disabled with their reason, and the chosen date’s slot cards', async () => {
    served.schedules = [handSchedule()];
    renderPicker();
    const dates = await screen.findByRole('radiogroup', { name: 'Delivery date' });
    expect(served.asked).toEqual(['hand']);
    const radios = within(dates).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    const holiday = within(dates).getByRole('radio', { name: 'Saturday, 5 December' });
    expect(isDisabled(holiday)).toBe(true);
    expect(described(holiday)).toBe('Shop holiday: Diwali');
    expect(screen.getByText('Choose a date to see its delivery slots.')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(dates).getByRole('radio', { name: 'Thursday, 3 December' }));
    const slots = await screen.findByRole('radiogroup', { name: 'Delivery slot on Thursday, 3 December' });
    const standard = within(slots).getByRole('radio', { name: 'Standard' });
    expect(described(standard)).toBe('9 am to 9 pm');
    expect(within(slots).getByText('Free')).toBeTruthy();
    const midnight = within(slots).getByRole('radio', { name: 'Midnight' });
    expect(isDisabled(midnight)).toBe(true);
    expect(described(midnight)).toBe('11 pm to 11:59 pm · Orders closed at 6 pm');
    expect(within(slots).getByText('Rs. 250')).toBeTruthy();

    await user.click(standard);
    await waitFor(() => expect(actorRef.getSnapshot().context.slotId).toBe(1));
    expect(isChecked(standard)).toBe(true);
  });

  it('shows a stale choice’s message and the fresh schedule', async () => {
    served.schedules = [handSchedule(), laterHandSchedule()];
    renderPicker();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Friday, 4 December' }));
    await user.click(await screen.findByRole('radio', { name: 'Midnight' }));
    actorRef.send({ type: 'choice.stale', message: 'The midnight slot on 4 December is no longer available. Please choose another.' });
    expect(await screen.findByText('The midnight slot on 4 December is no longer available. Please choose another.')).toBeTruthy();
    await waitFor(() => expect(isDisabled(screen.getByRole('radio', { name: 'Midnight' }))).toBe(true));
    expect(described(screen.getByRole('radio', { name: 'Midnight' }))).toBe('11 pm to 11:59 pm · Fully booked');
    expect(isDisabled(screen.getByRole('radio', { name: 'Thursday, 3 December' }))).toBe(true);
  });

  it('preselects courier’s dispatch date and says what courier promises', async () => {
    served.schedules = [courierSchedule()];
    renderPicker('courier');
    const dates = await screen.findByRole('radiogroup', { name: 'Dispatch date' });
    expect(isChecked(within(dates).getByRole('radio', { name: 'Monday, 7 December' }))).toBe(true);
    expect(described(within(dates).getByRole('radio', { name: 'Sunday, 6 December' }))).toBe('No dispatch on Sundays');
    expect(screen.getByText(/Delivered in 2 to 5 business days from the dispatch date\. Courier: Free\./)).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: /Delivery slot/ })).toBeNull();
  });

  it('offers Retry when the dates did not load', async () => {
    served.status = 500;
    renderPicker();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    served.status = 200;
    served.schedules = [handSchedule()];
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('radiogroup', { name: 'Delivery date' })).toBeTruthy();
  });
});
