import * as React from 'react';
import { graphql, type HeadFC, type PageProps } from 'gatsby';
import type { FeatureCard, MaterialCoverageItem, TimelineItem } from '../content/types';

// A plain view of the sourced content, so the pipeline (database → plugin → GraphQL → HTML) is
// visible end to end until the real page replaces it. Every row value is rendered as a React text
// child, which React escapes: a row holding markup shows that markup as text.

interface IndexData {
  allMaterialCoverage: { nodes: MaterialCoverageItem[] };
  allTimelineItem: { nodes: TimelineItem[] };
  adasorter: { nodes: FeatureCard[] };
  worker: { nodes: FeatureCard[] };
}

export default function IndexPage({ data }: PageProps<IndexData>) {
  const cards = [...data.adasorter.nodes, ...data.worker.nodes];
  return (
    <main>
      <h1>AdaSorter</h1>
      <section>
        <h2>Materials</h2>
        <ol>
          {data.allMaterialCoverage.nodes.map((item) => (
            <li key={item.id}>
              {item.name} ({item.status}): {item.description}
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h2>Timeline</h2>
        <ol>
          {data.allTimelineItem.nodes.map((item) => (
            <li key={item.id}>
              {item.period}: {item.title} ({item.status}): {item.description}
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h2>Feature cards</h2>
        <ol>
          {cards.map((card) => (
            <li key={card.id}>
              {card.classification}: {card.icon} {card.title}: {card.subtitle}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

export const Head: HeadFC = () => <title>AdaSorter</title>;

export const query = graphql`
  query IndexPage {
    allMaterialCoverage(sort: { order_index: ASC }) {
      nodes { id: row_id name description image status order_index }
    }
    allTimelineItem(sort: { order_index: ASC }) {
      nodes { id: row_id period title description status icon order_index }
    }
    adasorter: allFeatureCard(filter: { classification: { eq: "adasorter" } }, sort: { order_index: ASC }) {
      nodes { id: row_id classification title subtitle icon icon_color order_index }
    }
    worker: allFeatureCard(filter: { classification: { eq: "worker" } }, sort: { order_index: ASC }) {
      nodes { id: row_id classification title subtitle icon icon_color order_index }
    }
  }
`;
