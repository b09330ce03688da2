import type { IGatsbyImageData } from 'gatsby-plugin-image';
import React, { type ReactNode } from 'react';
import type { ListData } from '../content/lists';
import type { FeatureCard } from '../content/types';
import { useDictionary } from '../hooks/usePageLanguage';
import { FeatureCards } from './FeatureCards';
import { Picture } from './Picture';

/** The two columns' illustrations, processed at build time (src/templates/landing-page.tsx queries them). */
export interface Illustrations {
  sorter: IGatsbyImageData;
  worker: IGatsbyImageData;
}

interface ProductSnapshotProps {
  id: string;
  productName: string;
  adasorter: ListData<FeatureCard>;
  worker: ListData<FeatureCard>;
  illustrations: Illustrations;
}

// The illustrations have a fixed size and proportion, so their space is kept before they arrive (no
// layout shift). They load lazily, so they never delay the hero's paint on a slow phone; the blurred
// placeholder keeps each recognisable until then, in print and full-page captures too.
export function ProductSnapshot({ id, productName, adasorter, worker, illustrations }: ProductSnapshotProps) {
  const { snapshot, site } = useDictionary();
  return (
    <section id={id} tabIndex={-1} aria-label={snapshot.sectionLabel} className="scroll-mt-4 py-20 sm:py-24 lg:py-28">
      <div className="container-page grid gap-6 md:grid-cols-2 lg:gap-8">
        <SnapshotColumn
          headingId="snapshot-product"
          title={productName}
          subtitle={site.tagline}
          image={<Picture image={illustrations.sorter} alt={snapshot.sorterImageAlt} className="w-full" />}
          list="adasorter"
          cards={adasorter}
          accent="brand"
        />
        <SnapshotColumn
          headingId="snapshot-worker"
          title={snapshot.workerTitle}
          subtitle={snapshot.workerSubtitle}
          image={<Picture image={illustrations.worker} alt={snapshot.workerImageAlt} className="w-full" />}
          list="worker"
          cards={worker}
          accent="accent"
        />
      </div>
    </section>
  );
}

interface SnapshotColumnProps {
  headingId: string;
  title: string;
  subtitle: string;
  image: ReactNode;
  list: 'adasorter' | 'worker';
  cards: ListData<FeatureCard>;
  accent: 'brand' | 'accent';
}

// From md up both columns share the section's rows (subgrid), so the two pictures line up even when
// one title wraps onto a second line.
function SnapshotColumn({ headingId, title, subtitle, image, list, cards, accent }: SnapshotColumnProps) {
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-6 rounded-[2rem] bg-white p-5 shadow-soft ring-1 ring-ink/5 sm:p-8 md:row-span-3 md:grid md:grid-rows-subgrid md:p-6 lg:p-8"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`mt-2 h-8 w-1.5 shrink-0 rounded-full ${accent === 'brand' ? 'bg-brand-500' : 'bg-accent-400'}`}
        />
        <div>
          <h2 id={headingId} className="text-2xl font-extrabold tracking-tight text-brand-900 sm:text-3xl">
            {title}
          </h2>
          <p className="mt-1 text-base font-medium text-ink-soft sm:text-lg">{subtitle}</p>
        </div>
      </div>
      <div className={`overflow-hidden rounded-3xl ${accent === 'brand' ? 'bg-brand-50' : 'bg-accent-50'}`}>{image}</div>
      <div>
        <FeatureCards list={list} data={cards} />
      </div>
    </article>
  );
}
