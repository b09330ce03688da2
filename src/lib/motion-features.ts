// framer-motion's animation features for the list items that arrive with the refresh, loaded when
// the first of them animates (framer-motion's "Reduce bundle size" guide: LazyMotion with `m`, its
// features fetched when needed). The contact modal names the features itself: it is a chunk of its
// own, fetched on intent, and must animate the moment it opens.
import type { FeatureBundle } from 'framer-motion';

let loading: Promise<FeatureBundle> | null = null;

export function loadMotionFeatures(): Promise<FeatureBundle> {
  loading ??= import(/* webpackChunkName: "motion-features" */ './dom-animation').then((module) => module.default);
  // A chunk that failed to load (offline for a moment) must not stick: the next animation tries again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
