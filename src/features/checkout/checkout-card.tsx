// A titled white card of /checkout's left column (the buyer's details, the shipping address).
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { Box, HStack, Text } from '@chakra-ui/react';

interface CheckoutCardProps {
  title: string;
  /** Beside the title, such as the guest's "Verified" badge. */
  aside?: ReactNode;
  children: ReactNode;
  /**
   * Takes the keyboard focus when it appears: for a card that replaces the form the shopper was in (the verified
   * details after the code dialog), so that the next Tab continues here rather than from the top of the page.
   */
  takeFocus?: boolean;
}

export function CheckoutCard({ title, aside, children, takeFocus = false }: CheckoutCardProps) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    // After the closing dialog has given focus back (to a control that no longer exists).
    const frame = requestAnimationFrame(() => heading.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [takeFocus]);
  return (
    <Box as="section" aria-labelledby={titleId} layerStyle="card" p={{ base: '5', md: '7' }}>
      <HStack justify="space-between" align="center" mb="5" gap="3">
        <Text as="h2" id={titleId} ref={heading} tabIndex={takeFocus ? -1 : undefined} outline="none" fontFamily="heading" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="600" color="brand.leaf" lineHeight="1.15">
          {title}
        </Text>
        {aside}
      </HStack>
      {children}
    </Box>
  );
}
