import { screen, within } from '@testing-library/react';
import { render } from '../support/page-language';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { Timeline } from '../../src/components/Timeline';
import { SKELETON_COUNT } from '../../src/content/constants';
import { LIST_TEXT, TIMELINE } from '../../src/content/copy';
import type { TimelineItem } from '../../src/content/types';
import { milestone } from './fixtures';

// jsdom lays nothing out and has no element scrolling: record the calls instead.
const scrollTo = jest.fn();
const scrollBy = jest.fn();
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, value: scrollTo });
  Object.defineProperty(HTMLElement.prototype, 'scrollBy', { configurable: true, value: scrollBy });
});
beforeEach(() => {
  scrollTo.mockClear();
  scrollBy.mockClear();
});

const ready = (items: TimelineItem[]) => ({ status: 'ready' as const, items });
const strip = () => screen.getByRole('region', { name: TIMELINE.scrollRegionLabel });
const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('article') as HTMLElement;

const sample = [
  milestone('1', 'completed', 'CheckCircle'),
  milestone('2', 'completed', 'Target'),
  milestone('3', 'current', 'Clock'),
  milestone('4', 'upcoming', 'Rocket'),
];

describe('Timeline section', () => {
  it('shows the milestones in order with period, title and description', () => {
    render(<Timeline id="timeline" data={ready(sample)} />);
    expect(screen.getByRole('heading', { level: 2, name: TIMELINE.title })).toBeInTheDocument();
    const titles = within(strip())
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Milestone 1', 'Milestone 2', 'Milestone 3', 'Milestone 4']);
    expect(within(card('Milestone 3')).getByText('Q3 2026')).toBeInTheDocument();
    expect(within(card('Milestone 3')).getByText('What happened in 3')).toBeInTheDocument();
  });

  it('fades only upcoming milestones, to 75%', () => {
    render(<Timeline id="timeline" data={ready(sample)} />);
    expect(card('Milestone 1').style.getPropertyValue('--status-opacity')).toBe('1');
    expect(card('Milestone 3').style.getPropertyValue('--status-opacity')).toBe('1');
    expect(card('Milestone 4').style.getPropertyValue('--status-opacity')).toBe('0.75');
  });

  it('draws the four known icons and falls back to the check icon for any other', () => {
    render(<Timeline id="timeline" data={ready([...sample, milestone('5', 'upcoming', 'Sparkles')])} />);
    const icon = (title: string) => card(title).querySelector('svg[data-icon]')?.getAttribute('data-icon');
    expect([1, 2, 3, 4, 5].map((n) => icon(`Milestone ${n}`))).toEqual(['CheckCircle', 'Target', 'Clock', 'Rocket', 'CheckCircle']);
  });

  it('scrolls the strip to the current milestone after load, 320 px per item', () => {
    render(<Timeline id="timeline" data={ready(sample)} />);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ left: 640, behavior: 'smooth' });
    expect(scrollTo.mock.contexts[0]).toBe(strip());
  });

  it('scrolls to the last milestone when none is current', () => {
    render(<Timeline id="timeline" data={ready([milestone('1', 'completed'), milestone('2', 'upcoming')])} />);
    expect(scrollTo).toHaveBeenCalledWith({ left: 320, behavior: 'smooth' });
  });

  it('scrolls instantly for people who ask for reduced motion', () => {
    const matchMedia = jest.fn((query: string) => ({ matches: query.includes('reduce'), media: query }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    try {
      render(<Timeline id="timeline" data={ready(sample)} />);
      expect(scrollTo).toHaveBeenCalledWith({ left: 640, behavior: 'auto' });
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('re-targets when the current milestone changes', () => {
    const view = render(<Timeline id="timeline" data={ready(sample)} />);
    view.rerender(
      <Timeline
        id="timeline"
        data={ready([milestone('1', 'completed'), milestone('2', 'completed'), milestone('3', 'completed'), milestone('4', 'current')])}
      />,
    );
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 960, behavior: 'smooth' });
  });

  it('moves the strip by 320 px per arrow press', async () => {
    const user = userEvent.setup();
    render(<Timeline id="timeline" data={ready(sample)} />);
    await user.click(screen.getByRole('button', { name: TIMELINE.next }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 320, behavior: 'smooth' });
    await user.click(screen.getByRole('button', { name: TIMELINE.previous }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -320, behavior: 'smooth' });
    expect(scrollBy).toHaveBeenCalledTimes(2);
    expect(scrollBy.mock.contexts.every((element) => element === strip())).toBe(true);
  });

  it('shows the empty text, with no arrows and no scrolling', () => {
    render(<Timeline id="timeline" data={ready([])} />);
    expect(screen.getByText(LIST_TEXT.timeline.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('shows the error text', () => {
    render(<Timeline id="timeline" data={{ status: 'error', items: [] }} />);
    expect(screen.getByRole('alert')).toHaveTextContent(LIST_TEXT.timeline.error);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('shows four skeleton cards while loading', () => {
    render(<Timeline id="timeline" data={{ status: 'loading', items: [] }} />);
    expect(screen.getByRole('status').querySelectorAll('li')).toHaveLength(SKELETON_COUNT.timeline);
    expect(SKELETON_COUNT.timeline).toBe(4);
  });

  it('gives each card the 20rem width that the 320 px step assumes', () => {
    render(<Timeline id="timeline" data={ready(sample)} />);
    for (const item of within(strip()).getAllByRole('listitem')) expect(item).toHaveClass('w-80');
  });
});
