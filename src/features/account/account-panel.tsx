// The white, softly shadowed card every account tab sits on, matching the Contact Us form.
import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import type { BoxProps } from '@chakra-ui/react';

export function AccountPanel({ children, ...props }: BoxProps & { children: ReactNode }) {
  return (
    <Box
      bg="white"
      borderWidth="1px"
      borderColor="brand.line"
      borderRadius="2xl"
      p={{ base: '5', md: '8' }}
      boxShadow="0 1px 2px rgba(43, 43, 43, 0.04), 0 12px 32px -16px rgba(31, 77, 58, 0.18)"
      {...props}
    >
      {children}
    </Box>
  );
}
