// @vitest-environment jsdom
// The toaster's code is a lazy chunk (src/app/toaster.ts): nothing of it is on the page until it is needed, a toast
// asked for before it has loaded still shows, and a shopper's first tap loads it ahead of the first toast.
import './setup-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** The app's providers and toaster as a first visit has them: the toaster's chunk not loaded yet. */
async function freshApp() {
  vi.resetModules();
  const { AppProviders } = await import('../../src/app/app-providers');
  const { loadToasterOnFirstInput, toaster } = await import('../../src/app/toaster');
  return { AppProviders, loadToasterOnFirstInput, toaster };
}

/** Chakra's toast group, the region every toast is shown in. */
const toastRegion = () => document.querySelector('[data-scope="toast"][data-part="group"]');

describe('the lazy toaster', () => {
  it('has no toast region on the page until the first tap, which loads it', async () => {
    const { AppProviders, loadToasterOnFirstInput } = await freshApp();
    render(
      <AppProviders>
        <button type="button">Add To Cart</button>
      </AppProviders>,
    );
    loadToasterOnFirstInput(document);
    expect(toastRegion()).toBeNull();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Add To Cart' }));
    await waitFor(() => expect(toastRegion()).not.toBeNull());
  });

  it('shows a toast asked for before its code had loaded, in full', async () => {
    const { AppProviders, toaster } = await freshApp();
    render(<AppProviders>{null}</AppProviders>);
    toaster.create({ description: 'Product added to your bag.', type: 'success', duration: 5000 });
    expect(await screen.findByText('Product added to your bag.')).toBeTruthy();
    toaster.remove();
  });
});
