// The numbers that shape the page: skeleton sizes, the arrivals' stagger, the timeline's step, and
// the sections' anchors.

export const SKELETON_COUNT = { coverage: 6, timeline: 4, features: 3 } as const;

/** The kinds of list the page shows: each has its skeleton size and its texts (the dictionaries' `lists`). */
export type ListKind = keyof typeof SKELETON_COUNT;

export const ENTRANCE_STAGGER_S = 0.1;

// One timeline card is 20rem wide, so one arrow press or one item of scroll-to-current is 320 px.
export const TIMELINE_STEP_PX = 320;

// Anchors of the page's sections, shared by the header's links and the hero's scroll-down button.
export const SECTION_IDS = { snapshot: 'product-snapshot', coverage: 'coverage', timeline: 'timeline' } as const;

export type SectionKey = keyof typeof SECTION_IDS;
