// What the gift-message section shows and what Place Order sends, derived from the machine's context.
import { cardLength, giftFormIssues, giftLimits, giftRequestOf, normalizeCardText } from '../domain/gift-message';
import type { GiftFormField, GiftMessageRequest } from '../domain/gift-message';
import type { GiftMessageContext } from './gift-message.machine';

/** "n/250": characters as a reader counts them (domain/gift-message.ts cardLength). */
export const giftMessageCounter = ({ values }: GiftMessageContext): string =>
  `${cardLength(normalizeCardText(values.message))}/${giftLimits.messageMax}`;

/** The complaints to show: a field's once it holds something, all of them once Place Order was tried. */
export function shownGiftIssues(context: GiftMessageContext): Partial<Record<GiftFormField | 'card', string>> {
  const issues = giftFormIssues(context.values);
  if (context.checked) return issues;
  const shown: Partial<Record<GiftFormField | 'card', string>> = {};
  for (const field of ['occasion', 'message', 'senderName'] as const) {
    if (issues[field] && context.values[field].trim() !== '') shown[field] = issues[field];
  }
  return shown;
}

/** The card Place Order sends: null when the section holds none. */
export const giftRequest = ({ values }: GiftMessageContext): GiftMessageRequest | null => giftRequestOf(values);
