// @vitest-environment jsdom
// The checkout's "Gift message" section with the real gift-message machine: the occasion list, the live "n/250"
// counter counting emoji as a reader does, a complaint once a field breaks its rule, all of them once Place Order was
// tried, and "Don't show my name".
import './setup-dom';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { giftMessages, giftOccasions } from '../../domain/gift-message';
import { giftRequest } from '../../machines/gift-message.selectors';
import { AppProviders } from '../../src/app/app-providers';
import { GiftMessageSection, useGiftMessageActor } from '../../src/features/checkout/gift-message-section';
import type { GiftMessageActor } from '../../src/features/checkout/gift-message-section';

function renderSection() {
  const held: { actor?: GiftMessageActor } = {};
  function Host(): ReactNode {
    const actor = useGiftMessageActor();
    held.actor = actor;
    return <GiftMessageSection actor={actor} />;
  }
  render(
    <AppProviders>
      <Host />
    </AppProviders>,
  );
  return { user: userEvent.setup(), actor: () => held.actor! };
}

describe('gift message section', () => {
  it('offers the eight occasions and sends no card while nothing is written', () => {
    const { actor } = renderSection();
    expect(screen.getByRole('heading', { name: 'Gift message' })).toBeTruthy();
    const options = [...(screen.getByLabelText('Occasion') as HTMLSelectElement).options].map((option) => option.text);
    expect(options).toEqual(['No occasion', ...giftOccasions]);
    expect(screen.getByText('0/250')).toBeTruthy();
    expect(giftRequest(actor().getSnapshot().context)).toBeNull();
  });

  it('counts as the reader does, and holds the card Place Order sends', async () => {
    const { user, actor } = renderSection();
    await user.selectOptions(screen.getByLabelText('Occasion'), 'Love & Romance');
    await user.type(screen.getByLabelText('Card message'), 'Love you 👍🏽');
    expect(screen.getByText('10/250')).toBeTruthy();
    await user.type(screen.getByLabelText('Your name on the card'), 'Arjun');
    await user.click(screen.getByText("Don't show my name"));
    expect(giftRequest(actor().getSnapshot().context)).toEqual({
      occasion: 'Love & Romance',
      message: 'Love you 👍🏽',
      senderName: 'Arjun',
      hideSenderName: true,
    });
  });

  it('says when the message is too long, and what a card needs once Place Order was tried', async () => {
    const { user, actor } = renderSection();
    const message = screen.getByLabelText('Card message');
    await user.click(message);
    await user.paste('x'.repeat(251));
    expect(screen.getByText('251/250')).toBeTruthy();
    expect(screen.getByText(giftMessages.messageMax)).toBeTruthy();
    await user.clear(message);
    expect(screen.queryByText(giftMessages.messageMax)).toBeNull();
    await user.type(screen.getByLabelText('Your name on the card'), 'Asha');
    expect(screen.queryByText(giftMessages.emptyCard)).toBeNull();
    act(() => actor().send({ type: 'gift.check' }));
    expect(screen.getByText(giftMessages.emptyCard)).toBeTruthy();
  });
});
