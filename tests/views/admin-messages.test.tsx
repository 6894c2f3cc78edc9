// @vitest-environment jsdom
// The admin's Messages screen through the real app with the network mocked (issue 39): the messages as served, newest
// first, with India-time dates, whitespace kept and unread ones marked; the read toggle both ways; opening a long
// message and replying marking an unread one read; the Reply link's mailto; a failed change and a failed load; and the
// dashboard's card with the unread count.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactMessageRecord } from '../../domain/admin-messages';
import { someDashboardFigures } from '../machines/report-fixtures';
import { layoutHandlers } from './catalog-fixtures';
import { openAsAdmin, renderApp, signIn } from './render-app';
import { mockApi } from './page-harness';

const readAt = '2026-03-06T04:00:00.000Z';

const aMessage = (overrides: Partial<ContactMessageRecord> & { id: number }): ContactMessageRecord => ({
  fullName: 'Asha Raman',
  email: 'asha@example.in',
  phoneNumber: '9876543210',
  message: 'Do you deliver to Madurai?',
  createdAt: '2026-03-01T09:00:00.000Z',
  readAt: null,
  ...overrides,
});

let messages: ContactMessageRecord[] = [];
let changes: { id: number; read: unknown }[] = [];
let loads = 0;
let countsAnswered = 0;
let loadFails = false;
let changeFails = false;

mockApi([
  ...layoutHandlers,
  http.get('*/api/admin/messages', () => {
    loads += 1;
    if (loadFails) return HttpResponse.json({ message: 'Service unavailable', code: 'UNAVAILABLE' }, { status: 503, headers: { 'Retry-After': '0' } });
    return HttpResponse.json(messages);
  }),
  // The dashboard's figures (tests/views/admin-reports.test.tsx shows them).
  http.get('*/api/admin/reports/dashboard', () => HttpResponse.json(someDashboardFigures())),
  http.get('*/api/admin/reports/low-stock', () => HttpResponse.json({ threshold: 5, products: [] })),
  http.get('*/api/admin/messages/unread', () => {
    countsAnswered += 1;
    return HttpResponse.json({ unread: messages.filter((message) => message.readAt === null).length });
  }),
  http.post('*/api/admin/messages/:id/read', async ({ params, request }) => {
    const id = Number(params.id);
    const { read } = (await request.json()) as { read: unknown };
    changes.push({ id, read });
    if (changeFails) return HttpResponse.json({ message: 'Service unavailable', code: 'UNAVAILABLE' }, { status: 503, headers: { 'Retry-After': '0' } });
    messages = messages.map((message) => (message.id === id ? { ...message, readAt: read ? readAt : null } : message));
    return HttpResponse.json(messages.find((message) => message.id === id));
  }),
], () => {
  document.removeEventListener('click', keepOnPage);
  messages = [];
  changes = [];
  loads = 0;
  countsAnswered = 0;
  loadFails = false;
  changeFails = false;
  vi.restoreAllMocks();
});
beforeEach(() => {
  // jsdom cannot follow a mailto: link; a browser hands it to the mail app and stays on the page.
  document.addEventListener('click', keepOnPage);
});

function keepOnPage(event: MouseEvent) {
  if (event.target instanceof Element && event.target.closest('a[href^="mailto:"]')) event.preventDefault();
}

async function openMessages() {
  const app = await openAsAdmin('/adminmessages');
  const table = await screen.findByRole('table', { name: 'Messages' });
  return { ...app, table };
}

const bodyRows = (table: HTMLElement) => within(within(table).getAllByRole('rowgroup')[1]!).getAllByRole('row');
const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
const rowOf = (table: HTMLElement, name: string) => bodyRows(table).find((row) => row.textContent?.includes(name))!;

describe('admin messages', () => {
  it('shows every message as served, newest first, in India time, whitespace kept, unread ones marked', async () => {
    messages = [
      // 20:00 UTC on 31 March is 01:30 on 1 April in India.
      aMessage({ id: 7, fullName: 'Ravi Kumar', email: 'ravi@example.in', phoneNumber: '9812345678', message: 'Line one\n\n  indented two', createdAt: '2026-03-31T20:00:00.000Z' }),
      aMessage({ id: 3, createdAt: '2026-03-01T09:00:00.000Z', readAt }),
    ];
    const { table } = await openMessages();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Messages'));
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'From',
      'Message',
      'Status',
      'Reply',
    ]);
    const [newest, older] = bodyRows(table).map(cells);
    const lines = (cell: HTMLElement) => [...cell.querySelectorAll('p')].map((line) => line.textContent);
    expect(lines(newest![0]!)).toEqual(['Ravi Kumar', 'ravi@example.in', '9812345678', 'Received 2026-04-01 01:30']);
    // An unread message's sender stands out.
    expect(getComputedStyle(within(newest![0]!).getByText('Ravi Kumar')).fontWeight).toBe('var(--chakra-font-weights-bold)');
    expect(getComputedStyle(within(older![0]!).getByText('Asha Raman')).fontWeight).toBe('var(--chakra-font-weights-medium)');
    // The message as typed: its blank line and indent stay, and the cell wraps it.
    const text = within(newest![1]!).getByText(/Line one/);
    expect(text.textContent).toBe('Line one\n\n  indented two');
    expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');
    expect(newest![2]!.textContent).toBe('UnreadMark read');
    expect(lines(older![0]!).at(-1)).toBe('Received 2026-03-01 14:30');
    expect(older![2]!.textContent).toBe('ReadMark unread');
    expect(screen.getByRole('link', { name: '← Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
  });

  it('offers a Reply link to the sender with the subject and the message quoted, encoded', async () => {
    messages = [aMessage({ id: 5, fullName: 'Ravi Kumar', email: 'ravi+shop@example.in', message: 'Roses & lilies?\nFor 5 = 10?', createdAt: '2026-03-31T20:00:00.000Z' })];
    await openMessages();
    const href = screen.getByRole('link', { name: 'Reply to Ravi Kumar' }).getAttribute('href')!;
    const [address, query] = href.replace(/^mailto:/, '').split('?') as [string, string];
    expect(decodeURIComponent(address)).toBe('ravi+shop@example.in');
    expect(address).toBe('ravi%2Bshop@example.in');
    const fields = Object.fromEntries(query.split('&').map((pair) => pair.split('=').map(decodeURIComponent)));
    // The shop's name from /api/shop, its "&" encoded so the subject stays whole.
    expect(fields.subject).toBe('Re: your message to Petals & Stems');
    expect(fields.body).toBe('\r\n\r\nOn 2026-04-01 01:30 IST, Ravi Kumar wrote:\r\n> Roses & lilies?\r\n> For 5 = 10?');
    expect(Object.keys(fields)).toEqual(['subject', 'body']);
  });

  it('marks a message read and unread again with its toggle', async () => {
    messages = [aMessage({ id: 4 })];
    const { table, user } = await openMessages();
    await user.click(within(table).getByRole('button', { name: 'Mark the message from Asha Raman as read' }));
    await within(table).findByRole('button', { name: 'Mark the message from Asha Raman as unread' });
    expect(cells(bodyRows(table)[0]!)[2]!.textContent).toBe('ReadMark unread');
    await user.click(within(table).getByRole('button', { name: 'Mark the message from Asha Raman as unread' }));
    await within(table).findByRole('button', { name: 'Mark the message from Asha Raman as read' });
    expect(changes).toEqual([
      { id: 4, read: true },
      { id: 4, read: false },
    ]);
  });

  it('marks an unread message read when the admin replies, and a read one stays as it is', async () => {
    messages = [aMessage({ id: 8, fullName: 'Unread Sender' }), aMessage({ id: 2, fullName: 'Read Sender', readAt })];
    const { table, user } = await openMessages();
    await user.click(screen.getByRole('link', { name: 'Reply to Read Sender' }));
    await user.click(screen.getByRole('link', { name: 'Reply to Unread Sender' }));
    await waitFor(() => expect(cells(rowOf(table, 'Unread Sender'))[2]!.textContent).toBe('ReadMark unread'));
    expect(changes).toEqual([{ id: 8, read: true }]);
  });

  it('shows a long message in part until the admin opens it, which marks it read', async () => {
    const long = Array.from({ length: 8 }, (_, i) => `Line ${i + 1} of a long enquiry about wedding garlands.`).join('\n');
    messages = [aMessage({ id: 6, message: long }), aMessage({ id: 1, fullName: 'Short Note', message: 'Thanks!' })];
    const { table, user } = await openMessages();
    expect(within(rowOf(table, 'Short Note')).queryByRole('button', { name: 'Show whole message' })).toBeNull();
    const show = within(rowOf(table, 'Asha Raman')).getByRole('button', { name: 'Show whole message' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await user.click(show);
    expect(within(rowOf(table, 'Asha Raman')).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(cells(rowOf(table, 'Asha Raman'))[2]!.textContent).toBe('ReadMark unread'));
    // Closing and opening it again asks nothing more: it is read already.
    await user.click(within(rowOf(table, 'Asha Raman')).getByRole('button', { name: 'Show less' }));
    await user.click(within(rowOf(table, 'Asha Raman')).getByRole('button', { name: 'Show whole message' }));
    expect(changes).toEqual([{ id: 6, read: true }]);
  });

  it('says so when a change fails, and the message stays unread', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    messages = [aMessage({ id: 4 })];
    changeFails = true;
    const { table, user } = await openMessages();
    await user.click(within(table).getByRole('button', { name: 'Mark the message from Asha Raman as read' }));
    expect(await screen.findByText('The message could not be updated. Please try again.')).toBeTruthy();
    const toggle = within(table).getByRole('button', { name: 'Mark the message from Asha Raman as read' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(cells(bodyRows(table)[0]!)[2]!.textContent).toBe('UnreadMark read');
  });

  it('offers Retry when the list did not load, and loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadFails = true;
    const { user } = await openAsAdmin('/adminmessages');
    expect(await screen.findByText('This list did not load.')).toBeTruthy();
    loadFails = false;
    messages = [aMessage({ id: 1 })];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(bodyRows(table)).toHaveLength(1);
    expect(loads).toBeGreaterThanOrEqual(2);
  });

  it('says "No records found" when nobody wrote', async () => {
    const { table } = await openMessages();
    expect(bodyRows(table).map((row) => row.textContent)).toEqual(['No records found']);
  });
});

describe('the dashboard', () => {
  it('links Messages in the MAIL group with the unread count', async () => {
    messages = [aMessage({ id: 1 }), aMessage({ id: 2 }), aMessage({ id: 3, readAt })];
    const { router, user } = await openAsAdmin('/dashboard');
    const mail = await screen.findByRole('region', { name: 'MAIL' });
    const link = within(mail).getByRole('link', { name: 'Messages' });
    expect(link.getAttribute('href')).toBe('/adminmessages');
    expect(await within(mail).findByText('2 unread')).toBeTruthy();
    // The count is read out with the link's description.
    const described = (link.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['2 unread', 'What shoppers wrote through Contact Us; mark them read and reply by e-mail.']);
    await user.click(link);
    expect(await screen.findByRole('table', { name: 'Messages' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/adminmessages');
  });

  it('shows no count when every message is read', async () => {
    messages = [aMessage({ id: 1, readAt })];
    signIn({ dashboard: true });
    await renderApp('/dashboard');
    const mail = await screen.findByRole('region', { name: 'MAIL' });
    await waitFor(() => expect(countsAnswered).toBe(1));
    // The answer's render, had it shown a count.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(mail).queryByText(/unread/)).toBeNull();
    expect(within(mail).getByRole('link', { name: 'Messages' }).getAttribute('aria-describedby')?.split(' ')).toHaveLength(1);
  });
});
