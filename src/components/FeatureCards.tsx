import React from 'react';
import { SKELETON_COUNT } from '../content/constants';
import type { ListData } from '../content/lists';
import type { FeatureCard as FeatureCardData } from '../content/types';
import { useDictionary } from '../hooks/usePageLanguage';
import { FeatureCard, FeatureCardSkeleton } from './FeatureCard';
import { ListState } from './ListState';

export function FeatureCards({ list, data }: { list: 'adasorter' | 'worker'; data: ListData<FeatureCardData> }) {
  const { lists } = useDictionary();
  return (
    <ListState
      list={list}
      data={data}
      texts={lists.features}
      skeletonCount={SKELETON_COUNT.features}
      renderItem={(card) => <FeatureCard card={card} />}
      renderSkeleton={() => <FeatureCardSkeleton />}
      listClassName="grid gap-3"
    />
  );
}
