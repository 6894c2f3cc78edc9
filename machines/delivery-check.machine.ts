// The product page's "Check delivery" box (issue 40): the shopper types a pincode (digits only, six at most) and asks;
// the server answers for this product's delivery kind in words, shown as given. The pincode of an answer is kept for
// the visit (`rememberPincode`), and a page that opens recalls it (`recallPincode`) and asks again for a fresh answer.
// An unknown pincode shows the server's message; a call that got no answer says so, and Check asks again.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { addressMessages } from '../domain/address';
import { deliveryCheckTexts } from '../domain/delivery-check';
import type { DeliveryCheck } from '../domain/delivery-check';
import type { DeliveryKind } from '../domain/delivery-kind';
import { typingFilters } from '../domain/fields';
import { limits } from '../domain/limits';
import { errorOf, inputOf, outputOf } from './actor-events';
import { failureOf } from './call-failure';

export interface DeliveryCheckInput {
  kind: DeliveryKind;
}

export interface DeliveryCheckContext extends DeliveryCheckInput {
  pincode: string;
  /** The server's answer for `pincode`; null until one came, and again once the pincode changes. */
  answer: DeliveryCheck | null;
  /** Why there is no answer (too short, unknown pincode, no answer from the server); null when none. */
  message: string | null;
}

export type DeliveryCheckEvent = { type: 'pincode.change'; value: string } | { type: 'check.submit' };

export interface CheckDeliveryInput {
  pincode: string;
  kind: DeliveryKind;
}

const unprovided = () => Promise.reject(new Error('provided by the view'));

const filterPincode = (value: string) => typingFilters.digits(value, limits.pincodeLength);

const deliveryCheckSetup = setup({
  types: {} as { context: DeliveryCheckContext; events: DeliveryCheckEvent; input: DeliveryCheckInput },
  actors: {
    /** The pincode kept for the visit, or null. */
    recallPincode: fromPromise<string | null>(unprovided),
    /** GET delivery/check?pincode=&kind= */
    checkDelivery: fromPromise<DeliveryCheck, CheckDeliveryInput>(unprovided),
  },
  actions: {
    /** Keeps the pincode of an answer for the visit (the product pages and checkout read it). */
    rememberPincode: (_, _params: { pincode: string }) => {},
    logError: (_, _params: { error: unknown }) => {},
    takeInput: assign(({ event }) => ({ kind: inputOf<DeliveryCheckInput>(event).kind })),
    takeRecalled: assign(({ event }) => ({ pincode: filterPincode(outputOf<string | null>(event, 'recallPincode') ?? '') })),
    changePincode: assign(({ event }) => {
      assertEvent(event, 'pincode.change');
      return { pincode: filterPincode(event.value), answer: null, message: null };
    }),
    refuseShort: assign({ answer: null, message: addressMessages.pincodeLength }),
    clearMessage: assign({ message: null }),
    takeAnswer: assign(({ event }) => ({ answer: outputOf<DeliveryCheck>(event, 'checkDelivery'), message: null })),
    /** The server's own words for a pincode it refused ("We could not find pincode 999999."); else that none came. */
    showFailure: assign(({ event }) => {
      const failure = failureOf(errorOf(event, 'checkDelivery'));
      const refused = failure.status !== null && failure.status < 500 && failure.serverMessage;
      return { answer: null, message: refused || deliveryCheckTexts.failed };
    }),
  },
  guards: {
    isPincodeComplete: ({ context }) => context.pincode.length === limits.pincodeLength,
    wasRefused: ({ event }) => {
      const { status } = failureOf(errorOf(event, 'checkDelivery'));
      return status !== null && status < 500;
    },
  },
});

export const deliveryCheckMachine = deliveryCheckSetup.extend({
  actions: {
    rememberAnswered: deliveryCheckSetup.enqueueActions(({ context, enqueue }) => {
      enqueue({ type: 'rememberPincode', params: { pincode: context.pincode } });
    }),
    logCallError: deliveryCheckSetup.enqueueActions(({ event, enqueue }) => {
      enqueue({ type: 'logError', params: { error: errorOf(event, 'recallPincode', 'checkDelivery') } });
    }),
  },
}).createMachine({
  id: 'deliveryCheck',
  context: { kind: 'hand', pincode: '', answer: null, message: null },
  entry: 'takeInput',
  initial: 'recalling',
  states: {
    recalling: {
      invoke: {
        id: 'recallPincode',
        src: 'recallPincode',
        onDone: { target: 'recalled', actions: 'takeRecalled' },
        onError: { target: 'ready', actions: 'logCallError' },
      },
    },
    // A kept pincode is asked about at once; none leaves the box empty.
    recalled: {
      always: [{ guard: 'isPincodeComplete', target: 'checking' }, { target: 'ready' }],
    },
    ready: {
      on: {
        'pincode.change': { actions: 'changePincode' },
        'check.submit': [
          { guard: 'isPincodeComplete', target: 'checking', actions: 'clearMessage' },
          { actions: 'refuseShort' },
        ],
      },
    },
    checking: {
      invoke: {
        id: 'checkDelivery',
        src: 'checkDelivery',
        input: ({ context }) => ({ pincode: context.pincode, kind: context.kind }),
        onDone: {
          target: 'ready',
          actions: ['takeAnswer', 'rememberAnswered'],
        },
        onError: [
          { guard: 'wasRefused', target: 'ready', actions: 'showFailure' },
          { target: 'ready', actions: ['showFailure', 'logCallError'] },
        ],
      },
      on: {
        // A pincode changed while asked about: the answer on its way is for the old one.
        'pincode.change': { target: 'ready', actions: 'changePincode' },
      },
    },
  },
});
