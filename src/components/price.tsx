// Selling price in the display serif, with the MRP struck through and muted only when it is higher.
import { HStack, Text } from '@chakra-ui/react';
import { formatRupees } from '../../domain/money';

interface PriceProps {
  sellingPrice: number;
  mrp: number;
  size?: 'sm' | 'lg';
}

export function Price({ sellingPrice, mrp, size = 'sm' }: PriceProps) {
  const large = size === 'lg';
  return (
    <HStack gap={large ? '3' : '2'} align="baseline" wrap="wrap">
      <Text as="span" fontFamily="heading" fontWeight="600" fontVariantNumeric="lining-nums" color="brand.leaf" fontSize={large ? { base: '2xl', md: '3xl' } : 'lg'} lineHeight="1.1">
        {formatRupees(sellingPrice)}
      </Text>
      {mrp > sellingPrice ? (
        <Text as="s" color="brand.muted" fontSize={large ? 'md' : 'sm'} aria-label={`MRP ${formatRupees(mrp)}`}>
          {formatRupees(mrp)}
        </Text>
      ) : null}
    </HStack>
  );
}
