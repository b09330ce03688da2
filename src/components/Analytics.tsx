import { Script } from 'gatsby';
import React from 'react';

// The build decides the script (src/build-time/deploy-settings.ts): none where it would not
// exist. strategy="idle" loads it after the page is interactive, so it never competes with the content.
export function Analytics({ src }: { src: string | null }) {
  return src ? <Script src={src} strategy="idle" /> : null;
}
