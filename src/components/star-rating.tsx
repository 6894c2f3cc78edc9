// Stars for an average (4.3 fills four and a third), with the count beside them when given: the product page's and the
// grid's line under a reviewed product. Text characters, no icon font: it costs the first download next to nothing.
import { Box, HStack, Text } from '@chakra-ui/react';
import { averageLabel } from '../../domain/reviews';

interface StarRatingProps {
  average: number;
  count?: number;
  size?: 'sm' | 'md' | 'lg';
}

const fontSizes = { sm: 'sm', md: 'md', lg: '2xl' } as const;

export function StarRating({ average, count, size = 'sm' }: StarRatingProps) {
  const label = `Rated ${averageLabel(average)}${count === undefined ? '' : ` from ${count} ${count === 1 ? 'review' : 'reviews'}`}`;
  return (
    <HStack gap="1.5" role="img" aria-label={label} data-testid="star-rating">
      <Box as="span" position="relative" display="inline-block" fontSize={fontSizes[size]} lineHeight="1" letterSpacing="0.1em" aria-hidden="true">
        <Box as="span" color="brand.line">
          ★★★★★
        </Box>
        <Box as="span" position="absolute" insetStart="0" top="0" overflow="hidden" whiteSpace="nowrap" color="brand.gold" width={`${(average / 5) * 100}%`}>
          ★★★★★
        </Box>
      </Box>
      {count === undefined ? null : (
        <Text as="span" fontSize="xs" color="brand.muted" aria-hidden="true">
          {average.toFixed(1)} ({count})
        </Text>
      )}
    </HStack>
  );
}
