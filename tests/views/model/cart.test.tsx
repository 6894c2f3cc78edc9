// @vitest-environment jsdom
// The cart machine's paths walked through the real app at /cart: the bag loads (or fails and Retry is
// clicked), the stepper's + and − and Remove are clicked, and checkquantity, the line update, removecartitem and the
// bag reload answer when the path says.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { cartMessages, cartTexts } from '../../../domain/cart';
import type { CartLine, CartOwner, CartReply } from '../../../domain/cart';
import { canDecrease, canIncrease } from '../../../domain/cart-rules';
import type { CartContext, UpdateOutcome } from '../../../machines/cart.machine';
import { cartMachine } from '../../../machines/cart.machine';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp, signIn } from '../render-app';
import { heldNetwork } from './held-network';
import { expectToast } from './view-checks';
import { mockApi } from '../page-harness';

const posy: CartLine = {
  productItem: {
    id: 41,
    price: 1250,
    quantity: 2,
    size: 'Standard',
    totalAmount: 2500,
    ProductDatum: { externalId: 'p_posy', itemCode: 'EDF-POSY-01', productName: 'Blush Rose Posy', sellingPrice: 1250, mrp: 1499, deliveryKind: 'courier' },
  },
  productId: 'p_posy',
  productGst: 6,
  available: 8,
  isRemoved: false,
};
const bagOf = (lines: CartLine[]): CartReply => ({
  price: lines.reduce((sum, line) => sum + line.productItem.ProductDatum.mrp * line.productItem.quantity, 0),
  gst: lines.length > 0,
  totalAmount: lines.reduce((sum, line) => sum + line.productItem.totalAmount, 0),
  totalCartItems: lines.reduce((sum, line) => sum + line.productItem.quantity, 0),
  productList: lines,
});
const bag = bagOf([posy]);
const emptyBag = bagOf([]);
const owner: CartOwner = { kind: 'user', userExtId: 'u_12' };
const name = posy.productItem.ProductDatum.productName;

const failure = (status: number) => HttpResponse.json({ message: 'Something broke', code: 'TEST_FAILURE' }, { status });

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  network.hold('get', '*/api/user/u_12/cart', 'cart'),
  network.hold('post', '*/api/checkquantity', 'checkquantity'),
  network.hold('post', '*/api/user/u_12/cart/:cartItemId', 'update'),
  network.hold('post', '*/api/removecartitem', 'removecartitem'),
]);

async function renderCart(input: { owner: CartOwner | null }) {
  if (input.owner) signIn();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await renderApp('/cart');
  return {
    button: (label: string) => screen.getByRole('button', { name: label }),
    stepper: () => screen.getByRole('group', { name: `Quantity of ${name}` }),
  };
}
type CartScreen = Awaited<ReturnType<typeof renderCart>>;

/** A read the client does not repeat: 403 (a 5xx GET would be tried three times). */
const refusedRead = () => failure(403);

describeViewModel<CartScreen, { owner: CartOwner | null }>('cart machine through the real app at /cart', {
  machine: cartMachine,
  network,
  situations: [
    { name: 'signed in with a bag', input: { owner } },
    { name: 'a visitor without a bag', input: { owner: null } },
  ],
  notInView: {
    'cart.ready.idle --cart.changed--> cart.ready.reloading':
      '"Make it special" under the lines sends it once an add-on is in the bag: make-it-special.test.tsx and bag.spec.ts take it',
  },
  events: [
    { type: 'xstate.done.actor.loadCart', output: bag },
    { type: 'xstate.done.actor.loadCart', output: emptyBag },
    { type: 'xstate.error.actor.loadCart', error: { status: 403 } },
    { type: 'cart.retry' },
    { type: 'quantity.increase', cartItemId: 41 },
    { type: 'quantity.decrease', cartItemId: 41 },
    { type: 'item.remove', cartItemId: 41 },
    { type: 'xstate.done.actor.checkStock', output: true },
    { type: 'xstate.done.actor.checkStock', output: false },
    { type: 'xstate.error.actor.checkStock', error: { status: 500 } },
    { type: 'xstate.done.actor.updateQuantity', output: 'updated' satisfies UpdateOutcome },
    { type: 'xstate.done.actor.updateQuantity', output: 'insufficient' satisfies UpdateOutcome },
    { type: 'xstate.error.actor.updateQuantity', error: { status: 500 } },
    { type: 'xstate.done.actor.removeItem', output: undefined },
    { type: 'xstate.error.actor.removeItem', error: { status: 500 } },
    { type: 'xstate.done.actor.reloadCart', output: bag },
    { type: 'xstate.done.actor.reloadCart', output: emptyBag },
    { type: 'xstate.error.actor.reloadCart', error: { status: 403 } },
  ],
  render: ({ input }) => renderCart(input),
  perform: {
    'xstate.done.actor.loadCart': (_, event, { network }) => network.answer('cart', () => HttpResponse.json(event.output)),
    'xstate.error.actor.loadCart': (_, __, { network }) => network.answer('cart', refusedRead),
    'cart.retry': async (page, _, { user }) => {
      await user.click(page.button('Retry'));
    },
    'quantity.increase': async (page, _, { user }) => {
      await user.click(page.button(`Increase quantity of ${name}`));
    },
    'quantity.decrease': async (page, _, { user }) => {
      await user.click(page.button(`Decrease quantity of ${name}`));
    },
    'item.remove': async (page, _, { user }) => {
      await user.click(page.button(`Remove ${name}`));
    },
    'xstate.done.actor.checkStock': async (_, event, { network }) => {
      await network.answer('checkquantity', () => HttpResponse.text(event.output ? cartTexts.sufficient : cartTexts.insufficient));
      if (!event.output) await expectToast(cartMessages.stockLimit);
    },
    'xstate.done.actor.updateQuantity': async (_, event, { network }) => {
      await network.answer('update', () => HttpResponse.text(event.output === 'updated' ? cartTexts.updated : cartTexts.insufficient));
      if (event.output !== 'updated') await expectToast(cartMessages.stockLimit);
    },
    'xstate.done.actor.removeItem': (_, __, { network }) => network.answer('removecartitem', () => HttpResponse.json({ message: 'removed' })),
    'xstate.done.actor.reloadCart': (_, event, { network }) => network.answer('cart', () => HttpResponse.json(event.output)),
    // Every failed change says so the same way.
    'xstate.error.actor.checkStock': async (_, __, { network }) => {
      await network.answer('checkquantity', () => failure(500));
      await expectToast(cartMessages.networkError);
    },
    'xstate.error.actor.updateQuantity': async (_, __, { network }) => {
      await network.answer('update', () => failure(500));
      await expectToast(cartMessages.networkError);
    },
    'xstate.error.actor.removeItem': async (_, __, { network }) => {
      await network.answer('removecartitem', () => failure(500));
      await expectToast(cartMessages.networkError);
    },
    'xstate.error.actor.reloadCart': async (_, __, { network }) => {
      await network.answer('cart', refusedRead);
      await expectToast(cartMessages.networkError);
    },
  },
  shows: {
    loading: (_, __, { network }) => {
      expect(screen.getByText('Loading your bag…')).toBeTruthy();
      expect(network.waiting('cart')).toHaveLength(1);
    },
    loadFailed: () => {
      expect(screen.getByRole('heading', { name: 'Your bag did not load' })).toBeTruthy();
    },
    empty: () => {
      expect(screen.getByText(cartMessages.emptyTitle)).toBeTruthy();
      expect(screen.queryByRole('list', { name: 'Items in your bag' })).toBeNull();
    },
    ready: (page, expected) => {
      const { cart } = expected.context as CartContext;
      expect(within(screen.getByRole('list', { name: 'Items in your bag' })).getByRole('link', { name })).toBeTruthy();
      // The header's badge follows the bag the page has just read.
      const count = cart!.totalCartItems;
      expect(screen.getAllByRole('link', { name: `Bag, ${count} ${count === 1 ? 'item' : 'items'}` }).length).toBeGreaterThan(0);
      expect(page.stepper()).toBeTruthy();
    },
    'ready.idle': (page, expected) => {
      const line = (expected.context as CartContext).cart!.productList[0]!;
      expect(page.stepper().getAttribute('aria-busy')).toBe('false');
      expect(within(page.stepper()).getByText(String(line.productItem.quantity))).toBeTruthy();
      expect(page.button(`Increase quantity of ${name}`).hasAttribute('disabled')).toBe(!canIncrease(line));
      expect(page.button(`Decrease quantity of ${name}`).hasAttribute('disabled')).toBe(!canDecrease(line));
    },
    'ready.checkingStock': (page, expected, { network }) => {
      const { pending } = expected.context as CartContext;
      expect(page.stepper().getAttribute('aria-busy')).toBe('true');
      expect(network.waiting('checkquantity').map((request) => request.body)).toEqual([
        { productId: pending!.productId, quantity: pending!.quantity },
      ]);
    },
    'ready.updating': (page, expected, { network }) => {
      const { pending } = expected.context as CartContext;
      expect(page.stepper().getAttribute('aria-busy')).toBe('true');
      expect(network.waiting('update').map((request) => [request.url.pathname, request.body])).toEqual([
        [`/api/user/u_12/cart/41`, { productId: pending!.productId, size: pending!.size, quantity: pending!.quantity }],
      ]);
    },
    'ready.removing': (page, _, { network }) => {
      expect(page.stepper().getAttribute('aria-busy')).toBe('true');
      expect(network.waiting('removecartitem').map((request) => request.body)).toEqual([
        { productId: 'p_posy', userExtId: 'u_12', guestSessionId: null },
      ]);
    },
    'ready.reloading': (page, _, { network }) => {
      expect(page.stepper().getAttribute('aria-busy')).toBe('true');
      expect(network.waiting('cart')).toHaveLength(1);
    },
  },
});
