import type { SectionKey } from './constants';
import type { MaterialStatus, TimelineStatus } from './status';

// Every visible text of the page, once. The spec's texts are kept word for word; components and
// tests import them from here.

export const HEADER = {
  navLabel: 'Sections',
  // Each section's link text; their order is the header's (SiteHeader.tsx).
  nav: { snapshot: 'Product', coverage: 'Coverage', timeline: 'Roadmap' } satisfies Record<SectionKey, string>,
} as const;

export const HERO = {
  headline: 'RECOVER MORE',
  pitch:
    'AI vision and a robotic arm that sit beside the people who sort waste, so more plastic, metal and paper leaves the line clean enough to sell.',
  claims: [
    { value: '10x', label: 'productivity for waste workers' },
    { value: 'Over 90%', label: 'recovery purity' },
  ],
  chat: 'Chat with us',
  scrollDown: 'See how it works',
} as const;

export const SNAPSHOT = {
  sectionLabel: 'Product snapshot',
  sorterImageAlt:
    'Illustration of the AdaSorter: a compact conveyor with a camera hood scanning the waste and a robotic arm lifting a bottle into a sorting bin',
  workerTitle: 'Enhancing Waste Sorter Productivity',
  workerSubtitle: 'Assisted by AI and robotics',
  workerImageAlt:
    'Illustration of a waste worker at the sorting line while the AdaSorter arm picks items and a screen highlights what to pick next',
} as const;

export const COVERAGE = {
  eyebrow: 'Materials',
  title: 'Waste Source / Condition Coverage',
  intro: 'The streams and conditions AdaSorter recognises today, and the ones it is learning next.',
} as const;

export const TIMELINE = {
  eyebrow: 'Roadmap',
  title: 'From Lab to Live Beta',
  intro: 'How AdaSorter grew from a lab prototype into a sorter working on live lines.',
  scrollRegionLabel: 'Milestones',
  previous: 'Scroll to earlier milestones',
  next: 'Scroll to later milestones',
} as const;

export const FOOTER = {
  location: 'Jakarta, Indonesia',
  chat: 'Chat with Us',
  investor: 'Investor relations',
} as const;

// The text each list shows when it fails to load or comes back empty
// (docs/behaviour.md#the-three-lists-and-their-states).
export const LIST_TEXT = {
  coverage: {
    error: 'Failed to load material coverage. Please try again later.',
    empty: 'No material coverage available.',
    loading: 'Loading material coverage',
  },
  timeline: {
    error: 'Failed to load timeline. Please try again later.',
    empty: 'No timeline items available.',
    loading: 'Loading timeline',
  },
  features: {
    error: 'Failed to load feature cards. Please try again later.',
    empty: 'No feature cards available.',
    loading: 'Loading feature cards',
  },
} as const;

// The words of each status (their fading is in ./status.ts).
export const STATUS_LABELS = {
  material: { live: 'Live Beta', development: 'In Development', 'coming-soon': 'Planned' },
  timeline: { completed: 'Completed', current: 'In progress', upcoming: 'Upcoming' },
} as const satisfies { material: Record<MaterialStatus, string>; timeline: Record<TimelineStatus, string> };
