// Providers every screen needs: the shop's Chakra system and toasts. No motion provider: framer-motion lives only in
// the carousel's lazy chunk (which honours reduced motion itself), and the bag badge's pop is a theme keyframe.
// The toasts' region is a lazy chunk, mounted once it has loaded (src/app/toaster.ts).
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { emotionKey } from './emotion-cache';
import { shopSystem } from './theme';
import { useToastRegion } from './toaster';

function ToastRegion() {
  const Region = useToastRegion();
  return Region ? <Region /> : null;
}

/**
 * A page the server drew (src/entry-server.tsx) carries Chakra's global styles in its <head> already, and they stay
 * there for every later screen: the app then leaves them out instead of computing them again, the largest part of
 * Chakra's start-up work (vite.config.ts makes that work wait until the styles are read).
 */
const pageHasGlobalStyles = typeof document !== 'undefined' && document.querySelector(`style[data-emotion^="${emotionKey}-global "]`) !== null;
let provided: ReturnType<typeof shopSystem> | undefined;
function providedSystem(): ReturnType<typeof shopSystem> {
  const system = shopSystem();
  provided ??= pageHasGlobalStyles
    ? (Object.create(system, {
        _global: { value: [] },
        _config: { value: { ...system._config, disableLayers: true } },
      }) as typeof system)
    : system;
  return provided;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={providedSystem()}>
      {children}
      <ToastRegion />
    </ChakraProvider>
  );
}
