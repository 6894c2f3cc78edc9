// An order's gift card as label and value lines (domain/gift-message.ts giftDetails), the same on the thank-you page,
// in My Account's orders and in the admin's order. Spans shown as blocks, so that it may sit inside a paragraph.
import { Box, Text } from '@chakra-ui/react';
import { giftDetails } from '../../domain/gift-message';
import type { GiftMessage } from '../../domain/gift-message';

export function GiftCard({ gift, compact = false }: { gift: GiftMessage | null; compact?: boolean }) {
  const rows = giftDetails(gift);
  if (rows.length === 0) return null;
  return (
    <Box as="span" display="block" role="group" aria-label="Gift message" textAlign="left">
      {rows.map(([label, value]) => (
        <Box as="span" display="block" key={label} mb="1">
          <Text as="span" display="block" fontWeight="600" fontSize={compact ? 'xs' : 'sm'} color="brand.muted">
            {label}
          </Text>
          <Text as="span" display="block" fontSize={compact ? 'sm' : 'md'} whiteSpace="pre-wrap" overflowWrap="anywhere">
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
