// The delivery date and slot picker (issue 40): a strip of the next 30 dates, then for hand delivery the chosen date's
// slots as cards, each a radio; closed ones stay visible, greyed, with their reason in words. The flow is
// machines/delivery-schedule.machine.ts; the checkout holds the actor because placing the order sends the choice.
import { useId } from 'react';
import { Alert, Box, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { DeliveryKind } from '../../../domain/delivery-kind';
import { feeText } from '../../../domain/delivery-schedule';
import type { DeliverySchedule, ScheduleDay, ScheduleSlot } from '../../../domain/delivery-schedule';
import { deliveryScheduleMachine } from '../../../machines/delivery-schedule.machine';
import { chosenDay } from '../../../machines/delivery-schedule.selectors';
import { getDeliverySchedule } from '../../api/delivery';
import { appActorOptions } from '../../app/inspection';
import { LoadFailed, Loading } from '../../components/load-states';

export type DeliveryScheduleActor = ActorRefFrom<typeof deliveryScheduleMachine>;

/** The picker's machine with the schedule call, for one kind of delivery. */
export function useDeliveryScheduleActor(kind: DeliveryKind): DeliveryScheduleActor {
  return useActorRef(
    deliveryScheduleMachine.provide({
      actors: { loadSchedule: fromPromise<DeliverySchedule, { kind: DeliveryKind }>(({ input }) => getDeliverySchedule(input.kind)) },
    }),
    { ...appActorOptions, input: { kind } },
  );
}

export function DeliverySchedulePicker({ actor }: { actor: DeliveryScheduleActor }) {
  const mode = useSelector(actor, (snapshot) => (snapshot.matches('loadFailed') ? 'loadFailed' : snapshot.context.schedule ? 'ready' : 'loading'));
  const message = useSelector(actor, (snapshot) => snapshot.context.message);

  return (
    <Stack gap="5">
      {message ? (
        <Alert.Root status="warning" rounded="xl">
          <Alert.Indicator />
          <Alert.Title>{message}</Alert.Title>
        </Alert.Root>
      ) : null}
      {mode === 'loading' ? <Loading label="Loading delivery dates…" inCard /> : null}
      {mode === 'loadFailed' ? (
        <LoadFailed message="The delivery dates did not load. Please try again in a moment." onRetry={() => actor.send({ type: 'load.retry' })} inCard />
      ) : null}
      {mode === 'ready' ? <Choices actor={actor} /> : null}
    </Stack>
  );
}

function Choices({ actor }: { actor: DeliveryScheduleActor }) {
  const schedule = useSelector(actor, (snapshot) => snapshot.context.schedule!);
  const date = useSelector(actor, (snapshot) => snapshot.context.date);
  const slotId = useSelector(actor, (snapshot) => snapshot.context.slotId);
  const day = useSelector(actor, (snapshot) => chosenDay(snapshot.context));

  return (
    <Stack gap="5">
      <RadioGroup.Root
        orientation="horizontal"
        value={date}
        onValueChange={({ value }) => {
          if (value !== null) actor.send({ type: 'date.pick', date: value });
        }}
      >
        <RadioGroup.Label fontWeight="600" color="brand.ink" mb="2">
          {schedule.kind === 'courier' ? 'Dispatch date' : 'Delivery date'}
        </RadioGroup.Label>
        <HStack as="div" gap="2" overflowX="auto" pb="2" scrollSnapType="x mandatory" align="stretch">
          {schedule.days.map((candidate) => (
            <DateChoice key={candidate.date} day={candidate} selected={candidate.date === date} />
          ))}
        </HStack>
      </RadioGroup.Root>

      {schedule.kind === 'courier' && schedule.courier ? (
        <Text color="brand.muted" fontSize="sm">
          {schedule.courier.promise} from the dispatch date. Courier: {feeText(schedule.courier.feePaise)}.
        </Text>
      ) : null}

      {schedule.kind === 'hand' && day ? (
        <RadioGroup.Root
          value={slotId === null ? null : String(slotId)}
          onValueChange={({ value }) => {
            if (value !== null) actor.send({ type: 'slot.pick', slotId: Number(value) });
          }}
        >
          <RadioGroup.Label fontWeight="600" color="brand.ink" mb="2">
            Delivery slot on {day.weekday}, {day.day} {day.month}
          </RadioGroup.Label>
          <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="3">
            {day.slots.map((slot) => (
              <SlotChoice key={slot.id} slot={slot} selected={slot.id === slotId} />
            ))}
          </Box>
        </RadioGroup.Root>
      ) : null}
      {schedule.kind === 'hand' && !day ? (
        <Text color="brand.muted" fontSize="sm">
          Choose a date to see its delivery slots.
        </Text>
      ) : null}
    </Stack>
  );
}

const choiceLook = (selected: boolean, available: boolean) => ({
  borderWidth: '1px',
  borderColor: selected ? 'brand.leaf' : 'border',
  bg: !available ? 'bg.muted' : selected ? 'leaf.subtle' : 'bg',
  color: available ? 'brand.ink' : 'fg.muted',
  rounded: 'xl',
  cursor: available ? 'pointer' : 'not-allowed',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.leaf', outlineOffset: '2px' },
});

/** One date of the strip: weekday, day and month; a closed one greyed with its reason written under it. */
function DateChoice({ day, selected }: { day: ScheduleDay; selected: boolean }) {
  const reasonId = useId();
  return (
    <RadioGroup.Item
      value={day.date}
      disabled={!day.available}
      flex="0 0 auto"
      w="6.5rem"
      minH="7rem"
      p="3"
      scrollSnapAlign="start"
      display="flex"
      flexDirection="column"
      alignItems="center"
      textAlign="center"
      gap="0"
      fontWeight="normal"
      {...choiceLook(selected, day.available)}
    >
      <RadioGroup.ItemHiddenInput aria-describedby={day.reasonText ? reasonId : undefined} />
      <RadioGroup.ItemText display="flex" flexDirection="column" alignItems="center">
        <Text as="span" srOnly>
          {`${day.weekday}, ${day.day} ${day.month}`}
        </Text>
        <Text as="span" aria-hidden="true" fontSize="xs" textTransform="uppercase" letterSpacing="wide">
          {day.weekday.slice(0, 3)}
        </Text>
        <Text as="span" aria-hidden="true" fontSize="2xl" fontWeight="600" lineHeight="1.2" textDecoration={day.available ? undefined : 'line-through'}>
          {day.day}
        </Text>
        <Text as="span" aria-hidden="true" fontSize="xs">
          {day.month.slice(0, 3)}
        </Text>
      </RadioGroup.ItemText>
      {day.reasonText ? (
        <>
          <Text as="span" aria-hidden="true" fontSize="2xs" lineHeight="1.2" mt="1">
            {shortReason(day)}
          </Text>
          <Text as="span" id={reasonId} srOnly>
            {day.reasonText}
          </Text>
        </>
      ) : null}
    </RadioGroup.Item>
  );
}

/** The strip's cells are narrow: the reason in a word or two there; screen readers get it whole. */
function shortReason(day: ScheduleDay): string {
  switch (day.reason) {
    case 'holiday':
      return 'Holiday';
    case 'full':
      return 'Fully booked';
    case 'cutoff':
      return 'Closed';
    default:
      return day.reasonText ?? '';
  }
}

/** One slot card: name, window and fee; a closed one greyed with its reason. */
function SlotChoice({ slot, selected }: { slot: ScheduleSlot; selected: boolean }) {
  const detailsId = useId();
  return (
    <RadioGroup.Item value={String(slot.id)} disabled={!slot.available} p="4" alignItems="flex-start" fontWeight="normal" {...choiceLook(selected, slot.available)}>
      <RadioGroup.ItemHiddenInput aria-describedby={detailsId} />
      <RadioGroup.ItemControl mt="1" />
      <Stack gap="0.5" flex="1">
        <HStack justify="space-between" gap="3">
          <RadioGroup.ItemText fontWeight="600">{slot.name}</RadioGroup.ItemText>
          <Text as="span" fontWeight="600" color={slot.available ? 'brand.leaf' : undefined}>
            {feeText(slot.feePaise)}
          </Text>
        </HStack>
        <Text as="span" id={detailsId} fontSize="sm">
          {slot.window}
          {slot.reasonText ? ` · ${slot.reasonText}` : ''}
        </Text>
      </Stack>
    </RadioGroup.Item>
  );
}
