import type { FeatureCard, MaterialCoverageItem, TimelineItem } from '../../src/content/types';

export const material = (id: string, status: string, extra: Partial<MaterialCoverageItem> = {}): MaterialCoverageItem => ({
  id,
  name: `Material ${id}`,
  description: `What material ${id} is`,
  image: `/images/materials/${id}.svg`,
  status,
  ...extra,
});

export const milestone = (id: string, status: string, icon = 'CheckCircle'): TimelineItem => ({
  id,
  period: `Q${id} 2026`,
  title: `Milestone ${id}`,
  description: `What happened in ${id}`,
  status,
  icon,
});

export const featureCard = (id: string, classification: string, extra: Partial<FeatureCard> = {}): FeatureCard => ({
  id,
  classification,
  title: `Feature ${id}`,
  subtitle: `Why feature ${id} matters`,
  icon: '⚡',
  icon_color: '#d97706',
  ...extra,
});
