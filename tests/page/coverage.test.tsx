import { screen, within } from '@testing-library/react';
import { render } from '../support/page-language';
import React from 'react';
import { Coverage } from '../../src/components/Coverage';
import { SKELETON_COUNT } from '../../src/content/constants';
import { COVERAGE, LIST_TEXT, STATUS_LABELS } from '../../src/content/copy';
import { material } from './fixtures';

const renderCoverage = (data: Parameters<typeof Coverage>[0]['data']) => render(<Coverage id="coverage" data={data} />);

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('article') as HTMLElement;

describe('Coverage section', () => {
  it('is a region named by its heading', () => {
    renderCoverage({ status: 'ready', items: [] });
    expect(screen.getByRole('region', { name: COVERAGE.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: COVERAGE.title })).toBeInTheDocument();
  });

  it('shows each material with its picture, description and status label', () => {
    renderCoverage({
      status: 'ready',
      items: [material('pet', 'live'), material('glass', 'development'), material('organics', 'coming-soon')],
    });
    const names = within(screen.getByRole('list'))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Material pet', 'Material glass', 'Material organics']);
    expect(within(card('Material pet')).getByText(STATUS_LABELS.material.live)).toBeInTheDocument();
    expect(within(card('Material glass')).getByText(STATUS_LABELS.material.development)).toBeInTheDocument();
    expect(within(card('Material organics')).getByText(STATUS_LABELS.material['coming-soon'])).toBeInTheDocument();
    expect(within(card('Material pet')).getByText('What material pet is')).toBeInTheDocument();
    expect(card('Material pet').querySelector('img')).toHaveAttribute('src', '/images/materials/pet.svg');
  });

  it('carries its status opacity on each card', () => {
    renderCoverage({
      status: 'ready',
      items: [material('pet', 'live'), material('glass', 'development'), material('organics', 'coming-soon')],
    });
    expect(card('Material pet').style.getPropertyValue('--status-opacity')).toBe('1');
    expect(card('Material glass').style.getPropertyValue('--status-opacity')).toBe('0.75');
    expect(card('Material organics').style.getPropertyValue('--status-opacity')).toBe('0.5');
  });

  it('shows an unknown status as Planned, at 50%', () => {
    renderCoverage({ status: 'ready', items: [material('textiles', 'retired')] });
    expect(within(card('Material textiles')).getByText('Planned')).toBeInTheDocument();
    expect(card('Material textiles').style.getPropertyValue('--status-opacity')).toBe('0.5');
  });

  it('draws a placeholder when a material has no picture', () => {
    renderCoverage({ status: 'ready', items: [material('residue', 'live', { image: null })] });
    expect(card('Material residue').querySelector('img')).toBeNull();
    expect(card('Material residue').querySelector('svg')).not.toBeNull();
  });

  it('shows the empty text', () => {
    renderCoverage({ status: 'ready', items: [] });
    expect(screen.getByText(LIST_TEXT.coverage.empty)).toBeInTheDocument();
  });

  it('shows the error text', () => {
    renderCoverage({ status: 'error', items: [] });
    expect(screen.getByRole('alert')).toHaveTextContent(LIST_TEXT.coverage.error);
  });

  it('shows six skeleton cards while loading', () => {
    renderCoverage({ status: 'loading', items: [] });
    const status = screen.getByRole('status');
    expect(status.querySelectorAll('li')).toHaveLength(SKELETON_COUNT.coverage);
    expect(SKELETON_COUNT.coverage).toBe(6);
  });
});
