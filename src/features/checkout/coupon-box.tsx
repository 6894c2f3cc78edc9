// The checkout's coupon box (issue 42), its own lazy chunk with its machine (machines/coupon-code.machine.ts): a code
// field and Apply, the server's answer under it (the saving, or why not), Try again after a check that got no answer,
// and Remove. What is applied goes up to the page (the bill and the invoice need it); a changed bag is checked again.
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { CartReply } from '../../../domain/cart';
import type { ApplyCouponReply } from '../../../domain/coupons';
import { couponCodeMachine } from '../../../machines/coupon-code.machine';
import { applyCoupon } from '../../api/coupons';
import { appActorOptions } from '../../app/inspection';
import type { CouponBoxActor } from './coupon-slot';

export interface CouponBoxProps {
  userExtId: string;
  cart: CartReply;
  /** The coupon applied, or null: the page's bill and Place Order follow it. */
  onApplied: (applied: ApplyCouponReply | null) => void;
  /** Whether a code is being checked, for Place Order to wait. */
  onChecking: (checking: boolean) => void;
  /** Where the page finds the box's actor, to hand it the invoice's refusal. */
  actorRef: RefObject<CouponBoxActor | null>;
}

/** What the bag holds, line by line: a new value is a changed bag. */
const bagKey = (cart: CartReply) => cart.productList.map((line) => `${line.productItem.id}:${line.productItem.quantity}:${line.productItem.totalAmount}`).join(',');

export function CouponBox({ userExtId, cart, onApplied, onChecking, actorRef }: CouponBoxProps) {
  const actor = useActorRef(
    couponCodeMachine.provide({
      actors: { applyCoupon: fromPromise(({ input }) => applyCoupon(input.userExtId, input.code)) },
      actions: { logError: (_, { error }) => console.error('The coupon check failed', error) },
    }),
    { input: { userExtId }, ...appActorOptions },
  );
  useEffect(() => {
    actorRef.current = actor;
    return () => {
      actorRef.current = null;
    };
  }, [actor, actorRef]);

  const state = useSelector(actor, (snapshot) => snapshot.value);
  const { code, applied, message, rechecking } = useSelector(actor, (snapshot) => snapshot.context);
  useEffect(() => onApplied(applied), [applied, onApplied]);

  // The checkout's bag (checkout-load's) changing under an applied coupon: the machine asks again.
  const bag = bagKey(cart);
  const lastBag = useRef(bag);
  useEffect(() => {
    if (lastBag.current === bag) return;
    lastBag.current = bag;
    actor.send({ type: 'bag.change' });
  }, [actor, bag]);

  const checking = state === 'checking';
  useEffect(() => {
    onChecking(checking);
    return () => onChecking(false);
  }, [checking, onChecking]);
  if (state === 'applied' && applied) {
    return (
      <HStack justify="space-between" align="start" gap="3" bg="brand.roseSoft" rounded="md" px="4" py="3">
        <Stack gap="0.5" minW="0">
          <Text role="status" fontWeight="600" color="brand.leaf">
            {applied.message}
          </Text>
          {applied.description ? (
            <Text fontSize="sm" color="brand.muted">
              {applied.description}
            </Text>
          ) : null}
        </Stack>
        <Button variant="plain" size="sm" color="brand.ink" textDecoration="underline" px="0" onClick={() => actor.send({ type: 'coupon.remove' })}>
          Remove
        </Button>
      </HStack>
    );
  }
  const invalid = (state === 'entering' || state === 'refused') && message !== null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'code.apply' });
      }}
    >
      <Field.Root invalid={invalid}>
        <Field.Label fontWeight="medium">Coupon code</Field.Label>
        <HStack gap="2" w="full" align="start">
          <Input
            name="couponCode"
            bg="white"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={checking}
            onChange={(event) => actor.send({ type: 'code.change', value: event.target.value })}
          />
          {state === 'failed' ? (
            <Button type="button" rounded="full" variant="outline" colorPalette="leaf" onClick={() => actor.send({ type: 'check.retry' })}>
              Try again
            </Button>
          ) : (
            <Button type="submit" rounded="full" bg="brand.leaf" color="white" _hover={{ bg: 'brand.leafHover' }} loading={checking} loadingText="Checking…" disabled={state === 'refused'}>
              Apply
            </Button>
          )}
        </HStack>
        {invalid ? <Field.ErrorText color="red.700">{message}</Field.ErrorText> : null}
        {state === 'failed' ? (
          <Text role="alert" fontSize="sm" color="red.700">
            {message}
          </Text>
        ) : null}
        {checking ? (
          <Text role="status" fontSize="sm" color="brand.muted">
            {rechecking ? 'Your bag changed: checking the coupon again…' : 'Checking the coupon…'}
          </Text>
        ) : null}
      </Field.Root>
    </form>
  );
}
