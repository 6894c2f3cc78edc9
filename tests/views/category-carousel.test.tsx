// @vitest-environment jsdom
// The home page's category carousel: Previous / Next change the slide both before its transition (a lazy chunk) has
// arrived and after, the focus stays on the button pressed, and a leaving slide is out of reach while it fades.
import './setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aCategory, aProduct, layoutHandlers } from './catalog-fixtures';
import { renderApp } from './render-app';
import { mockApi } from './page-harness';

// The transition chunk arrives only when the test lets it: "before" and "after" without depending on timing.
let letMotionArrive!: () => void;
const motionArrival = new Promise<void>((resolve) => {
  letMotionArrive = resolve;
});
vi.mock('../../src/features/catalog/carousel-motion', async (importOriginal) => {
  await motionArrival;
  return importOriginal();
});

const catalog = [
  aCategory('Everlasting Dry Flowers', {
    Posy: [aProduct({ productName: 'Golden Pampas Posy' })],
    Exotic: [aProduct({ productName: 'Palm Spear Vase' })],
    Round: [aProduct({ productName: 'Bunny-Tail Round' })],
    Side: [aProduct({ productName: 'Pampas Bud Vase' })],
    Wreath: [aProduct({ productName: 'Lavender Wreath' })],
  }),
];

mockApi([...layoutHandlers, http.get('*/api/allflowers', () => HttpResponse.json({ products: catalog }))
]);

const slides = (carousel: HTMLElement) => Array.from(carousel.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'));

describe('category carousel', () => {
  it('changes the slide on Next before and after the slide transition has arrived, the leaving slide out of reach', async () => {
    const user = userEvent.setup();
    await renderApp('/home');
    const carousel = await screen.findByRole('region', { name: 'Everlasting Dry Flowers' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const next = within(carousel).getByRole('button', { name: 'Next Everlasting Dry Flowers slide' });

    // Before: the pointer on the buttons asks for the transition, which is still on its way; the press changes the
    // slide at once, without it.
    await user.click(next);
    expect(within(carousel).getByLabelText('2 of 2').textContent).toContain('Lavender Wreath');
    expect(within(carousel).queryByText('Golden Pampas Posy')).toBeNull();
    expect(slides(carousel)).toHaveLength(1);
    expect(document.activeElement).toBe(next);

    // It arrives: the still slide makes way for the animated one, showing the same slide.
    const stillSlide = within(carousel).getByLabelText('2 of 2');
    await act(async () => {
      letMotionArrive();
      await motionArrival;
    });
    await waitFor(() => expect(within(carousel).getByLabelText('2 of 2')).not.toBe(stillSlide));
    expect(within(carousel).getByLabelText('2 of 2').textContent).toContain('Lavender Wreath');
    expect(document.activeElement).toBe(next);

    // After: the press changes the slide; in the same commit the leaving slide is still there, fading, but inert.
    act(() => {
      fireEvent.click(next);
    });
    const current = within(carousel).getByLabelText('1 of 2');
    expect(current.textContent).toContain('Golden Pampas Posy');
    expect(current.hasAttribute('inert')).toBe(false);
    const leaving = slides(carousel).filter((slide) => slide !== current);
    expect(leaving.map((slide) => slide.getAttribute('aria-label'))).toEqual(['2 of 2']);
    expect(leaving.every((slide) => slide.hasAttribute('inert'))).toBe(true);
  });
});
