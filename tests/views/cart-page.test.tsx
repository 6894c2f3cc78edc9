// @vitest-environment jsdom
// /cart through the real app and the real cart machine, with the bag API mocked at the HTTP layer by a small
// in-memory bag that answers the spec's texts: loading, empty state, lines and summary, the stepper's bounds and its
// stock check, refusals and failures, removal, products taken off the shop, and the header badge following along.
import './setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine, CartReply } from '../../domain/cart';
import { cartCountStore } from '../../src/app/cart-count-store';
import { layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { mockApi } from './page-harness';

const guestSessionId = 'GuestSession0123456789ab';

interface StoredLine {
  id: number;
  productId: string;
  name: string;
  itemCode: string;
  price: number;
  mrp: number;
  quantity: number;
  available: number;
  isRemoved: boolean;
}

let nextId = 1;
function aLine(overrides: Partial<StoredLine> = {}): StoredLine {
  const id = nextId++;
  return {
    id,
    productId: `p_${id}`,
    name: `Flower ${id}`,
    itemCode: `EDF-${id}`,
    price: 1250,
    mrp: 1250,
    quantity: 1,
    available: 8,
    isRemoved: false,
    ...overrides,
  };
}

/** The server's bag for the test, and every call the page made, in order. */
const bag = {
  owner: '',
  lines: [] as StoredLine[],
  calls: [] as { call: string; body?: unknown; path?: string }[],
  /** Overrides for one call: a status to fail with, or a delay. */
  failWith: {} as Partial<Record<'checkquantity' | 'update' | 'remove' | 'cart', number>>,
  slow: 0,
  slowCart: 0,
};

function reply(): CartReply {
  const productList: CartLine[] = bag.lines.map((line) => ({
    productItem: {
      id: line.id,
      price: line.price,
      quantity: line.quantity,
      size: 'Standard',
      totalAmount: line.price * line.quantity,
      ProductDatum: {
        externalId: line.productId,
        itemCode: line.itemCode,
        productName: line.name,
        sellingPrice: line.price,
        mrp: line.mrp,
        deliveryKind: 'courier',
      },
    },
    productId: line.productId,
    productGst: 6,
    available: line.available,
    isRemoved: line.isRemoved,
  }));
  return {
    price: bag.lines.reduce((sum, line) => sum + line.mrp * line.quantity, 0),
    gst: productList.length > 0,
    totalAmount: bag.lines.reduce((sum, line) => sum + line.price * line.quantity, 0),
    totalCartItems: bag.lines.reduce((sum, line) => sum + line.quantity, 0),
    productList,
  };
}

const failure = (status: number) => HttpResponse.json({ message: 'Something broke', code: 'TEST_FAILURE' }, { status });

async function serveCart({ params }: { params: Record<string, string | readonly string[] | undefined> }) {
  const owner = String(params.sessionId ?? params.userExtId);
  bag.calls.push({ call: 'cart', path: owner });
  if (bag.slowCart) await delay(bag.slowCart);
  if (bag.failWith.cart) return failure(bag.failWith.cart);
  if (owner !== bag.owner) return failure(403);
  return HttpResponse.json(reply());
}

const server = mockApi([
  ...layoutHandlers,
  http.get('*/api/guest/:sessionId/cart', serveCart),
  http.get('*/api/user/:userExtId/cart', serveCart),
  http.post('*/api/checkquantity', async ({ request }) => {
    const body = (await request.json()) as { productId: string; quantity: number };
    bag.calls.push({ call: 'checkquantity', body });
    if (bag.slow) await delay(bag.slow);
    if (bag.failWith.checkquantity) return failure(bag.failWith.checkquantity);
    const line = bag.lines.find((candidate) => candidate.productId === body.productId);
    return HttpResponse.text(line && body.quantity <= line.available ? 'Quantity is sufficient' : 'Insufficient quantity available');
  }),
  http.post('*/api/user/:owner/cart/:cartItemId', async ({ request, params }) => {
    const body = (await request.json()) as { productId: string; size: string; quantity: number };
    bag.calls.push({ call: 'update', body, path: `${String(params.owner)}/${String(params.cartItemId)}` });
    if (bag.failWith.update) return failure(bag.failWith.update);
    const line = bag.lines.find((candidate) => candidate.id === Number(params.cartItemId));
    if (!line || body.quantity > line.available || body.quantity > 10) return HttpResponse.text('Insufficient quantity available');
    line.quantity = body.quantity;
    return HttpResponse.text('Quantity updated successfully');
  }),
  http.post('*/api/removecartitem', async ({ request }) => {
    const body = (await request.json()) as { productId: string };
    bag.calls.push({ call: 'remove', body });
    if (bag.failWith.remove) return failure(bag.failWith.remove);
    bag.lines = bag.lines.filter((line) => line.productId !== body.productId);
    return HttpResponse.json({ message: 'Removed from your bag.' });
  }),
], () => vi.restoreAllMocks());

beforeEach(() => {
  bag.owner = guestSessionId;
  bag.lines = [];
  bag.calls = [];
  bag.failWith = {};
  bag.slow = 0;
  bag.slowCart = 0;
  cartCountStore.set(0);
});

/** Opens /cart as a guest whose bag holds `lines`, and waits for the lines. */
async function openBag(...lines: StoredLine[]) {
  window.sessionStorage.setItem('guestSessionId', guestSessionId);
  bag.lines = lines;
  const user = userEvent.setup();
  const view = await renderApp('/cart');
  await screen.findByRole('list', { name: 'Items in your bag' });
  return { user, ...view };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const quantityOf = (name: string) => screen.getByRole('group', { name: `Quantity of ${name}` });
const callsSince = (index: number) => bag.calls.slice(index).map((entry) => entry.call);

describe('cart page: loading and what it shows', () => {
  it('shows CART and a spinner, then the lines and the summary', async () => {
    window.sessionStorage.setItem('guestSessionId', guestSessionId);
    bag.lines = [
      aLine({ name: 'Blush Rose Posy', productId: 'p_rose', itemCode: 'EDF-POSY-01', price: 1250, mrp: 1499, quantity: 2 }),
      aLine({ name: 'Golden Wheat Round', price: 899, mrp: 899, quantity: 1 }),
    ];
    bag.slowCart = 150;
    await renderApp('/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'CART' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading your bag');

    const items = await screen.findByRole('list', { name: 'Items in your bag' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(within(items).getAllByRole('listitem')).toHaveLength(2);

    const rose = within(items).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(rose).getByRole('link', { name: 'Blush Rose Posy' }).getAttribute('href')).toBe('/flower/p_rose');
    // The square photo links to the product too.
    const photo = rose.querySelector('img[alt="Blush Rose Posy"]');
    expect(photo?.closest('a')?.getAttribute('href')).toBe('/flower/p_rose');
    expect(photo?.getAttribute('src')).toContain('sys_name=EDF-POSY-01');
    // Unit price with the struck MRP, the quantity and the line total.
    expect(within(rose).getByText('Rs. 1,250')).toBeTruthy();
    expect(within(rose).getByText('Rs. 1,499').tagName).toBe('S');
    expect(within(quantityOf('Blush Rose Posy')).getByText('2')).toBeTruthy();
    expect(within(rose).getByText('Rs. 2,500')).toBeTruthy();

    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Total')).toBeTruthy();
    expect(within(summary).getByTestId('cart-total').textContent).toBe('Rs. 3,399');
    expect(within(summary).getByText('Tax included and shipping calculated at checkout')).toBeTruthy();
    expect(within(summary).getByText('You save Rs. 498')).toBeTruthy();
    expect(button('Proceed to Checkout').disabled).toBe(false);
    // The badge follows the bag just loaded.
    expect(screen.getByRole('link', { name: 'Bag, 3 items' })).toBeTruthy();
    expect(document.title).toBe('Cart');
  });

  it('shows the empty bag straight away to a visitor who has no bag yet, without a call', async () => {
    const { router } = await renderApp('/cart');
    expect(await screen.findByText('Your Bag is Empty')).toBeTruthy();
    expect(screen.getByText('Please do some shopping and add items to your cart.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Go to Shopping Page' });
    expect(link.getAttribute('href')).toBe('/');
    expect(bag.calls).toEqual([]);
    server.use(http.get('*/api/allflowers', () => HttpResponse.json({ products: [] })));
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/Everlasting%20Dry%20Flowers/Side'));
  });

  it('shows the empty bag when the guest bag has no lines', async () => {
    window.sessionStorage.setItem('guestSessionId', guestSessionId);
    await renderApp('/cart');
    expect(await screen.findByText('Your Bag is Empty')).toBeTruthy();
    expect(bag.calls.map((entry) => entry.path)).toContain(guestSessionId);
    expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).toBeNull();
  });

  it("loads a signed-in user's bag by the user's id and updates it there", async () => {
    signIn();
    bag.owner = 'u_12';
    bag.lines = [aLine({ name: 'Lavender Side', quantity: 1 })];
    const user = userEvent.setup();
    await renderApp('/cart');
    await screen.findByRole('list', { name: 'Items in your bag' });
    const start = bag.calls.length;
    await user.click(button('Increase quantity of Lavender Side'));
    await waitFor(() => expect(within(quantityOf('Lavender Side')).getByText('2')).toBeTruthy());
    const update = bag.calls.slice(start).find((entry) => entry.call === 'update');
    expect(update?.path).toBe(`u_12/${bag.lines[0]?.id}`);
    expect(bag.calls.filter((entry) => entry.call === 'cart').every((entry) => entry.path === 'u_12')).toBe(true);
  });

  it('offers Retry when the bag does not load, and loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.sessionStorage.setItem('guestSessionId', guestSessionId);
    bag.lines = [aLine({ name: 'Posy of Calm' })];
    bag.failWith.cart = 403;
    const user = userEvent.setup();
    await renderApp('/cart');
    expect(await screen.findByText('Your bag did not load')).toBeTruthy();
    bag.failWith.cart = undefined;
    await user.click(button('Retry'));
    expect(await screen.findByRole('link', { name: 'Posy of Calm' })).toBeTruthy();
  });

  it('goes to /checkout from Proceed to Checkout', async () => {
    const { user, router } = await openBag(aLine({ name: 'Sunset Posy' }));
    await user.click(button('Proceed to Checkout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });
});

describe('cart page: quantity', () => {
  it('checks the stock for one more, posts the update, reloads the bag and the badge', async () => {
    const line = aLine({ name: 'Blush Rose Posy', productId: 'p_rose', quantity: 2, available: 5 });
    const { user } = await openBag(line, aLine({ name: 'Quiet Fern', quantity: 1 }));
    expect(screen.getByRole('link', { name: 'Bag, 3 items' })).toBeTruthy();
    const start = bag.calls.length;

    await user.click(button('Increase quantity of Blush Rose Posy'));

    await waitFor(() => expect(within(quantityOf('Blush Rose Posy')).getByText('3')).toBeTruthy());
    expect(callsSince(start)).toEqual(['checkquantity', 'update', 'cart']);
    expect(bag.calls[start]?.body).toEqual({ productId: 'p_rose', quantity: 3 });
    expect(bag.calls[start + 1]).toEqual({
      call: 'update',
      path: `${guestSessionId}/${line.id}`,
      body: { productId: 'p_rose', size: 'Standard', quantity: 3 },
    });
    expect(screen.getByText('Rs. 3,750')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bag, 4 items' })).toBeTruthy();
  });

  it('decreases without a stock check, and not below 1', async () => {
    const { user } = await openBag(aLine({ name: 'Ivory Posy', quantity: 2 }));
    const start = bag.calls.length;
    await user.click(button('Decrease quantity of Ivory Posy'));
    await waitFor(() => expect(within(quantityOf('Ivory Posy')).getByText('1')).toBeTruthy());
    expect(callsSince(start)).toEqual(['update', 'cart']);
    expect(button('Decrease quantity of Ivory Posy').disabled).toBe(true);
    expect(button('Increase quantity of Ivory Posy').disabled).toBe(false);
    expect(screen.getByRole('link', { name: 'Bag, 1 item' })).toBeTruthy();
  });

  it('disables increase at 10, and at the stock left', async () => {
    await openBag(aLine({ name: 'Ten Roses', quantity: 10, available: 50 }), aLine({ name: 'Last Three', quantity: 3, available: 3 }));
    expect(button('Increase quantity of Ten Roses').disabled).toBe(true);
    expect(button('Increase quantity of Last Three').disabled).toBe(true);
    expect(button('Decrease quantity of Ten Roses').disabled).toBe(false);
  });

  it('says the stock limit is reached when the stock check refuses, and posts nothing', async () => {
    const line = aLine({ name: 'Rare Protea', quantity: 2, available: 4 });
    const { user } = await openBag(line);
    // Someone else bought the rest after the page loaded.
    line.available = 2;
    const start = bag.calls.length;
    await user.click(button('Increase quantity of Rare Protea'));
    expect(await screen.findByText("You've reached the maximum quantity available in stock.")).toBeTruthy();
    expect(callsSince(start)).toEqual(['checkquantity']);
    expect(within(quantityOf('Rare Protea')).getByText('2')).toBeTruthy();
  });

  it('says the stock limit is reached when the update answers "Insufficient quantity available"', async () => {
    const line = aLine({ name: 'Rare Protea', quantity: 2, available: 4 });
    const { user } = await openBag(line);
    server.use(http.post('*/api/checkquantity', () => HttpResponse.text('Quantity is sufficient')));
    line.available = 2;
    await user.click(button('Increase quantity of Rare Protea'));
    expect(await screen.findByText("You've reached the maximum quantity available in stock.")).toBeTruthy();
    expect(line.quantity).toBe(2);
  });

  it('says an error occurred when the update fails, and keeps the bag as it was', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openBag(aLine({ name: 'Amber Posy', quantity: 2 }));
    bag.failWith.update = 500;
    await user.click(button('Decrease quantity of Amber Posy'));
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeTruthy();
    expect(within(quantityOf('Amber Posy')).getByText('2')).toBeTruthy();
    expect(button('Decrease quantity of Amber Posy').disabled).toBe(false);
  });

  it('makes one update for a double click on +', async () => {
    const { user } = await openBag(aLine({ name: 'Peony Round', quantity: 1, available: 9 }));
    bag.slow = 40;
    const start = bag.calls.length;
    await user.dblClick(button('Increase quantity of Peony Round'));
    await waitFor(() => expect(within(quantityOf('Peony Round')).getByText('2')).toBeTruthy());
    expect(callsSince(start)).toEqual(['checkquantity', 'update', 'cart']);
  });
});

describe('cart page: removing', () => {
  it('removes a line, reloads the bag and the badge', async () => {
    const fern = aLine({ name: 'Quiet Fern', productId: 'p_fern', quantity: 2 });
    const { user } = await openBag(fern, aLine({ name: 'Sunset Posy', quantity: 1 }));
    const start = bag.calls.length;
    await user.click(button('Remove Quiet Fern'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Quiet Fern' })).toBeNull());
    expect(callsSince(start)).toEqual(['remove', 'cart']);
    expect(bag.calls[start]?.body).toEqual({ productId: 'p_fern', userExtId: null, guestSessionId });
    expect(screen.getByRole('link', { name: 'Sunset Posy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bag, 1 item' })).toBeTruthy();
  });

  it('shows the empty bag and hides the badge when the last line goes', async () => {
    const { user } = await openBag(aLine({ name: 'Only One', quantity: 3 }));
    await user.click(button('Remove Only One'));
    expect(await screen.findByText('Your Bag is Empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bag' })).toBeTruthy();
  });

  it('says an error occurred when removing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openBag(aLine({ name: 'Stubborn Posy' }));
    bag.failWith.remove = 500;
    await user.click(button('Remove Stubborn Posy'));
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stubborn Posy' })).toBeTruthy();
  });

  it('flags a product taken off the shop, leaves only Remove, and holds back checkout with the reason', async () => {
    const { user } = await openBag(aLine({ name: 'Retired Posy', quantity: 2, isRemoved: true }), aLine({ name: 'Fine Fern' }));
    const retired = screen.getAllByRole('listitem')[0] as HTMLElement;
    expect(within(retired).getByText('This product is no longer available. Please remove it from your bag.')).toBeTruthy();
    expect(button('Decrease quantity of Retired Posy').disabled).toBe(true);
    expect(button('Increase quantity of Retired Posy').disabled).toBe(true);
    expect(button('Remove Retired Posy').disabled).toBe(false);
    expect(button('Proceed to Checkout').disabled).toBe(true);
    expect(screen.getByText(/no longer available\. Please remove them to proceed to checkout/)).toBeTruthy();

    await user.click(button('Remove Retired Posy'));
    await waitFor(() => expect(button('Proceed to Checkout').disabled).toBe(false));
    expect(screen.queryByText(/Please remove them to proceed to checkout/)).toBeNull();
  });

  it('holds back checkout while a quantity is above the stock left', async () => {
    await openBag(aLine({ name: 'Dwindling Posy', quantity: 4, available: 2 }));
    expect(screen.getByText('Only 2 left in stock. Please reduce the quantity.')).toBeTruthy();
    expect(button('Proceed to Checkout').disabled).toBe(true);
    expect(button('Increase quantity of Dwindling Posy').disabled).toBe(true);
    expect(button('Decrease quantity of Dwindling Posy').disabled).toBe(false);
  });
});
