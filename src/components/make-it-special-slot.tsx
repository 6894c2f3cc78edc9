// Where "Make it special" goes on a page: an empty place that loads the section's chunk, and the add-ons, only when it
// scrolls near (or at once where the browser cannot tell), so that neither weighs on the page's first download.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { loadLazyPart } from '../app/lazy-route';
import type { MakeItSpecialProps } from './make-it-special';

const MakeItSpecial = lazy(() => loadLazyPart(() => import('./make-it-special')).then((module) => ({ default: module.MakeItSpecial })));

/** How far below the screen the section starts loading: about a phone screen, so it is there when reached. */
const nearMargin = '600px 0px';

export function MakeItSpecialSlot(props: MakeItSpecialProps) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: nearMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={place}>
      {near ? (
        <Suspense fallback={null}>
          <MakeItSpecial {...props} />
        </Suspense>
      ) : null}
    </Box>
  );
}
