// Opens an admin form through the real app as a signed-in admin and hands the test its controls by label.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { renderApp, signIn } from './render-app';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits until the form titled `title` can be edited. With fake timers the test can run the redirect delays. */
export async function openAdminForm(path: string, title: string, { fakeTimers = false } = {}) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  signIn({ dashboard: true });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const app = await renderApp(path);
  const form = await screen.findByRole('form', { name: title }, { timeout: 8000 });
  // Labels may end with the required mark ("Flower Name*"); "Flower Category" must not match "Flower Sub Category".
  const field = (label: string) =>
    within(form).getByLabelText(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`)) as HTMLInputElement;
  const select = (label: string) => field(label) as unknown as HTMLSelectElement;
  const at = () => app.router.state.location.pathname;
  return { ...app, user, form, field, select, at };
}

/** Lets the clock run past `ms` (the saved form's redirect timer). */
export function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
