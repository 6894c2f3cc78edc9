// Runs the admin form machine for one form with the shop's toaster and router: the page passes how the form loads and
// how it saves; the machine decides messages, delays and the way back to the list.
import { useActor } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { AdminFormName } from '../../../domain/admin-forms';
import { adminFormMachine } from '../../../machines/admin-form.machine';
import type { AdminFormLoad, AdminFormOutcome, AdminFormSubmission } from '../../../machines/admin-form.machine';
import { appActorOptions } from '../../app/inspection';
import { notify } from '../../app/show-notice';

export interface AdminFormCalls {
  load: () => Promise<AdminFormLoad>;
  submit: (submission: AdminFormSubmission) => Promise<AdminFormOutcome>;
  /** Where a saved form goes after its delay. */
  listPath: string;
}

export function useAdminForm(form: AdminFormName, { load, submit, listPath }: AdminFormCalls) {
  const navigate = useNavigate();
  return useActor(
    adminFormMachine.provide({
      actors: {
        loadForm: fromPromise<AdminFormLoad, AdminFormName>(() => load()),
        submitForm: fromPromise<AdminFormOutcome, AdminFormSubmission>(({ input }) => submit(input)),
      },
      actions: {
        notify,
        logError: (_, { error }) => console.error('admin call failed', error),
        goToList: () => navigate(listPath),
      },
    }),
    { input: { form }, ...appActorOptions },
  );
}

export type AdminFormActor = ReturnType<typeof useAdminForm>;
