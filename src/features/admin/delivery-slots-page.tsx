// /admindeliveryslots (issue 40): each delivery slot's fee, cut-off, capacity per day and whether it is offered; the
// courier's fee and Sundays; the shop's holidays. The delivery-slots machine loads them and saves one change at a time;
// the server checks every value and its refusal shows in a toast.
import type { FormEvent, ReactNode } from 'react';
import { Box, Button, chakra, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { fromPromise } from 'xstate';
import { clockText, cutoffText, feeInputToPaise, feeText, minuteOfTime, windowText } from '../../../domain/delivery-schedule';
import type { DeliverySettingsChange, DeliverySettingsRecord } from '../../../domain/delivery-schedule';
import { deliverySlotsMachine } from '../../../machines/delivery-slots.machine';
import {
  addDeliveryHoliday,
  getDeliverySettings,
  removeDeliveryHoliday,
  updateCourierSettings,
  updateDeliverySlot,
} from '../../api/delivery';
import { appActorOptions } from '../../app/inspection';
import { notify } from '../../app/show-notice';
import { AdminListLoad } from './admin-list';
import { AdminPage } from './admin-page';

const title = 'Delivery slots';

async function save(change: DeliverySettingsChange): Promise<DeliverySettingsRecord> {
  if (change.kind === 'slot') await updateDeliverySlot(change.id, change.change);
  if (change.kind === 'courier') await updateCourierSettings(change.change);
  if (change.kind === 'holidayAdd') await addDeliveryHoliday({ date: change.date, note: change.note });
  if (change.kind === 'holidayRemove') await removeDeliveryHoliday(change.date);
  return getDeliverySettings();
}

export function DeliverySlotsPage() {
  const [snapshot, send] = useActor(
    deliverySlotsMachine.provide({
      actors: {
        loadSettings: fromPromise(() => getDeliverySettings()),
        saveChange: fromPromise<DeliverySettingsRecord, DeliverySettingsChange>(({ input }) => save(input)),
      },
      actions: { notify },
    }),
    appActorOptions,
  );
  const settings = snapshot.context.settings;
  const saving = snapshot.matches('saving');
  const submit = (change: DeliverySettingsChange) => send({ type: 'change.save', change });

  return (
    <AdminPage title={title}>
      <AdminListLoad
        status={snapshot.matches('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready'}
        loadingLabel="Loading the delivery settings…"
        onRetry={() => send({ type: 'settings.retry' })}
      >
        {settings ? (
          <Stack gap="8">
            <Section title="Hand delivery slots" note="Times are India time. A cut-off of 0 days is the delivery day itself; 1 is the day before.">
              {settings.slots.map((slot) => (
                <SlotForm key={slot.id} slot={slot} busy={saving} onSave={submit} />
              ))}
            </Section>
            <Section title="Courier">
              <CourierForm courier={settings.courier} busy={saving} onSave={submit} />
            </Section>
            <Section title="Holidays" note="No hand delivery and no courier dispatch on these dates.">
              <HolidayList holidays={settings.holidays} busy={saving} onSave={submit} />
            </Section>
          </Stack>
        ) : null}
      </AdminListLoad>
    </AdminPage>
  );
}

function Section({ title: heading, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3">
      <Text as="h2" fontFamily="heading" fontSize="2xl" fontWeight="600" color="brand.ink">
        {heading}
      </Text>
      {note ? (
        <Text fontSize="sm" color="brand.muted">
          {note}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}

const formData = (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  const data = new FormData(event.currentTarget);
  return (name: string) => String(data.get(name) ?? '');
};

/** A whole number typed in a field, or NaN (the server refuses it with its message). */
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

type Slot = DeliverySettingsRecord['slots'][number];

function SlotForm({ slot, busy, onSave }: { slot: Slot; busy: boolean; onSave: (change: DeliverySettingsChange) => void }) {
  const label = `${slot.name} ${windowText(slot.start, slot.end)}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const field = formData(event);
    onSave({
      kind: 'slot',
      id: slot.id,
      change: {
        feePaise: feeInputToPaise(field('fee')),
        cutoffDaysBefore: wholeNumber(field('cutoffDaysBefore')),
        cutoffTime: field('cutoffTime'),
        capacity: wholeNumber(field('capacity')),
        active: field('active') === 'on',
      },
    });
  };
  return (
    <chakra.form aria-label={label} onSubmit={submit} borderWidth="1px" borderColor="border" rounded="xl" p="4" bg={slot.active ? 'bg' : 'bg.muted'}>
      <HStack justify="space-between" align="baseline" flexWrap="wrap" gap="2" mb="3">
        <Text fontWeight="600" color="brand.ink">
          {label}
        </Text>
        <Text fontSize="sm" color="brand.muted">
          {slot.active ? `${feeText(slot.feePaise)} · ${cutoffText(slot)} · ${slot.capacity} a day` : 'Not offered'}
        </Text>
      </HStack>
      <Box display="grid" gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(5, 1fr)' }} gap="3" alignItems="end">
        <NumberField label="Fee (Rs.)" name="fee" defaultValue={String(slot.feePaise / 100)} inputMode="decimal" />
        <NumberField label="Cut-off days before" name="cutoffDaysBefore" defaultValue={String(slot.cutoffDaysBefore)} />
        <Field.Root>
          <Field.Label fontSize="sm">Cut-off time</Field.Label>
          <Input name="cutoffTime" type="time" defaultValue={slot.cutoffTime} aria-describedby={undefined} />
          <Field.HelperText fontSize="xs">{Number.isNaN(minuteOfTime(slot.cutoffTime)) ? '' : clockText(slot.cutoffTime)}</Field.HelperText>
        </Field.Root>
        <NumberField label="Capacity per day" name="capacity" defaultValue={String(slot.capacity)} />
        <HStack gap="3" justify="space-between" gridColumn={{ base: 'span 2', md: 'auto' }}>
          <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm">
            <chakra.input type="checkbox" name="active" defaultChecked={slot.active} w="4" h="4" accentColor="var(--chakra-colors-brand-leaf)" />
            Offered
          </chakra.label>
          <SaveButton busy={busy}>Save</SaveButton>
        </HStack>
      </Box>
    </chakra.form>
  );
}

function NumberField({ label, name, defaultValue, inputMode = 'numeric' }: { label: string; name: string; defaultValue: string; inputMode?: 'numeric' | 'decimal' }) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input name={name} defaultValue={defaultValue} inputMode={inputMode} />
    </Field.Root>
  );
}

function CourierForm({ courier, busy, onSave }: { courier: DeliverySettingsRecord['courier']; busy: boolean; onSave: (change: DeliverySettingsChange) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const field = formData(event);
    onSave({ kind: 'courier', change: { feePaise: feeInputToPaise(field('fee')), sundaysOff: field('sundaysOff') === 'on' } });
  };
  return (
    <chakra.form aria-label="Courier" onSubmit={submit} borderWidth="1px" borderColor="border" rounded="xl" p="4">
      <HStack gap="4" align="end" flexWrap="wrap">
        <Box maxW="40">
          <NumberField label="Fee (Rs.)" name="fee" defaultValue={String(courier.feePaise / 100)} inputMode="decimal" />
        </Box>
        <chakra.label display="flex" alignItems="center" gap="2" fontSize="sm" pb="2">
          <chakra.input type="checkbox" name="sundaysOff" defaultChecked={courier.sundaysOff} w="4" h="4" accentColor="var(--chakra-colors-brand-leaf)" />
          No dispatch on Sundays
        </chakra.label>
        <SaveButton busy={busy}>Save</SaveButton>
      </HStack>
    </chakra.form>
  );
}

function HolidayList({ holidays, busy, onSave }: { holidays: DeliverySettingsRecord['holidays']; busy: boolean; onSave: (change: DeliverySettingsChange) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const field = formData(event);
    onSave({ kind: 'holidayAdd', date: field('date'), note: field('note') });
  };
  return (
    <Stack gap="3">
      {holidays.length === 0 ? (
        <Text fontSize="sm" color="brand.muted">
          No holidays set.
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {holidays.map((holiday) => (
            <HStack as="li" key={holiday.date} justify="space-between" borderWidth="1px" borderColor="border" rounded="lg" px="3" py="2">
              <Text>
                <Text as="span" fontWeight="600">
                  {holiday.date}
                </Text>
                {holiday.note ? ` · ${holiday.note}` : ''}
              </Text>
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                aria-label={`Remove the holiday on ${holiday.date}`}
                disabled={busy}
                onClick={() => onSave({ kind: 'holidayRemove', date: holiday.date })}
              >
                Remove
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      <chakra.form aria-label="Add a holiday" onSubmit={submit}>
        <HStack gap="3" align="end" flexWrap="wrap">
          <Field.Root maxW="48">
            <Field.Label fontSize="sm">Date</Field.Label>
            <Input name="date" type="date" required />
          </Field.Root>
          <Field.Root flex="1" minW="40">
            <Field.Label fontSize="sm">Note</Field.Label>
            <Input name="note" maxLength={80} placeholder="Diwali" />
          </Field.Root>
          <SaveButton busy={busy}>Add holiday</SaveButton>
        </HStack>
      </chakra.form>
    </Stack>
  );
}

/** Each form's submit: the shop's leaf pill, small, busy while a change is on its way. */
function SaveButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <Button type="submit" size="sm" colorPalette="leaf" rounded="full" px="5" loading={busy} disabled={busy}>
      {children}
    </Button>
  );
}
