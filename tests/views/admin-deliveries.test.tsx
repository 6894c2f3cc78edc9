// @vitest-environment jsdom
// The florist's Deliveries board through the real app with the network mocked (issue 40): the day's hand deliveries by
// slot with recipient, phone, items and card (the hidden sender still shown to the florist), the courier parcels
// apart; Delivered sent for that delivery and the board showing what the server answers; an attempt without a note
// refused on the screen without a call; a server refusal shown by its delivery; the print views' links; the address's
// ?date= opening that day, and a date picked on the board (or Today) written back into the address.
import './setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BoardDelivery, DeliveryBoard } from '../../domain/delivery-board';
import { layoutHandlers } from './catalog-fixtures';
import { openAsAdmin } from './render-app';
import { mockApi } from './page-harness';

const aDelivery = (id: number, overrides: Partial<BoardDelivery> = {}): BoardDelivery => ({
  id,
  orderId: 10 + id,
  orderNumber: `order_Q${id}`,
  kind: 'hand',
  date: '2026-12-03',
  slotName: 'Midnight',
  windowStartMinute: 1380,
  windowEndMinute: 1439,
  status: 'scheduled',
  statusNote: '',
  statusAt: null,
  recipient: { fullName: `Recipient ${id}`, address: '4 Lake View Road', locality: 'Mylapore', landmark: '', city: 'Chennai', pincode: '600004', state: 'Tamil Nadu', country: 'India', phoneNumber: '9840012345' },
  items: [{ productName: 'Red Roses', size: 'Standard', quantity: 2 }],
  gift: { occasion: 'Birthday', message: 'Happy birthday, Amma!', senderName: 'Meera', hideSenderName: true },
  buyer: { name: 'Meera Iyer', email: 'meera@example.test' },
  ...overrides,
});

let board: DeliveryBoard;
const initial = (): DeliveryBoard => ({
  date: '2026-12-03',
  today: '2026-12-03',
  slots: [
    { slotId: 1, name: 'Standard', window: '9 am to 9 pm', deliveries: [aDelivery(2, { slotName: 'Standard', windowStartMinute: 540, windowEndMinute: 1260, gift: null })] },
    { slotId: 9, name: 'Midnight', window: '11 pm to 11:59 pm', deliveries: [aDelivery(1)] },
  ],
  courier: [aDelivery(3, { kind: 'courier', slotName: null, windowStartMinute: null, windowEndMinute: null, gift: null })],
});
const sent: { id: string; body: unknown }[] = [];
/** The ?date= of every board load (null: none). */
const asked: (string | null)[] = [];
let refuse = false;

mockApi([
  ...layoutHandlers,
  // The day asked for (?date=), the fixture's day without one, as the server answers "today".
  http.get('*/api/admin/deliveries', ({ request }) => {
    const date = new URL(request.url).searchParams.get('date');
    asked.push(date);
    return HttpResponse.json(date ? { ...board, date } : board);
  }),
  http.post('*/api/admin/deliveries/:id/status', async ({ params, request }) => {
    const body = (await request.json()) as { status: BoardDelivery['status']; note: string };
    sent.push({ id: String(params.id), body });
    if (refuse) return HttpResponse.json({ message: 'This order is cancelled or its money went back: its deliveries can no longer change.', code: 'CONFLICT' }, { status: 409 });
    const delivery = [...board.slots.flatMap((slot) => slot.deliveries), ...board.courier].find((candidate) => candidate.id === Number(params.id))!;
    Object.assign(delivery, { status: body.status, statusNote: body.note });
    return HttpResponse.json({ message: 'Marked delivered', customerNotified: true, delivery });
  }),
], () => {
  board = initial();
  sent.length = 0;
  asked.length = 0;
  refuse = false;
});
board = initial();

async function openBoard(path = '/admindeliveries', heading = 'Thursday 3 December (today)') {
  const { router, user } = await openAsAdmin(path);
  await screen.findByText(heading);
  return { user, router };
}

describe('the Deliveries board', () => {
  it("shows the day's hand deliveries by slot and the courier parcels apart, with what the florist needs", async () => {
    await openBoard();
    const sections = screen.getAllByRole('region').map((section) => section.getAttribute('aria-label'));
    expect(sections).toEqual(['Standard 9 am to 9 pm', 'Midnight 11 pm to 11:59 pm', 'Courier parcels to dispatch']);
    const midnight = within(screen.getByRole('article', { name: 'Delivery of order order_Q1' }));
    for (const text of ['Recipient 1', '4 Lake View Road, Mylapore, Chennai 600004', '2 × Red Roses', 'Birthday', 'Happy birthday, Amma!', 'Meera (not shown on the card)']) {
      expect(midnight.getByText(text)).toBeTruthy();
    }
    expect(midnight.getByRole('link', { name: '9840012345' }).getAttribute('href')).toBe('tel:9840012345');
    expect(within(screen.getByRole('region', { name: 'Courier parcels to dispatch' })).getByText('Recipient 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Print card messages' }).getAttribute('href')).toBe('/admindeliverycards?date=2026-12-03');
    expect(screen.getByRole('link', { name: 'Print manifest' }).getAttribute('href')).toBe('/admindeliverymanifest?date=2026-12-03');
  });

  it('marks a delivery delivered and shows the board the server answers', async () => {
    const { user } = await openBoard();
    await user.click(screen.getByRole('button', { name: 'Delivered: Delivery of order order_Q1' }));
    const card = within(screen.getByRole('article', { name: 'Delivery of order order_Q1' }));
    // The status badge: Scheduled, then Delivered beside the Delivered button.
    await waitFor(() => expect(card.getAllByText('Delivered')).toHaveLength(2));
    expect(card.queryByText('Scheduled')).toBeNull();
    expect(sent).toEqual([{ id: '1', body: { status: 'delivered', note: '' } }]);
  });

  it('refuses an attempt without a note on the screen, and sends one with its note', async () => {
    const { user } = await openBoard();
    const card = within(screen.getByRole('article', { name: 'Delivery of order order_Q1' }));
    await user.click(card.getByRole('button', { name: 'Attempted' }));
    expect(await card.findByRole('alert')).toHaveProperty('textContent', 'Please say why the delivery could not be made');
    expect(sent).toEqual([]);
    await user.type(card.getByLabelText('What happened'), 'Gate locked');
    await user.click(card.getByRole('button', { name: 'Attempted' }));
    await waitFor(() => expect(sent).toEqual([{ id: '1', body: { status: 'attempted', note: 'Gate locked' } }]));
    expect(await card.findByText('Gate locked')).toBeTruthy();
  });

  it("shows the server's refusal by its delivery", async () => {
    refuse = true;
    const { user } = await openBoard();
    await user.click(screen.getByRole('button', { name: 'Out for delivery: Delivery of order order_Q3' }));
    const card = within(screen.getByRole('article', { name: 'Delivery of order order_Q3' }));
    expect(await card.findByRole('alert')).toHaveProperty('textContent', 'This order is cancelled or its money went back: its deliveries can no longer change.');
  });

  it("opens the address's date and writes the date picked on the board back into the address", async () => {
    const { user, router } = await openBoard('/admindeliveries?date=2026-12-04', 'Friday 4 December');
    expect(asked).toEqual(['2026-12-04']);
    expect(screen.getByRole('link', { name: 'Print card messages' }).getAttribute('href')).toBe('/admindeliverycards?date=2026-12-04');

    // A date typed into the picker: the board loads it and the address says it, (the browser journey checks it replaces the entry).
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-05' } });
    await screen.findByText('Saturday 5 December');
    expect(asked).toEqual(['2026-12-04', '2026-12-05']);
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-12-05'));

    // Back to today: the address follows.
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await screen.findByText('Thursday 3 December (today)');
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-12-03'));
  });

  it("puts today's date into the address once the server has said which day today is", async () => {
    const { router } = await openBoard();
    expect(asked).toEqual([null]);
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-12-03'));
  });
});
