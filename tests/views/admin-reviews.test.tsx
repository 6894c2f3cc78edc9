// @vitest-environment jsdom
// The admin's Reviews screen through the real app with the network mocked (issue 42): reviews as served with their
// stars, buyer and text; Hide waits for a reason and sends it; a hidden review shows its reason and Show again; a
// refused change keeps the review as it was with the server's reason; the filter asks for hidden ones only.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { reviewTexts } from '../../domain/reviews';
import type { AdminReview, ReviewVisibility } from '../../domain/reviews';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { mockApi } from './page-harness';

const aReview = (overrides: Partial<AdminReview> & { id: number }): AdminReview => ({
  productExternalId: 'p_rose',
  productName: 'Red Rose Bouquet',
  buyerName: 'Priya Sharma',
  buyerEmail: 'priya@example.in',
  stars: 5,
  text: 'Fresh and on time.',
  createdAt: '2026-12-03T10:00:00.000Z',
  editedAt: null,
  hiddenAt: null,
  hiddenReason: '',
  ...overrides,
});

let reviews: AdminReview[] = [];
let asked: ReviewVisibility[] = [];
let changes: { id: number; body: unknown }[] = [];
let refuseChanges = false;

mockApi([
  ...layoutHandlers,
  http.get('*/api/admin/reviews', ({ request }) => {
    const status = (new URL(request.url).searchParams.get('status') ?? 'all') as ReviewVisibility;
    asked.push(status);
    const shown = reviews.filter((review) => status === 'all' || (status === 'hidden') === (review.hiddenAt !== null));
    return HttpResponse.json({ total: shown.length, page: 1, pageSize: 50, reviews: shown });
  }),
  http.post('*/api/admin/reviews/:id/visibility', async ({ params, request }) => {
    const id = Number(params.id);
    const body = (await request.json()) as { hidden: boolean; reason?: string };
    changes.push({ id, body });
    if (refuseChanges) return HttpResponse.json({ message: reviewTexts.reasonRequired, code: 'BAD_REQUEST' }, { status: 400 });
    reviews = reviews.map((review) =>
      review.id === id ? { ...review, hiddenAt: body.hidden ? '2026-12-04T10:00:00.000Z' : null, hiddenReason: body.hidden ? body.reason! : '' } : review,
    );
    return HttpResponse.json({ message: 'Saved' });
  }),
], () => {
  reviews = [];
  asked = [];
  changes = [];
  refuseChanges = false;
  vi.restoreAllMocks();
});

async function openReviews() {
  signIn({ dashboard: true });
  const user = userEvent.setup();
  await renderApp('/adminreviews');
  await screen.findByRole('list', { name: 'Reviews' });
  return user;
}
const rowOf = (productName: string) => screen.getAllByTestId('admin-review').find((row) => row.textContent?.includes(productName))!;

describe('admin reviews', () => {
  it('hides a review only with a reason, then shows its reason and Show again', async () => {
    reviews = [aReview({ id: 4 })];
    const user = await openReviews();
    const row = rowOf('Red Rose Bouquet');
    expect(row.textContent).toContain('Priya Sharma · priya@example.in');
    expect(row.textContent).toContain('Fresh and on time.');
    const hide = within(row).getByRole('button', { name: 'Hide' });
    expect((hide as HTMLButtonElement).disabled).toBe(true);

    await user.type(within(row).getByRole('textbox', { name: 'Reason to hide the review of Red Rose Bouquet' }), '  Names a rival shop ');
    await user.click(hide);
    await waitFor(() => expect(changes).toEqual([{ id: 4, body: { hidden: true, reason: 'Names a rival shop' } }]));
    await waitFor(() => expect(rowOf('Red Rose Bouquet').textContent).toContain('Reason: Names a rival shop'));
    expect(within(rowOf('Red Rose Bouquet')).getByText('Hidden')).toBeTruthy();

    await user.click(within(rowOf('Red Rose Bouquet')).getByRole('button', { name: 'Show again' }));
    await waitFor(() => expect(changes.at(-1)).toEqual({ id: 4, body: { hidden: false } }));
    await waitFor(() => expect(within(rowOf('Red Rose Bouquet')).getByRole('button', { name: 'Hide' })).toBeTruthy());
  });

  it("keeps a review as it was when the change is refused, with the server's reason", async () => {
    reviews = [aReview({ id: 4 })];
    refuseChanges = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await openReviews();
    const row = rowOf('Red Rose Bouquet');
    await user.type(within(row).getByRole('textbox'), 'Spam');
    await user.click(within(row).getByRole('button', { name: 'Hide' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(reviewTexts.reasonRequired);
    expect(within(row).queryByText('Hidden')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Hide' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('asks for hidden reviews only when the filter says so', async () => {
    reviews = [aReview({ id: 4 }), aReview({ id: 5, productName: 'Pampas Posy', hiddenAt: '2026-12-04T10:00:00.000Z', hiddenReason: 'Abusive' })];
    const user = await openReviews();
    expect(screen.getAllByTestId('admin-review')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Hidden' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-review')).toHaveLength(1));
    expect(asked.at(-1)).toBe('hidden');
    expect(rowOf('Pampas Posy').textContent).toContain('Reason: Abusive');
  });
});
