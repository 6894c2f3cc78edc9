// Providers every screen needs: the shop's Chakra system and toasts. No motion provider: framer-motion lives only in
// the carousel's lazy chunk (which honours reduced motion itself), and the bag badge's pop is a theme keyframe.
import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { system } from './theme';
import { toaster } from './toaster';

// The toast group (its state machines) is a lazy chunk mounted with the first toast: a visit that only looks never
// downloads it. It reads the toaster's toasts when it starts, so the toast that asked for it is shown too.
const loadToaster = () => import('./app-toaster');
const AppToaster = lazy(() => loadToaster().then((module) => ({ default: module.AppToaster })));

function ToasterOnDemand() {
  const [wanted, setWanted] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (wanted) return undefined;
    return toaster.subscribe(() => setWanted(true));
  }, [wanted]);
  useEffect(() => {
    // Most toasts answer something the visitor did: fetched at the first press or key, the chunk is there when the
    // answer comes, so a toast is never shown late (and the screens that move on 3 s after one keep it up that long).
    const prefetch = () => void loadToaster();
    const once = { once: true, capture: true, passive: true };
    window.addEventListener('pointerdown', prefetch, once);
    window.addEventListener('keydown', prefetch, once);
    return () => {
      window.removeEventListener('pointerdown', prefetch, once);
      window.removeEventListener('keydown', prefetch, once);
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <ToasterOnDemand />
    </ChakraProvider>
  );
}
