// The white, softly shadowed card every account tab sits on, matching the Contact Us form.
import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import type { BoxProps } from '@chakra-ui/react';

export function AccountPanel({ children, ...props }: BoxProps & { children: ReactNode }) {
  return (
    <Box layerStyle="card" p={{ base: '5', md: '8' }} {...props}>
      {children}
    </Box>
  );
}
