// An order's gift card as label and value lines (domain/gift-message.ts giftDetails), the same on the thank-you page,
// in My Account's orders and in the admin's order.
import { giftDetails } from '../../domain/gift-message';
import type { GiftMessage } from '../../domain/gift-message';
import { DetailRows } from './detail-rows';

export function GiftCard({ gift, compact = false }: { gift: GiftMessage | null; compact?: boolean }) {
  return <DetailRows rows={giftDetails(gift)} label="Gift message" compact={compact} />;
}
