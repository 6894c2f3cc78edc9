// The carousel's slide transition, the shop's only use of framer-motion: a lazy chunk that the carousel fetches when a
// pointer or the keyboard reaches its controls, so a first visit never downloads it. Still under prefers-reduced-motion.
import { AnimatePresence, motion, useIsPresent, useReducedMotion } from 'framer-motion';
import type { ReactNode, Ref } from 'react';

export interface CarouselSlidesProps {
  /** Index of the slide shown, its key: a new index enters while the previous one leaves. */
  slide: number;
  /** -1 or 1, the step of the latest Previous / Next press; 0 before any press. */
  direction: number;
  /** The slide's accessible name, "N of M". */
  label: string;
  /** The slide's content. */
  children: ReactNode;
}

interface Travel {
  direction: number;
  /** Pixels a slide travels: none under prefers-reduced-motion. */
  offset: number;
}

// Functions of the latest travel (AnimatePresence's custom reaches the leaving slide too): a slide enters from the side
// of travel and leaves towards the other.
const variants = {
  enter: ({ direction, offset }: Travel) => ({ opacity: 0, x: direction * offset }),
  shown: { opacity: 1, x: 0 },
  leave: ({ direction, offset }: Travel) => ({ opacity: 0, x: -direction * offset }),
};

interface SlideProps {
  travel: Travel;
  /** Seconds; 0 under prefers-reduced-motion. */
  duration: number;
  label: string;
  children: ReactNode;
  /** AnimatePresence's popLayout measures the leaving slide through it. */
  ref?: Ref<HTMLDivElement>;
}

function Slide({ travel, duration, label, children, ref }: SlideProps) {
  const isPresent = useIsPresent();
  return (
    <motion.div
      ref={ref}
      custom={travel}
      variants={variants}
      initial="enter"
      animate="shown"
      exit="leave"
      transition={{ duration, ease: [0.2, 0.7, 0.2, 1] }}
      // The leaving slide is out of reach of focus and assistive technology while it fades: only the new one counts.
      inert={!isPresent}
      aria-roledescription="slide"
      aria-label={label}
    >
      {children}
    </motion.div>
  );
}

export function CarouselSlides({ slide, direction, label, children }: CarouselSlidesProps) {
  const reduceMotion = useReducedMotion();
  const travel = { direction, offset: reduceMotion ? 0 : 48 };
  return (
    <AnimatePresence initial={false} mode="popLayout" custom={travel}>
      <Slide key={slide} travel={travel} duration={reduceMotion ? 0 : 0.45} label={label}>
        {children}
      </Slide>
    </AnimatePresence>
  );
}
