// Where the coupon box sits in "Your Order" (issue 42): "Have a coupon?" opens it, and only then is its chunk (the box
// and its machine) downloaded, so the checkout's first download does not grow. The page keeps what the box applied,
// for the bill and the invoice, and a handle on the box's actor, for the invoice's refusal.
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Button, Spinner } from '@chakra-ui/react';
import type { ActorRefFrom } from 'xstate';
import type { CartReply } from '../../../domain/cart';
import type { ApplyCouponReply } from '../../../domain/coupons';
import type { couponCodeMachine } from '../../../machines/coupon-code.machine';
import { loadLazyPart } from '../../app/lazy-route';

export type CouponBoxActor = ActorRefFrom<typeof couponCodeMachine>;

const CouponBox = lazy(() => loadLazyPart(() => import('./coupon-box')).then((module) => ({ default: module.CouponBox })));

/** The page's side of the box: what is applied, and where the invoice's refusal is sent. */
export function useCouponSlot() {
  const [applied, setApplied] = useState<ApplyCouponReply | null>(null);
  /** A code is being checked: Place Order waits for the answer rather than order without the coupon. */
  const [checking, setChecking] = useState(false);
  const actorRef = useRef<CouponBoxActor | null>(null);
  const onApplied = useCallback((reply: ApplyCouponReply | null) => setApplied(reply), []);
  /** The invoice refused the code (409 COUPON_REFUSED): the box shows why, and the bill drops the discount. */
  const refuse = useCallback((message: string) => {
    setApplied(null);
    actorRef.current?.send({ type: 'coupon.refused', message });
  }, []);
  return { applied, onApplied, checking, onChecking: setChecking, actorRef, refuse };
}

export type CouponSlot = ReturnType<typeof useCouponSlot>;

export function CouponSection({ slot, userExtId, cart }: { slot: CouponSlot; userExtId: string; cart: CartReply }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="plain" alignSelf="flex-start" px="0" h="auto" color="brand.leaf" fontWeight="600" textDecoration="underline" onClick={() => setOpen(true)}>
        Have a coupon?
      </Button>
    );
  }
  return (
    <Suspense fallback={<Spinner size="sm" color="brand.leaf" aria-label="Loading the coupon box" />}>
      <CouponBox userExtId={userExtId} cart={cart} onApplied={slot.onApplied} onChecking={slot.onChecking} actorRef={slot.actorRef} />
    </Suspense>
  );
}
