// The controls of the admin forms, each bound to one field of the admin form machine: it shows the value from the
// machine's context, sends `field.change` / `files.change`, and shows the field's message from domain/admin-forms.ts
// once the field holds something or the form was submitted (SPEC.md §5).
import { useEffect, useMemo } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { Box, Button, Checkbox, Field, HStack, Image, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { adminFieldMessage, adminForms } from '../../../domain/admin-forms';
import type { PickedFile } from '../../../domain/admin-forms';
import type { AdminFormActor } from './use-admin-form';

export const requiredFieldMessage = 'This field is required';

const noFiles: readonly PickedFile[] = [];

interface BoundFieldProps {
  actor: AdminFormActor;
  name: string;
  label: string;
  /** Under the field while it has no message, e.g. "Description should not be more than 500 characters". */
  helperText?: string;
}

function useBoundField({ actor, name }: BoundFieldProps) {
  const [snapshot, send] = actor;
  const { form, values, submitted } = snapshot.context;
  const value = values[name] ?? '';
  const required = adminForms[form].required.includes(name);
  const error = adminFieldMessage(form, name, value) ?? (submitted && required && value.trim() === '' ? requiredFieldMessage : undefined);
  const busy = !snapshot.matches('editing');
  const change = (next: string) => send({ type: 'field.change', field: name, value: next });
  return { value, required, error, busy, change };
}

function FieldFrame({ label, helperText, required, error, disabled = false, children }: { label: string; helperText?: string | undefined; required: boolean; error: string | undefined; disabled?: boolean; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label fontWeight="medium">
        {label}
        <Field.RequiredIndicator aria-hidden="true" />
      </Field.Label>
      {children}
      {error ? <Field.ErrorText color="red.700">{error}</Field.ErrorText> : helperText ? <Field.HelperText color="brand.muted">{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}

export function AdminTextField(props: BoundFieldProps & { multiline?: boolean; inputMode?: 'text' | 'numeric' | 'decimal' | 'url'; type?: 'date' }) {
  const { value, required, error, busy, change } = useBoundField(props);
  const common = {
    name: props.name,
    bg: 'white',
    value,
    disabled: busy,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(event.target.value),
  };
  return (
    <FieldFrame label={props.label} helperText={props.helperText} required={required} error={error}>
      {props.multiline ? <Textarea {...common} size="lg" rows={4} autoresize /> : <Input {...common} size="lg" type={props.type} inputMode={props.inputMode} autoComplete="off" />}
    </FieldFrame>
  );
}

/** A stored value the form shows but does not edit or send (an order's e-mail, a product's item code on update). */
export function AdminReadOnlyField({ name, label, value, helperText }: { name: string; label: string; value: string; helperText?: string }) {
  return (
    <FieldFrame label={label} helperText={helperText} required={false} error={undefined}>
      <Input name={name} bg="gray.50" value={value} readOnly size="lg" autoComplete="off" />
    </FieldFrame>
  );
}

export interface SelectChoice {
  value: string;
  label: string;
}

export function AdminSelect(props: BoundFieldProps & { choices: readonly SelectChoice[]; placeholder: string; onChosen?: (value: string) => void; disabled?: boolean }) {
  const { value, required, error, busy, change } = useBoundField(props);
  const disabled = busy || props.disabled === true;
  return (
    <FieldFrame label={props.label} helperText={props.helperText} required={required} error={error} disabled={disabled}>
      <NativeSelect.Root size="lg" disabled={disabled}>
        <NativeSelect.Field
          name={props.name}
          bg="white"
          value={value}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            change(event.target.value);
            props.onChosen?.(event.target.value);
          }}
        >
          <option value="">{props.placeholder}</option>
          {props.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldFrame>
  );
}

/** A "true"/"false" field as a checkbox (the product's Removal flag). */
export function AdminCheckbox(props: BoundFieldProps) {
  const { value, busy, change } = useBoundField(props);
  return (
    <Stack gap="1">
      <Checkbox.Root
        colorPalette="leaf"
        name={props.name}
        checked={value === 'true'}
        disabled={busy}
        onCheckedChange={(details) => change(details.checked === true ? 'true' : 'false')}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontWeight="medium">{props.label}</Checkbox.Label>
      </Checkbox.Root>
      {props.helperText ? (
        <Text fontSize="xs" color="brand.muted">
          {props.helperText}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Object URLs for previews of picked files, made once per file list. */
function previewsOf(files: readonly PickedFile[]): { name: string; url: string | null }[] {
  return files.map((file) => ({
    name: file.name,
    url: typeof URL.createObjectURL === 'function' && file instanceof Blob ? URL.createObjectURL(file) : null,
  }));
}

/**
 * An image input: a labelled file picker, what is stored now (`current`, image addresses), and previews of what was
 * picked. Files over the input's size limit are refused by the machine with the spec's message.
 */
export function AdminImagePicker({ actor, input, label, helperText, current = [] }: { actor: AdminFormActor; input: string; label: string; helperText?: string; current?: readonly { url: string; alt: string }[] }) {
  const [snapshot, send] = actor;
  const { form, files, submitted } = snapshot.context;
  const rule = adminForms[form].files[input];
  const picked = files[input] ?? noFiles;
  const missing = submitted && adminForms[form].required.includes('files:any') && Object.values(files).every((list) => list.length === 0);
  const previews = useMemo(() => previewsOf(picked), [picked]);
  useEffect(() => () => previews.forEach((preview) => preview.url && URL.revokeObjectURL(preview.url)), [previews]);
  const busy = !snapshot.matches('editing');
  const inputId = `admin-file-${input}`;
  return (
    <Field.Root invalid={missing} required={adminForms[form].required.includes('files:any')} data-file-picker="">
      <Field.Label htmlFor={inputId} fontWeight="medium">
        {label}
        <Field.RequiredIndicator aria-hidden="true" />
      </Field.Label>
      <HStack gap="3" wrap="wrap">
        <Button
          asChild
          variant="outline"
          colorPalette="leaf"
          rounded="full"
          size="sm"
          disabled={busy}
          // The real input is visually hidden: its keyboard focus shows as the ring of the button that stands for it.
          css={{ '[data-file-picker]:has(input[type=file]:focus-visible) &': { outline: '2px solid', outlineColor: 'brand.leaf', outlineOffset: '2px' } }}
        >
          <label htmlFor={inputId} aria-hidden="true">
            Choose {rule?.multiple ? 'images' : 'an image'}
          </label>
        </Button>
        <Text fontSize="sm" color="brand.muted" aria-live="polite">
          {picked.length === 0 ? 'No file chosen' : picked.map((file) => file.name).join(', ')}
        </Text>
      </HStack>
      <Box asChild srOnly>
        <input
          id={inputId}
          name={input}
          type="file"
          accept={rule?.accept.join(',')}
          multiple={rule?.multiple}
          disabled={busy}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            send({ type: 'files.change', input, files: Array.from(event.target.files ?? []) });
            event.target.value = '';
          }}
        />
      </Box>
      {missing ? <Field.ErrorText color="red.700">{adminForms[form].requiredMessage}</Field.ErrorText> : helperText ? <Field.HelperText color="brand.muted">{helperText}</Field.HelperText> : null}
      {previews.length > 0 || current.length > 0 ? (
        <SimpleGrid columns={{ base: 3, md: 5 }} gap="3" mt="2" w="full">
          {(previews.length > 0 ? previews.map((p) => ({ url: p.url, alt: `Chosen: ${p.name}` })) : current).map((image, index) =>
            image.url ? (
              <Image key={`${image.url}-${index}`} src={image.url} alt={image.alt} aspectRatio="1" objectFit="cover" rounded="md" bg="brand.roseSoft" />
            ) : null,
          )}
        </SimpleGrid>
      ) : null}
    </Field.Root>
  );
}
