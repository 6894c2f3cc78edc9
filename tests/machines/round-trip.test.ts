// What "opens unchanged in the Stately editor" means, proved for every machine: its config serialised to JSON and a
// machine rebuilt from that JSON with the same `setup` implementations behave alike. Along every path the graph
// generates, both reach the same state and context and run the same named actions with the same params. The only
// things JSON drops are the mappers that hand an invoked actor its input and a finished machine its output: they
// decide what a call receives, never which state or action comes next, and Stately keeps them as code.
import { describe, expect, it } from 'vitest';
import { StateMachine, createMachine, initialTransition, transition } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { getShortestPaths, serializeSnapshot } from 'xstate/graph';
import { checkoutMessages } from '../../domain/checkout';
import { pickerModelEvents } from './delivery-schedule-fixtures';
import { someDashboardFigures } from './report-fixtures';

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true });

const failure = (status: number | null, code: string | null = null, serverMessage: string | null = null) => ({
  status,
  code,
  serverMessage,
});
const networkDown = new TypeError('Failed to fetch');
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, reason: unknown = failure(500)) => ({ type: `xstate.error.actor.${id}`, error: reason });
const change = (field: string, value: string) => ({ type: 'field.change', field, value });

const user = { kind: 'user', userExtId: 'u_kavya' };
const line = (id: number, quantity: number, available: number) => ({
  productId: `p_${id}`,
  isRemoved: false,
  available,
  productItem: { id, size: 'M', quantity },
});
const cart = { productList: [line(1, 2, 5)], totalCartItems: 2 };
const contactMessage = {
  id: 3,
  fullName: 'Asha Raman',
  email: 'asha@example.in',
  phoneNumber: '9876543210',
  message: 'A posy for Friday, please.',
  createdAt: '2026-03-01T09:00:00.000Z',
  readAt: null,
};
const failedMail = { id: 5, kind: 'order_notice', to: 'shop@example.in', subject: 'New order o_1', attempts: 3, refusal: '550 No such user', failedAt: '2026-03-02T10:00:00.000Z' };
/** A paid order not yet dispatched with a second payment due back: both Refund and Cancel are offered. */
const purchaseDueBack = {
  id: 9,
  status: 'created',
  paymentState: 'paid',
  payments: [
    { paymentId: 'pay_1', amount: 1250, refundState: null },
    { paymentId: 'pay_2', amount: 1250, refundState: 'due' },
  ],
};
const emptyCart = { productList: [], totalCartItems: 0 };
const address = {
  id: 7,
  fullName: 'Asha Raman',
  address: '12 Beach Road',
  locality: 'Adyar',
  landmark: 'Near the park',
  city: 'Chennai',
  pincode: '600020',
  state: 'Tamil Nadu',
  country: 'India',
  phoneNumber: '9876543210',
};
const addressTyping = Object.entries(address)
  .filter(([field]) => field !== 'id')
  .map(([field, value]) => change(field, String(value)));
const session = { message: 'Login successful', userExtId: 'u_kavya', authorization: 't' };
const payment = { razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' };

/** Each machine's input and the events its graph is walked with: enough to take every branch of every guard. */
const models: Record<string, { input?: unknown; events: AnyEventObject[]; vertex?: (snapshot: AnyMachineSnapshot) => unknown }> = {
  addToCart: {
    input: { productExtId: 'p_rose', inStock: true },
    events: [
      { type: 'cart.add' },
      { type: 'cart.buyNow' },
      done('ensureOwner', user),
      error('ensureOwner', networkDown),
      done('addToCart', 'added'),
      done('addToCart', 'maximum'),
      error('addToCart', failure(409, 'OUT_OF_STOCK')),
      done('refreshCount', undefined),
      error('refreshCount'),
      { type: 'xstate.after.afterBuyNow.addToCart.proceeding' },
    ],
  },
  addonCard: {
    input: { productExtId: 'p_cake' },
    events: [
      { type: 'addon.add' },
      done('ensureOwner', user),
      error('ensureOwner', networkDown),
      done('addToCart', 'added'),
      done('addToCart', 'maximum'),
      error('addToCart', failure(409, 'OUT_OF_STOCK')),
    ],
  },
  adminForm: {
    input: { form: 'heroImage' },
    events: [
      done('loadForm', { values: {}, record: null }),
      error('loadForm'),
      { type: 'form.retry' },
      { type: 'files.change', input: 'desktop', files: [{ name: 'a.webp', size: 1000, type: 'image/webp' }] },
      { type: 'files.change', input: 'desktop', files: [{ name: 'b.webp', size: 10_000_000, type: 'image/webp' }] },
      { type: 'form.submit' },
      done('submitForm', { ok: true }),
      done('submitForm', { ok: false, message: 'Refused' }),
      error('submitForm', networkDown),
    ],
    // A banner form counts its saves without end: one save or more is the same vertex of the graph.
    vertex: ({ value, context }) => ({ value, context: { ...context, saves: Math.min(context.saves, 1) } }),
  },
  adminMessages: {
    events: [
      done('loadMessages', [contactMessage]),
      error('loadMessages', networkDown),
      { type: 'list.retry' },
      { type: 'message.toggle', id: 3 },
      { type: 'message.open', id: 3 },
      { type: 'message.reply', id: 3 },
      done('markRead', { ...contactMessage, readAt: '2026-03-02T10:00:00.000Z' }),
      done('markRead', contactMessage),
      error('markRead'),
    ],
  },
  failedMails: {
    events: [
      done('loadMails', [failedMail]),
      error('loadMails', networkDown),
      { type: 'load.retry' },
      { type: 'mail.resend', id: 5 },
      done('resendMail', { message: 'The mail will be sent again' }),
      error('resendMail', failure(409, 'CONFLICT', 'Only a failed mail can be sent again')),
      error('resendMail'),
    ],
  },
  purchaseAction: {
    input: { record: purchaseDueBack },
    events: [
      { type: 'refund.request' },
      { type: 'cancel.request' },
      { type: 'action.confirm' },
      { type: 'action.dismiss' },
      done('runAction', { ok: true, message: 'Refund asked for' }),
      done('runAction', { ok: false, message: 'This order has been dispatched' }),
      error('runAction', networkDown),
    ],
  },
  cart: {
    input: { owner: user },
    events: [
      done('loadCart', cart),
      done('loadCart', emptyCart),
      error('loadCart'),
      { type: 'cart.retry' },
      { type: 'cart.changed' },
      { type: 'quantity.increase', cartItemId: 1 },
      { type: 'quantity.decrease', cartItemId: 1 },
      { type: 'item.remove', cartItemId: 1 },
      done('checkStock', true),
      done('checkStock', false),
      error('checkStock'),
      done('updateQuantity', 'updated'),
      done('updateQuantity', 'insufficient'),
      done('removeItem', undefined),
      done('reloadCart', cart),
      done('reloadCart', emptyCart),
    ],
  },
  checkoutAddress: {
    events: [
      done('loadAddresses', [address]),
      done('loadAddresses', []),
      error('loadAddresses'),
      { type: 'address.retry' },
      { type: 'address.select', addressId: 7 },
      { type: 'form.open' },
      { type: 'form.cancel' },
      ...addressTyping.slice(0, 3),
      { type: 'form.submit' },
      done('saveAddress', {}),
      error('saveAddress'),
    ],
  },
  checkoutLoad: {
    events: [
      done('ensureOwner', user),
      error('ensureOwner', networkDown),
      done('loadCart', cart),
      error('loadCart'),
      { type: 'load.retry' },
    ],
  },
  deliverySchedule: { input: { kind: 'hand' }, events: pickerModelEvents() },
  deliverySlots: {
    events: [
      done('loadSettings', { slots: [], holidays: [], courier: { feePaise: 0, sundaysOff: true } }),
      error('loadSettings', networkDown),
      { type: 'settings.retry' },
      { type: 'change.save', change: { kind: 'holidayRemove', date: '2026-12-25' } },
      done('saveChange', { slots: [], holidays: [], courier: { feePaise: 100, sundaysOff: false } }),
      error('saveChange', failure(400, 'BAD_REQUEST', 'That date is not a holiday')),
      error('saveChange', networkDown),
    ],
  },
  deliveryBoard: {
    input: { date: null },
    events: [
      done('loadBoard', { date: '2026-12-03', today: '2026-12-02', slots: [], courier: [] }),
      error('loadBoard', networkDown),
      { type: 'board.retry' },
      { type: 'date.change', date: '2026-12-04' },
      { type: 'date.change', date: 'not a date' },
      { type: 'status.change', change: { id: 4, status: 'delivered', note: '' } },
      { type: 'status.change', change: { id: 4, status: 'attempted', note: '' } },
      done('saveStatus', { date: '2026-12-03', today: '2026-12-02', slots: [], courier: [] }),
      error('saveStatus', failure(409, 'CONFLICT', 'This order is cancelled or its money went back: its deliveries can no longer change.')),
      error('saveStatus', networkDown),
    ],
  },
  salesDashboard: {
    events: [
      done('loadFigures', someDashboardFigures()),
      error('loadFigures', failure(400, 'BAD_REQUEST', 'The period can be at most 366 days')),
      error('loadFigures', networkDown),
      { type: 'figures.retry' },
      { type: 'period.change', period: { from: '2026-11-01', to: '2026-11-30' } },
      { type: 'period.change', period: { from: '2026-11-30', to: '2026-11-01' } },
    ],
  },
  lowStock: {
    events: [
      done('loadLowStock', { threshold: 5, products: [{ externalId: 'p_1', name: 'Blue Orchid Bunch', category: 'Fresh', subCategory: 'Bunches', stock: 0 }] }),
      error('loadLowStock', failure(403, 'FORBIDDEN', 'Only an admin can do this.')),
      error('loadLowStock', networkDown),
      { type: 'list.retry' },
    ],
  },
  fileDownload: {
    events: [
      { type: 'file.download', query: { month: '2026-11' } },
      done('downloadFile', undefined),
      error('downloadFile', failure(400, 'BAD_REQUEST', 'Please give the month as YYYY-MM.')),
      error('downloadFile', networkDown),
    ],
  },
  searchBox: {
    events: [
      { type: 'query.change', value: 'gerbra' },
      { type: 'query.change', value: 'g' },
      { type: 'xstate.after.typingPause.searchBox.waiting' },
      done('fetchSuggestions', [{ externalId: 'p_1', productName: 'Sunny Gerbera Bouquet', categoryName: 'Fresh Flowers' }]),
      done('fetchSuggestions', []),
      error('fetchSuggestions', networkDown),
      { type: 'highlight.next' },
      { type: 'highlight.previous' },
      { type: 'suggestion.choose', index: 0 },
      { type: 'query.submit' },
      { type: 'list.close' },
    ],
  },
  searchResults: {
    input: { criteria: { q: 'gerbra', sort: 'relevance', page: 1 } },
    events: [
      done('searchFlowers', { total: 30, page: 1, pageSize: 24, products: [] }),
      error('searchFlowers', networkDown),
      { type: 'search.retry' },
      { type: 'criteria.change', criteria: { q: 'gerbra', sort: 'relevance', page: 1 } },
      { type: 'criteria.change', criteria: { q: 'gerbra', kind: 'courier', sort: 'relevance', page: 1 } },
      { type: 'filter.change', change: { sort: 'price_asc' } },
      { type: 'price.change', field: 'min', value: '2000' },
      { type: 'price.change', field: 'max', value: '5x00' },
      { type: 'price.apply' },
      { type: 'page.change', page: 2 },
    ],
  },
  reviewForm: {
    input: { externalId: 'p_1', openAtOnce: false },
    events: [
      done('loadMyReview', { canReview: true, reason: null, review: null }),
      done('loadMyReview', { canReview: true, reason: null, review: { stars: 4, text: 'Fresh roses.', createdAt: '2026-12-03T10:00:00.000Z', editedAt: null, hidden: false } }),
      done('loadMyReview', { canReview: false, reason: 'You can review this after your order is delivered.', review: null }),
      error('loadMyReview', networkDown),
      { type: 'form.open' },
      { type: 'stars.choose', stars: 5 },
      { type: 'text.change', value: 'Lovely' },
      { type: 'form.submit' },
      done('saveReview', { message: 'Thank you for your review.', review: { stars: 5, text: 'Lovely', createdAt: '2026-12-03T10:00:00.000Z', editedAt: null, hidden: false } }),
      error('saveReview', failure(403, 'FORBIDDEN', 'You can review this after your order is delivered.')),
      error('saveReview', networkDown),
      { type: 'form.edit' },
      { type: 'save.retry' },
      { type: 'form.close' },
    ],
  },
  couponCode: {
    input: { userExtId: 'u_kavya' },
    events: [
      { type: 'code.change', value: 'diwali10 ' },
      { type: 'code.change', value: 'x' },
      { type: 'code.change', value: 'DIWALI11' },
      { type: 'code.apply' },
      done('applyCoupon', { code: 'DIWALI10', description: '', discountPaise: 12000, lines: [{ cartItemId: 1, discountPaise: 12000 }], message: 'DIWALI10 applied: you save Rs. 120.00.' }),
      error('applyCoupon', failure(409, 'COUPON_REFUSED', 'This coupon has expired.')),
      error('applyCoupon', networkDown),
      { type: 'check.retry' },
      { type: 'coupon.remove' },
      { type: 'bag.change' },
      { type: 'coupon.refused', message: 'This coupon has been fully used.' },
    ],
  },
  reviewsList: {
    input: { externalId: 'p_1' },
    events: [
      done('loadReviews', {
        summary: { average: 4.5, count: 2, stars: [0, 0, 0, 1, 1] },
        page: 1,
        pageSize: 5,
        reviews: [{ id: 1, stars: 5, text: 'Lovely', author: 'Priya S.', createdAt: '2026-12-03T10:00:00.000Z', editedAt: null }],
      }),
      error('loadReviews', networkDown),
      { type: 'more.load' },
      { type: 'list.retry' },
      { type: 'list.reload' },
    ],
  },
  reviewVisibility: {
    input: { id: 4, hidden: false },
    events: [
      { type: 'reason.change', value: 'Names a rival shop' },
      { type: 'review.hide' },
      done('changeVisibility', { message: 'The review is hidden.' }),
      error('changeVisibility', failure(400, 'BAD_REQUEST', 'Please say why the review is hidden')),
      error('changeVisibility', networkDown),
      { type: 'review.show' },
    ],
  },
  deliveryCheck: {
    input: { kind: 'hand' },
    events: [
      done('recallPincode', '600004'),
      done('recallPincode', null),
      error('recallPincode', networkDown),
      { type: 'pincode.change', value: '6000' },
      { type: 'pincode.change', value: '600004' },
      { type: 'check.submit' },
      done('checkDelivery', { pincode: '600004', place: 'Chennai', kind: 'hand', reachable: true, text: 'Delivery to 600004, Chennai: today by 9 pm' }),
      error('checkDelivery', failure(404, 'NOT_FOUND', 'We could not find pincode 999999.')),
      error('checkDelivery', networkDown),
    ],
  },
  contact: {
    events: [
      change('fullName', 'Asha Raman'),
      change('userEmail', 'asha@example.in'),
      change('phoneNumber', '9876543210'),
      change('message', 'A posy for Friday, please.'),
      { type: 'form.submit' },
      done('sendMessage', { message: 'Thanks' }),
      error('sendMessage'),
    ],
  },
  giftMessage: {
    events: [
      { type: 'gift.change', field: 'message', value: 'Happy birthday' },
      { type: 'gift.change', field: 'message', value: '' },
      { type: 'gift.change', field: 'occasion', value: 'Birthday' },
      { type: 'gift.hideName', hide: true },
      { type: 'gift.check' },
      { type: 'gift.clear' },
    ],
  },
  editAddress: {
    input: { addressId: 7, userExtId: 'u_kavya' },
    events: [
      done('loadAddress', address),
      error('loadAddress'),
      { type: 'address.retry' },
      change('city', ''),
      change('pincode', '6000'),
      { type: 'form.submit' },
      done('saveAddress', { ok: true, address }),
      done('saveAddress', { ok: false, status: 500 }),
      error('saveAddress', networkDown),
      { type: 'xstate.after.afterAddressEdit.editAddress.saved' },
    ],
  },
  forgotPassword: {
    events: [
      change('email', 'kavya@example.in'),
      { type: 'form.submit' },
      done('verifyEmail', { userId: 'u_kavya' }),
      error('verifyEmail', failure(404)),
      change('otp', '123456'),
      change('password', 'Jasmine@2026'),
      change('confirmPassword', 'Jasmine@2026'),
      change('confirmPassword', 'Jasmine'),
      { type: 'password.toggle', field: 'password' },
      done('resetPassword', { message: 'ok' }),
      error('resetPassword', failure(400)),
      { type: 'xstate.after.afterPasswordReset.forgotPassword.passwordReset' },
    ],
  },
  guestCheckout: {
    input: { sessionId: 'gs_0123456789abcdefghijkl', address },
    events: [
      change('email', 'asha@example.in'),
      { type: 'field.blur', field: 'email' },
      done('checkEmailAvailability', { available: false, response: checkoutMessages.createPassword, data: {} }),
      done('checkEmailAvailability', { available: false, response: checkoutMessages.registeredUser, data: {} }),
      done('checkEmailAvailability', {
        available: true,
        response: checkoutMessages.continueAsGuest,
        data: { firstName: 'Asha', lastName: 'Raman', mobileNumber: '9876543210' },
      }),
      error('checkEmailAvailability'),
      { type: 'form.submit' },
      done('createGuestCheckout', { duplicateUser: 'false', unverifiedUser: 'false', userExtId: 'g_1' }),
      done('createGuestCheckout', { duplicateUser: 'true', unverifiedUser: 'true', userExtId: 'g_1' }),
      done('createGuestCheckout', { duplicateUser: 'true', unverifiedUser: 'false', userExtId: null }),
      change('otp', '123456'),
      { type: 'otp.verify' },
      { type: 'otp.cancel' },
      done('verifyOtp', { message: 'ok' }),
      error('verifyOtp', failure(400, null, 'Wrong code')),
    ],
  },
  placeOrder: {
    events: [
      { type: 'order.place', addressId: 7, bagLines: 2 },
      { type: 'order.place', addressId: 7, bagLines: 2, couponCode: 'DIWALI10' },
      { type: 'order.place', addressId: null, bagLines: 2 },
      { type: 'order.place', addressId: 7, bagLines: 2, gift: { message: 'x'.repeat(251) } },
      done('checkStock', { outOfStock: [] }),
      done('checkStock', { outOfStock: [{ product_name: 'Rose', product_size: 'M', Product_available: 1 }] }),
      error('checkStock'),
      done('createInvoice', { orderValueId: 'o' }),
      error('createInvoice'),
      error('createInvoice', failure(409, 'COUPON_REFUSED', 'This coupon has been fully used.')),
      done('fetchPaymentKey', 'rzp_test_key'),
      error('fetchPaymentKey'),
      done('openPaymentDialog', payment),
      error('openPaymentDialog', 'dismissed'),
      done('verifyPayment', { message: 'success' }),
      done('verifyPayment', { message: 'failed' }),
      error('verifyPayment', networkDown),
      done('reportFailure', {}),
      error('reportFailure'),
    ],
  },
  profile: {
    input: { userExtId: 'u_meena' },
    events: [
      done('loadProfile', { email: 'meena@example.in', firstName: 'Meena', lastName: 'K', mobileNumber: '9876543210' }),
      error('loadProfile'),
      { type: 'profile.retry' },
      change('firstName', 'Me'),
      { type: 'form.submit' },
      done('saveProfile', { email: 'meena@example.in', firstName: 'Meena', lastName: 'K', mobileNumber: '9876543210' }),
      error('saveProfile'),
    ],
  },
  sandboxPayment: {
    input: { orderId: 'order_1' },
    events: [
      change('cardNumber', '4111111111111111'),
      change('expiry', '12/30'),
      change('cvv', '123'),
      { type: 'form.submit' },
      { type: 'dialog.close' },
      done('payWithCard', { kind: 'paid', payment }),
      done('payWithCard', { kind: 'declined', description: 'Card declined' }),
      error('payWithCard', networkDown),
    ],
  },
  sessionRefresh: {
    events: [
      { type: 'token.expired', tokenSent: 'old-token', tokenStored: 'old-token' },
      { type: 'token.expired', tokenSent: 'old-token', tokenStored: 'new-token' },
      done('refreshToken', 'new-token'),
      error('refreshToken'),
    ],
  },
  setPassword: {
    input: { guestSessionId: 'gs_0123456789abcdefghijkl' },
    events: [
      { type: 'password.start', email: 'asha@example.in' },
      done('verifyEmail', { userId: 'u_asha' }),
      error('verifyEmail', failure(404)),
      change('otp', '123456'),
      change('password', 'Jasmine@2026'),
      change('confirmPassword', 'Jasmine@2026'),
      { type: 'password.toggle', field: 'password' },
      { type: 'form.submit' },
      { type: 'modal.cancel' },
      done('resetPassword', { message: 'ok' }),
      error('resetPassword', failure(400)),
      done('signIn', session),
      done('signIn', null),
      error('signIn'),
      done('syncGuestCart', { message: 'merged' }),
      error('syncGuestCart'),
    ],
  },
  signIn: {
    input: { guestLogin: true, guestSessionId: 'gs_0123456789abcdefghijkl' },
    events: [
      change('email', 'kavya@example.in'),
      change('password', 'Jasmine@2026'),
      { type: 'password.toggle' },
      { type: 'form.submit' },
      done('signIn', session),
      done('signIn', null),
      error('signIn', failure(401)),
      done('syncGuestCart', undefined),
      error('syncGuestCart'),
      done('fetchUserDetails', {}),
      error('fetchUserDetails'),
    ],
  },
  signUp: {
    events: [
      change('email', 'kavya@example.in'),
      { type: 'field.blur', field: 'email' },
      done('checkEmailPresent', { firstName: 'Kavya', lastName: 'Iyer', mobileNumber: '9876543210' }),
      error('checkEmailPresent'),
      { type: 'form.submit' },
      done('createUser', { message: 'ok' }),
      error('createUser', failure(409)),
      change('otp', '123456'),
      { type: 'otp.verify' },
      done('verifyOtp', { message: 'ok' }),
      error('verifyOtp', failure(400)),
      change('password', 'Jasmine@2026'),
      change('confirmPassword', 'Jasmine@2026'),
      { type: 'password.toggle', field: 'password' },
      done('createPassword', { message: 'ok' }),
      error('createPassword'),
      { type: 'xstate.after.afterSignUp.signUp.created' },
    ],
  },
};

const machines = Object.entries(machineModules).flatMap(([file, exports]) =>
  Object.values(exports)
    .filter((value): value is AnyStateMachine => value instanceof StateMachine)
    .map((machine) => ({ file: file.replace('../../', ''), machine })),
);

/** Where the config holds a function, as dotted paths: what JSON would silently drop. */
function functionPaths(value: unknown, at: string[] = []): string[] {
  if (typeof value === 'function') return [at.join('.')];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => functionPaths(child, [...at, key]));
}

/** The machine as the Stately editor reads it: its config through JSON, with the same named implementations. */
function rebuiltFromJson(machine: AnyStateMachine): AnyStateMachine {
  const json = JSON.parse(JSON.stringify(machine.config)) as typeof machine.config;
  return createMachine(json).provide(machine.implementations as never) as unknown as AnyStateMachine;
}

/** An action as the step ran it; an actor started or stopped by its id and source, without the input its mapper computed. */
function namedAction({ type, params }: { type: string; params?: unknown }) {
  if (type === 'xstate.spawnChild') {
    const { id, src, systemId } = params as Record<string, unknown>;
    return { type, params: { id, src, systemId } };
  }
  // A stopped actor by its id: the running actor objects of two machines are never the same object.
  if (type === 'xstate.stopChild') return { type, params: { id: (params as { actorRef?: { id: string } } | undefined)?.actorRef?.id } };
  return { type, params };
}

/** What a step shows of a machine: where it is, what it holds, and the named actions it ran with their params. */
function observed(snapshot: AnyMachineSnapshot, actions: Array<{ type: string; params?: unknown }>) {
  return {
    value: snapshot.value,
    context: snapshot.context,
    status: snapshot.status,
    actions: actions.map(namedAction),
  };
}

describe('machines round-trip through JSON (what the Stately editor opens)', () => {
  it('finds every machine module', () => {
    expect(machines.map(({ machine }) => machine.id).sort()).toEqual(Object.keys(models).sort());
  });

  for (const { file, machine } of machines) {
    describe(`${machine.id} (${file})`, () => {
      const model = models[machine.id];

      it('is plain data apart from the input and output mappers', () => {
        const dropped = functionPaths(machine.config).filter((path) => !/(^|\.)invoke(\.\d+)?\.input$|^output$/.test(path));
        expect(dropped).toEqual([]);
        // Only functions are lost: everything else survives JSON as it was.
        expect(JSON.parse(JSON.stringify(machine.config))).toEqual(JSON.parse(JSON.stringify(rebuiltFromJson(machine).config)));
      });

      it('behaves alike along every path of its graph', () => {
        if (!model) throw new Error(`no model for ${machine.id}: add its input and events to this file`);
        const rebuilt = rebuiltFromJson(machine);
        const paths = getShortestPaths(machine, {
          input: model.input,
          events: (snapshot: AnyMachineSnapshot) => model.events.filter((event) => snapshot.can(event)),
          serializeState: (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined) =>
            `${model.vertex ? JSON.stringify(model.vertex(snapshot)) : serializeSnapshot(snapshot)}|${event?.type ?? ''}`,
          limit: 20_000,
        } as never);
        expect(paths.length).toBeGreaterThan(1);
        for (const path of paths) {
          let [original, originalActions] = initialTransition(machine, model.input as never);
          let [copy, copyActions] = initialTransition(rebuilt, model.input as never);
          expect(observed(copy, copyActions)).toEqual(observed(original, originalActions));
          for (const { event } of path.steps) {
            [original, originalActions] = transition(machine, original, event);
            [copy, copyActions] = transition(rebuilt, copy, event);
            expect(observed(copy, copyActions), `${machine.id} after ${event.type}`).toEqual(
              observed(original, originalActions),
            );
          }
        }
      });
    });
  }
});
