// Providers every screen needs: the shop's Chakra system, motion that honours prefers-reduced-motion, and toasts.
import { ChakraProvider } from '@chakra-ui/react';
import { MotionConfig } from 'framer-motion';
import type { ReactNode } from 'react';
import { AppToaster } from './app-toaster';
import { system } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <MotionConfig reducedMotion="user">
        {children}
        <AppToaster />
      </MotionConfig>
    </ChakraProvider>
  );
}
