// A titled white card of /checkout's left column (the buyer's details, the shipping address).
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Box, HStack, Text } from '@chakra-ui/react';

interface CheckoutCardProps {
  title: string;
  /** Beside the title, such as the guest's "Verified" badge. */
  aside?: ReactNode;
  children: ReactNode;
}

export function CheckoutCard({ title, aside, children }: CheckoutCardProps) {
  const titleId = useId();
  return (
    <Box as="section" aria-labelledby={titleId} layerStyle="card" p={{ base: '5', md: '7' }}>
      <HStack justify="space-between" align="center" mb="5" gap="3">
        <Text as="h2" id={titleId} fontFamily="heading" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="600" color="brand.leaf" lineHeight="1.15">
          {title}
        </Text>
        {aside}
      </HStack>
      {children}
    </Box>
  );
}
