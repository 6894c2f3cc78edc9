import { act, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { toaster } from '../../../src/app/toaster';

/** Small readings of the screen shared by the model-based view tests, made the way assistive technology reads it. */

/** The message an input shows: the element its aria-errormessage (or aria-describedby) names while it is invalid. */
export function messageOf(input: HTMLElement): string | undefined {
  if (input.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = (input.getAttribute('aria-errormessage') ?? input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : '')).join('') || undefined;
}

/** Whether a button is busy: Chakra's loading buttons are disabled while they spin. */
export const isBusy = (button: HTMLElement) => button.hasAttribute('disabled');

/**
 * Waits for a toast with the text, then closes every toast as a person would: the shop shows three at a time and
 * queues the rest, so a long path would otherwise wait behind toasts it has already read.
 */
export async function expectToast(text: string): Promise<void> {
  expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
  act(() => toaster.remove());
}

/**
 * The form named `name` (its aria-label). Looked up by attribute rather than by role: a role query walks the whole
 * app's accessibility tree, and the checks look the form up after every step.
 */
export function formNamed(name: string): HTMLFormElement {
  const form = document.querySelector<HTMLFormElement>(`form[aria-label="${name}"]`);
  if (!form) throw new Error(`no form named "${name}" on screen`);
  return form;
}

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isFormControl = (element: Element | null): element is FormControl =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/**
 * The control of the one label in `container` whose text starts with `text`, as `getByLabelText(/^text/)` finds it
 * (the label's `for` or the control inside it), but reading only the labels: the by-label query visits every element
 * of the container, which on a long form checked after every step is most of a walk's time.
 */
export function controlLabelled(container: HTMLElement, text: string): FormControl {
  const labels = [...container.querySelectorAll('label')].filter((label) => label.textContent?.trim().startsWith(text));
  if (labels.length !== 1) throw new Error(`${labels.length} labels starting "${text}" where one was expected`);
  const control = labels[0]!.control;
  if (!isFormControl(control)) throw new Error(`the label "${text}" names no input, select or text area`);
  return control;
}
