// @vitest-environment jsdom
// The checkout-load machine's paths walked through the real app at /checkout: signed in, the bag loads or fails (Try
// again); a visitor without a bag first gets a guest session (getSessionId), which can fail too.
import '../setup-dom';
// The kit first: it watches machine actors from the first import on.
import { describeViewModel } from './view-model';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { CheckoutLoadContext } from '../../../machines/checkout-load.machine';
import { checkoutLoadMachine } from '../../../machines/checkout-load.machine';
import { layoutHandlers } from '../catalog-fixtures';
import { renderApp, signIn } from '../render-app';
import { oneLineBag, savedAddress } from './checkout-fixtures';
import { heldNetwork } from './held-network';
import { mockApi } from '../page-harness';

const network = heldNetwork();
mockApi([
  ...layoutHandlers,
  network.hold('get', '*/api/getSessionId', 'getSessionId'),
  network.hold('get', '*/api/user/u_12/cart', 'cart'),
  http.get('*/api/getuseraddresses', () => HttpResponse.json([savedAddress])),
  http.all('*/api/*', () => HttpResponse.json({ message: 'Not part of this walk', code: 'NOT_FOUND' }, { status: 404 })),
]);

type Situation = { signedIn: boolean };

async function renderCheckout({ signedIn }: Situation) {
  if (signedIn) signIn();
  // Failed loads are logged.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return renderApp('/checkout');
}
type CheckoutScreen = Awaited<ReturnType<typeof renderCheckout>>;

/** A refusal a read is not repeated on, so that one answer settles the call. */
const refused = () => HttpResponse.json({ message: 'Refused', code: 'BAD_REQUEST' }, { status: 400 });
const loading = () => expect(screen.getByRole('status').textContent).toContain('Loading your order…');

describeViewModel<CheckoutScreen, Situation>('checkout-load machine through the real app at /checkout', {
  machine: checkoutLoadMachine,
  network,
  situations: [
    { name: 'signed in', input: { signedIn: true } },
    { name: 'a visitor without a bag', input: { signedIn: false } },
  ],
  inputOf: () => undefined,
  events: ({ signedIn }) => [
    ...(signedIn
      ? [
          { type: 'xstate.done.actor.ensureOwner', output: { kind: 'user', userExtId: 'u_12' } },
          { type: 'xstate.done.actor.loadCart', output: oneLineBag },
          { type: 'xstate.error.actor.loadCart', error: { status: 400 } },
        ]
      : // Try again is walked here: signed in, the state it enters is left before anyone could look.
        [{ type: 'xstate.error.actor.ensureOwner', error: { status: 400 } }, { type: 'load.retry' }]),
  ],
  // A signed-in shopper is the bag's owner at once: no call.
  automatic: ({ signedIn }) => (signedIn ? ['xstate.done.actor.ensureOwner'] : []),
  // What the page shows of the bag is checked by shows.loaded; the reply as parsed may carry more than the fixture.
  observe: (snapshot: AnyMachineSnapshot) => {
    const { owner, cart } = snapshot.context as CheckoutLoadContext;
    return { value: snapshot.value, owner, lines: cart?.productList.length ?? null };
  },
  render: ({ input }) => renderCheckout(input),
  perform: {
    'xstate.error.actor.ensureOwner': (_, __, { network }) => network.answer('getSessionId', refused),
    'xstate.done.actor.loadCart': (_, event, { network }) => network.answer('cart', () => HttpResponse.json(event.output)),
    'xstate.error.actor.loadCart': (_, __, { network }) => network.answer('cart', refused),
    'load.retry': async (_, __, { user }) => {
      await user.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    },
  },
  shows: {
    findingOwner: (_, __, { input, network }) => {
      loading();
      if (!input.signedIn) expect(network.waiting('getSessionId')).toHaveLength(1);
    },
    loadingCart: (_, __, { network }) => {
      loading();
      expect(network.waiting('cart')).toHaveLength(1);
    },
    loadFailed: () => {
      expect(screen.getByText('Your order did not load')).toBeTruthy();
    },
    loaded: () => {
      // In Your Order (the deliveries above name the bag's products too).
      const yourOrder = screen.getByRole('region', { name: 'Your Order' });
      expect(within(yourOrder).getByText(oneLineBag.productList[0]!.productItem.ProductDatum.productName)).toBeTruthy();
      expect(screen.queryByText('Loading your order…')).toBeNull();
    },
  },
});
