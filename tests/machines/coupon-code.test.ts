// The checkout's coupon box (issue 42), model-based: every state and transition walked with the check held open,
// checking what she sees at each step: a malformed code refused before any call, the code sent as the server reads
// it, the discount and the lines' shares once applied, the server's reason for a refusal (until she edits the code),
// Try again after a check that got no answer, Remove, a changed bag checked again, and the invoice's refusal.
import { expect } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { couponTexts } from '../../domain/coupons';
import { couponCodeMachine } from '../../machines/coupon-code.machine';
import type { CouponCodeInput } from '../../machines/coupon-code.machine';
import { diwaliApplied } from '../views/coupon-fixtures';
import { machineCoverage } from './machine-graph';
import { heldCalls, startMachine, walkModel } from './machine-test-kit';

type ModelEvent = EventFrom<typeof couponCodeMachine>;

const applied = diwaliApplied(
  { cartItemId: 1, discountPaise: 8_000 },
  { cartItemId: 2, discountPaise: 4_000 },
);
const expired = Object.assign(new Error('Conflict'), { status: 409, code: 'COUPON_REFUSED', serverMessage: couponTexts.expired });
const usedUp = couponTexts.usedUp;

const modelEvents = [
  { type: 'code.apply' },
  { type: 'xstate.done.actor.applyCoupon', output: applied },
  { type: 'xstate.error.actor.applyCoupon', error: expired },
  { type: 'xstate.error.actor.applyCoupon', error: new TypeError('Failed to fetch') },
  { type: 'check.retry' },
  { type: 'coupon.remove' },
  { type: 'bag.change' },
  { type: 'coupon.refused', message: usedUp },
] as unknown as ModelEvent[];

/** The codes she types, one per state, so that each edit leads somewhere the model tells apart. */
const typed: Record<string, string[]> = {
  // As typed: trimmed and upper-cased when applied; "x" is too short, refused here and never sent.
  entering: [' diwali10 ', 'x'],
  refused: ['DIWALI11'],
  failed: ['DIWALI12'],
};
const eventsIn = (snapshot: SnapshotFrom<typeof couponCodeMachine>): ModelEvent[] => [
  ...(typed[snapshot.value] ?? []).map((value): ModelEvent => ({ type: 'code.change', value })),
  ...modelEvents.filter((event) => snapshot.can(event)),
];

const coverage = machineCoverage();

function harness(input: CouponCodeInput) {
  const seen = { checks: [] as { userExtId: string; code: string }[], logged: [] as unknown[] };
  const { holding, settle } = heldCalls();
  const { actor } = startMachine(
    couponCodeMachine.provide({
      actors: { applyCoupon: holding('applyCoupon', seen.checks) },
      actions: { logError: (_, { error }) => void seen.logged.push(error) },
    }),
    coverage,
    input,
  );
  return { actor, seen, settle };
}

const errorOf = (event: unknown) => (event as { error: unknown }).error;

walkModel('coupon-code machine (model-based)', {
  machine: couponCodeMachine,
  coverage,
  input: { userExtId: 'u_kavya' },
  events: eventsIn,
  morePathsThan: 5,
  harness,
  state: (snapshot) => {
    // A discount shows only while applied, and then no complaint shows with it.
    expect(snapshot.context.applied !== null).toBe(snapshot.matches('applied'));
    if (snapshot.matches('applied')) expect(snapshot.context.message).toBeNull();
    // A refusal or a failure always says why.
    if (snapshot.matches('refused') || snapshot.matches('failed')) expect(snapshot.context.message).not.toBeNull();
  },
  steps: (h) => ({
    'code.change': ({ event }) => {
      const { value } = event as { type: 'code.change'; value: string };
      h.actor.send({ type: 'code.change', value });
      expect(h.actor.getSnapshot().matches('entering')).toBe(true);
      expect(h.actor.getSnapshot().context).toMatchObject({ code: value, message: null });
    },
    'code.apply': () => {
      const checks = h.seen.checks.length;
      const { code } = h.actor.getSnapshot().context;
      h.actor.send({ type: 'code.apply' });
      if (code === 'x' || code === '') {
        expect(h.seen.checks.length).toBe(checks);
        expect(h.actor.getSnapshot().context.message).toBe(couponTexts.codeInvalid);
      } else {
        expect(h.seen.checks.at(-1)).toEqual({ userExtId: 'u_kavya', code: code.trim().toUpperCase() });
        expect(h.actor.getSnapshot().matches('checking')).toBe(true);
      }
    },
    'xstate.done.actor.applyCoupon': async ({ event }) => {
      await h.settle(event);
      expect(h.actor.getSnapshot().matches('applied')).toBe(true);
      expect(h.actor.getSnapshot().context.rechecking).toBe(false);
      expect(h.actor.getSnapshot().context).toMatchObject({ code: 'DIWALI10', applied });
    },
    'xstate.error.actor.applyCoupon': async ({ event }) => {
      await h.settle(event);
      const refused = errorOf(event) === expired;
      expect(h.actor.getSnapshot().matches(refused ? 'refused' : 'failed')).toBe(true);
      expect(h.actor.getSnapshot().context.message).toBe(refused ? couponTexts.expired : couponTexts.checkFailed);
      // Only a check with no answer is logged; a refusal is an answer.
      if (!refused) expect(h.seen.logged.at(-1)).toBe(errorOf(event));
    },
    'check.retry': () => {
      const checks = h.seen.checks.length;
      h.actor.send({ type: 'check.retry' });
      expect(h.seen.checks.length).toBe(checks + 1);
      expect(h.actor.getSnapshot().context.message).toBeNull();
    },
    'coupon.remove': () => {
      h.actor.send({ type: 'coupon.remove' });
      expect(h.actor.getSnapshot().matches('entering')).toBe(true);
      expect(h.actor.getSnapshot().context).toMatchObject({ code: '', applied: null, message: null });
    },
    'bag.change': () => {
      const checks = h.seen.checks.length;
      const { code } = h.actor.getSnapshot().context;
      const wasApplied = h.actor.getSnapshot().matches('applied');
      h.actor.send({ type: 'bag.change' });
      // The same code, asked again about the bag as it is now; the old discount is gone until the answer.
      expect(h.seen.checks.length).toBe(checks + 1);
      expect(h.seen.checks.at(-1)).toEqual({ userExtId: 'u_kavya', code });
      expect(h.actor.getSnapshot().context.applied).toBeNull();
      // The box says the coupon is checked again because the bag changed.
      if (wasApplied) expect(h.actor.getSnapshot().context.rechecking).toBe(true);
    },
    'coupon.refused': () => {
      h.actor.send({ type: 'coupon.refused', message: usedUp });
      expect(h.actor.getSnapshot().matches('refused')).toBe(true);
      expect(h.actor.getSnapshot().context).toMatchObject({ applied: null, message: usedUp, code: 'DIWALI10' });
    },
  }),
});
