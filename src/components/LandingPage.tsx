import React from 'react';
import { SECTION_IDS } from '../content/constants';
import type { FeatureCard, MaterialCoverageItem, TimelineItem } from '../content/types';
import { Analytics } from './Analytics';
import { useContactModal } from './ContactModalProvider';
import { Coverage } from './Coverage';
import { Hero } from './Hero';
import type { ListData } from './ListState';
import { ProductSnapshot } from './ProductSnapshot';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { Timeline } from './Timeline';

export interface LandingContent {
  productName: string;
  tagline: string;
  coverage: ListData<MaterialCoverageItem>;
  timeline: ListData<TimelineItem>;
  adasorter: ListData<FeatureCard>;
  worker: ListData<FeatureCard>;
}

// The page's layout. It knows nothing about GraphQL: src/pages/index.tsx maps the query onto
// LandingContent, and a live source can hand it the same shape.
export function LandingPage({ productName, tagline, coverage, timeline, adasorter, worker }: LandingContent) {
  const { open } = useContactModal();
  const openContact = () => open('contact');
  return (
    <>
      <SiteHeader productName={productName} />
      <main>
        <Hero tagline={tagline} scrollTargetId={SECTION_IDS.snapshot} onChat={openContact} />
        <ProductSnapshot
          id={SECTION_IDS.snapshot}
          productName={productName}
          tagline={tagline}
          adasorter={adasorter}
          worker={worker}
        />
        <Coverage id={SECTION_IDS.coverage} data={coverage} />
        <Timeline id={SECTION_IDS.timeline} data={timeline} />
      </main>
      <SiteFooter productName={productName} tagline={tagline} onChat={openContact} />
      <Analytics />
    </>
  );
}
