// @vitest-environment jsdom
// The product page: a spinner first, then the product; struck MRP only when higher; the spec's fallbacks for
// missing texts in sections that open and close; a friendly not-found for unknown products.
import './setup-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlowerDetail } from '../../domain/catalog';
import { aFlowerDetail, layoutHandlers } from './catalog-fixtures';
import { renderApp } from './render-app';
import { mockApi } from './page-harness';

const server = mockApi([...layoutHandlers
]);

/** The product's sections are the browser's disclosure widget: a title in each <summary>, open ones [open]. */
const sectionTitles = () => [...screen.getByRole('main').querySelectorAll('details > summary')].map((summary) => summary.textContent);
const openSections = () => [...screen.getByRole('main').querySelectorAll('details[open] > summary')].map((summary) => summary.textContent);

function serve(flower: FlowerDetail) {
  server.use(
    http.get('*/api/flowerdetail/:id', async ({ params }) => {
      await delay(20);
      return params.id === flower.externalId
        ? HttpResponse.json({ flowerDetail: flower })
        : HttpResponse.json({ message: 'Product not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.get('*/api/flowerreviews/:id', () => HttpResponse.json(reviewsPage(1, { average: 0, count: 0, stars: [0, 0, 0, 0, 0] }, []))),
  );
}

const aReview = (id: number) => ({ id, stars: 4, text: `Review number ${id}`, author: 'Priya S.', createdAt: '2026-12-02T20:00:00.000Z', editedAt: null });
const reviewsPage = (page: number, summary: object, reviews: object[]) => ({ summary, page, pageSize: 5, reviews });

describe('product detail page', () => {
  it('shows a spinner, then the product with both prices and its actions', async () => {
    serve(aFlowerDetail({ externalId: 'p_rose', mrp: 1499, sellingPrice: 1250 }));
    await renderApp('/flower/p_rose');
    expect(screen.getByRole('status').textContent).toContain('Loading flower');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blush Rose Posy' })).toBeTruthy();
    expect(screen.queryByText(/Loading flower/)).toBeNull();
    expect(screen.getByText('Rs. 1,250')).toBeTruthy();
    expect(screen.getByText('Rs. 1,499').tagName).toBe('S');
    expect(screen.getByRole('img', { name: 'Blush Rose Posy' }).getAttribute('srcset')).toContain('sys_name=EDF-POSY-01');
    expect(screen.getByRole('button', { name: 'Add To Cart' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeTruthy();
    expect(screen.getByText('Dried roses bound with twine.')).toBeTruthy();
    expect(screen.getByText('Keep away from direct sunlight.')).toBeTruthy();
    expect(screen.getByText('Ships in 2 to 5 business days.')).toBeTruthy();
  });

  it('says under the price how the product travels: by hand on a chosen date, or by courier', async () => {
    serve(aFlowerDetail({ externalId: 'p_fresh', deliveryKind: 'hand' }));
    const { unmount } = await renderApp('/flower/p_fresh');
    expect(await screen.findByText('Hand-delivered fresh on the date you choose')).toBeTruthy();
    expect(screen.queryByText('Sent by courier: 2 to 5 business days')).toBeNull();
    unmount();
    serve(aFlowerDetail({ externalId: 'p_dried', deliveryKind: 'courier' }));
    await renderApp('/flower/p_dried');
    expect(await screen.findByText('Sent by courier: 2 to 5 business days')).toBeTruthy();
    expect(screen.queryByText('Hand-delivered fresh on the date you choose')).toBeNull();
  });

  it('does not strike the MRP when it is not above the selling price', async () => {
    serve(aFlowerDetail({ externalId: 'p_even', mrp: 1250, sellingPrice: 1250 }));
    await renderApp('/flower/p_even');
    await screen.findByRole('heading', { level: 1, name: 'Blush Rose Posy' });
    expect(screen.getAllByText('Rs. 1,250')).toHaveLength(1);
    expect(document.querySelector('main s')).toBeNull();
  });

  it('uses the fallbacks when description, note and shipping details are missing', async () => {
    serve(aFlowerDetail({ externalId: 'p_bare', description: null, note: null, shippingDetails: '  ' }));
    await renderApp('/flower/p_bare');
    await screen.findByRole('heading', { level: 1, name: 'Blush Rose Posy' });
    const main = screen.getByRole('main');
    expect(sectionTitles()).toEqual(['Description', 'Note', 'Shipping Details']);
    expect(within(main).getByText('No description available.')).toBeTruthy();
    expect(within(main).getByText('No note available.')).toBeTruthy();
    expect(within(main).getByText('No shipping Details available.')).toBeTruthy();
  });

  it('opens Description at first; the other sections open and close when their titles are clicked', async () => {
    serve(aFlowerDetail({ externalId: 'p_rose' }));
    await renderApp('/flower/p_rose');
    await screen.findByRole('heading', { level: 1, name: 'Blush Rose Posy' });
    expect(openSections()).toEqual(['Description']);
    await userEvent.click(screen.getByText('Shipping Details'));
    expect(openSections()).toEqual(['Description', 'Shipping Details']);
    expect(screen.getByText('Ships in 2 to 5 business days.').closest('details')?.open).toBe(true);
    await userEvent.click(screen.getByText('Description'));
    expect(openSections()).toEqual(['Shipping Details']);
  });

  it('shows a friendly not-found with a way home for an unknown product', async () => {
    serve(aFlowerDetail({ externalId: 'p_rose' }));
    await renderApp('/flower/p_gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'This flower is not in our shop' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/home');
  });
});

describe('product detail page: Check delivery (issue 40)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('answers a typed pincode for this flower’s kind, keeps it for the visit, and shows an unknown pincode’s message', async () => {
    const asked: string[] = [];
    serve(aFlowerDetail({ externalId: 'p_rose', deliveryKind: 'hand' }));
    server.use(
      http.get('*/api/delivery/check', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`${query.get('pincode')}:${query.get('kind')}`);
        return query.get('pincode') === '600004'
          ? HttpResponse.json({ pincode: '600004', place: 'Chennai', kind: 'hand', deliverable: true, date: '2026-12-03', message: 'Delivery to 600004, Chennai: today by 9 pm' })
          : HttpResponse.json({ message: 'We could not find pincode 999999.', code: 'NOT_FOUND' }, { status: 404 });
      }),
    );
    const user = userEvent.setup();
    await renderApp('/flower/p_rose');
    const box = await screen.findByRole('region', { name: 'Check delivery' });
    const pincode = within(box).getByLabelText('Pincode');
    await user.type(pincode, '60 00a04');
    expect((pincode as HTMLInputElement).value).toBe('600004');
    await user.click(within(box).getByRole('button', { name: 'Check' }));
    expect(await within(box).findByText('Delivery to 600004, Chennai: today by 9 pm')).toBeTruthy();
    expect(asked).toEqual(['600004:hand']);
    expect(window.sessionStorage.getItem('deliveryPincode')).toBe('600004');

    await user.clear(pincode);
    await user.type(pincode, '999999{Enter}');
    expect(await within(box).findByText('We could not find pincode 999999.')).toBeTruthy();
    expect(window.sessionStorage.getItem('deliveryPincode')).toBe('600004');
  });

  it('shows its reviews below, lazily: the average, the count, five bars, the newest reviews and Show more', async () => {
    serve(aFlowerDetail({ externalId: 'p_rose', rating: { average: 4.3, count: 6 } }));
    const summary = { average: 4.3, count: 6, stars: [0, 0, 1, 2, 3] };
    server.use(
      http.get('*/api/flowerreviews/:id', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(page === 1 ? reviewsPage(1, summary, [1, 2, 3, 4, 5].map(aReview)) : reviewsPage(2, summary, [aReview(6)]));
      }),
    );
    await renderApp('/flower/p_rose');
    expect(await screen.findByRole('img', { name: 'Rated 4.3 out of 5 from 6 reviews' })).toBeTruthy();
    const bars = await screen.findByRole('list', { name: 'Reviews by stars' });
    expect(within(bars).getAllByRole('listitem').map((bar) => bar.getAttribute('aria-label'))).toEqual(['5 stars: 3', '4 stars: 2', '3 stars: 1', '2 stars: 0', '1 stars: 0']);
    const newest = screen.getByRole('list', { name: 'Newest reviews' });
    expect(within(newest).getAllByTestId('review')).toHaveLength(5);
    // Her first name and last initial, and the day in India (20:00 UTC on 2 December is 3 December there).
    expect(within(newest).getAllByText('Priya S.')).toHaveLength(5);
    expect(within(newest).getAllByText('3 December 2026')).toHaveLength(5);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(newest).findByText('Review number 6')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    // Signed out: no Rate this.
    expect(screen.queryByRole('button', { name: 'Rate this' })).toBeNull();
  });
});
