import React from 'react';
import { SKELETON_COUNT } from '../content/constants';
import { LIST_TEXT } from '../content/copy';
import type { ListData } from '../content/lists';
import type { FeatureCard as FeatureCardData } from '../content/types';
import { FeatureCard, FeatureCardSkeleton } from './FeatureCard';
import { ListState } from './ListState';

export function FeatureCards({ list, data }: { list: 'adasorter' | 'worker'; data: ListData<FeatureCardData> }) {
  return (
    <ListState
      list={list}
      data={data}
      texts={LIST_TEXT.features}
      skeletonCount={SKELETON_COUNT.features}
      renderItem={(card) => <FeatureCard card={card} />}
      renderSkeleton={() => <FeatureCardSkeleton />}
      listClassName="grid gap-3"
    />
  );
}
