import { graphql, type HeadFC, type PageProps } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import React, { useMemo } from 'react';
import { Analytics } from '../components/Analytics';
import { ContactModalProvider } from '../components/ContactModalProvider';
import { LandingPage, type LandingContent } from '../components/LandingPage';
import { LanguageSuggestion } from '../components/LanguageSuggestion';
import { SeoHead } from '../components/SeoHead';
import { SECTION_IDS } from '../content/constants';
import type { Dictionary } from '../content/dictionary';
import type { Language } from '../content/languages';
import { localizeLists, readyList } from '../content/lists';
import { splitCoverageNodes, type CoverageNode } from '../content/pictures';
import type { SiteMetadata } from '../content/site';
import type { FeatureCard, TimelineItem } from '../content/types';
import { PageLanguageContext } from '../hooks/usePageLanguage';
import { useRefreshedLists } from '../hooks/useRefreshedLists';

interface ProcessedImage {
  childImageSharp: { gatsbyImageData: IGatsbyImageData };
}

interface IndexData {
  // The page's words (title, description, tagline) come from its dictionary, not from here.
  site: { siteMetadata: Pick<SiteMetadata, 'productName' | 'siteUrl' | 'socialImage' | 'analyticsSrc'> };
  sorterImage: ProcessedImage;
  workerImage: ProcessedImage;
  allMaterialCoverage: { nodes: CoverageNode[] };
  allTimelineItem: { nodes: TimelineItem[] };
  adasorter: { nodes: FeatureCard[] };
  worker: { nodes: FeatureCard[] };
  /** The revision of the content above, as the build read it before the lists. */
  supabaseContentRevision: { revision: string } | null;
}

/** What gatsby-node.ts gives each language's page: its language and only its own dictionary. */
export interface LandingPageContext {
  language: Language;
  dictionary: Dictionary;
}

// The one place where the content meets the page: the lists arrive with the HTML, so they start
// `ready` and render in the static page; useRefreshedLists then keeps them current in the browser.
// The rows carry every language's text; each page shows its own (localizeLists).
function toLandingContent(data: IndexData): LandingContent {
  const coverage = splitCoverageNodes(data.allMaterialCoverage.nodes);
  return {
    productName: data.site.siteMetadata.productName,
    coverage: readyList(coverage.items),
    pictures: coverage.pictures,
    timeline: readyList(data.allTimelineItem.nodes),
    adasorter: readyList(data.adasorter.nodes),
    worker: readyList(data.worker.nodes),
    illustrations: { sorter: data.sorterImage.childImageSharp.gatsbyImageData, worker: data.workerImage.childImageSharp.gatsbyImageData },
  };
}

export default function LandingPageTemplate({ data, pageContext }: PageProps<IndexData, LandingPageContext>) {
  const { language, dictionary } = pageContext;
  const built = useMemo(() => toLandingContent(data), [data]);
  // On a site built with backend settings, the browser asks whether the content moved on since this
  // revision once it is idle, and reads the lists again if it did.
  const lists = useRefreshedLists(built, data.supabaseContentRevision?.revision ?? null);
  const shown = useMemo(() => localizeLists(lists, language), [lists, language]);
  const pageLanguage = useMemo(() => ({ language, dictionary }), [language, dictionary]);
  return (
    <PageLanguageContext.Provider value={pageLanguage}>
      <ContactModalProvider>
        <LandingPage {...built} {...shown} />
        <LanguageSuggestion />
        <Analytics src={data.site.siteMetadata.analyticsSrc} />
      </ContactModalProvider>
    </PageLanguageContext.Provider>
  );
}

// A browser paints what it has parsed while the rest of the HTML is on its way. The hero's claims
// are centred beside the headline, so a hero painted half-parsed would move when the rest came. The
// expect link holds the first paint until the parser reaches the section after the hero, so the hero
// is whole when first drawn (Chromium lifts the hold at the named element's start, so the hero itself
// cannot be the mark; other browsers ignore the link).
export const Head: HeadFC<IndexData, LandingPageContext> = ({ data, pageContext }) => (
  <>
    <SeoHead site={data.site.siteMetadata} language={pageContext.language} dictionary={pageContext.dictionary} />
    <link rel="expect" href={`#${SECTION_IDS.snapshot}`} blocking="render" />
  </>
);

export const query = graphql`
  query LandingPage {
    site {
      siteMetadata { productName siteUrl socialImage analyticsSrc }
    }
    # The snapshot's illustrations at most 640 px wide in their column (2x on phones).
    sorterImage: file(relativePath: { eq: "adasorter.png" }) {
      childImageSharp { gatsbyImageData(width: 640, height: 480, placeholder: BLURRED, formats: [AUTO, WEBP, AVIF]) }
    }
    workerImage: file(relativePath: { eq: "worker.png" }) {
      childImageSharp { gatsbyImageData(width: 640, height: 480, placeholder: BLURRED, formats: [AUTO, WEBP, AVIF]) }
    }
    allMaterialCoverage(sort: { row_position: ASC }) {
      nodes {
        id: row_id name description image status name_ind description_ind
        # The card's box (CoverageCard): a 96 px square on phones, which a 16:10 picture covers at
        # 154 px wide; from 640 px up one grid column (2, 3, then 4 of them; 262-454 px). 320 serves
        # phones at 2x and desktops, 480 phones at 3x, 640 tablets and desktops at 2x. A wider one
        # would only sharpen a few tablets and costs most of the build's AVIF time (by pixel count).
        # AVIF and WebP, with the original's format as the fallback.
        image_file {
          childImageSharp {
            gatsbyImageData(
              layout: FULL_WIDTH
              aspectRatio: 1.6
              breakpoints: [320, 480, 640]
              sizes: "(min-width: 1280px) 269px, (min-width: 1024px) calc(33.3vw - 56px), (min-width: 640px) calc(50vw - 58px), 154px"
              formats: [AUTO, WEBP, AVIF]
              placeholder: DOMINANT_COLOR
            )
          }
        }
      }
    }
    allTimelineItem(sort: { row_position: ASC }) {
      nodes { id: row_id period title description status icon period_ind title_ind description_ind }
    }
    adasorter: allFeatureCard(filter: { classification: { eq: "adasorter" } }, sort: { row_position: ASC }) {
      nodes { id: row_id classification title subtitle icon icon_color title_ind subtitle_ind }
    }
    worker: allFeatureCard(filter: { classification: { eq: "worker" } }, sort: { row_position: ASC }) {
      nodes { id: row_id classification title subtitle icon icon_color title_ind subtitle_ind }
    }
    supabaseContentRevision { revision }
  }
`;
