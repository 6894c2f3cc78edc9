// @vitest-environment jsdom
// "Make it special" (issue 42) through the real app, the real addon-card machine and API client, with the network
// mocked at the HTTP layer: the cards under the product's buttons (picture, name, price, Add), the page's own product
// left out, one tap adding one unit to the bag with the badge following, the reason a refused add shows, nothing at
// all when there is nothing to offer, and in the bag the new line appearing under the others.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Addon } from '../../domain/addons';
import type { CartLine, CartReply } from '../../domain/cart';
import { cartCountStore } from '../../src/app/cart-count-store';
import { toaster } from '../../src/app/toaster';
import { aFlowerDetail, layoutHandlers } from './catalog-fixtures';
import { renderApp } from './render-app';

const guestSessionId = 'gs_Q2xlYXJseUEyMmNoYXJJZA';

const anAddon = (externalId: string, productName: string, sellingPrice: number): Addon => ({
  externalId,
  itemCode: externalId.toUpperCase(),
  productName,
  sellingPrice,
  mrp: sellingPrice,
  deliveryKind: 'hand',
  categoryName: 'Cakes & Chocolates',
});
const cake = anAddon('p_cake', 'Chocolate Truffle Cake 500 g', 749);
const card = anAddon('p_card', 'Hand-Painted Greeting Card', 149);

/** What the fake server offers and holds, and what it was asked. */
const state = { addons: [cake, card] as Addon[], bag: [] as { id: string; name: string; price: number }[], adds: [] as unknown[] };

function aCart(): CartReply {
  const productList: CartLine[] = state.bag.map((line, index) => ({
    productItem: {
      id: index + 1,
      price: line.price,
      quantity: 1,
      size: 'Standard',
      totalAmount: line.price,
      ProductDatum: { externalId: line.id, itemCode: line.id.toUpperCase(), productName: line.name, sellingPrice: line.price, mrp: line.price, deliveryKind: 'hand' },
    },
    productId: line.id,
    productGst: 0,
    available: 5,
    isRemoved: false,
  }));
  const total = state.bag.reduce((sum, line) => sum + line.price, 0);
  return { price: total, gst: false, totalAmount: total, totalCartItems: state.bag.length, productList };
}

const server = setupServer(
  // Ahead of the layout's own answer (no add-ons).
  http.get('*/api/addons', () => HttpResponse.json({ addons: state.addons })),
  ...layoutHandlers,
  http.get('*/api/flowerdetail/:id', ({ params }) => HttpResponse.json({ flowerDetail: aFlowerDetail({ externalId: String(params.id) }) })),
  http.get('*/api/flowerreviews/:id', () => HttpResponse.json({ message: 'Not here' }, { status: 503 })),
  http.get('*/api/getSessionId', () => HttpResponse.json({ sessionId: guestSessionId, accessToken: 'guest-token' })),
  http.get('*/api/guest/:owner/cart', () => HttpResponse.json(aCart())),
  http.post('*/api/createusercart', async ({ request }) => {
    const body = (await request.json()) as { productExtId: string };
    state.adds.push(body);
    await delay(20);
    const addon = state.addons.find((one) => one.externalId === body.productExtId)!;
    state.bag.push({ id: addon.externalId, name: addon.productName, price: addon.sellingPrice });
    return new HttpResponse('quantity added to cart', { headers: { 'Content-Type': 'text/plain' } });
  }),
);

/** setup-dom's observer never reports; this one says the section is near as soon as it is watched, like a scroll. */
class NearObserver {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => this.report([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
const quietObserver = globalThis.IntersectionObserver;

beforeAll(() => {
  globalThis.IntersectionObserver = NearObserver as unknown as typeof IntersectionObserver;
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  toaster.remove();
  server.resetHandlers();
  state.addons = [cake, card];
  state.bag = [];
  state.adds = [];
  cartCountStore.set(0);
  window.sessionStorage.clear();
});
afterAll(() => {
  globalThis.IntersectionObserver = quietObserver;
  server.close();
});

async function openProduct(id = 'p_rose') {
  const user = userEvent.setup();
  const view = await renderApp(`/flower/${id}`);
  await screen.findByRole('heading', { level: 1, name: 'Blush Rose Posy' });
  return { user, ...view };
}

const section = () => screen.findByRole('region', { name: 'Make it special' }, { timeout: 5000 });
const cardOf = (name: string) => screen.getByRole('listitem', { name });

describe('"Make it special" on the product page', () => {
  it('offers each add-on with its picture, name, price and an Add button', async () => {
    await openProduct();
    const row = await section();
    const cakeCard = within(row).getByRole('listitem', { name: cake.productName });
    expect(within(cakeCard).getByRole('img', { name: cake.productName }).getAttribute('src')).toContain('sys_name=P_CAKE');
    expect(within(cakeCard).getByText('Rs. 749')).toBeTruthy();
    expect(within(cakeCard).getByRole('button', { name: `Add ${cake.productName} to the bag` }).textContent).toBe('Add');
    expect(within(row).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([cake.productName, card.productName]);
  });

  it("does not offer an add-on on its own page", async () => {
    await openProduct('p_cake');
    const row = await section();
    expect(within(row).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([card.productName]);
  });

  it('adds one unit with one tap, says so on the card and counts it on the badge', async () => {
    const { user } = await openProduct();
    await section();
    await user.click(within(cardOf(cake.productName)).getByRole('button'));
    await waitFor(() => expect(within(cardOf(cake.productName)).getByRole('button').textContent).toBe('Added ✓'));
    expect(state.adds).toEqual([{ productExtId: 'p_cake', sessionId: guestSessionId }]);
    await screen.findByRole('link', { name: 'Bag, 1 item' });
    // The other card is untouched.
    expect(within(cardOf(card.productName)).getByRole('button').textContent).toBe('Add');
  });

  it('says why when the shop refuses the add (sold out meanwhile)', async () => {
    server.use(http.post('*/api/createusercart', () => HttpResponse.json({ message: 'Out of stock', code: 'OUT_OF_STOCK' }, { status: 409 })));
    const { user } = await openProduct();
    await section();
    await user.click(within(cardOf(cake.productName)).getByRole('button'));
    expect(await within(cardOf(cake.productName)).findByText("You've reached the maximum quantity available in stock.")).toBeTruthy();
    expect(within(cardOf(cake.productName)).getByRole('button').textContent).toBe('Add');
  });

  it('shows nothing when there is no add-on to offer', async () => {
    let asked = false;
    server.use(http.get('*/api/addons', () => ((asked = true), HttpResponse.json({ addons: [] }))));
    await openProduct();
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Make it special' })).toBeNull();
    expect(screen.queryByText('Make it special')).toBeNull();
  });
});

describe('"Make it special" in the bag', () => {
  it('shows an added add-on as a line of the bag at once, with its price', async () => {
    window.sessionStorage.setItem('guestSessionId', guestSessionId);
    state.bag = [{ id: 'p_rose', name: 'Red Rose Bouquet', price: 999 }];
    const user = userEvent.setup();
    await renderApp('/cart');
    const lines = await screen.findByRole('list', { name: 'Items in your bag' });
    await within(lines).findByText('Red Rose Bouquet');
    const row = await section();
    await user.click(within(row).getByRole('button', { name: `Add ${cake.productName} to the bag` }));
    await within(lines).findByText(cake.productName);
    expect(within(lines).getAllByText('Rs. 749').length).toBeGreaterThan(0);
    await screen.findByRole('link', { name: 'Bag, 2 items' });
  });
});
