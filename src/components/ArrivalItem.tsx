import { LazyMotion, MotionConfig, m } from 'framer-motion';
import React, { type ReactNode } from 'react';
import { loadMotionFeatures } from '../lib/motion-features';

interface ArrivalItemProps {
  className?: string;
  delay: number;
  children: ReactNode;
}

// A list item that arrived after the first render, fading and rising into place. Loaded only when
// such an item exists (see ListState), so framer-motion is never part of the page's first load.
// reducedMotion="user" keeps only the fade for people who ask their system for less motion.
export default function ArrivalItem({ className, delay, children }: ArrivalItemProps) {
  return (
    <LazyMotion features={loadMotionFeatures} strict>
      <MotionConfig reducedMotion="user">
        <m.li
          className={className}
          initial={{ opacity: 0, y: 16 }}
          animate={{ opacity: 1, y: 0 }}
          transition={{ duration: 0.45, ease: [0.22, 1, 0.36, 1], delay }}
        >
          {children}
        </m.li>
      </MotionConfig>
    </LazyMotion>
  );
}
