// The team's filters by promise state: toggle buttons, each named with its count ("Overdue 3"), the
// one shown pressed. None is pressed while the list shows a mailbox.
import React from 'react';
import type { TeamFilter, TeamText } from '../content/team';
import type { TeamInbox } from '../hooks/useTeamInbox';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './staff-styles';

export interface TeamFiltersProps {
  inbox: Pick<TeamInbox, 'view' | 'counts' | 'showFilter'>;
  text: TeamText;
  filters: readonly TeamFilter[];
}

export function TeamFilters({ inbox, text, filters }: TeamFiltersProps) {
  const { view, counts } = inbox;
  return (
    <div role="group" aria-label={text.filtersLabel} className="mt-4 flex flex-wrap gap-2">
      {filters.map((filter) => {
        const pressed = 'filter' in view && view.filter === filter;
        const count = counts?.[filter];
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={pressed}
            className={`${pressed ? PRIMARY_BUTTON : SECONDARY_BUTTON} gap-2`}
            onClick={() => inbox.showFilter(filter)}
          >
            {text.filters[filter]}{' '}
            <span
              className={`min-w-7 rounded-full px-2 text-center tabular-nums ${
                pressed ? 'bg-white text-brand-900' : filter === 'overdue' && count ? 'bg-red-700 text-white' : 'bg-brand-50 text-brand-900'
              }`}
            >
              {count ?? '–'}
            </span>
          </button>
        );
      })}
    </div>
  );
}
