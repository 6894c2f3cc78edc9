// @vitest-environment jsdom
// Add To Cart and Buy Now on the product page, against the real machine and API client with the network mocked at the
// HTTP layer: the guest session started once, the bag's owner posted, the spec's toasts, the badge, and Buy Now's
// 3 s before /checkout.
import './setup-dom';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CartReply } from '../../domain/cart';
import { cartCountStore } from '../../src/app/cart-count-store';
import { refreshCartCount } from '../../src/app/cart-owner';
import { aFlowerDetail, layoutHandlers } from './catalog-fixtures';
import { renderApp, signIn } from './render-app';
import { mockApi } from './page-harness';

const guestSessionId = 'gs_Q2xlYXJseUEyMmNoYXJJZA';
const guestToken = 'guest-access-token';

interface AddRequest {
  body: Record<string, unknown>;
  authorization: string | null;
}

/** What the fake server was asked, and what it holds: one bag per owner path, counted in units. */
const seen = { sessionIds: 0, adds: [] as AddRequest[], cartReads: [] as string[] };
let units = 0;

function aCart(totalCartItems: number): CartReply {
  return { price: 0, gst: false, totalAmount: 0, totalCartItems, productList: [] };
}

const server = mockApi([
  ...layoutHandlers,
  http.get('*/api/flowerdetail/:id', ({ params }) =>
    params.id === 'p_sold'
      ? HttpResponse.json({ flowerDetail: aFlowerDetail({ externalId: 'p_sold', quantity: 0 }) })
      : HttpResponse.json({ flowerDetail: aFlowerDetail({ externalId: String(params.id) }) }),
  ),
  http.get('*/api/getSessionId', async () => {
    seen.sessionIds += 1;
    await delay(10);
    return HttpResponse.json({ sessionId: guestSessionId, accessToken: guestToken });
  }),
  http.get('*/api/:kind/:owner/cart', ({ params }) => {
    seen.cartReads.push(`${String(params.kind)}/${String(params.owner)}`);
    return HttpResponse.json(aCart(units));
  }),
], () => {
  seen.sessionIds = 0;
  seen.adds = [];
  seen.cartReads = [];
  units = 0;
  cartCountStore.set(0);
});

/** The answer to createusercart for this test. */
function answerAdds(answer: (body: Record<string, unknown>) => Response | Promise<Response>) {
  server.use(
    http.post('*/api/createusercart', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.adds.push({ body, authorization: request.headers.get('Authorization') });
      await delay(30);
      return answer(body);
    }),
  );
}

const added = () => {
  units += 1;
  return new HttpResponse('quantity added to cart', { headers: { 'Content-Type': 'text/plain' } });
};
const atMaximum = () => new HttpResponse('maximum quantity added to cart', { headers: { 'Content-Type': 'text/plain' } });

async function openProduct(id = 'p_rose') {
  const user = userEvent.setup();
  const view = await renderApp(`/flower/${id}`);
  await screen.findByRole('heading', { level: 1, name: 'Blush Rose Posy' });
  return { user, ...view };
}

const addButton = () => screen.getByRole('button', { name: 'Add To Cart' });
const buyNowButton = () => screen.getByRole('button', { name: 'Buy Now' });

describe('Add To Cart on the product page', () => {
  it('starts a guest session once, posts with its id and token, and shows the new count on the badge', async () => {
    answerAdds(added);
    const { user } = await openProduct();
    await user.click(addButton());
    expect(await screen.findByText('Product added to cart')).toBeTruthy();
    await screen.findByRole('link', { name: 'Bag, 1 item' });
    expect(window.sessionStorage.getItem('guestSessionId')).toBe(guestSessionId);
    expect(seen.adds).toEqual([
      { body: { productExtId: 'p_rose', sessionId: guestSessionId }, authorization: guestToken },
    ]);
    expect(seen.cartReads).toEqual([`guest/${guestSessionId}`]);

    await waitFor(() => expect(addButton().hasAttribute('disabled')).toBe(false));
    await user.click(addButton());
    await screen.findByRole('link', { name: 'Bag, 2 items' });
    // The stored session is used from then on: still one getSessionId.
    expect(seen.sessionIds).toBe(1);
    expect(seen.adds.map((add) => add.body.sessionId)).toEqual([guestSessionId, guestSessionId]);
  });

  it('posts a signed-in user’s bag with userId and refreshes the user’s count', async () => {
    signIn();
    answerAdds(added);
    const { user } = await openProduct();
    await user.click(addButton());
    await screen.findByRole('link', { name: 'Bag, 1 item' });
    expect(seen.sessionIds).toBe(0);
    expect(seen.adds).toEqual([{ body: { productExtId: 'p_rose', userId: 'u_12' }, authorization: 'token-12' }]);
    expect(seen.cartReads).toEqual(['user/u_12']);
    expect(screen.getByText('Product added to cart')).toBeTruthy();
  });

  it('says so when the line already holds all the stock allows', async () => {
    signIn();
    answerAdds(atMaximum);
    const { user } = await openProduct();
    await user.click(addButton());
    expect(await screen.findByText("You've reached the maximum quantity available in stock.")).toBeTruthy();
    expect(screen.queryByText('Product added to cart')).toBeNull();
  });

  it('shows the stock limit when the server answers 409 OUT_OF_STOCK', async () => {
    signIn();
    answerAdds(() => HttpResponse.json({ message: 'Out of stock', code: 'OUT_OF_STOCK' }, { status: 409 }));
    const { user } = await openProduct();
    await user.click(addButton());
    expect(await screen.findByText("You've reached the maximum quantity available in stock.")).toBeTruthy();
  });

  it('shows the failure message for a refused add', async () => {
    signIn();
    answerAdds(() => HttpResponse.json({ message: 'Something broke', code: 'INTERNAL' }, { status: 500 }));
    const { user } = await openProduct();
    await user.click(addButton());
    expect(await screen.findByText('Failed to add to cart. Please try again.')).toBeTruthy();
    expect(seen.cartReads).toEqual([]);
    expect(screen.getByRole('link', { name: 'Bag' })).toBeTruthy();
  });

  it('shows the network message when the add gets no answer', async () => {
    signIn();
    answerAdds(() => HttpResponse.error());
    const { user } = await openProduct();
    await user.click(addButton());
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeTruthy();
  });

  it('shows the network message when the guest session cannot be started', async () => {
    answerAdds(added);
    server.use(http.get('*/api/getSessionId', () => HttpResponse.error()));
    const { user } = await openProduct();
    await user.click(addButton());
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeTruthy();
    expect(seen.adds).toEqual([]);
    expect(window.sessionStorage.getItem('guestSessionId')).toBeNull();
  });

  it('adds once for a double click, with both buttons busy meanwhile', async () => {
    signIn();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    answerAdds(async () => {
      await answered;
      return added();
    });
    const { user } = await openProduct();
    await user.dblClick(addButton());
    await waitFor(() => expect(seen.adds).toHaveLength(1));
    expect(addButton().hasAttribute('disabled')).toBe(true);
    expect(addButton().getAttribute('aria-busy')).toBe('true');
    expect(buyNowButton().hasAttribute('disabled')).toBe(true);
    await user.click(buyNowButton());
    answer();
    await screen.findByText('Product added to cart');
    await waitFor(() => expect(addButton().hasAttribute('disabled')).toBe(false));
    expect(addButton().getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByText('Proceeding to Checkout')).toBeNull();
    expect(seen.adds).toHaveLength(1);
  });
});

describe('Buy Now on the product page', () => {
  it('adds, says "Proceeding to Checkout", and goes to /checkout 3 s later', async () => {
    signIn();
    answerAdds(added);
    const { user, router } = await openProduct();
    await user.click(buyNowButton());
    await screen.findByText('Proceeding to Checkout');
    const shownAt = Date.now();
    await screen.findByRole('link', { name: 'Bag, 1 item' });
    expect(router.state.location.pathname).toBe('/flower/p_rose');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'), { timeout: 4500 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2900);
    expect(seen.adds).toEqual([{ body: { productExtId: 'p_rose', userId: 'u_12' }, authorization: 'token-12' }]);
  });

  it('goes to /checkout too when the line was already at its maximum', async () => {
    signIn();
    answerAdds(atMaximum);
    const { user, router } = await openProduct();
    await user.click(buyNowButton());
    await screen.findByText('Proceeding to Checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'), { timeout: 4500 });
  });

  it('stays on the product when the add failed', async () => {
    signIn();
    answerAdds(() => HttpResponse.json({ message: 'Something broke', code: 'INTERNAL' }, { status: 500 }));
    const { user, router } = await openProduct();
    await user.click(buyNowButton());
    await screen.findByText('Failed to add to cart. Please try again.');
    await act(() => new Promise((resolve) => setTimeout(resolve, 3200)));
    expect(router.state.location.pathname).toBe('/flower/p_rose');
    expect(screen.queryByText('Proceeding to Checkout')).toBeNull();
  });
});

describe('a sold-out product', () => {
  it('shows "Out of stock" with both buttons disabled, and asks nothing of the bag', async () => {
    answerAdds(added);
    const { user } = await openProduct('p_sold');
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(addButton().hasAttribute('disabled')).toBe(true);
    expect(buyNowButton().hasAttribute('disabled')).toBe(true);
    expect(addButton().getAttribute('aria-describedby')).toBe(screen.getByText('Out of stock').id);
    await user.click(addButton());
    expect(seen.sessionIds).toBe(0);
    expect(seen.adds).toEqual([]);
  });
});

describe('the badge at app start', () => {
  it('shows a returning guest’s count from GET guest/{sessionId}/cart', async () => {
    window.sessionStorage.setItem('guestSessionId', guestSessionId);
    window.localStorage.setItem('accessToken', guestToken);
    units = 4;
    await openProduct();
    await act(() => refreshCartCount());
    expect(screen.getByRole('link', { name: 'Bag, 4 items' })).toBeTruthy();
    expect(seen.cartReads).toEqual([`guest/${guestSessionId}`]);
  });

  it('asks nothing for a visitor without a bag', async () => {
    cartCountStore.set(2);
    await openProduct();
    await act(() => refreshCartCount());
    expect(screen.getByRole('link', { name: 'Bag' })).toBeTruthy();
    expect(seen.cartReads).toEqual([]);
    expect(seen.sessionIds).toBe(0);
  });
});
