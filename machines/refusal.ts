// A refused submit (SPEC.md §5) as a transition's actions: the form's fields show their messages and a toast says why.
import type { Notice } from '../domain/notice';

export const refusal = <const ShowErrors>(showErrors: ShowErrors, notice: Notice) =>
  [showErrors, { type: 'notify', params: notice }] as const;
