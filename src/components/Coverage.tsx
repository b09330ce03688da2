import React from 'react';
import { SKELETON_COUNT } from '../content/constants';
import { COVERAGE, LIST_TEXT } from '../content/copy';
import type { ListData } from '../content/lists';
import type { BuiltPictures } from '../content/pictures';
import type { MaterialCoverageItem } from '../content/types';
import { CoverageCard, CoverageCardSkeleton } from './CoverageCard';
import { ListState } from './ListState';
import { SectionHeading } from './SectionHeading';

export function Coverage({ id, data, pictures }: { id: string; data: ListData<MaterialCoverageItem>; pictures?: BuiltPictures }) {
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-title`} className="scroll-mt-4 bg-white py-20 sm:py-24 lg:py-28">
      <div className="container-page">
        <SectionHeading id={`${id}-title`} eyebrow={COVERAGE.eyebrow} title={COVERAGE.title} intro={COVERAGE.intro} />
        <div className="mt-12">
          <ListState
            list="coverage"
            data={data}
            texts={LIST_TEXT.coverage}
            skeletonCount={SKELETON_COUNT.coverage}
            renderItem={(item) => <CoverageCard item={item} pictures={pictures} />}
            renderSkeleton={() => <CoverageCardSkeleton />}
            listClassName="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          />
        </div>
      </div>
    </section>
  );
}
