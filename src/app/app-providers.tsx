// Providers every screen needs: the shop's Chakra system and toasts. No motion provider: framer-motion lives only in
// the carousel's lazy chunk (which honours reduced motion itself), and the bag badge's pop is a theme keyframe.
import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { system } from './theme';
import { toaster } from './toaster';

// The toast group (its state machines) is a lazy chunk mounted with the first toast: most visits never show one. It
// reads the toaster's toasts when it starts, so the toast that asked for it is shown too.
const AppToaster = lazy(() => import('./app-toaster').then((module) => ({ default: module.AppToaster })));

function ToasterOnDemand() {
  const [wanted, setWanted] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (wanted) return undefined;
    return toaster.subscribe(() => setWanted(true));
  }, [wanted]);
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
