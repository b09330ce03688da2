import React from 'react';
import type { ListData } from '../content/lists';
import type { BuiltPictures } from '../content/pictures';
import type { MaterialCoverageItem } from '../content/types';
import { useDictionary } from '../hooks/usePageLanguage';
import { CoverageCard, CoverageCardSkeleton } from './CoverageCard';
import { ListState } from './ListState';
import { SectionHeading } from './SectionHeading';

export function Coverage({ id, data, pictures }: { id: string; data: ListData<MaterialCoverageItem>; pictures?: BuiltPictures }) {
  const { coverage } = useDictionary();
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-title`} className="scroll-mt-4 bg-white py-20 sm:py-24 lg:py-28">
      <div className="container-page">
        <SectionHeading id={`${id}-title`} eyebrow={coverage.eyebrow} title={coverage.title} intro={coverage.intro} />
        <div className="mt-12">
          <ListState
            list="coverage"
            data={data}
            renderItem={(item) => <CoverageCard item={item} pictures={pictures} />}
            renderSkeleton={() => <CoverageCardSkeleton />}
            listClassName="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          />
        </div>
      </div>
    </section>
  );
}
