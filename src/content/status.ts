import { TIMELINE_STEP_PX } from './constants';

const hasOwn = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

// How far each status fades its card (docs/behaviour.md#the-parts-of-the-page); the labels are words,
// so they live in each language's dictionary (English: STATUS_LABELS in ./copy.ts). A status the site
// does not know yet is shown like the least advanced one.
export const MATERIAL_STATUS_OPACITY = {
  live: 1,
  development: 0.75,
  'coming-soon': 0.5,
} as const satisfies Record<string, number>;

export type MaterialStatus = keyof typeof MATERIAL_STATUS_OPACITY;

// The brief gives only opacities for the timeline; its labels name the status for people who cannot
// see the fading (docs/architecture.md#where-we-differ-from-the-brief-and-why).
export const TIMELINE_STATUS_OPACITY = {
  completed: 1,
  current: 1,
  upcoming: 0.75,
} as const satisfies Record<string, number>;

export type TimelineStatus = keyof typeof TIMELINE_STATUS_OPACITY;

/** A column's status as one the site knows (an unknown or empty one as `fallback`), and its fading. */
function statusReader<Status extends string>(opacities: Record<Status, number>, fallback: NoInfer<Status>) {
  const key = (status: string | null): Status => (status !== null && hasOwn(opacities, status) ? (status as Status) : fallback);
  return { key, opacity: (status: string | null): number => opacities[key(status)] };
}

// An empty status (a row from a project without the column's check) is shown as the least advanced.
export const { key: materialStatusKey, opacity: materialStatusOpacity } = statusReader(MATERIAL_STATUS_OPACITY, 'coming-soon');
export const { key: timelineStatusKey, opacity: timelineStatusOpacity } = statusReader(TIMELINE_STATUS_OPACITY, 'upcoming');

export const TIMELINE_ICONS = ['CheckCircle', 'Clock', 'Target', 'Rocket'] as const;

export type TimelineIconName = (typeof TIMELINE_ICONS)[number];

// Any icon name other than the four known ones (or none) falls back to the check icon.
export function timelineIconName(icon: string | null): TimelineIconName {
  return icon !== null && (TIMELINE_ICONS as readonly string[]).includes(icon) ? (icon as TimelineIconName) : 'CheckCircle';
}

// After loading, the strip scrolls to the current item at 320 px per item, or to the last
// item when none is current. Null when there is nothing to scroll to.
export function timelineScrollTarget(items: readonly { status: string | null }[], stepPx: number = TIMELINE_STEP_PX): number | null {
  if (items.length === 0) return null;
  const current = items.findIndex((item) => item.status === 'current');
  return (current === -1 ? items.length - 1 : current) * stepPx;
}
