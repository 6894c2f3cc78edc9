// The checkout's "Gift message" section (issue 40): occasion, the card's message with a live "n/250" counter, the
// sender's name and "Don't show my name". The form lives in machines/gift-message.machine.ts; its rules are
// domain/gift-message.ts's. The recipient's name and phone are the delivery address's.
import type { ChangeEvent } from 'react';
import { Checkbox, Field, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { giftLimits, giftOccasions } from '../../../domain/gift-message';
import type { GiftFormField } from '../../../domain/gift-message';
import { giftMessageMachine } from '../../../machines/gift-message.machine';
import { giftMessageCounter, shownGiftIssues } from '../../../machines/gift-message.selectors';
import { appActorOptions } from '../../app/inspection';
import { CheckoutCard } from './checkout-card';

export type GiftMessageActor = ActorRefFrom<typeof giftMessageMachine>;

export function useGiftMessageActor(): GiftMessageActor {
  return useActorRef(giftMessageMachine, appActorOptions);
}

export function GiftMessageSection({ actor }: { actor: GiftMessageActor }) {
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const issues = useSelector(actor, (snapshot) => shownGiftIssues(snapshot.context));
  const counter = useSelector(actor, (snapshot) => giftMessageCounter(snapshot.context));
  const change = (field: GiftFormField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    actor.send({ type: 'gift.change', field, value: event.target.value });

  return (
    <CheckoutCard title="Gift message">
      <Stack gap="5">
        <Text color="brand.muted" fontSize="sm">
          A free card goes with your flowers. Leave it empty for no card; the recipient and phone are the delivery address&apos;s.
        </Text>
        <Field.Root invalid={Boolean(issues.occasion)}>
          <Field.Label fontWeight="medium">Occasion</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field name="occasion" bg="white" value={values.occasion} onChange={change('occasion')}>
              <option value="">No occasion</option>
              {giftOccasions.map((occasion) => (
                <option key={occasion} value={occasion}>
                  {occasion}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {issues.occasion ? <Field.ErrorText color="red.700">{issues.occasion}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={Boolean(issues.message ?? issues.card)}>
          <Field.Label fontWeight="medium">Card message</Field.Label>
          <Textarea name="giftMessage" bg="white" size="lg" rows={4} autoresize value={values.message} onChange={change('message')} />
          <Stack direction="row" justify="space-between" w="full" gap="3">
            {issues.message ?? issues.card ? (
              <Field.ErrorText color="red.700">{issues.message ?? issues.card}</Field.ErrorText>
            ) : (
              <Field.HelperText color="brand.muted">Letters, digits, punctuation and emoji</Field.HelperText>
            )}
            <Text fontSize="sm" color="brand.muted" aria-live="polite" aria-label={`${counter} characters`} flexShrink={0}>
              {counter}
            </Text>
          </Stack>
        </Field.Root>
        <Field.Root invalid={Boolean(issues.senderName)}>
          <Field.Label fontWeight="medium">Your name on the card</Field.Label>
          <Input name="senderName" bg="white" size="lg" autoComplete="name" value={values.senderName} onChange={change('senderName')} />
          {issues.senderName ? (
            <Field.ErrorText color="red.700">{issues.senderName}</Field.ErrorText>
          ) : (
            <Field.HelperText color="brand.muted">Up to {giftLimits.senderNameMax} characters</Field.HelperText>
          )}
        </Field.Root>
        <Checkbox.Root
          colorPalette="leaf"
          name="hideSenderName"
          checked={values.hideSenderName}
          onCheckedChange={(details) => actor.send({ type: 'gift.hideName', hide: details.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontWeight="medium">Don&apos;t show my name</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </CheckoutCard>
  );
}
