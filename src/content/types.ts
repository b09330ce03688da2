// The content rows as the page receives them, whether from the build (GraphQL) or from the
// browser's refresh query: the field names are the table columns, so one shape serves both.
// Enumerated columns are typed as string on purpose: a value the site does not know yet (a new
// status added in the database before the site learns it) is kept and displayed with a fallback.

export interface MaterialCoverageItem {
  id: string;
  name: string;
  description: string;
  image: string | null;
  status: string;
  order_index: number;
}

export interface TimelineItem {
  id: string;
  period: string;
  title: string;
  description: string;
  status: string;
  icon: string;
  order_index: number;
}

export type FeatureClassification = 'adasorter' | 'worker';

export interface FeatureCard {
  id: string;
  classification: string;
  title: string;
  subtitle: string;
  icon: string;
  icon_color: string;
  order_index: number;
}

export type InquiryType = 'contact' | 'investor';
