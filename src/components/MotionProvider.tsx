import { LazyMotion, MotionConfig } from 'framer-motion';
import React, { type ReactNode } from 'react';

const loadFeatures = () => import('./motion-features').then((module) => module.default);

// `m` components render plain elements until the features arrive; `strict` makes a stray full
// `motion` component (about 30 KB more) fail loudly instead of silently growing the bundle.
// reducedMotion="user" drops transform animations for people who ask their system for less motion.
export function MotionProvider({ children }: { children: ReactNode }) {
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadFeatures} strict>
        {children}
      </LazyMotion>
    </MotionConfig>
  );
}
