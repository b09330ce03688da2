import { screen, waitFor, within } from '@testing-library/react';
import { render } from '../support/page-language';
import React from 'react';
import { ListState } from '../../src/components/ListState';
import { LIST_TEXT } from '../../src/content/copy';
import { arrivalDelays, type ListData } from '../../src/content/lists';

interface Row {
  id: string;
  name: string;
}

function coverageList(data: ListData<Row>) {
  return (
    <ListState
      list="coverage"
      data={data}
      renderItem={(row) => <span>{row.name}</span>}
      renderSkeleton={() => <span data-testid="skeleton" />}
      listClassName="grid"
    />
  );
}

const renderList = (data: ListData<Row>) => render(coverageList(data));

const rows = (...names: string[]): Row[] => names.map((name) => ({ id: name, name }));
// An arrival's fade takes 0.55 s at most (0.45 s plus its stagger); a busy CI machine gets room.
const FADED_IN = { timeout: 15_000 };

describe('ListState: one component for the loading, error, empty and ready states', () => {
  it('shows the skeleton while loading, announced as busy and hidden from the accessibility tree', () => {
    renderList({ status: 'loading', items: [] });
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent(LIST_TEXT.coverage.loading);
    expect(screen.getAllByTestId('skeleton')).toHaveLength(6);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the error text as an alert', () => {
    renderList({ status: 'error', items: rows('kept from before') });
    expect(screen.getByRole('alert')).toHaveTextContent(LIST_TEXT.coverage.error);
    expect(screen.queryByText('kept from before')).toBeNull();
  });

  it('shows the empty text when the list is ready but empty', () => {
    renderList({ status: 'ready', items: [] });
    expect(screen.getByText(LIST_TEXT.coverage.empty)).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('renders the items in order as a list', () => {
    renderList({ status: 'ready', items: rows('PET', 'HDPE', 'Glass') });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['PET', 'HDPE', 'Glass']);
  });

  it('never hides items that are there at the first render (the built HTML)', () => {
    renderList({ status: 'ready', items: rows('PET', 'HDPE') });
    for (const item of screen.getAllByRole('listitem')) {
      expect(item.style.opacity).not.toBe('0');
    }
  });

  it('lets only items that arrive later start hidden, to fade in', async () => {
    const view = renderList({ status: 'ready', items: rows('PET') });
    view.rerender(coverageList({ status: 'ready', items: rows('PET', 'HDPE', 'Glass') }));
    const [pet, hdpe, glass] = screen.getAllByRole('listitem');
    expect(pet?.style.opacity).not.toBe('0');
    expect(hdpe?.style.opacity).toBe('0');
    expect(glass?.style.opacity).toBe('0');
    await waitFor(() => expect(screen.getByText('Glass').closest('li')).toHaveStyle({ opacity: '1' }), FADED_IN);
  });

  it('animates every item that arrives after a loading start', async () => {
    const view = renderList({ status: 'loading', items: [] });
    view.rerender(coverageList({ status: 'ready', items: rows('PET', 'HDPE') }));
    expect(screen.getAllByRole('listitem').map((item) => item.style.opacity)).toEqual(['0', '0']);
    await waitFor(() => expect(screen.getByText('HDPE').closest('li')).toHaveStyle({ opacity: '1' }), FADED_IN);
  });

  it('keeps an arriving item in place while its animation code loads, then fades it in', async () => {
    const view = renderList({ status: 'ready', items: rows('PET') });
    view.rerender(coverageList({ status: 'ready', items: rows('PET', 'HDPE') }));
    expect(screen.getByText('HDPE').closest('li')).toHaveStyle({ opacity: '0' });
    await waitFor(() => expect(screen.getByText('HDPE').closest('li')).toHaveStyle({ opacity: '1' }), FADED_IN);
  });
});

describe('arrivalDelays: the 0.1 s stagger', () => {
  it('staggers arrivals 0.1 s apart and leaves items known from the first render alone', () => {
    const delays = arrivalDelays(['a', 'b', 'c', 'd'], new Set(['b']));
    expect(delays[0]).toBe(0);
    expect(delays[1]).toBeNull();
    expect(delays[2]).toBeCloseTo(0.1);
    expect(delays[3]).toBeCloseTo(0.2);
  });

  it('animates nothing when every item was there from the start', () => {
    expect(arrivalDelays(['a', 'b'], new Set(['a', 'b']))).toEqual([null, null]);
  });
});
