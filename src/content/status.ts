import { TIMELINE_STEP_PX } from './constants';

export interface StatusDisplay {
  label: string;
  opacity: number;
}

const hasOwn = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

// How each status shows (docs/behaviour.md#the-parts-of-the-page). A status the site does not know
// yet is shown like the least advanced one.
export const MATERIAL_STATUS = {
  live: { label: 'Live Beta', opacity: 1 },
  development: { label: 'In Development', opacity: 0.75 },
  'coming-soon': { label: 'Planned', opacity: 0.5 },
} as const satisfies Record<string, StatusDisplay>;

export type MaterialStatus = keyof typeof MATERIAL_STATUS;

// An empty status (a row from a project without the column's check) is shown the same way.
export function materialStatusKey(status: string | null): MaterialStatus {
  return status !== null && hasOwn(MATERIAL_STATUS, status) ? (status as MaterialStatus) : 'coming-soon';
}

export function materialStatusDisplay(status: string | null): StatusDisplay {
  return MATERIAL_STATUS[materialStatusKey(status)];
}

// The brief gives only opacities for the timeline; the labels name the status for people who cannot
// see the fading (docs/architecture.md#where-we-differ-from-the-brief-and-why).
export const TIMELINE_STATUS = {
  completed: { label: 'Completed', opacity: 1 },
  current: { label: 'In progress', opacity: 1 },
  upcoming: { label: 'Upcoming', opacity: 0.75 },
} as const satisfies Record<string, StatusDisplay>;

export type TimelineStatus = keyof typeof TIMELINE_STATUS;

export function timelineStatusKey(status: string | null): TimelineStatus {
  return status !== null && hasOwn(TIMELINE_STATUS, status) ? (status as TimelineStatus) : 'upcoming';
}

export function timelineStatusDisplay(status: string | null): StatusDisplay {
  return TIMELINE_STATUS[timelineStatusKey(status)];
}

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
