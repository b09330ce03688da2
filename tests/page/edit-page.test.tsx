// The editing page's own checks before anything reaches the database (src/content/editing.ts), the
// page without backend settings, in both languages, and its tables' tabs from the keyboard. Signing
// in: tests/page/staff-sign-in.test.tsx; against the backend: tests/supabase-api/editors-sign-in.test.ts
// (the calls) and tests/e2e/editors.e2e.ts (the page).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { EditPage } from '../../src/components/EditPage';
import { EditTables } from '../../src/components/EditTables';
import { LiveLine } from '../../src/components/LiveLine';
import { EDIT_TEXT, PHOTO_MAX_BYTES, fieldLabel, photoProblem, problemsOf, type EditedTable } from '../../src/content/editing';
import type { EditorApi } from '../../src/lib/editor-api';

it('names an empty required field, an unknown status or icon, and a text over its bound', () => {
  expect(problemsOf('timeline', { period: 'Q1 2027', title: '  ', status: 'done', icon: 'Star', description: 'x'.repeat(2001) })).toEqual([
    { field: 'title', problem: 'required' },
    { field: 'description', problem: 'tooLong' },
    { field: 'status', problem: 'unknown' },
    { field: 'icon', problem: 'unknown' },
  ]);
  expect(problemsOf('timeline', { period: 'Q1 2027', title: 'Pilot', status: 'current', icon: '', title_ind: '' })).toEqual([]);
  expect(problemsOf('feature_cards', { classification: 'left', title: 'Shade' })).toEqual([
    { field: 'classification', problem: 'unknown' },
  ]);
});

it('takes JPEG, PNG, WebP and AVIF photos up to 10 MB', () => {
  expect(photoProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES })).toBeNull();
  expect(photoProblem({ type: 'image/avif', size: 1 })).toBeNull();
  expect(photoProblem({ type: 'image/jpeg', size: PHOTO_MAX_BYTES + 1 })).toBe('photoSize');
  expect(photoProblem({ type: 'image/gif', size: 1 })).toBe('photoType');
});

it("labels each text and its twin in the page's language", () => {
  expect(fieldLabel(EDIT_TEXT.id, 'title_ind')).toBe('Judul (Indonesia)');
  expect(fieldLabel(EDIT_TEXT.en, 'title')).toBe('Title (English)');
  expect(fieldLabel(EDIT_TEXT.en, 'status')).toBe('Status');
});

it.each(['en', 'id'] as const)('says in %s that there is nothing to edit without backend settings', (language) => {
  render(<EditPage language={language} />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(EDIT_TEXT[language].title);
  expect(screen.getByRole('alert')).toHaveTextContent(EDIT_TEXT[language].noBackend);
});

it("writes the live line's time as the page's language writes it, whatever the browser's language", () => {
  // Noon UTC: the same day in every time zone the team works in.
  const live = { state: 'pending', liveSavedAt: '2026-11-28T12:00:00Z', editsSince: 2 } as const;
  const { container, rerender } = render(<LiveLine live={live} text={EDIT_TEXT.id.live} />);
  expect(container.textContent).toMatch(/^Menunggu pembangunan: situs menampilkan konten dari 28 Nov 2026.*; 2 suntingan sejak itu$/);
  expect(container.textContent).not.toMatch(/AM|PM/);
  rerender(<LiveLine live={live} text={EDIT_TEXT.en.live} />);
  expect(container.textContent).toMatch(/^Waiting for the build: the site shows the content of 28 Nov 2026, \d\d:\d\d; 2 edits since$/);
});

it('moves between the tables with the arrow keys, Home and End, as tabs do; Tab leaves them for the open table', async () => {
  const user = userEvent.setup();
  const text = EDIT_TEXT.en;
  const read: EditedTable[] = [];
  const api = {
    rows: (table: EditedTable) => {
      read.push(table);
      return Promise.resolve([]);
    },
  } as unknown as EditorApi;
  render(<EditTables api={api} text={text} signedIn onExpired={() => {}} />);
  const tab = (name: EditedTable) => screen.getByRole('tab', { name: text.tables[name] });
  await user.tab();
  expect(tab('timeline')).toHaveFocus();
  expect(tab('material_coverage')).toHaveAttribute('tabindex', '-1');
  await user.keyboard('{ArrowRight}');
  expect(tab('material_coverage')).toHaveFocus();
  expect(tab('material_coverage')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel')).toHaveAccessibleName(text.tables.material_coverage);
  await user.keyboard('{End}');
  expect(tab('feature_cards')).toHaveFocus();
  await user.keyboard('{ArrowRight}');
  expect(tab('timeline')).toHaveFocus();
  await user.keyboard('{ArrowLeft}');
  expect(tab('feature_cards')).toHaveFocus();
  await user.keyboard('{Home}');
  expect(tab('timeline')).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: text.add })).toHaveFocus();
  await waitFor(() => expect(read).toEqual(['timeline', 'material_coverage', 'feature_cards']));
});
