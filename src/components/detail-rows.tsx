// Label and value lines of an order (its gift card, its deliveries), the same on the thank-you page, in My Account's
// orders and in the admin's order. Spans shown as blocks, so that they may sit inside a paragraph.
import { Box, Text } from '@chakra-ui/react';

export function DetailRows({ rows, label, compact = false }: { rows: readonly [label: string, value: string][]; label: string; compact?: boolean }) {
  if (rows.length === 0) return null;
  return (
    <Box as="span" display="block" role="group" aria-label={label} textAlign="left">
      {rows.map(([name, value]) => (
        <Box as="span" display="block" key={name} mb="1">
          <Text as="span" display="block" fontWeight="600" fontSize={compact ? 'xs' : 'sm'} color="brand.muted">
            {name}
          </Text>
          <Text as="span" display="block" fontSize={compact ? 'sm' : 'md'} whiteSpace="pre-wrap" overflowWrap="anywhere">
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
