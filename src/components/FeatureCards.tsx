import React from 'react';
import type { ListData } from '../content/lists';
import type { FeatureCard as FeatureCardData } from '../content/types';
import { FeatureCard, FeatureCardSkeleton } from './FeatureCard';
import { ListState } from './ListState';

export function FeatureCards({ list, data }: { list: 'adasorter' | 'worker'; data: ListData<FeatureCardData> }) {
  return (
    <ListState
      list={list}
      data={data}
      renderItem={(card) => <FeatureCard card={card} />}
      renderSkeleton={() => <FeatureCardSkeleton />}
      listClassName="grid gap-3"
    />
  );
}
