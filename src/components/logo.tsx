// The "Petals & Stems" wordmark: the flower mark and the name set in the serif display face.
import { Box, HStack, Text } from '@chakra-ui/react';
import { FlowerMark } from './icons';

export function Logo({ size = 'md', tone = 'leaf' }: { size?: 'sm' | 'md' | 'lg'; tone?: 'leaf' | 'cream' }) {
  const fontSize = { sm: '1.35rem', md: { base: '1.45rem', md: '1.75rem' }, lg: '2.1rem' }[size];
  const mark = { sm: 24, md: 30, lg: 36 }[size];
  const color = tone === 'leaf' ? 'brand.leaf' : 'brand.cream';
  return (
    <HStack gap="1.5" align="center" color={color} lineHeight="1">
      <FlowerMark size={mark} />
      <Text as="span" fontFamily="heading" fontWeight="600" fontSize={fontSize} letterSpacing="0.01em" whiteSpace="nowrap">
        Petals{' '}
        <Box as="span" fontStyle="italic" fontWeight="500" color={tone === 'leaf' ? 'brand.roseDeep' : 'brand.rose'}>
          &amp;
        </Box>{' '}
        Stems
      </Text>
    </HStack>
  );
}
