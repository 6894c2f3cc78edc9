// What every admin form shows around its fields: a loading state, a load failure with Retry, and the submit button
// that is busy while saving and stays disabled until the form has gone back to its list.
import type { FormEvent, ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import { LoadFailed, Loading } from '../../components/load-states';
import type { AdminFormActor } from './use-admin-form';
import { FormSubmitButton } from '../../components/form-submit-button';

export interface AdminFormFrameProps {
  actor: AdminFormActor;
  /** The form's accessible name: the screen's title. */
  title: string;
  submitLabel: string;
  loadingLabel?: string;
  /** A form that deletes: its button in the house's danger colour (rose), as Cancel order and Refund are. */
  danger?: boolean;
  children: ReactNode;
}

export function AdminFormFrame({ actor, title, submitLabel, loadingLabel = 'Loading the form…', danger = false, children }: AdminFormFrameProps) {
  const [snapshot, send] = actor;
  if (snapshot.matches('loading')) return <Loading label={loadingLabel} inCard />;
  if (snapshot.matches('loadFailed')) {
    return <LoadFailed message="This record did not load." onRetry={() => send({ type: 'form.retry' })} inCard />;
  }
  const saving = snapshot.matches('saving');
  const busy = !snapshot.matches('editing');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };
  return (
    <form noValidate onSubmit={submit} aria-label={title}>
      <Stack gap="6">
        {children}
        <FormSubmitButton loading={saving} loadingText="Saving…" disabled={busy} {...(danger ? { colorPalette: 'rose' } : {})}>
          {submitLabel}
        </FormSubmitButton>
      </Stack>
    </form>
  );
}
