// @vitest-environment jsdom
// The add-to-cart machine's paths walked through the real app at /flower/p_rose: Add To Cart and Buy Now clicked,
// createusercart answering (added, at the maximum, refused) and the bag count reloaded when the path says, and Buy Now
// going on to /checkout 3 s later. A visitor without a bag first has a guest session made (getSessionId).
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { cartMessages, cartTexts } from '../../../domain/cart';
import type { CartReply } from '../../../domain/cart';
import { addToCartMachine } from '../../../machines/add-to-cart.machine';
import type { AddToCartContext, AddToCartInput } from '../../../machines/add-to-cart.machine';
import { aFlowerDetail, layoutHandlers } from '../catalog-fixtures';
import { renderApp, signIn } from '../render-app';
import { heldNetwork } from './held-network';
import { expectToast, isBusy } from './view-checks';
import { mockApi } from '../page-harness';

const flower = aFlowerDetail({ externalId: 'p_rose', quantity: 5 });
const input: AddToCartInput = { productExtId: 'p_rose', inStock: true };
const bagWith = (units: number): CartReply => ({ price: 1499 * units, gst: true, totalAmount: 1250 * units, totalCartItems: units, productList: [] });

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  http.get('*/api/flowerdetail/p_rose', () => HttpResponse.json({ flowerDetail: flower })),
  network.hold('get', '*/api/getSessionId', 'getSessionId'),
  network.hold('post', '*/api/createusercart', 'createusercart'),
  network.hold('get', '*/api/user/u_12/cart', 'cart'),
  // Buy Now ends on /checkout, whose own calls are not this machine's business.
  http.all('*/api/*', () => HttpResponse.json({ message: 'Not part of this walk', code: 'NOT_FOUND' }, { status: 404 })),
]);

type Situation = AddToCartInput & { signedIn: boolean };

async function renderFlower({ signedIn }: Situation) {
  if (signedIn) signIn();
  const app = await renderApp('/flower/p_rose');
  await screen.findByRole('heading', { level: 1, name: flower.productName }, { timeout: 8000 });
  return { ...app, button: (name: 'Add To Cart' | 'Buy Now') => screen.getByRole('button', { name }) };
}
type FlowerScreen = Awaited<ReturnType<typeof renderFlower>>;

const intentOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as AddToCartContext).intent;
const buttonOf = (snapshot: AnyMachineSnapshot) => (intentOf(snapshot) === 'buyNow' ? 'Buy Now' : 'Add To Cart');

describeViewModel<FlowerScreen, Situation>('add-to-cart machine through the real app at /flower/p_rose', {
  machine: addToCartMachine,
  network,
  situations: [
    { name: 'signed in', input: { ...input, signedIn: true } },
    { name: 'a visitor without a bag', input: { ...input, signedIn: false } },
  ],
  // Whether the visitor is signed in only decides how the screen is reached.
  inputOf: ({ signedIn: _signedIn, ...machineInput }) => machineInput,
  events: ({ signedIn }) => [
    { type: 'cart.add' },
    { type: 'cart.buyNow' },
    // A signed-in user's bag is known at once; a visitor's guest session has to be asked for, and here it fails.
    ...(signedIn
      ? [
          { type: 'xstate.done.actor.ensureOwner', output: { kind: 'user', userExtId: 'u_12' } },
          { type: 'xstate.done.actor.addToCart', output: 'added' },
          { type: 'xstate.done.actor.addToCart', output: 'maximum' },
          { type: 'xstate.error.actor.addToCart', error: { status: 500 } },
          { type: 'xstate.done.actor.refreshCount', output: undefined },
          { type: 'xstate.after.afterBuyNow.addToCart.proceeding' },
        ]
      : [{ type: 'xstate.error.actor.ensureOwner', error: { status: 503 } }]),
  ],
  // Buy Now's last step opens /checkout: the flower page is gone.
  leaves: (from) => from.matches('proceeding'),
  automatic: ({ signedIn }) => (signedIn ? ['xstate.done.actor.ensureOwner'] : []),
  notInView: {
    'addToCart.refreshingCount --xstate.error.actor.refreshCount--> addToCart.proceeding':
      'refreshCartCount() keeps the last count when the bag does not load and never fails',
    'addToCart.refreshingCount --xstate.error.actor.refreshCount--> addToCart.idle':
      'refreshCartCount() keeps the last count when the bag does not load and never fails',
  },
  render: ({ input: situation }) => renderFlower(situation),
  perform: {
    'cart.add': async (page, _, { user }) => {
      await user.click(page.button('Add To Cart'));
    },
    'cart.buyNow': async (page, _, { user }) => {
      await user.click(page.button('Buy Now'));
    },
    'xstate.error.actor.ensureOwner': async (_, __, { network }) => {
      await network.answer('getSessionId', () => HttpResponse.json({ message: 'Busy', code: 'UNAVAILABLE' }, { status: 503 }));
      await expectToast(cartMessages.addFailed);
    },
    'xstate.done.actor.addToCart': async (_, event, { network }, { from, to }) => {
      await network.answer('createusercart', () => HttpResponse.text(event.output === 'added' ? cartTexts.added : cartTexts.maximumAdded));
      if (to.matches('proceeding')) await expectToast(cartMessages.proceedingToCheckout);
      else if (intentOf(from) === 'add') await expectToast(event.output === 'added' ? cartMessages.addedToCart : cartMessages.stockLimit);
    },
    'xstate.error.actor.addToCart': async (_, __, { network }) => {
      await network.answer('createusercart', () => HttpResponse.json({ message: 'Broken', code: 'INTERNAL' }, { status: 500 }));
      await expectToast(cartMessages.addFailed);
    },
    'xstate.done.actor.refreshCount': async (_, __, { network }, { to }) => {
      await network.answer('cart', () => HttpResponse.json(bagWith(3)));
      // The badge follows the bag.
      expect(await screen.findByRole('link', { name: 'Bag, 3 items' })).toBeTruthy();
      if (to.matches('proceeding')) await expectToast(cartMessages.proceedingToCheckout);
    },
  },
  shows: {
    idle: (page, _, __, from) => {
      // Buy Now has left for checkout; anything else leaves the shopper on the flower, free to click again.
      if (from?.matches('proceeding')) {
        expect(page.router.state.location.pathname).toBe('/checkout');
        return;
      }
      expect(page.button('Add To Cart').hasAttribute('disabled')).toBe(false);
      expect(page.button('Buy Now').hasAttribute('disabled')).toBe(false);
    },
    resolvingOwner: (page, expected, { network }) => {
      expect(page.button(buttonOf(expected)).getAttribute('aria-busy')).toBe('true');
      expect(network.waiting('getSessionId')).toHaveLength(1);
    },
    adding: (page, expected, { network }) => {
      expect(page.button(buttonOf(expected)).getAttribute('aria-busy')).toBe('true');
      expect(network.waiting('createusercart').map((request) => request.body)).toEqual([{ productExtId: 'p_rose', userId: 'u_12' }]);
    },
    refreshingCount: (page, expected, { network }) => {
      expect(isBusy(page.button(buttonOf(expected)))).toBe(true);
      expect(network.waiting('cart')).toHaveLength(1);
    },
    proceeding: (page) => {
      expect(page.router.state.location.pathname).toBe('/flower/p_rose');
      expect(isBusy(page.button('Buy Now'))).toBe(true);
    },
  },
});
