import React, { Suspense, useCallback, type ReactNode } from 'react';
import { SECTION_IDS } from '../content/constants';
import type { PageLists } from '../content/lists';
import type { BuiltPictures } from '../content/pictures';
import { useContactModal } from './ContactModalProvider';
import { Coverage } from './Coverage';
import { Hero } from './Hero';
import { ProductSnapshot, type Illustrations } from './ProductSnapshot';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { Timeline } from './Timeline';

/** The page's content: its lists (the content model's PAGE_LISTS) and what the build adds. */
export interface LandingContent extends PageLists {
  productName: string;
  /** The coverage pictures the build processed, by URL (src/content/pictures.ts). */
  pictures?: BuiltPictures;
  illustrations: Illustrations;
}

// Each part of the page is its own Suspense boundary, though nothing in it suspends: React then
// hydrates the parts one by one in short, interruptible pieces instead of the whole page in one
// long task that would hold a slow phone's main thread (the budgets in docs/architecture.md: TBT drives Lighthouse
// performance). A tap on a part not yet hydrated makes React hydrate that part first.
function Part({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

// The page's layout. It knows nothing about GraphQL: src/templates/landing-page.tsx maps the query onto
// LandingContent, and the refresh hands it lists of the same shape.
export function LandingPage({ productName, coverage, timeline, adasorter, worker, pictures, illustrations }: LandingContent) {
  const { open } = useContactModal();
  // Stable, so a list update re-renders only the part whose list changed.
  const openContact = useCallback(() => open('contact'), [open]);
  return (
    <>
      <Part>
        <SiteHeader productName={productName} />
      </Part>
      <main>
        <Part>
          <Hero scrollTargetId={SECTION_IDS.snapshot} onChat={openContact} />
        </Part>
        <Part>
          <ProductSnapshot
            id={SECTION_IDS.snapshot}
            productName={productName}
            adasorter={adasorter}
            worker={worker}
            illustrations={illustrations}
          />
        </Part>
        <Part>
          <Coverage id={SECTION_IDS.coverage} data={coverage} pictures={pictures} />
        </Part>
        <Part>
          <Timeline id={SECTION_IDS.timeline} data={timeline} />
        </Part>
      </main>
      <Part>
        <SiteFooter productName={productName} onChat={openContact} />
      </Part>
    </>
  );
}
