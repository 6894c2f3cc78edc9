// Opens an admin form through the real app as a signed-in admin and hands the test its controls by label; and checks
// that an admin screen is closed to a visitor without the dashboard flag.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
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
  /** What the fields labelled `labels` hold, by label: one assertion names every field that is off. */
  const values = (labels: string[]) => Object.fromEntries(labels.map((label) => [label, field(label).value]));
  /** Types each text into the field of its label, in order, as the admin would. */
  const fill = async (typed: Record<string, string>) => {
    for (const [label, text] of Object.entries(typed)) await user.type(field(label), text);
  };
  /** Fills the fields as `fill` does and answers what they then hold: what they let through. */
  const typeInto = async (typed: Record<string, string>) => {
    await fill(typed);
    return values(Object.keys(typed));
  };
  const submit = (name: 'Submit' | 'Update') => user.click(within(form).getByRole('button', { name }));
  return { ...app, user, form, field, select, at, values, fill, typeInto, submit };
}

/** Signed in without the dashboard flag, a visitor at `path` is sent to /access. */
export async function expectClosedWithoutDashboard(path: string) {
  signIn();
  const { router } = await renderApp(path);
  await waitFor(() => expect(router.state.location.pathname).toBe('/access'));
}
