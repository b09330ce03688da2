import { graphql, type HeadFC, type PageProps } from 'gatsby';
import React, { useMemo } from 'react';
import { Analytics } from '../components/Analytics';
import { ContactModalProvider } from '../components/ContactModalProvider';
import { LandingPage, type LandingContent } from '../components/LandingPage';
import { readyList } from '../components/ListState';
import { SeoHead } from '../components/SeoHead';
import type { SiteMetadata } from '../content/site';
import type { FeatureCard, MaterialCoverageItem, TimelineItem } from '../content/types';
import { useLiveContent } from '../lib/live-content';

interface IndexData {
  site: { siteMetadata: SiteMetadata };
  allMaterialCoverage: { nodes: MaterialCoverageItem[] };
  allTimelineItem: { nodes: TimelineItem[] };
  adasorter: { nodes: FeatureCard[] };
  worker: { nodes: FeatureCard[] };
}

// The one place where the content meets the page: the lists arrive with the HTML, so they start
// `ready` and render in the static page; useLiveContent then keeps them current in the browser.
function toLandingContent(data: IndexData): LandingContent {
  return {
    productName: data.site.siteMetadata.productName,
    tagline: data.site.siteMetadata.tagline,
    coverage: readyList(data.allMaterialCoverage.nodes),
    timeline: readyList(data.allTimelineItem.nodes),
    adasorter: readyList(data.adasorter.nodes),
    worker: readyList(data.worker.nodes),
  };
}

export default function IndexPage({ data }: PageProps<IndexData>) {
  const built = useMemo(() => toLandingContent(data), [data]);
  // On a site built with backend settings, the lists are re-read once the browser is idle.
  const lists = useLiveContent(built);
  return (
    <ContactModalProvider>
      <LandingPage {...built} {...lists} />
      <Analytics src={data.site.siteMetadata.analyticsSrc} />
    </ContactModalProvider>
  );
}

export const Head: HeadFC<IndexData> = ({ data }) => <SeoHead site={data.site.siteMetadata} />;

export const query = graphql`
  query IndexPage {
    site {
      siteMetadata { title description productName tagline siteUrl socialImage analyticsSrc }
    }
    allMaterialCoverage(sort: { row_position: ASC }) {
      nodes { id: row_id name description image status }
    }
    allTimelineItem(sort: { row_position: ASC }) {
      nodes { id: row_id period title description status icon }
    }
    adasorter: allFeatureCard(filter: { classification: { eq: "adasorter" } }, sort: { row_position: ASC }) {
      nodes { id: row_id classification title subtitle icon icon_color }
    }
    worker: allFeatureCard(filter: { classification: { eq: "worker" } }, sort: { row_position: ASC }) {
      nodes { id: row_id classification title subtitle icon icon_color }
    }
  }
`;
