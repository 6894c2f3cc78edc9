// Providers every screen needs: the shop's Chakra system and toasts. No motion provider: framer-motion lives only in
// the carousel's lazy chunk (which honours reduced motion itself), and the bag badge's pop is a theme keyframe.
// The toaster stays in the first download (6.6 KiB gzip): loaded on demand, a first toast showed late, and the screens
// that move on 3 s after a toast kept it up for less than that.
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppToaster } from './app-toaster';
import { system } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <AppToaster />
    </ChakraProvider>
  );
}
